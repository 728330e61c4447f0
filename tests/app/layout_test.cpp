// The panel layout without a window: the figure gets its room first, panels give way down to
// their minimums, collapse to strips, and presenter mode hides them.
#include "state/layout.h"
#include "state/embed_code.h"
#include "state/view_state.h"

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

// [SECTION] The quiz in a narrow window (issue #37, item 6)

// At 1024x768, and at 192 dpi (GLFW's content scale 2: the UI font twice as large), the right
// panel folded into its strip for room, and Q opened the quiz inside the strip: nothing showed.
// The quiz holds the panel, folded by the reader or for room; the controls fold instead.
TEST(Layout, TheQuizShowsAt1024x768AndAt192Dpi) {
  struct Case {
    float w, h, px;
    bool folded;  // folded by the reader (]) before Q
  };
  for (const Case& c :
       {Case{1024, 768, 17, false}, Case{1024, 768, 17, true}, Case{1920, 1080, 34, false},
        Case{1600, 900, 34, true}, Case{1024, 768, 34, false}}) {
    LayoutInput in = Window(c.w, c.h);
    in.px = c.px;
    in.figure_need = 1000;
    in.right_collapsed = c.folded;
    in.quiz = true;
    const PanelLayout l = ComputeLayout(in);
    const std::string where = std::to_string(c.w) + "x" + std::to_string(c.h) + " px " +
                              std::to_string(c.px) + (c.folded ? " folded" : "");
    EXPECT_FALSE(l.right_strip) << where;
    EXPECT_GE(l.right.w, std::min(c.px * kRightMinimum, c.w * 0.8f * 0.5f)) << where;
    EXPECT_GT(l.center.w, 0) << where;
    ExpectTiled(l, c.w, c.h);
    in.quiz = false;  // without the quiz the window folds (or keeps folded) as before
    if (c.folded) {
      EXPECT_TRUE(ComputeLayout(in).right_strip) << where;
    }
  }
}

TEST(Layout, ATinyWindowStillLeavesTheFigureAFifth) {
  LayoutInput in = Window(400, 300);
  in.figure_need = 1000;
  const PanelLayout l = ComputeLayout(in);
  ExpectTiled(l, 400, 300);
  EXPECT_GE(l.center.w, 0.2f * 400 - 0.01f);
}

// [SECTION] Phones, tablets and embedded figures (issue #33)

TEST(Layout, ThePhoneIsNarrowAndPortraitTheTabletIsTouched) {
  EXPECT_EQ(ClassifyScreen(390, 844, true), FormFactor::kPhone);    // a phone, portrait
  EXPECT_EQ(ClassifyScreen(390, 844, false), FormFactor::kPhone);   // a narrow window, no touch
  EXPECT_EQ(ClassifyScreen(844, 390, true), FormFactor::kTablet);   // the phone turned: panels
  EXPECT_EQ(ClassifyScreen(768, 1024, true), FormFactor::kTablet);  // a tablet keeps its panels
  EXPECT_EQ(ClassifyScreen(599, 600, true), FormFactor::kPhone);
  EXPECT_EQ(ClassifyScreen(600, 900, true), FormFactor::kTablet);
  EXPECT_EQ(ClassifyScreen(1280, 800, false), FormFactor::kDesktop);
  EXPECT_EQ(ClassifyScreen(400, 300, false), FormFactor::kDesktop);  // landscape: as today
  EXPECT_EQ(ClassifyScreen(0, 0, false), FormFactor::kDesktop);      // before the first frame
  EXPECT_FALSE(TouchSized(FormFactor::kDesktop));
  EXPECT_TRUE(TouchSized(FormFactor::kTablet) && TouchSized(FormFactor::kPhone));
}

