#include "teach/narration.h"

#include "core/registry.h"
#include "teach/narration_context.h"
#include "teach/teach_registry.h"
#include "teach/work_depth.h"

namespace scanviz::teach {

Narration NarrateRound(const Trace& trace, const TraceAnalysis& analysis, int round) {
  if (round < 0 || round >= static_cast<int>(trace.rounds.size()))
    return Narration{"Round " + std::to_string(round), {"There is no such round in this trace."}};
  // The stories below read windows, writers and neighbours that a consistent trace guarantees; a
  // trace that fails the self-check (a loaded file may) is described, not narrated.
  if (!analysis.Ok() || analysis.rounds.size() != trace.rounds.size()) {
    std::string problem = analysis.violations.empty() ? "the analysis does not match the trace"
                                                      : analysis.violations.front();
    return Narration{RoundTitle(trace, round),
                     {"This trace fails the self-check (first problem: " + problem +
                      "), so its rounds are not narrated: the sentences would describe values "
                      "the rounds do not hold. The table and the inspector still show what was "
                      "recorded."}};
  }
  return Teach(trace.meta.algorithm).narrate_round(Context{trace, analysis, round});
}

Narration NarrateSummary(const Trace& trace, const TraceAnalysis& analysis) {
  const TraceMeta& meta = trace.meta;
  const int n = meta.n, sequential = n - 1;
  Narration out{"Summary", {}};
  if (!analysis.Ok()) {
    out.paragraphs.push_back("This trace fails the self-check, so it has no summary.");
    return out;
  }
  out.paragraphs.push_back(std::string("The ") + (trace.Inclusive() ? "inclusive" : "exclusive") +
                           " scan of " + text::Values(meta.type, trace.input) + " is " +
                           text::Values(meta.type, trace.Result()) + ".");

  std::string work = "Work: " + Num(analysis.work) +
                     " operator applications, against n - 1 = " + Num(sequential) +
                     " for a sequential loop";
  work += sequential > 0 ? " (" + Ratio(analysis.work, sequential) + " times as many). "
                         : "; one element needs none. ";
  out.paragraphs.push_back(work + Teach(meta.algorithm).work_note(trace, analysis));

  std::string depth = "Depth: " + Num(analysis.depth) + " rounds apply the operator, against " +
                      Num(sequential) + " dependent steps for the sequential loop; the kernel " +
                      "passes " + Num(analysis.barriers) + " block barriers";
  const int unsynchronised = static_cast<int>(trace.rounds.size()) - analysis.barriers;
  if (unsynchronised > 0)
    depth += ", and " + Num(unsynchronised) + " rounds need none (registers and shuffles)";
  out.paragraphs.push_back(depth + (meta.converted ? ", the conversion included." : "."));

  // The other algorithms on the same n, measured the same way, for the trade-off.
  std::string others = "For the same n,";
  bool first = true;
  for (const AlgorithmInfo* other : Algorithms()) {
    if (other->id == meta.algorithm) continue;
    const WorkDepth o = MeasureWorkDepth(other->id, n);
    others += std::string(first ? " " : "; ") + other->name + " does " + Num(o.work) +
              " operator applications in " + Num(o.depth) + " rounds";
    first = false;
  }
  out.paragraphs.push_back(others + ". " + Teach(meta.algorithm).tradeoff);
  return out;
}

std::vector<Narration> NarrateTrace(const Trace& trace, const TraceAnalysis& analysis) {
  std::vector<Narration> out;
  for (int r = 0; r < static_cast<int>(trace.rounds.size()); ++r)
    out.push_back(NarrateRound(trace, analysis, r));
  out.push_back(NarrateSummary(trace, analysis));
  return out;
}

}  // namespace scanviz::teach
