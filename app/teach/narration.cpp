#include "teach/narration.h"

#include "core/registry.h"
#include "teach/narration_context.h"
#include "teach/teach_registry.h"
#include "teach/work_depth.h"

namespace scanviz::teach {
namespace {

// Why a trace that fails its self-check is not narrated. The sentences of a round lean on what
// the self-check guarantees (each written cell holds its window, the actions have the kernel's
// layout); told from a wrong trace they would explain values that are not there.
std::string NotNarrated(const TraceAnalysis& analysis, const char* what) {
  const std::string problem = analysis.violations.empty() ? "the analysis is not this trace's"
                                                          : analysis.violations.front();
  return "This trace fails the self-check (first problem: " + problem + "), so its " + what +
         " not narrated. scanviz-cli check lists every problem, and the inspector shows what each "
         "cell holds against its window.";
}

}  // namespace

Narration NarrateRound(const Trace& trace, const TraceAnalysis& analysis, int round) {
  if (round < 0 || round >= static_cast<int>(trace.rounds.size())) {
    return {"Round " + Num(round),
            {"This trace has no round " + Num(round) + ": it records " +
             text::Count(static_cast<int>(trace.rounds.size()), "round") + "."}};
  }
  const TeachInfo& teach = Teach(trace.meta.algorithm);
  const std::string title = teach.title(trace.rounds[static_cast<size_t>(round)].spec, round);
  if (!analysis.Ok()) return {title, {NotNarrated(analysis, "rounds are")}};
  try {
    return teach.narrate_round(Context{trace, analysis, round});
  } catch (const std::out_of_range& e) {
    // The self-check passed, but it does not look at where the actions read, nor at whether the
    // analysis is this trace's: say what is missing rather than guess.
    return {title,
            {"This round cannot be narrated: it refers to a cell or round that the trace "
             "or its analysis does not hold (" +
             std::string(e.what()) + "), so the trace contradicts itself."}};
  }
}

Narration NarrateSummary(const Trace& trace, const TraceAnalysis& analysis) {
  const TraceMeta& meta = trace.meta;
  const int n = meta.n, sequential = n - 1;
  Narration out{"Summary", {}};
  if (!analysis.Ok()) {
    out.paragraphs.push_back(NotNarrated(analysis, "result, work and depth are"));
    return out;
  }
  out.paragraphs.push_back(std::string("The ") + (trace.Inclusive() ? "inclusive" : "exclusive") +
                           " scan of " + text::Values(meta.type, trace.input) + " is " +
                           text::Values(meta.type, trace.Result()) + ".");

  std::string work = "Work: " + Num(analysis.work) +
                     (analysis.work == 1 ? " operator application" : " operator applications") +
                     ", against n - 1 = " + Num(sequential) + " for a sequential loop";
  work += sequential > 0 ? " (" + Ratio(analysis.work, sequential) + " times as many). "
                         : "; one element needs none. ";
  out.paragraphs.push_back(work + Teach(meta.algorithm).work_note(trace, analysis));

  std::string depth = "Depth: " + Num(analysis.depth) +
                      (analysis.depth == 1 ? " round applies" : " rounds apply") +
                      " the operator, against " + Num(sequential) +
                      (sequential == 1 ? " dependent step" : " dependent steps") +
                      " for the sequential loop; the kernel " + "passes " + Num(analysis.barriers) +
                      " block barriers";
  const int unsynchronised = static_cast<int>(trace.rounds.size()) - analysis.barriers;
  if (unsynchronised > 0) {
    depth += ", and " + text::Count(unsynchronised, "round") +
             (unsynchronised == 1 ? " needs" : " need") +
             " none (registers, and shuffles within a warp, need no barrier)";
  }
  out.paragraphs.push_back(depth + (meta.converted ? ", the conversion included." : "."));

  // The other algorithms on the same n, measured the same way, for the trade-off.
  std::string others = "For the same n,";
  bool first = true;
  for (const AlgorithmInfo* other : Algorithms()) {
    if (other->id == meta.algorithm) continue;
    const WorkDepth o = MeasureWorkDepth(other->id, n);
    others += std::string(first ? " " : "; ") + other->name + " does " + Num(o.work) +
              (o.work == 1 ? " operator application in " : " operator applications in ") +
              Num(o.depth) + (o.depth == 1 ? " round" : " rounds");
    first = false;
  }
  out.paragraphs.push_back(others + ". " + Teach(meta.algorithm).tradeoff(n));
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
