#include "core/trace_builder.h"

namespace scanviz {

TraceBuilder::TraceBuilder(const ScanRequest& request, const BackendInfo& backend) {
  m_trace.meta = MakeMeta(request);
  m_trace.meta.backend = backend;
  m_trace.input = request.input;
  m_schedule = RoundSchedule(request.algorithm, m_trace.meta.n, request.convert);
  m_trace.rounds.reserve(m_schedule.size());
  m_written.assign(m_trace.meta.buffer_count, std::vector<std::uint8_t>(m_trace.meta.padded_n, 0));
}

Round& TraceBuilder::BeginRound(const ThreadAction* actions) {
  const TraceMeta& meta = m_trace.meta;
  const size_t index = m_trace.rounds.size();
  Round& round = m_trace.rounds.emplace_back();
  round.spec = index < m_schedule.size() ? m_schedule[index] : RoundSpec{};
  round.actions.assign(actions, actions + meta.block_size);
  // A write lands in the round's pout buffer; what has been written so far is defined, and only
  // defined cells keep their value (the others hold whatever the hardware left there).
  const int pout = round.spec.pout;
  for (const ThreadAction& a : round.actions) {
    for (int w : a.write) {
      if (w >= 0 && w < meta.padded_n && pout >= 0 && pout < meta.buffer_count)
        m_written[pout][w] = 1;
    }
  }
  round.defined = m_written;
  round.buffers.assign(meta.buffer_count, std::vector<double>(meta.padded_n));
  return round;
}

Trace TraceBuilder::Finish() && {
  return std::move(m_trace);
}

}  // namespace scanviz
