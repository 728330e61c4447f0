// The CPU simulator: runs the shared per-thread step functions for every thread of the block,
// round by round, and records the same trace the instrumented CUDA kernels record.
#pragma once

#include <cstdint>

#include "core/trace.h"

namespace scanviz {

// The order in which the simulator runs the threads of one round. A correct kernel gives the same
// trace in any order (its rounds have no races); the common-mistakes lab uses the others to show
// what a missing barrier or a single buffer does.
enum class ThreadOrder : std::uint8_t { kAscending, kDescending, kShuffled };

struct SimulatorOptions {
  ThreadOrder order = ThreadOrder::kAscending;
  std::uint64_t seed = 0;  // for kShuffled
};

// Requires ValidateRequest(request) to be empty.
Trace Simulate(const ScanRequest& request, const SimulatorOptions& options = {});

}  // namespace scanviz
