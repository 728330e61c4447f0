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
    std::vector<double> values(static_cast<size_t>(m_trace.meta.buffer_count) * m_trace.meta.padded_n);
    for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(buffers[i]);
    AddRoundValues(values, actions);
  }

  Trace Finish() &&;

 private:
  void AddRoundValues(const std::vector<double>& values, const ThreadAction* actions);

  Trace m_trace;
  std::vector<RoundSpec> m_schedule;
  std::vector<std::vector<std::uint8_t>> m_written;  // cumulative over rounds
};

}  // namespace scanviz