// 390 x 844 CSS px at devicePixelRatio 2: the figure the whole width, the step bar at the
// bottom, the status line above it; an opened panel lies over the figure, which keeps its size.
TEST(Layout, APhoneGivesTheFigureTheWidthAndOpensPanelsAsDrawers) {
  LayoutInput in = Window(780, 1688);
  in.px = 34;
  in.form = FormFactor::kPhone;
  in.top = 88;
  in.step_bar = 110;
  in.figure_need = 2000;  // more than the screen: nothing gives way, nothing folds into strips
  PanelLayout l = ComputeLayout(in);
  EXPECT_TRUE(l.drawers);
  EXPECT_FLOAT_EQ(l.center.x, 0);
  EXPECT_FLOAT_EQ(l.center.w, 780);
  EXPECT_FLOAT_EQ(l.left.w, 0);
  EXPECT_FLOAT_EQ(l.right.w, 0);
  EXPECT_TRUE(l.left_strip && l.right_strip);  // closed: [ and ] and ≡ ¶ open them
  EXPECT_FLOAT_EQ(l.step_bar.y + l.step_bar.h, 1688);
  EXPECT_FLOAT_EQ(l.step_bar.h, 110);
  EXPECT_FLOAT_EQ(l.status.y + l.status.h, l.step_bar.y);
  EXPECT_FLOAT_EQ(l.center.y, 88);
  EXPECT_FLOAT_EQ(l.center.y + l.center.h, l.status.y);
  // The controls opened: a drawer over the figure, narrower than the screen.
  in.left_unfolded = true;
  l = ComputeLayout(in);
  EXPECT_FALSE(l.left_strip);
  EXPECT_FLOAT_EQ(l.left.x, 0);
  EXPECT_GT(l.left.w, 0);
  EXPECT_LE(l.left.w, 780 * kDrawerShare);
  EXPECT_FLOAT_EQ(l.left.y, l.center.y);
  EXPECT_FLOAT_EQ(l.center.w, 780);  // over it, not beside it
  // Closed again (a tap beside it, ≡, [): collapsed wins over unfolded.
  in.left_collapsed = true;
  EXPECT_FLOAT_EQ(ComputeLayout(in).left.w, 0);
  // The side panel from the right, the quiz too.
  in = Window(780, 1688);
  in.px = 34;
  in.form = FormFactor::kPhone;
  in.quiz = true;
  l = ComputeLayout(in);
  EXPECT_GT(l.right.w, 0);
  EXPECT_FLOAT_EQ(l.right.x + l.right.w, 780);
  EXPECT_FLOAT_EQ(l.center.w, 780);
}

// The fold keys work the drawers as they work the strips: a closed drawer is a strip to show.
TEST(Layout, TheFoldKeysOpenAndCloseAPhonesDrawers) {
  ViewState vs;
  LayoutInput in = Window(390, 844);
  in.form = FormFactor::kPhone;
  const auto lay_out = [&] {
    in.left_collapsed = vs.left.collapsed;
    in.left_unfolded = vs.left.unfolded;
    const PanelLayout l = ComputeLayout(in);
    vs.left.strip = l.left_strip;
    return l.left.w;
  };
  EXPECT_FLOAT_EQ(lay_out(), 0);
  vs.left.Toggle();
  EXPECT_GT(lay_out(), 0);
  vs.left.Toggle();
  EXPECT_FLOAT_EQ(lay_out(), 0);
}

