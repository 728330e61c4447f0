// The teaching side of the algorithm registry (core/registry.h): for each algorithm, its
// pseudo-code and its narration, in app/teach/algorithms/<name>.cpp. The code panel, the
// narration panel and the CLI's --narrate read them through Teach(algorithm).
#pragma once

#include <string>
#include <vector>

#include "core/analysis.h"
#include "core/trace.h"
#include "teach/narration.h"

namespace scanviz::teach {

struct Context;

// A pseudo-code line, tagged like the real driver so that HighlightedLines() lights the same
// steps in both. "%C" in the text becomes CombineText(op, left, right).
struct PseudoRow {
  const char* text;
  const char* tag;  // "" for untagged lines
  const char* left;
  const char* right;
};

struct TeachInfo {
  Algorithm id;
  std::vector<PseudoRow> pseudo;
  // The round's title in the narration, from its spec alone (also for a round not narrated).
  std::string (*title)(const RoundSpec& spec, int round);
  // The story of one round of a consistent trace (the analysis found no violation). Reads go
  // through At (narration_context.h), so a trace that contradicts itself ends in an exception.
  Narration (*narrate_round)(const Context& c);
  // A sentence on why the work grows as it does, for the summary.
  std::string (*work_note)(const Trace& trace, const TraceAnalysis& analysis);
  // Its trade-off against the others at n, in numbers, for the summary.
  std::string (*tradeoff)(int n);
  // How it groups float additions, for the numerics panel: "Blelloch adds pairs, then ...".
  const char* float_grouping;
  // The corner of the work-depth trade-off it stands for, for the Work & depth caption:
  // "depth log2 n, work n log2 n". Null: not one of the corners (the warp-shuffle scan's point is
  // where its values live, not its counts).
  const char* corner = nullptr;
};

// The algorithms that stand for a corner of the trade-off (TeachInfo::corner), in registry order.
std::vector<Algorithm> Corners();

const TeachInfo& Teach(Algorithm a);

}  // namespace scanviz::teach
