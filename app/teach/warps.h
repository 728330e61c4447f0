// Which warps and lanes work in each round of a trace, read from the recorded actions.
//
// The hardware runs a block as warps of 32 threads (threads 32w .. 32w + 31 form warp w). A warp
// that has at least one active lane is issued and occupies all 32 lanes; the idle lanes of a
// running warp are wasted issue slots, a warp with no active lane costs nothing. Hence warp
// efficiency = active lanes / (32 x warps that run): Blelloch's halving active set packs into the
// low warps, so its efficiency stays at 100% until fewer than 32 threads work, while whole warps
// fall idle; a block smaller than a warp (the chapters' n = 8) runs one warp partly used.
//
// A lane is active when its action is not kIdle. Hillis-Steele's lanes below the stride are not
// idle in this kernel: they copy pin[i] to pout[i] (the double buffer needs it), so their warps
// run; `combining` counts the lanes that applied the operator, the chapters' "idle left edge".
#pragma once

#include <cstdint>
#include <vector>

#include "core/trace.h"

namespace scanviz::teach {

inline constexpr int kWarpSize = 32;

struct WarpLanes {
  int warp = 0;
  int threads = 0;  // threads of the block in this warp (fewer than 32: a small block)
  std::uint32_t active_mask = 0;     // bit l: lane l's action is not idle
  std::uint32_t combining_mask = 0;  // bit l: lane l applied the operator
  int active = 0;                    // popcount(active_mask)
  int combining = 0;                 // popcount(combining_mask)
  bool Runs() const { return active > 0; }
};

struct RoundWarps {
  std::vector<WarpLanes> warps;  // ceil(block threads / 32), in order
  int running = 0;               // warps with an active lane
  int idle = 0;                  // whole warps with none
  int active_lanes = 0;
  int combining_lanes = 0;
  // active_lanes / (32 x running); 0 when no warp runs.
  double Efficiency() const;
};

RoundWarps AnalyzeWarps(const Round& round);
std::vector<RoundWarps> AnalyzeWarps(const Trace& trace);

// Over a whole trace: every round's running warps and active lanes added up.
struct WarpSummary {
  long long warp_rounds_run = 0;   // sum over rounds of the warps that run
  long long warp_rounds_idle = 0;  // sum over rounds of the whole warps that sit idle
  long long active_lanes = 0;
  double Efficiency() const;  // active_lanes / (32 x warp_rounds_run)
};
WarpSummary SummarizeWarps(const std::vector<RoundWarps>& rounds);

}  // namespace scanviz::teach
