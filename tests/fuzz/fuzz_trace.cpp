// Fuzz target: the trace loader, and everything that reads a loaded trace.
//
// Beyond "no crash, no leak, no undefined behaviour" (ASan, LSan and UBSan are on), a trace the
// loader accepts must survive a round trip through the writer: TraceToJson, reloaded, is accepted
// and equal to the first load in every field the file holds; the writer is deterministic. The
// analysis, the narration and the scene and its SVG (at the first, a middle and the last round,
// with every view option and a selected cell) must then draw it without crashing: a file that
// passes the loader's checks can still record a wrong scan, and the app shows it anyway.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "core/analysis.h"
#include "core/trace_io.h"
#include "fuzz/fuzz_check.h"
#include "scene/scene.h"
#include "support/trace_compare.h"
#include "teach/narration.h"
#include "teach/numerics.h"
#include "teach/work_depth.h"

namespace scanviz::fuzz {
namespace {

constexpr const char* kTarget = "fuzz_trace";

void DrawEveryView(const Trace& trace, const TraceAnalysis& analysis) {
  const int rounds = static_cast<int>(trace.rounds.size());
  for (int current : {0, rounds / 2, rounds - 1}) {
    if (current < 0) continue;
    scene::ViewOptions o;
    o.current_round = current;
    std::ostringstream svg;
    scene::WriteSvg(scene::BuildScene(trace, analysis, o), svg);
    o.show_future = true;
    o.color_by_case = true;
    // The last written cell of the round: its invariant window is drawn as a bracket.
    const Round& r = trace.rounds[static_cast<size_t>(current)];
    o.selected = scene::CellRef{current, r.spec.pout, trace.meta.padded_n - 1};
    (void)scene::BuildScene(trace, analysis, o);
    (void)scene::CheckCell(trace, analysis, *o.selected);
    o.only_current = true;
    o.selected = scene::CellRef{scene::kInputRound, 0, trace.meta.n - 1};
    (void)scene::BuildScene(trace, analysis, o);
  }
}

void Teach(const Trace& trace, const TraceAnalysis& analysis) {
  const std::vector<teach::Narration> story = teach::NarrateTrace(trace, analysis);
  if (story.size() != trace.rounds.size() + 1)
    Fail(kTarget, "the narration has " + std::to_string(story.size()) + " parts for " +
                      std::to_string(trace.rounds.size()) + " rounds");
  (void)teach::DiagnoseFloat(trace);
  (void)teach::DiagnoseInt(trace, analysis);
  (void)teach::RoundWorkSeries(trace, analysis);
}

}  // namespace
}  // namespace scanviz::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace scanviz;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const TraceLoadResult first = ParseTraceJson(text);
  if (!first.trace) {
    if (first.error.empty()) fuzz::Fail(fuzz::kTarget, "no trace and no error");
    return 0;
  }
  const Trace& trace = *first.trace;
  const TraceAnalysis analysis = Analyze(trace);

  // The writer always writes the current version: a version 1 file comes back as version 2.
  const std::string written = TraceToJson(trace);
  const TraceLoadResult again = ParseTraceJson(written);
  if (!again.trace)
    fuzz::Fail(fuzz::kTarget, "the loader rejects what the writer wrote: " + again.error +
                                  "\n--- written:\n" + written);
  Trace expected = trace;
  expected.meta.format_version = kTraceFormatVersion;
  const std::string difference = scanviz::testing::FirstDifferenceInFile(expected, *again.trace);
  if (!difference.empty())
    fuzz::Fail(fuzz::kTarget, "the round trip changed the trace: " + difference);
  if (TraceToJson(*again.trace) != written)
    fuzz::Fail(fuzz::kTarget, "writing the reloaded trace gives a different file");

  fuzz::Teach(trace, analysis);
  fuzz::DrawEveryView(trace, analysis);
  return 0;
}
