// Every teaching function survives a trace that contradicts itself (a loaded file may be one):
// no crash, no read past an array, and a message in place of the story. A narration that failed
// the self-check says so in every round, with the round's title and the first problem.
#include <gtest/gtest.h>

#include <cstdio>

#include "support/broken_traces.h"
#include "teach/narration.h"
#include "teach/numerics.h"
#include "teach/work_depth.h"

namespace scanviz::teach {
namespace {

using scanviz::testing::BrokenTrace;

std::string Joined(const Narration& n) {
  std::string out = n.title;
  for (const std::string& p : n.paragraphs) out += "\n" + p;
  return out;
}

// Runs every teaching function on `t` with `analysis`; the narration must give a title and
// some text for every round and the summary, whatever it says.
void RunEverything(const Trace& t, const TraceAnalysis& analysis, const std::string& name) {
  const std::vector<Narration> all = NarrateTrace(t, analysis);
  ASSERT_EQ(all.size(), t.rounds.size() + 1) << name;
  for (const Narration& x : all) {
    EXPECT_FALSE(x.title.empty()) << name;
    ASSERT_FALSE(x.paragraphs.empty()) << name << ": " << x.title;
    for (const std::string& p : x.paragraphs) EXPECT_FALSE(p.empty()) << name << ": " << x.title;
  }
  for (int r : {-1, static_cast<int>(t.rounds.size()), 1 << 20}) {
    const Narration none = NarrateRound(t, analysis, r);
    EXPECT_NE(Joined(none).find("This trace has no round " + std::to_string(r)), std::string::npos)
        << name << "\n"
        << Joined(none);
  }
  EXPECT_FALSE(NarrateSummary(t, analysis).paragraphs.empty()) << name;
  EXPECT_FALSE(DiagnoseFloat(t).explanation.empty()) << name;
  EXPECT_FALSE(DiagnoseInt(t, analysis).explanation.empty()) << name;
  EXPECT_EQ(RoundWorkSeries(t, analysis).size(), std::min(t.rounds.size(), analysis.rounds.size()))
      << name;
}

TEST(BrokenTrace, EveryTeachingFunctionSurvivesAndSaysWhy) {
  int broken = 0, rejected = 0;
  for (const Trace& good : testing::BrokenTraceSources({1, 2, 3, 5, 8, 13, 33})) {
    const TraceAnalysis good_analysis = Analyze(good);
    ASSERT_TRUE(good_analysis.Ok()) << good_analysis.violations.front();
    const std::vector<Narration> good_story = NarrateTrace(good, good_analysis);
    for (const BrokenTrace& b : testing::BreakEveryRound(good)) {
      SCOPED_TRACE(b.name);
      ++broken;
      const TraceAnalysis analysis = Analyze(b.trace);
      if (b.detectable) {
        EXPECT_FALSE(analysis.Ok()) << "the self-check missed it";
      }
      RunEverything(b.trace, analysis, b.name);
      if (analysis.Ok()) continue;
      ++rejected;
      // Each round: its own title, and why it is not told.
      const std::string why =
          "This trace fails the self-check (first problem: " + analysis.violations.front() +
          "), so its rounds are not narrated";
      for (int r = 0; r < static_cast<int>(b.trace.rounds.size()); ++r) {
        const Narration n = NarrateRound(b.trace, analysis, r);
        // (After a dropped round, Hillis-Steele's titles number the rounds as they now stand.)
        if (b.dropped_round < 0 || r < b.dropped_round) {
          EXPECT_EQ(n.title, good_story[r].title);
        }
        EXPECT_FALSE(n.title.empty());
        ASSERT_EQ(n.paragraphs.size(), 1u) << r;
        EXPECT_EQ(n.paragraphs[0].rfind(why, 0), 0u) << r << ": " << n.paragraphs[0];
      }
      const Narration summary = NarrateSummary(b.trace, analysis);
      EXPECT_EQ(summary.title, "Summary");
      EXPECT_NE(Joined(summary).find("fails the self-check (first problem: "), std::string::npos);
    }
  }
  std::printf("%d broken traces, %d rejected by the self-check\n", broken, rejected);
  EXPECT_GT(broken, 1000);
  EXPECT_GT(rejected, broken / 2);
}

// Blelloch's first down-sweep round with its writes in the other order (what a kernel that swaps
// them records): the self-check's replay of the algorithm's steps catches it, and the narration
// says the trace fails the check. Told with the analysis of the correct trace (an analysis that is
// not this trace's), the narration must still not follow the actions past the buffer: position 3
// becomes the node written, and its left partner, 3 - 4, is outside it.
TEST(BrokenTrace, ANarrationThatWouldReadPastTheBufferSaysSo) {
  const Trace good = Simulate(ScanRequest{
      Algorithm::kBlelloch, OpKind::kAdd, ElementType::kInt32, {3, 1, 7, 0, 4, 1, 6, 3}});
  Trace t = good;
  const int round = 5;  // down-sweep 1, stride 4: one pair, (3, 7)
  for (ThreadAction& a : t.rounds[round].actions) std::swap(a.write[0], a.write[1]);
  const TraceAnalysis analysis = Analyze(t);
  ASSERT_FALSE(analysis.Ok());
  EXPECT_NE(Joined(NarrateRound(t, analysis, round)).find("fails the self-check"),
            std::string::npos);
  const TraceAnalysis not_its_own = Analyze(good);
  const Narration n = NarrateRound(t, not_its_own, round);
  EXPECT_EQ(n.title, "Down-sweep round 1, stride 4");
  ASSERT_EQ(n.paragraphs.size(), 1u) << Joined(n);
  EXPECT_EQ(n.paragraphs[0],
            "This round cannot be narrated: it refers to a cell or round that the trace or its "
            "analysis does not hold (position -1 of an array of 8), so the trace contradicts "
            "itself.");
}

// An analysis that is not the trace's (none at all, or another size's) is not trusted either.
TEST(BrokenTrace, AnAnalysisOfAnotherTraceIsSurvived) {
  const std::vector<Trace> sources = testing::BrokenTraceSources({1, 3, 8, 33});
  for (const Trace& t : sources) {
    const std::string name =
        std::string(ToString(t.meta.algorithm)) + " n=" + std::to_string(t.meta.n);
    RunEverything(t, TraceAnalysis{}, name + " with no analysis");
    for (const Trace& other : sources) {
      if (other.meta.n == t.meta.n && other.meta.algorithm == t.meta.algorithm) continue;
      // DiagnoseInt documents that it needs Analyze(trace); the narration and the work series
      // check for themselves.
      const TraceAnalysis wrong = Analyze(other);
      const std::vector<Narration> all = NarrateTrace(t, wrong);
      ASSERT_EQ(all.size(), t.rounds.size() + 1) << name;
      for (const Narration& x : all) ASSERT_FALSE(x.paragraphs.empty()) << name;
      EXPECT_EQ(RoundWorkSeries(t, wrong).size(), std::min(t.rounds.size(), wrong.rounds.size()));
    }
  }
}

}  // namespace
}  // namespace scanviz::teach
