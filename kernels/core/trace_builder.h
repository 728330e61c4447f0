// Assembles a Trace from what a driver reported round by round, the same way for the simulator
// and for what the CUDA kernel copied out of shared memory and registers.
#pragma once

#include <vector>

#include "core/trace.h"

namespace scanviz {

// Where each array sits in a flat snapshot of all arrays (cells[offset[a] + i]), and where each
// shared array sits in shared memory.
struct ArrayLayout {
  std::vector<int> offset;         // [array] into the flat snapshot
  std::vector<int> shared_offset;  // [array] into shared memory, -1 for other spaces
  int cells = 0;                   // the flat snapshot's length
  int shared_cells = 0;            // shared memory, in elements
  explicit ArrayLayout(const std::vector<ArrayDesc>& arrays);
};

class TraceBuilder {
 public:
  TraceBuilder(const ScanRequest& request, const BackendInfo& backend);

  const TraceMeta& meta() const { return m_trace.meta; }
  const std::vector<ArrayDesc>& arrays() const { return m_trace.arrays; }
  const ArrayLayout& layout() const { return m_layout; }

  // Appends a round: `cells` is a flat snapshot of every array (layout().cells values), `actions`
  // one per thread. Cells that no recorded action has written yet are marked undefined and their
  // (garbage) values zeroed.
  template <class T>
  void AddRound(const RoundSpec& spec, const T* cells, const ThreadAction* actions) {
    Round& round = BeginRound(spec, actions);
    for (size_t a = 0; a < m_trace.arrays.size(); ++a) {
      const T* src = cells + m_layout.offset[a];
      std::vector<double>& values = round.buffers[a];
      const std::vector<std::uint8_t>& written = m_written[a];
      for (size_t i = 0; i < values.size(); ++i)
        values[i] = written[i] ? static_cast<double>(src[i]) : 0.0;
    }
  }

  Trace Finish() &&;

 private:
  // Appends a round with its spec, actions and defined mask, and arrays sized but not filled.
  Round& BeginRound(const RoundSpec& spec, const ThreadAction* actions);

  Trace m_trace;
  ArrayLayout m_layout;
  std::vector<std::vector<std::uint8_t>> m_written;  // cumulative over rounds
};

}  // namespace scanviz
