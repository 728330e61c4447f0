// The panel layout without a window: the figure gets its room first, panels give way down to
// their minimums, collapse to strips, and presenter mode hides them.
#include "layout.h"
#include "view_state.h"

#include <gtest/gtest.h>

namespace scanviz {
namespace {

LayoutInput Window(float w, float h) {
  LayoutInput in;
  in.width = w;
  in.height = h;
  in.px = 17;
  return in;
}

void ExpectTiled(const PanelLayout& l, float w, float h) {
  EXPECT_FLOAT_EQ(l.left.x, 0);
  EXPECT_FLOAT_EQ(l.center.x, l.left.w);
  EXPECT_FLOAT_EQ(l.right.x, l.center.x + l.center.w);
  EXPECT_FLOAT_EQ(l.right.x + l.right.w, w);
  EXPECT_FLOAT_EQ(l.status.y + l.status.h, h);
  EXPECT_FLOAT_EQ(l.center.h, l.status.y);
}

TEST(Layout, AWideWindowKeepsThePreferredWidths) {
  LayoutInput in = Window(1920, 1080);
  in.figure_need = 600;
  const PanelLayout l = ComputeLayout(in);
  ExpectTiled(l, 1920, 1080);
  EXPECT_FLOAT_EQ(l.left.w, 17 * kLeftPreferred);
  EXPECT_FLOAT_EQ(l.right.w, 17 * kRightInspector);
  in.reading_tab = true;
  EXPECT_FLOAT_EQ(ComputeLayout(in).right.w, 17 * kRightReading);
}

TEST(Layout, TheFigureComesFirstThenTheMinimums) {
  // 1366 x 768 with the narration open: the right panel gives way first, then the left.
  LayoutInput in = Window(1366, 768);
  in.reading_tab = true;
  in.figure_need = 700;
  PanelLayout l = ComputeLayout(in);
  ExpectTiled(l, 1366, 768);
  EXPECT_GE(l.center.w, 700);
  EXPECT_FLOAT_EQ(l.left.w, 17 * kLeftPreferred);
  EXPECT_LT(l.right.w, 0.42f * 1366);
  // More than the panels can give: both at their minimum, the figure takes the rest.
  in.figure_need = 5000;
  l = ComputeLayout(in);
  EXPECT_FLOAT_EQ(l.left.w, 17 * kLeftMinimum);
  EXPECT_FLOAT_EQ(l.right.w, 17 * kRightMinimum);
  ExpectTiled(l, 1366, 768);
  // A dense figure (need 0) leaves the panels as they prefer.
  in.figure_need = 0;
  EXPECT_FLOAT_EQ(ComputeLayout(in).right.w, 0.42f * 1366);
}

TEST(Layout, CollapsedPanelsAreStripsAndPresenterHasNone) {
  LayoutInput in = Window(1024, 768);
  in.left_collapsed = true;
  PanelLayout l = ComputeLayout(in);
  EXPECT_TRUE(l.left_strip);
  EXPECT_FALSE(l.right_strip);
  EXPECT_FLOAT_EQ(l.left.w, 17 * kStrip);
  ExpectTiled(l, 1024, 768);
  in.right_collapsed = true;
  l = ComputeLayout(in);
  EXPECT_FLOAT_EQ(l.center.w, 1024 - 2 * 17 * kStrip);
  in.presenter = true;
  l = ComputeLayout(in);
  EXPECT_FLOAT_EQ(l.center.w, 1024);
  EXPECT_FALSE(l.left_strip);
}

TEST(Layout, ANarrowWindowFoldsThePanelsUntilTheReaderUnfoldsThem) {
  // 1024 x 768: both panels at their minimums would leave the figure 429 of 1024 points; the
  // right panel folds, the left stays.
  LayoutInput in = Window(1024, 768);
  PanelLayout l = ComputeLayout(in);
  EXPECT_TRUE(l.right_strip);
  EXPECT_FALSE(l.left_strip);
  EXPECT_GE(l.center.w, 1024 * kFigureShare);
  ExpectTiled(l, 1024, 768);
  // 640 x 480: both fold. A laptop at 200 % (the panels' font twice as large) on 1920: the right.
  l = ComputeLayout(Window(640, 480));
  EXPECT_TRUE(l.right_strip && l.left_strip);
  EXPECT_FLOAT_EQ(l.center.w, 640 - 2 * 17 * kStrip);
  LayoutInput hidpi = Window(1920, 1080);
  hidpi.px = 34;
  l = ComputeLayout(hidpi);
  EXPECT_TRUE(l.right_strip);
  EXPECT_FALSE(l.left_strip);
  // Unfolded by the reader (its strip's button, ] or the menu), a panel stays, the figure smaller.
  in.right_unfolded = true;
  l = ComputeLayout(in);
  EXPECT_FALSE(l.right_strip);
  EXPECT_FLOAT_EQ(l.right.w, 17 * kRightInspector);
  // ... and the controls do not fold to make room for it, in a window where both would fold.
  LayoutInput small = Window(640, 480);
  small.right_unfolded = true;
  l = ComputeLayout(small);
  EXPECT_FALSE(l.right_strip || l.left_strip);
  // A wide window never folds one, even with the reading tabs at their widest.
  LayoutInput wide = Window(1920, 1080);
  wide.reading_tab = true;
  l = ComputeLayout(wide);
  EXPECT_FALSE(l.right_strip || l.left_strip);
}

// [ and ], the strips' buttons and the menu: a panel drawn as a strip (folded by the reader or by
// a narrow window) is shown, a panel shown is folded; the layout reads the fold.
TEST(Layout, TheFoldKeysShowAStripAndFoldAPanel) {
  ViewState vs;
  LayoutInput in = Window(1024, 768);
  const auto lay_out = [&] {
    in.right_collapsed = vs.right.collapsed;
    in.right_unfolded = vs.right.unfolded;
    vs.right.strip = ComputeLayout(in).right_strip;
  };
  lay_out();
  EXPECT_TRUE(vs.right.strip);  // folded for room
  vs.right.Toggle();            // ]
  lay_out();
  EXPECT_FALSE(vs.right.strip);
  vs.right.Toggle();
  lay_out();
  EXPECT_TRUE(vs.right.strip);
  in.width = 1920;  // folded by the reader: still a strip in a wide window
  lay_out();
  EXPECT_TRUE(vs.right.strip);
  vs.right.Toggle();
  lay_out();
  EXPECT_FALSE(vs.right.strip);
}

TEST(Layout, PresenterModeKeepsTheQuiz) {
  LayoutInput in = Window(1600, 900);
  in.presenter = true;
  in.px = 17 * 1.5f;
  in.quiz = true;
  const PanelLayout l = ComputeLayout(in);
  EXPECT_FLOAT_EQ(l.left.w, 0);  // no controls
  EXPECT_GT(l.right.w, 17 * kRightMinimum);
  EXPECT_LE(l.right.w, 1600 * 0.42f);
  EXPECT_FALSE(l.right_strip);
  ExpectTiled(l, 1600, 900);
}

TEST(Layout, ATinyWindowStillLeavesTheFigureAFifth) {
  LayoutInput in = Window(400, 300);
  in.figure_need = 1000;
  const PanelLayout l = ComputeLayout(in);
  ExpectTiled(l, 400, 300);
  EXPECT_GE(l.center.w, 0.2f * 400 - 0.01f);
}

}  // namespace
}  // namespace scanviz
