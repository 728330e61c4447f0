// The array view's in-place cell editor without a window: what its text means (one value of the
// trace's type, or why not) and what Enter, Escape and a click elsewhere do with it.
#include "state/cell_edit.h"

#include <gtest/gtest.h>

#include <string>

#include "core/trace.h"

namespace scanviz {
namespace {

TEST(CellEdit, OneValueOfTheTypeIsTheCellsNewValue) {
  for (const char* text : {"40", " 40 ", "+40", "[40]"}) {
    const CellEditText t = ParseCellEdit(text, ElementType::kInt32);
    ASSERT_TRUE(t.Ok()) << "'" << text << "': " << t.problem;
    ASSERT_TRUE(t.value.has_value()) << "'" << text << "'";
    EXPECT_EQ(*t.value, 40.0) << "'" << text << "'";
  }
  const CellEditText f = ParseCellEdit("-1.5", ElementType::kFloat32);
  ASSERT_TRUE(f.Ok()) << f.problem;
  EXPECT_EQ(*f.value, -1.5);
  const CellEditText low = ParseCellEdit("-2147483648", ElementType::kInt32);
  ASSERT_TRUE(low.Ok()) << low.problem;
  EXPECT_EQ(*low.value, -2147483648.0);
}

TEST(CellEdit, TheProblemSaysWhyTheTextIsNotOneValue) {
  struct Case {
    const char* text;
    ElementType type;
    std::string problem;
  };
  const Case cases[] = {
      {"abc", ElementType::kInt32, "'abc' is not an integer"},
      {"1.5", ElementType::kInt32, "'1.5' is not an integer"},
      {"2147483648", ElementType::kInt32,
       "'2147483648' is outside int32 [-2147483648, 2147483647]"},
      {"inf", ElementType::kFloat32, "'inf' is not a finite float32 number"},
      {"", ElementType::kInt32, "the input is empty"},
      {"   ", ElementType::kFloat32, "the input is empty"},
      {"40,", ElementType::kInt32, "empty element after '40'"},
      {"1 2", ElementType::kInt32, "type one value"},
      {"1,2", ElementType::kFloat32, "type one value"},
      // A bad token wins over the count: the error names it.
      {"1 x", ElementType::kInt32, "'x' is not an integer"},
  };
  for (const Case& c : cases) {
    const CellEditText t = ParseCellEdit(c.text, c.type);
    EXPECT_FALSE(t.Ok()) << "'" << c.text << "'";
    EXPECT_FALSE(t.value.has_value()) << "'" << c.text << "'";
    EXPECT_EQ(t.problem, c.problem) << "'" << c.text << "' (" << ToString(c.type) << ")";
  }
}

TEST(CellEdit, MoreValuesThanABlockHoldsSayTheBlocksLimitAsTheInputBoxDoes) {
  std::string text;
  for (int i = 0; i < 1025; ++i) text += "1 ";
  const CellEditText t = ParseCellEdit(text, ElementType::kInt32);
  EXPECT_FALSE(t.Ok());
  EXPECT_EQ(t.problem, "1025 elements: a single block scans at most 1024");
}

TEST(CellEdit, EscapeClosesWhateverTheTextAndBeforeEnter) {
  const CellEditText good = ParseCellEdit("7", ElementType::kInt32);
  const CellEditText bad = ParseCellEdit("x", ElementType::kInt32);
  for (const CellEditText* t : {&good, &bad}) {
    for (bool enter : {false, true}) {
      for (bool left : {false, true})
        EXPECT_EQ(DecideCellEdit(*t, true, enter, left), CellEditOutcome::kClose)
            << t->problem << " enter " << enter << " left " << left;
    }
  }
}

TEST(CellEdit, EnterAppliesAGoodValueAndKeepsABadOneToRetry) {
  const CellEditText good = ParseCellEdit("7", ElementType::kInt32);
  const CellEditText bad = ParseCellEdit("7 8", ElementType::kInt32);
  EXPECT_EQ(DecideCellEdit(good, false, true, false), CellEditOutcome::kApply);
  EXPECT_EQ(DecideCellEdit(bad, false, true, false), CellEditOutcome::kRetry);
}

TEST(CellEdit, AClickElsewhereAppliesAGoodValueAndDropsABadOne) {
  const CellEditText good = ParseCellEdit("7", ElementType::kInt32);
  const CellEditText bad = ParseCellEdit("", ElementType::kInt32);
  EXPECT_EQ(DecideCellEdit(good, false, false, true), CellEditOutcome::kApply);
  EXPECT_EQ(DecideCellEdit(bad, false, false, true), CellEditOutcome::kClose);
}

TEST(CellEdit, WhileTypingTheEditorStaysOpenGoodOrBad) {
  EXPECT_EQ(DecideCellEdit(ParseCellEdit("7", ElementType::kInt32), false, false, false),
            CellEditOutcome::kEditing);
  EXPECT_EQ(DecideCellEdit(ParseCellEdit("7,", ElementType::kInt32), false, false, false),
            CellEditOutcome::kEditing);
}

}  // namespace
}  // namespace scanviz
