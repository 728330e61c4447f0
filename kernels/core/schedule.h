// The rounds a scan of n elements records, in order, the load first: what the algorithm's driver
// reports when it runs without memory (core/exec.h's ScheduleExec). Every reader of a trace (the
// loader, the analysis) and the kernels that size their rounds ask it.
#pragma once

#include <vector>

#include "core/algorithm_id.h"
#include "core/mistake.h"
#include "core/round_spec.h"

namespace scanviz {

// With a mistake: the rounds as its executor runs them (ApplyMistake).
std::vector<RoundSpec> RoundSchedule(Algorithm algorithm, int n, bool convert = false,
                                     Mistake mistake = Mistake::kNone);

}  // namespace scanviz
