// A value's text in its cell (scene/cell_text.h): never wider than the cell's inside (issue #26
// item 15: "3e+38" spilled over its cell's borders), shrunk before it is shortened.
#include "scene/cell_text.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace scanviz::scene {
namespace {

// A font whose every character is 0.6 em wide (UTF-8 continuation bytes take no room).
float Mono(const std::string& s, float px) {
  float chars = 0;
  for (char c : s)
    if ((c & 0xC0) != 0x80) chars += 1;
  return chars * 0.6f * px;
}

TEST(CellText, TightValuesAreOneDigitWithABareExponent) {
  EXPECT_EQ(TightValue("3e+38"), "3e38");
  EXPECT_EQ(TightValue("-3.40282e+38"), "-3e38");
  EXPECT_EQ(TightValue("-2147483648"), "-2e9");
  EXPECT_EQ(TightValue("0.000123"), "1e-4");
  EXPECT_EQ(TightValue("0.333333"), "0.3");
  EXPECT_EQ(TightValue("12345"), "1e4");
  EXPECT_EQ(TightValue("7"), "");  // nothing shorter
  EXPECT_EQ(TightValue("?"), "");
  EXPECT_EQ(TightValue("inf"), "");
}

TEST(CellText, AFittingValueKeepsItsTextAndSize) {
  const FittedText f = FitCellText("42", "", 40, 30, 16, 8, Mono);
  EXPECT_EQ(f.text, "42");
  EXPECT_EQ(f.px, 16);
}

TEST(CellText, TheShortFormBeforeASmallerSize) {
  const FittedText f = FitCellText("-2147483648", "−2³¹", 40, 30, 16, 8, Mono);
  EXPECT_EQ(f.text, "−2³¹");
  EXPECT_EQ(f.px, 16);
}

TEST(CellText, ShrunkToTheMinimumThenTightThenAnEllipsis) {
  // 3e+38 is 48 wide at 16: 10 px in 30, 6.7 px (under 8) in 20, where 3e38 fits at 8.3 px.
  FittedText f = FitCellText("3e+38", "", 30, 30, 16, 8, Mono);
  EXPECT_EQ(f.text, "3e+38");
  EXPECT_NEAR(f.px, 10, 1e-3);
  f = FitCellText("3e+38", "", 20, 30, 16, 8, Mono);
  EXPECT_EQ(f.text, "3e38");
  EXPECT_GE(f.px, 8);
  f = FitCellText("3e+38", "", 12, 30, 16, 8, Mono);
  EXPECT_EQ(f.text, "…");
  EXPECT_EQ(f.px, 16);  // never larger than asked
  EXPECT_TRUE(FitCellText("3e+38", "", 4, 30, 16, 8, Mono).text.empty());
  EXPECT_TRUE(FitCellText("3", "", 40, 6, 16, 8, Mono).text.empty());  // a row thinner than 8 px
}

// Issue #26 item 15: whatever the cell, the text drawn is no wider than its inside, at a size
// between the minimum and the one asked (no larger than the room's height).
TEST(CellText, NeverWiderThanTheRoom) {
  const char* values[][2] = {
      {"3e+38", ""},          {"inf", "∞"}, {"-2147483648", "−2³¹"},     {"0.333333", "0.333"},
      {"123456789", "1.2e8"}, {"?", ""},    {"-1.17549e-38", "-1.2e-38"}};
  for (const auto& v : values) {
    for (float room = 1; room < 120; room += 0.5f) {
      for (float h : {5.0f, 12.0f, 40.0f}) {
        const FittedText f = FitCellText(v[0], v[1], room, h, 18, 7, Mono);
        if (f.text.empty()) continue;
        EXPECT_LE(Mono(f.text, f.px), room) << v[0] << " in " << room;
        EXPECT_FLOAT_EQ(f.width, Mono(f.text, f.px));
        EXPECT_GE(f.px, 7) << v[0] << " in " << room;
        EXPECT_LE(f.px, std::min(18.0f, h)) << v[0] << " in " << room;
      }
    }
  }
}

}  // namespace
}  // namespace scanviz::scene
