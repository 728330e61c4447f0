// What a driver reports about each round it runs: plain data, shared by the host and the device.
//
// A round is one step of a scan's schedule that every thread of a block takes part in, ended by
// the synchronisation its level calls for. The driver of each algorithm (core/algorithms/*.h)
// fills a RoundSpec for each round it runs; the simulator, the CUDA kernels and the trace read
// them, so no schedule is written down a second time anywhere.
#pragma once

#include <cstdint>

#include "core/hd.h"

namespace scanviz {

// An index into the algorithm's phase table (core/registry.h); each algorithm names its phases
// in its own header (hillis_steele::kScan, blelloch::kUpSweep, ...).
using PhaseId = std::uint8_t;

// What a round synchronises, innermost first:
//   kLane  each thread works on its own values (registers); no synchronisation needed
//   kWarp  lanes of a warp exchange registers with shuffles, which synchronise the warp
//   kBlock threads exchange values through shared memory; __syncthreads() ends the round
//   kGrid  blocks exchange values through global memory (a kernel boundary or a flag)
enum class Level : std::uint8_t { kLane, kWarp, kBlock, kGrid };

// The array a thread reads from or writes to: an index into the trace's arrays, or the scan's
// input in global memory.
inline constexpr int kInputArray = -1;

struct RoundSpec {
  PhaseId phase = 0;
  int phase_round = 1;    // the round's number within its phase, from 1 (the chapters' count)
  int stride = 0;         // the distance the round combines over (0 when it has none)
  int pin = kInputArray;  // the array the round reads (kInputArray: the global input)
  int pout = 0;           // the array the round writes
  Level level = Level::kBlock;
  int block = 0;  // the block that ran the round
  // Threads [0, working) may do work this round; the others are idle by construction. Only the
  // performance lab reads it (to let one warp run the narrow rounds); traces do not store it.
  int working = 0;
};

SCANVIZ_HD SCANVIZ_FORCEINLINE RoundSpec MakeRoundSpec(PhaseId phase, int phase_round, int stride, int pin,
                                                       int pout, Level level, int working) {
  RoundSpec s;
  s.phase = phase;
  s.phase_round = phase_round;
  s.stride = stride;
  s.pin = pin;
  s.pout = pout;
  s.level = level;
  s.working = working;
  return s;
}

}  // namespace scanviz
