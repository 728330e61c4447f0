// The undo history on its own: steps, redo, coalescing, the depth bound.
#include "state/edit_history.h"

#include <gtest/gtest.h>

namespace scanviz {
namespace {

InputSnapshot Values(std::vector<double> v) {
  InputSnapshot s;
  s.values = std::move(v);
  s.text = std::to_string(s.values.size()) + " values";
  return s;
}

const EditTag kText{EditKind::kText};
EditTag Cell(int pos) {
  return {EditKind::kCell, pos};
}

TEST(EditHistory, UndoGivesBackTheStateBeforeEachEditThenRedoTheOneAfter) {
  EditHistory h;
  const InputSnapshot a = Values({1}), b = Values({1, 2}), c = Values({1, 2, 3});
  EXPECT_FALSE(h.CanUndo());
  EXPECT_FALSE(h.Undo(a).has_value());
  h.Record(a, kText, b);
  h.Record(b, {EditKind::kRandom}, c);
  EXPECT_EQ(h.UndoCount(), 2u);
  EXPECT_EQ(h.NextUndo().kind, EditKind::kRandom);
  EXPECT_EQ(h.Undo(c), b);
  EXPECT_EQ(h.Undo(b), a);
  EXPECT_FALSE(h.Undo(a).has_value());
  EXPECT_EQ(h.RedoCount(), 2u);
  EXPECT_EQ(h.NextRedo().kind, EditKind::kText);
  EXPECT_EQ(h.Redo(a), b);
  EXPECT_EQ(h.Redo(b), c);
  EXPECT_FALSE(h.Redo(c).has_value());
  EXPECT_EQ(h.UndoCount(), 2u);
}

TEST(EditHistory, AnEditThatChangesNothingIsNoStep) {
  EditHistory h;
  h.Record(Values({1}), {EditKind::kOp}, Values({1}));
  EXPECT_FALSE(h.CanUndo());
}

// Issue #26 item 19: leaving the box with "3 1 7, -" added a step whose undo changed nothing the
// scans run on (the trace, the figure): an invalid text, or its fix back to the same values, is
// no step. A real edit after it keeps the invalid text in its step, as the box showed it.
TEST(EditHistory, AnInvalidTextThatLeavesTheInputAsItWasIsNoStep) {
  EditHistory h;
  InputSnapshot good = Values({3, 1, 7});
  good.text = "3 1 7";
  InputSnapshot bad = good;
  bad.text = "3 1 7, -";
  bad.error = "'-' is not a number";
  h.Record(good, kText, bad);
  EXPECT_FALSE(h.CanUndo());
  InputSnapshot worse = bad;
  worse.text = "3 1 7, -, x";
  h.Record(bad, kText, worse);
  EXPECT_FALSE(h.CanUndo());
  InputSnapshot fixed = good;
  fixed.text = "3, 1, 7";
  h.Record(worse, kText, fixed);  // fixed, to the values it had
  EXPECT_FALSE(h.CanUndo());
  const InputSnapshot more = Values({3, 1, 7, 5});
  h.Record(worse, kText, more);
  ASSERT_TRUE(h.CanUndo());
  EXPECT_EQ(h.Undo(more), worse);
}

TEST(EditHistory, ANewEditClearsRedo) {
  EditHistory h;
  const InputSnapshot a = Values({1}), b = Values({2}), c = Values({3});
  h.Record(a, kText, b);
  ASSERT_EQ(h.Undo(b), a);
  EXPECT_TRUE(h.CanRedo());
  h.Record(a, kText, c);
  EXPECT_FALSE(h.CanRedo());
  EXPECT_EQ(h.Undo(c), a);
}

TEST(EditHistory, EditsOfOneCellInARowAreOneStepAnotherCellIsAnother) {
  EditHistory h;
  const InputSnapshot a = Values({1, 1}), b = Values({4, 1}), c = Values({40, 1}),
                      d = Values({40, 7});
  h.Record(a, Cell(0), b);
  h.Record(b, Cell(0), c);  // typed again into cell 0
  EXPECT_EQ(h.UndoCount(), 1u);
  h.Record(c, Cell(1), d);
  EXPECT_EQ(h.UndoCount(), 2u);
  EXPECT_EQ(h.Undo(d), c);
  EXPECT_EQ(h.Undo(c), a);  // both edits of cell 0 at once
}

TEST(EditHistory, NStepsCoalesceAndARunBackToItsStartLeavesNoStep) {
  EditHistory h;
  const InputSnapshot a = Values({1}), b = Values({1, 2}), c = Values({1, 2, 3});
  const EditTag n{EditKind::kSize};
  h.Record(a, n, b);  // n's + twice
  h.Record(b, n, c);
  EXPECT_EQ(h.UndoCount(), 1u);
  h.Record(c, n, b);  // - twice: back to the start
  h.Record(b, n, a);
  EXPECT_FALSE(h.CanUndo());
}

TEST(EditHistory, OtherKindsNeverCoalesce) {
  EditHistory h;
  const InputSnapshot a = Values({1}), b = Values({2}), c = Values({3});
  h.Record(a, {EditKind::kRandom}, b);
  h.Record(b, {EditKind::kRandom}, c);
  EXPECT_EQ(h.UndoCount(), 2u);
  h.Record(c, kText, a);
  h.Record(a, kText, b);
  EXPECT_EQ(h.UndoCount(), 4u);
}

TEST(EditHistory, AnUndoBetweenTwoEditsOfACellKeepsThemApart) {
  EditHistory h;
  const InputSnapshot a = Values({1}), b = Values({2}), c = Values({3}), d = Values({4});
  h.Record(a, Cell(0), b);
  h.Record(b, Cell(0), c);
  ASSERT_EQ(h.Undo(c), a);
  h.Record(a, Cell(0), d);  // a fresh edit of the same cell after the undo
  h.BreakCoalescing();
  h.Record(d, Cell(0), b);  // and one after a break
  EXPECT_EQ(h.UndoCount(), 2u);
  EXPECT_EQ(h.Undo(b), d);
}

TEST(EditHistory, TheOldestStepsGoPastTheDepth) {
  EditHistory h(3);
  std::vector<InputSnapshot> s;
  for (int i = 0; i < 6; ++i)
    s.push_back(Values(std::vector<double>(static_cast<size_t>(i + 1), 1)));
  for (int i = 0; i < 5; ++i) h.Record(s[i], {EditKind::kRandom}, s[i + 1]);
  EXPECT_EQ(h.UndoCount(), 3u);
  EXPECT_EQ(h.Undo(s[5]), s[4]);
  EXPECT_EQ(h.Undo(s[4]), s[3]);
  EXPECT_EQ(h.Undo(s[3]), s[2]);
  EXPECT_FALSE(h.CanUndo());
  h.Clear();
  EXPECT_FALSE(h.CanRedo());
}

TEST(EditHistory, DescribeNamesTheEdit) {
  EXPECT_EQ(Describe(Cell(3)), "cell 3");
  EXPECT_EQ(Describe({EditKind::kSize}), "n");
  EXPECT_EQ(Describe({EditKind::kOp}), "the operator");
}

}  // namespace
}  // namespace scanviz
