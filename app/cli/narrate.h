// scanviz-cli trace --narrate: the teaching library's narration of a trace, as the app's
// Narration tab shows it, in plain text: each round's after its table, the summary at the end.
#pragma once

#include <iosfwd>

#include "cli/trace_table.h"
#include "core/analysis.h"
#include "core/trace.h"

namespace scanviz {

// Prints the trace table (as PrintTraceTable) with each round's narration after its rows, then
// the summary. A narration is a line "narration of step K: <title>" (or "narration, summary:
// <title>"), then one line per paragraph, indented by two spaces.
void PrintNarratedTrace(const Trace& trace, const TraceAnalysis& analysis, std::ostream& out,
                        TableOptions options);

}  // namespace scanviz
