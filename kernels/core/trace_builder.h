// Assembles a Trace from raw per-round snapshots, the same way for the simulator and for what
// the CUDA kernel copied out of shared memory.
#pragma once

#include <vector>

#include "core/trace.h"

namespace scanviz {

class TraceBuilder {
 public:
  TraceBuilder(const ScanRequest& request, const BackendInfo& backend);

  const TraceMeta& meta() const { return m_trace.meta; }
  const std::vector<RoundSpec>& schedule() const { return m_schedule; }

  // Appends round number trace.rounds.size(): buffers laid out [buffer][cell], buffer_count *
  // padded_n values; actions block_size entries. Cells not yet written by any recorded action
  // are marked undefined and their (garbage) values zeroed.
  template <class T>
  void AddRound(const T* buffers, const ThreadAction* actions) {
    Round& round = BeginRound(actions);
    for (int b = 0; b < m_trace.meta.buffer_count; ++b) {
      const T* cells = buffers + static_cast<size_t>(b) * m_trace.meta.padded_n;
      std::vector<double>& values = round.buffers[b];
      for (int i = 0; i < m_trace.meta.padded_n; ++i)
        values[i] = m_written[b][i] ? static_cast<double>(cells[i]) : 0.0;
    }
  }

  Trace Finish() &&;

 private:
  // Appends a round with its spec, actions and defined mask, and buffers sized but not filled.
  Round& BeginRound(const ThreadAction* actions);

  Trace m_trace;
  std::vector<RoundSpec> m_schedule;
  std::vector<std::vector<std::uint8_t>> m_written;  // cumulative over rounds
};

}  // namespace scanviz
