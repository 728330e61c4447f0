// The applications view's layout without a window: the rows each step reaches, the chapters'
// example kept odd (3 1 7 1 3 at destinations 0..4), split on bit 0, a radix sort's passes (the
// sign flip shown as numbers), allocation's slices, the narration's values, and the columns a
// large n draws.
#include "scene/application_scene.h"

#include <gtest/gtest.h>

#include "scene/applications/scene_entry.h"
#include "support/application_traces.h"

namespace scanviz::application_scene {
namespace {

using scanviz::testing::KeepOdd;
using scanviz::testing::SimulatedApplication;

const std::vector<double> kExample = {3, 1, 7, 0, 4, 1, 6, 3};

std::vector<RowKind> Kinds(const PassLayout& l) {
  std::vector<RowKind> k;
  for (const Row& r : l.rows) k.push_back(r.kind);
  return k;
}

const Row& RowOf(const PassLayout& l, RowKind kind) {
  for (const Row& r : l.rows)
    if (r.kind == kind) return r;
  ADD_FAILURE() << "no such row";
  return l.rows.front();
}

TEST(ApplicationScene, ThreeStepsAPassAndTheRowsEachReaches) {
  const ApplicationTrace t = SimulatedApplication(ApplicationKind::kCompact, kExample, KeepOdd());
  ASSERT_EQ(Steps(t).size(), 3u);
  using K = RowKind;
  EXPECT_EQ(Kinds(Build(t, 0)), (std::vector<K>{K::kInput, K::kFlags}));
  EXPECT_EQ(Kinds(Build(t, 1)), (std::vector<K>{K::kInput, K::kFlags, K::kScan}));
  EXPECT_EQ(Kinds(Build(t, 2)), (std::vector<K>{K::kInput, K::kFlags, K::kScan, K::kOutput}));
  EXPECT_TRUE(Build(t, 1).arrows.empty());  // the arrows are the scatter's
  EXPECT_EQ(StepAt(t, 99), (StepRef{0, Step::kScatter}));
  EXPECT_EQ(StepAt(t, -1), (StepRef{0, Step::kFlag}));
}

TEST(ApplicationScene, CompactionKeepOddSendsEachKeptElementToItsScanValue) {
  const ApplicationTrace t = SimulatedApplication(ApplicationKind::kCompact, kExample, KeepOdd());
  const PassLayout l = Build(t, 2);
  EXPECT_EQ(RowOf(l, RowKind::kFlags).values, (std::vector<double>{1, 1, 1, 0, 0, 1, 0, 1}));
  EXPECT_EQ(RowOf(l, RowKind::kScan).values, (std::vector<double>{0, 1, 2, 3, 3, 3, 4, 4}));
  EXPECT_EQ(RowOf(l, RowKind::kOutput).values, (std::vector<double>{3, 1, 7, 1, 3}));
  EXPECT_EQ(Destinations(t, 0), (std::vector<int>{0, 1, 2, -1, -1, 3, -1, 4}));
  ASSERT_EQ(l.arrows.size(), 5u);
  const int from[] = {0, 1, 2, 5, 7};
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(l.arrows[static_cast<size_t>(k)].from, from[k]);
    EXPECT_EQ(l.arrows[static_cast<size_t>(k)].to, k);
  }
  EXPECT_EQ(l.total, 5);
  EXPECT_NE(l.narration.find("Output length 5 of 8"), std::string::npos) << l.narration;
  EXPECT_NE(l.narration.find("input[5] (1) has scan 3, so it goes to output[3]"), std::string::npos)
      << l.narration;
  EXPECT_NE(l.narration.find(Info(ApplicationKind::kCompact).invariant), std::string::npos);
  EXPECT_NE(Build(t, 1).narration.find("= 4 + 1 = 5"), std::string::npos) << Build(t, 1).narration;
}

TEST(ApplicationScene, SplitOnBitZeroPutsTheZerosFirstInOrder) {
  ApplicationParams p;
  p.bit = 0;
  const ApplicationTrace t = SimulatedApplication(ApplicationKind::kSplit, kExample, p);
  const PassLayout l = Build(t, 2);
  EXPECT_EQ(RowOf(l, RowKind::kBit).values, (std::vector<double>{1, 1, 1, 0, 0, 1, 0, 1}));
  EXPECT_EQ(RowOf(l, RowKind::kFlags).values, (std::vector<double>{0, 0, 0, 1, 1, 0, 1, 0}));
  EXPECT_EQ(RowOf(l, RowKind::kScan).values, (std::vector<double>{0, 0, 0, 0, 1, 2, 2, 3}));
  EXPECT_EQ(Destinations(t, 0), (std::vector<int>{3, 4, 5, 0, 1, 6, 2, 7}));
  EXPECT_EQ(RowOf(l, RowKind::kOutput).values, (std::vector<double>{0, 4, 6, 3, 1, 7, 1, 3}));
  ASSERT_EQ(l.arrows.size(), 8u);  // a permutation: every element has one
  EXPECT_TRUE(l.arrows[3].zero);
  EXPECT_FALSE(l.arrows[0].zero);
  EXPECT_EQ(l.total, 3);
}

TEST(ApplicationScene, RadixSortIsOneSplitPerBitAndShowsTheFlippedKeysAsNumbers) {
  const ApplicationTrace t =
      SimulatedApplication(ApplicationKind::kRadixSort, kExample, ApplicationParams{{}, 0, 3});
  ASSERT_EQ(Steps(t).size(), 9u);
  const PassLayout second = Build(t, 5);  // pass 2, scatter
  EXPECT_EQ(second.pass, 1);
  EXPECT_EQ(second.bit, 1);
  EXPECT_EQ(RowOf(second, RowKind::kInput).values, (std::vector<double>{0, 4, 6, 3, 1, 7, 1, 3}));
  EXPECT_EQ(RowOf(second, RowKind::kOutput).values, (std::vector<double>{0, 4, 1, 1, 6, 3, 7, 3}));
  EXPECT_NE(second.title.find("pass 2 of 3 · bit 1"), std::string::npos) << second.title;
  EXPECT_EQ(RowOf(Build(t, 8), RowKind::kOutput).values,
            (std::vector<double>{0, 1, 1, 3, 3, 4, 6, 7}));
  EXPECT_TRUE(second.note.empty());

  const ApplicationTrace s = SimulatedApplication(
      ApplicationKind::kRadixSort, {3, -1, 7, 0, 4, 1, -6, 3}, ApplicationParams{{}, 0, 32});
  ASSERT_TRUE(s.sign_flipped);
  const PassLayout last = Build(s, 3 * 32 - 1);
  EXPECT_EQ(last.bit, 31);
  EXPECT_FALSE(last.note.empty());
  EXPECT_EQ(RowOf(last, RowKind::kInput).values, (std::vector<double>{0, 1, 3, 3, 4, 7, -6, -1}));
  EXPECT_EQ(RowOf(last, RowKind::kBit).values, (std::vector<double>{1, 1, 1, 1, 1, 1, 0, 0}));
  EXPECT_EQ(RowOf(last, RowKind::kOutput).values, (std::vector<double>{-6, -1, 0, 1, 3, 3, 4, 7}));
}

TEST(ApplicationScene, AllocationSlicesTileThePool) {
  const ApplicationTrace t = SimulatedApplication(ApplicationKind::kAllocate, kExample);
  const PassLayout l = Build(t, 2);
  EXPECT_EQ(RowOf(l, RowKind::kScan).values, (std::vector<double>{0, 3, 4, 11, 11, 15, 16, 22}));
  ASSERT_EQ(l.slices.size(), 8u);
  EXPECT_EQ(l.pool, 25);
  int end = 0;
  for (const Slice& s : l.slices) {
    EXPECT_EQ(s.begin, end);
    end = s.end;
  }
  EXPECT_EQ(end, 25);
  EXPECT_EQ(l.slices[2].begin, 4);
  EXPECT_EQ(l.slices[2].end, 11);
  EXPECT_EQ(l.slices[3].begin, l.slices[3].end);  // asks for nothing: the empty slice
  EXPECT_TRUE(l.arrows.empty());
  EXPECT_NE(l.narration.find("Pool: 25 cells"), std::string::npos) << l.narration;
}

// The Inspector's story of one element, worked by hand on the chapters' example, and a trace
// whose output was tampered with gets a ✗.
// Issue #26 item 16: an allocation's third step is its fill, as the CLI and the docs name it;
// the others scatter.
TEST(ApplicationScene, TheThirdStepIsNamedForTheApplication) {
  EXPECT_STREQ(Name(Step::kScatter, ApplicationKind::kAllocate), "fill");
  EXPECT_STREQ(Name(Step::kScatter, ApplicationKind::kCompact), "scatter");
  EXPECT_STREQ(Name(Step::kFlag, ApplicationKind::kAllocate), "flag");
  EXPECT_STREQ(Name(Step::kScan, ApplicationKind::kAllocate), "scan");
}

TEST(ApplicationScene, AnElementsStoryFollowsTheStepsAndChecksTheOutput) {
  const ApplicationTrace odd = SimulatedApplication(ApplicationKind::kCompact, kExample, KeepOdd());
  ElementStory e = StoryOf(odd, 0, 5);  // the flag step: one line
  EXPECT_EQ(e.title, "element 5 · value 1");
  EXPECT_EQ(e.lines, (std::vector<std::string>{"flag 1: --keep odd keeps 1"}));
  EXPECT_TRUE(e.check.empty());
  e = StoryOf(odd, 2, 5);
  ASSERT_EQ(e.lines.size(), 3u);
  EXPECT_EQ(e.lines[1], "scan 3: the kept elements before it (exclusive)");
  EXPECT_EQ(e.lines[2], "written to output[3]");
  EXPECT_TRUE(e.ok);
  EXPECT_EQ(e.check, "✓ a kept element's exclusive scan is its destination: output[3] holds 1");
  e = StoryOf(odd, 2, 3);  // 0 is not odd
  EXPECT_EQ(e.lines.front(), "flag 0: --keep odd drops 0");
  EXPECT_EQ(e.lines.back(), "not written: its flag is 0");
  EXPECT_TRUE(e.check.empty());
  ApplicationTrace bad = odd;
  bad.passes[0].output[3] = 9;
  e = StoryOf(bad, 2, 5);
  EXPECT_FALSE(e.ok);
  EXPECT_EQ(e.check.rfind("✗", 0), 0u) << e.check;
  EXPECT_NE(e.check.find("holds 9"), std::string::npos) << e.check;
  EXPECT_TRUE(StoryOf(odd, 2, 8).title.empty());  // past the end: nothing
  EXPECT_TRUE(StoryOf(odd, 2, -1).title.empty());

  ApplicationParams p;
  p.bit = 0;
  const ApplicationTrace split = SimulatedApplication(ApplicationKind::kSplit, kExample, p);
  e = StoryOf(split, 2, 0);  // 3: a one, after the 3 zeros, no ones before it
  EXPECT_EQ(e.lines[0], "bit 0 of 3 is 1: flag 0 (it goes with the ones, after)");
  EXPECT_EQ(e.lines[1], "scan 0: the zeros before it (exclusive)");
  EXPECT_EQ(e.lines[2], "written to output[3] = 3 zeros + 0 - 0 ones before it");
  EXPECT_TRUE(e.ok) << e.check;
  e = StoryOf(split, 2, 6);  // 6: the third zero
  EXPECT_EQ(e.lines[2], "written to output[2]: the zeros before it");
  EXPECT_EQ(e.check, "✓ stable: output[2] holds 6");

  const ApplicationTrace pool = SimulatedApplication(ApplicationKind::kAllocate, kExample);
  e = StoryOf(pool, 2, 2);  // asks for 7 after 3 + 1
  EXPECT_EQ(e.title, "element 2 · size 7");
  EXPECT_EQ(e.lines[0], "asks for 7 cells");
  EXPECT_EQ(e.lines[2], "owns pool cells [4, 11)");
  EXPECT_EQ(e.check, "✓ its offset is the sizes before it: cells 4..10 are thread 2's");
  e = StoryOf(pool, 2, 3);  // asks for nothing
  EXPECT_EQ(e.check, "✓ its offset is the sizes before it: an empty slice at 11");

  const ApplicationTrace radix =
      SimulatedApplication(ApplicationKind::kRadixSort, kExample, ApplicationParams{{}, 0, 3});
  e = StoryOf(radix, 5, 0);  // pass 2
  EXPECT_EQ(e.title, "element 0 · key 0 · pass 2 of 3");
  EXPECT_TRUE(e.ok) << e.check;
}

TEST(ApplicationScene, LargeNDrawsTheFirstAndLastCellsWithAGap) {
  const Columns all = Visible(8, 64);
  EXPECT_EQ(all.index.size(), 8u);
  EXPECT_EQ(all.gap_after, -1);
  EXPECT_EQ(all.Slot(7), 7);
  const Columns some = Visible(65536, 64);
  ASSERT_EQ(some.index.size(), 64u);
  EXPECT_EQ(some.index[31], 31);
  EXPECT_EQ(some.index[32], 65536 - 32);
  EXPECT_EQ(some.Slots(), 65);
  EXPECT_EQ(some.Slot(31), 31);
  EXPECT_EQ(some.Slot(65536 - 32), 33);  // after the gap's slot
  EXPECT_EQ(some.Slot(1000), -1);

  std::vector<double> big(65536);
  for (size_t i = 0; i < big.size(); ++i) big[i] = static_cast<double>(i % 7);
  const ApplicationTrace t = SimulatedApplication(ApplicationKind::kCompact, big);
  const PassLayout l = Build(t, 2);
  EXPECT_EQ(l.n, 65536);
  EXPECT_EQ(l.total, 65536 - (65536 + 6) / 7);
}

// The scene's registry (issue #35): an entry per application, every behaviour set; the words a
// title or the status bar needs come from it, never from a test of which application it is.
TEST(ApplicationScene, EveryApplicationHasACompleteSceneEntry) {
  for (const ApplicationInfo& a : Applications()) {
    SCOPED_TRACE(a.key);
    const SceneApplication& e = SceneOf(a.id);
    EXPECT_TRUE(e.flag_sentence && e.title && e.scatter && e.result && e.status && e.flag_line &&
                e.scatter_story && e.element_word && e.counted && e.destination_word);
    // The bit row and the two groups' colours are exactly the applications whose pass reads a bit.
    ApplicationParams params;
    params.bits = 1;
    EXPECT_EQ(e.grouped, a.pass_bit(params, 0) >= 0);
  }
}

}  // namespace
}  // namespace scanviz::application_scene
