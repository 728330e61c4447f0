#include "teach/warps.h"

#include <bit>

namespace scanviz::teach {

double RoundWarps::Efficiency() const {
  return running == 0 ? 0.0 : static_cast<double>(active_lanes) / (kWarpSize * running);
}

double WarpSummary::Efficiency() const {
  return warp_rounds_run == 0 ? 0.0
                              : static_cast<double>(active_lanes) / (kWarpSize * warp_rounds_run);
}

RoundWarps AnalyzeWarps(const Round& round) {
  RoundWarps out;
  const int threads = static_cast<int>(round.actions.size());
  for (int first = 0; first < threads; first += kWarpSize) {
    WarpLanes w;
    w.warp = first / kWarpSize;
    w.threads = std::min(kWarpSize, threads - first);
    for (int lane = 0; lane < w.threads; ++lane) {
      const ActionKind kind =
          round.actions[static_cast<size_t>(first) + static_cast<size_t>(lane)].kind;
      if (kind != ActionKind::kIdle) w.active_mask |= 1u << lane;
      if (OperatorApplications(kind) > 0) w.combining_mask |= 1u << lane;
    }
    w.active = std::popcount(w.active_mask);
    w.combining = std::popcount(w.combining_mask);
    out.active_lanes += w.active;
    out.combining_lanes += w.combining;
    if (w.Runs())
      ++out.running;
    else
      ++out.idle;
    out.warps.push_back(w);
  }
  return out;
}

std::vector<RoundWarps> AnalyzeWarps(const Trace& trace) {
  std::vector<RoundWarps> out;
  out.reserve(trace.rounds.size());
  for (const Round& r : trace.rounds) out.push_back(AnalyzeWarps(r));
  return out;
}

WarpSummary SummarizeWarps(const std::vector<RoundWarps>& rounds) {
  WarpSummary s;
  for (const RoundWarps& r : rounds) {
    s.warp_rounds_run += r.running;
    s.warp_rounds_idle += r.idle;
    s.active_lanes += r.active_lanes;
  }
  return s;
}

}  // namespace scanviz::teach
