// The algorithm registry: every entry is complete and consistent with its driver, names parse
// back, the schedule is what the driver reports, and the work and depth formulas the captions
// quote agree with what the analysis counts on real traces.
#include <gtest/gtest.h>

#include <set>

#include "core/analysis.h"
#include "core/registry.h"
#include "core/schedule.h"
#include "core/simulator.h"

namespace scanviz {
namespace {

TEST(Registry, EveryEntryIsCompleteAndItsNamesParseBack) {
  std::set<std::string> keys, names;
  ASSERT_EQ(static_cast<int>(Algorithms().size()), kAlgorithmCount);
  for (int i = 0; i < kAlgorithmCount; ++i) {
    const AlgorithmInfo& info = *Algorithms()[static_cast<size_t>(i)];
    SCOPED_TRACE(info.key);
    EXPECT_EQ(static_cast<int>(info.id), i);
    EXPECT_EQ(&Info(info.id), &info);
    EXPECT_TRUE(keys.insert(info.key).second) << "duplicate key";
    EXPECT_TRUE(names.insert(info.name).second) << "duplicate name";
    Algorithm parsed{};
    ASSERT_TRUE(Parse(info.key, &parsed));
    EXPECT_EQ(parsed, info.id);
    EXPECT_EQ(std::string(ToString(info.id)), info.key);
    EXPECT_GT(std::string(info.summary).size(), 10u);
    ASSERT_FALSE(info.phases.empty());
    std::set<std::string> phase_keys;
    for (size_t p = 0; p < info.phases.size(); ++p) {
      const PhaseInfo& phase = info.phases[p];
      EXPECT_TRUE(phase_keys.insert(phase.key).second) << phase.key;
      PhaseId id = 0;
      ASSERT_TRUE(ParsePhase(info.id, phase.key, &id));
      EXPECT_EQ(id, p);
      EXPECT_NE(std::string(phase.anchor), "");
      EXPECT_NE(std::string(phase.title), "");
      EXPECT_NE(std::string(phase.summary), "");
    }
    EXPECT_EQ(std::string(info.phases[0].key), "load");  // every scan starts by loading
    EXPECT_NE(info.window, nullptr);
    EXPECT_NE(info.cell_class, nullptr);
    EXPECT_NE(info.arrays, nullptr);
    EXPECT_NE(info.work, nullptr);
    EXPECT_NE(info.depth, nullptr);
  }
  Algorithm none{};
  EXPECT_FALSE(Parse("kogge-stone", &none));
}

// The schedule is the driver's: the rounds a simulated trace records, spec for spec, at every
// size, with the conversion round or without.
TEST(Registry, TheScheduleIsWhatTheDriverRuns) {
  for (const AlgorithmInfo* info : Algorithms()) {
    for (int n = 1; n <= 1024; n += n < 70 ? 1 : 97) {
      for (bool convert : {false, true}) {
        const Trace t = Simulate(ScanRequest{info->id, OpKind::kAdd, ElementType::kInt32,
                                             std::vector<double>(static_cast<size_t>(n), 1),
                                             convert});
        const std::vector<RoundSpec> schedule = RoundSchedule(info->id, n, convert);
        ASSERT_EQ(schedule.size(), t.rounds.size()) << info->key << " n " << n;
        for (size_t r = 0; r < schedule.size(); ++r) {
          const RoundSpec& a = schedule[r];
          const RoundSpec& b = t.rounds[r].spec;
          ASSERT_TRUE(a.phase == b.phase && a.phase_round == b.phase_round && a.stride == b.stride &&
                      a.pin == b.pin && a.pout == b.pout && a.level == b.level &&
                      a.working == b.working)
              << info->key << " n " << n << " round " << r;
          ASSERT_LT(a.phase, info->phases.size());
        }
        EXPECT_EQ(t.rounds.front().spec.phase, 0);
        EXPECT_EQ(t.arrays, info->arrays(n, convert));
        EXPECT_EQ(t.meta.padded_n, info->padded_size(n));
        EXPECT_EQ(t.meta.block_size, info->block_size(n));
      }
    }
  }
}

// The captions quote the registry's formulas; the analysis counts real traces.
TEST(Registry, WorkAndDepthFormulasMatchTheTraces) {
  for (const AlgorithmInfo* info : Algorithms()) {
    for (int n = 1; n <= 1024; ++n) {
      const Trace t = Simulate(ScanRequest{info->id, OpKind::kAdd, ElementType::kInt32,
                                           std::vector<double>(static_cast<size_t>(n), 0)});
      const TraceAnalysis a = Analyze(t);
      ASSERT_EQ(a.work, info->work(n)) << info->key << " n " << n;
      ASSERT_EQ(a.depth, info->depth(n)) << info->key << " n " << n;
    }
  }
}

// A round's title comes from the registry's phase titles.
TEST(Registry, RoundTitles) {
  const Trace b = Simulate(ScanRequest{
      Algorithm::kBlelloch, OpKind::kAdd, ElementType::kInt32, {3, 1, 7, 0, 4, 1, 6, 3}});
  EXPECT_EQ(RoundTitle(b, 0), "round 0 · staging step (load)");
  EXPECT_EQ(RoundTitle(b, 2), "up-sweep round 2 · stride 2");
  EXPECT_EQ(RoundTitle(b, 4), "seed step · root = identity");
  EXPECT_EQ(RoundTitle(b, 7), "down-sweep round 3 · stride 1");
  EXPECT_EQ(RoundTitle(b, -1), "input");
  const Trace h = Simulate(ScanRequest{
      Algorithm::kHillisSteele, OpKind::kAdd, ElementType::kInt32, {3, 1, 7, 0, 4, 1, 6, 3}});
  EXPECT_EQ(RoundTitle(h, 3), "round 3 · stride 4");
  const Trace w = Simulate(ScanRequest{
      Algorithm::kWarpShuffle, OpKind::kAdd, ElementType::kInt32, std::vector<double>(40, 1)});
  EXPECT_EQ(RoundTitle(w, 2), "warp scan round 2 · offset 2");
  EXPECT_EQ(RoundTitle(w, 6), "warp totals → shared memory");
}

// The chapters count Blelloch's 2 log2 n = 6 rounds on 8 elements, the sweeps' rounds: the
// staging step and the seed step between the sweeps are steps, not rounds; Hillis-Steele's
// log2 n = 3 rounds follow the staging step (round 0).
TEST(Registry, RoundsAreCountedAsTheChaptersCountThem) {
  const Trace b = Simulate(ScanRequest{
      Algorithm::kBlelloch, OpKind::kAdd, ElementType::kInt32, {3, 1, 7, 0, 4, 1, 6, 3}});
  const int want[][2] = {{0, 6}, {1, 6}, {2, 6}, {3, 6}, {0, 6}, {4, 6}, {5, 6}, {6, 6}};
  for (int r = 0; r < 8; ++r) {
    EXPECT_EQ(ChapterRoundOf(b, r).number, want[r][0]) << r;
    EXPECT_EQ(ChapterRoundOf(b, r).total, want[r][1]) << r;
  }
  EXPECT_EQ(RoundHeading(b, 4), "seed step · root = identity");
  // One numbering, the chapter's: "Down-sweep Round 1 (stride = 4)" (issue #37, item 21).
  EXPECT_EQ(RoundHeading(b, 5), "down-sweep round 1 of 3 · stride 4");
  EXPECT_EQ(RoundHeading(b, 3), "up-sweep round 3 of 3 · stride 4");
  EXPECT_EQ(RoundHeading(b, 0), "round 0 · staging step (load)");
  const Trace h = Simulate(ScanRequest{
      Algorithm::kHillisSteele, OpKind::kAdd, ElementType::kInt32, {3, 1, 7, 0, 4, 1, 6, 3}, true});
  EXPECT_EQ(RoundHeading(h, 2), "round 2 of 3 · stride 2");
  EXPECT_EQ(ChapterRoundOf(h, 4).number, 0);  // the conversion is a step
  EXPECT_EQ(RoundHeading(h, 4), "conversion step (to the other flavour)");
}

}  // namespace
}  // namespace scanviz
