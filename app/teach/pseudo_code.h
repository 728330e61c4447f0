// A short pseudo-code version of each kernel for the code panel, in our own words, tagged like the
// real kernel so that HighlightedLines() lights up the same steps in both.
#pragma once

#include "core/trace.h"
#include "teach/code_listing.h"

namespace scanviz::teach {

// The operator is written out ("a + b", "max(a, b)", "min(a, b)") so the listing reads like the
// scan being shown.
CodeListing PseudoCodeListing(Algorithm algorithm, OpKind op = OpKind::kAdd);

// "a + b", "max(a, b)", "min(a, b)" with the given operands.
std::string CombineText(OpKind op, const std::string& a, const std::string& b);

}  // namespace scanviz::teach
