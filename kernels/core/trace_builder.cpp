#include "core/trace_builder.h"

#include "core/registry.h"

namespace scanviz {

ArrayLayout::ArrayLayout(const std::vector<ArrayDesc>& arrays) {
  for (const ArrayDesc& a : arrays) {
    offset.push_back(cells);
    cells += a.size;
    if (a.space == Space::kShared) {
      shared_offset.push_back(shared_cells);
      shared_cells += a.size;
    } else {
      shared_offset.push_back(-1);
    }
  }
}

TraceBuilder::TraceBuilder(const ScanRequest& request, const BackendInfo& backend)
    : m_layout(Info(request.algorithm)
                   .arrays(static_cast<int>(request.input.size()), request.convert)) {
  m_trace.meta = MakeMeta(request);
  m_trace.meta.backend = backend;
  m_trace.input = request.input;
  m_trace.arrays = Info(request.algorithm).arrays(m_trace.meta.n, request.convert);
  for (const ArrayDesc& a : m_trace.arrays)
    m_written.emplace_back(static_cast<size_t>(a.size), std::uint8_t{0});
  // Every algorithm runs at most two sweeps of log2(n) rounds and a few more (load, seed,
  // conversion): reserved, so that adding a round never moves the rounds before it.
  int log2 = 0;
  while ((1 << log2) < m_trace.meta.padded_n) ++log2;
  m_trace.rounds.reserve(2 * static_cast<size_t>(log2) + 6);
}

Round& TraceBuilder::BeginRound(const RoundSpec& spec, const ThreadAction* actions) {
  Round& round = m_trace.rounds.emplace_back();
  round.spec = spec;
  round.actions.assign(actions, actions + m_trace.meta.block_size);
  // What has been written so far is defined, and only defined cells keep their value (the others
  // hold whatever the hardware left there).
  const int arrays = static_cast<int>(m_trace.arrays.size());
  for (const ThreadAction& a : round.actions) {
    for (int k = 0; k < 2; ++k) {
      const int array = a.write_array[k], pos = a.write[k];
      if (pos < 0 || array < 0 || array >= arrays) continue;
      if (pos < static_cast<int>(m_written[static_cast<size_t>(array)].size()))
        m_written[static_cast<size_t>(array)][static_cast<size_t>(pos)] = 1;
    }
  }
  round.defined = m_written;
  round.buffers.resize(m_trace.arrays.size());
  for (size_t a = 0; a < m_trace.arrays.size(); ++a)
    round.buffers[a].resize(static_cast<size_t>(m_trace.arrays[a].size));
  return round;
}

Trace TraceBuilder::Finish() && {
  return std::move(m_trace);
}

}  // namespace scanviz