// A tablet keeps the desktop's panels, with the step bar under the status line.
TEST(Layout, ATabletKeepsItsPanelsAboveTheStepBar) {
  LayoutInput in = Window(768, 1024);
  in.form = FormFactor::kTablet;
  in.step_bar = 55;
  in.right_unfolded = true;
  const PanelLayout l = ComputeLayout(in);
  EXPECT_FALSE(l.drawers);
  EXPECT_GT(l.left.w, 0);
  EXPECT_FLOAT_EQ(l.center.x, l.left.w);
  EXPECT_FLOAT_EQ(l.step_bar.y, 1024 - 55);
  EXPECT_FLOAT_EQ(l.status.y + l.status.h, l.step_bar.y);
  EXPECT_FLOAT_EQ(l.left.h, l.status.y);
  // Its folded side panel is a strip a finger can hit (44 CSS px at devicePixelRatio 1).
  EXPECT_TRUE(ComputeLayout(Window(768, 1024)).right_strip);
  in.right_unfolded = false;
  in.touch = 44;
  const PanelLayout folded = ComputeLayout(in);
  EXPECT_TRUE(folded.right_strip);
  EXPECT_FLOAT_EQ(folded.right.w, 44);
  EXPECT_FLOAT_EQ(folded.center.x + folded.center.w, 768 - 44);
  in.right_unfolded = true;
  // The same window with a mouse and no step bar is laid out as before.
  LayoutInput desk = Window(768, 1024);
  desk.right_unfolded = true;
  const PanelLayout d = ComputeLayout(desk);
  EXPECT_FLOAT_EQ(d.step_bar.h, 0);
  ExpectTiled(d, 768, 1024);
  EXPECT_FLOAT_EQ(d.left.w, l.left.w);
}

TEST(Layout, AnEmbeddedFigureIsTheFigureAndTheStepBar) {
  LayoutInput in = Window(720, 420);
  in.embed = true;
  in.top = 30;  // no menu bar is drawn, but a height handed in is ignored
  in.step_bar = 55;
  in.quiz = true;
  const PanelLayout l = ComputeLayout(in);
  EXPECT_FALSE(l.panels_shown || l.status_shown);
  EXPECT_FLOAT_EQ(l.center.x, 0);
  EXPECT_FLOAT_EQ(l.center.y, 0);
  EXPECT_FLOAT_EQ(l.center.w, 720);
  EXPECT_FLOAT_EQ(l.center.h, 420 - 55);
  EXPECT_FLOAT_EQ(l.step_bar.y, 420 - 55);
  EXPECT_FLOAT_EQ(l.left.w + l.right.w, 0);
}

TEST(EmbedCode, AnIframeOfTheLinkWithEmbed) {
  const std::string code =
      EmbedCode("https://x.edu/scanviz/#s=AbC-_&t=-", 720, 420, "ScanViz: \"Blelloch\" <8>");
  EXPECT_EQ(code,
            "<iframe src=\"https://x.edu/scanviz/#s=AbC-_&amp;t=-&amp;embed\" width=\"720\" "
            "height=\"420\" style=\"border:0\" title=\"ScanViz: &quot;Blelloch&quot; &lt;8&gt;\" "
            "allow=\"fullscreen\"></iframe>");
  EXPECT_EQ(EmbedLink("http://h/#s=A&embed"), "http://h/#s=A&embed");  // once
  EXPECT_EQ(EmbedLink("http://h/"), "http://h/#embed");
}

TEST(EmbedCode, ThePageReadsEmbedAndTheLinkReaderNeverSeesIt) {
  EXPECT_TRUE(WantsEmbed("#s=AbC&embed"));
  EXPECT_TRUE(WantsEmbed("#embed&s=AbC"));
  EXPECT_TRUE(WantsEmbed("#s=AbC&t=-&embed=1"));
  EXPECT_FALSE(WantsEmbed("#s=AbC"));
  EXPECT_FALSE(WantsEmbed("#s=embed"));
  EXPECT_FALSE(WantsEmbed("#s=AbCembed"));
  EXPECT_FALSE(WantsEmbed(""));
  EXPECT_EQ(WithoutEmbed("#s=AbC&embed"), "#s=AbC");
  EXPECT_EQ(WithoutEmbed("#embed&s=AbC&t=-"), "#s=AbC&t=-");
  EXPECT_EQ(WithoutEmbed("#s=AbC&t=-"), "#s=AbC&t=-");
  EXPECT_EQ(WithoutEmbed("#embed"), "");
  EXPECT_EQ(WithoutEmbed(""), "");
}

}  // namespace
}  // namespace scanviz
