// The narration panel: for each round of a trace, a few plain sentences built from the trace and
// its analysis with the actual values (who is active, one worked cell, why the round is right),
// and a closing summary of work and depth.
//
// Everything is read off the recorded actions and snapshots, so the text describes what ran, also
// for a CUDA trace. Long arrays are described by ranges and a few values, never cell by cell.
#pragma once

#include <string>
#include <vector>

#include "core/analysis.h"
#include "core/trace.h"

namespace scanviz::teach {

struct Narration {
  std::string title;                    // "Round 2, stride 2", "Up-sweep round 1, stride 1", ...
  std::vector<std::string> paragraphs;  // in reading order; the app lays them out
};

// `analysis` must be Analyze(trace). Requires 0 <= round < trace.rounds.size().
Narration NarrateRound(const Trace& trace, const TraceAnalysis& analysis, int round);

// The closing summary: the result, work against the sequential n - 1, depth and barriers.
Narration NarrateSummary(const Trace& trace, const TraceAnalysis& analysis);

// Every round in order, then the summary.
std::vector<Narration> NarrateTrace(const Trace& trace, const TraceAnalysis& analysis);

}  // namespace scanviz::teach
