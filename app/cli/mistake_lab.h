// scanviz-cli trace --mistake and --runs: the mistakes lab's reports (docs/mistakes.md).
#pragma once

#include <iosfwd>
#include <string>

#include "core/mistake.h"
#include "core/trace.h"

namespace scanviz::cli {

// "mistakes of Blelloch: no-barrier, wrong-index, no-seed", for a --mistake not of `a`.
std::string MistakeKeys(Algorithm a);

// The mistake's run beside the correct one: what was taken away, the first wrong result cell,
// where the two runs first part (the round and the cell), and the first hazard (teach/).
void ReportMistake(const Trace& broken, const Trace& correct, std::ostream& out);

// --runs K: the kernel (with its mistake, or the correct one) K times on the GPU; how many
// distinct results, how often each, and where each wrong one first differs from the correct
// scan. With --json, one kernel's entry of a lab results file.
int RunOutcomesCommand(const ScanRequest& request, int runs, bool json);

}  // namespace scanviz::cli
