#include "cli/narrate.h"

#include <ostream>
#include <vector>

#include "teach/narration.h"

namespace scanviz {
namespace {

void PrintNarration(const std::string& heading, const teach::Narration& n, std::ostream& out) {
  out << '\n' << heading << ": " << n.title << '\n';
  for (const std::string& paragraph : n.paragraphs) out << "  " << paragraph << '\n';
}

}  // namespace

void PrintNarratedTrace(const Trace& trace, const TraceAnalysis& analysis, std::ostream& out,
                        TableOptions options) {
  const std::vector<teach::Narration> story = teach::NarrateTrace(trace, analysis);
  options.after_round = [&](std::size_t round, std::ostream& o) {
    // "step K", the trace's index (the app's --round K): the title says the round in the
    // chapter's numbering, and a second "round" number beside it would contradict it (Blelloch's
    // "round 5: Down-sweep round 1").
    PrintNarration("narration of step " + std::to_string(round), story[round], o);
  };
  PrintTraceTable(trace, analysis, out, options);
  PrintNarration("narration, summary", story.back(), out);
}

}  // namespace scanviz
