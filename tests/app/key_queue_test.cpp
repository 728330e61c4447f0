// Short taps and the keys a text field owns: the key queue and the shortcuts, without a window.
#include <gtest/gtest.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "app_state.h"
#include "key_queue.h"
#include "shortcuts.h"

namespace scanviz {
namespace {

KeyEvent Press(int key, int mods = 0) {
  return {key, GLFW_PRESS, mods};
}
KeyEvent Release(int key, int mods = 0) {
  return {key, GLFW_RELEASE, mods};
}
KeyEvent Repeat(int key) {
  return {key, GLFW_REPEAT, 0};
}

TEST(KeyQueue, ATapShorterThanAFrameIsDownForOneFrameAndUpTheNext) {
  KeyQueue q;
  q.Push(Press(GLFW_KEY_SPACE));
  q.Push(Release(GLFW_KEY_SPACE));  // both before the frame: a 12 ms tap
  EXPECT_EQ(q.TakeFrame(), std::vector<KeyEvent>{Press(GLFW_KEY_SPACE)});
  EXPECT_EQ(q.TakeFrame(), std::vector<KeyEvent>{Release(GLFW_KEY_SPACE)});
  EXPECT_TRUE(q.Empty());
  EXPECT_TRUE(q.TakeFrame().empty());
}

TEST(KeyQueue, SevenQuickTapsAreSevenPressesInOrder) {
  KeyQueue q;
  q.Push(Press(GLFW_KEY_HOME));
  q.Push(Release(GLFW_KEY_HOME));
  for (int i = 0; i < 7; ++i) {
    q.Push(Press(GLFW_KEY_RIGHT));
    q.Push(Release(GLFW_KEY_RIGHT));
  }
  int presses = 0, frames = 0;
  std::vector<int> order;
  while (!q.Empty()) {
    ++frames;
    for (const KeyEvent& e : q.TakeFrame()) {
      if (e.Press()) {
        ++presses;
        order.push_back(e.key);
      }
    }
  }
  EXPECT_EQ(presses, 8);
  EXPECT_EQ(order.front(), GLFW_KEY_HOME);
  // A key's press and release take a frame each: eight taps in 16 frames (a quarter second at
  // 60 Hz), the queue never further behind than that.
  EXPECT_LE(frames, 16);
}

TEST(KeyQueue, DifferentKeysShareAFrameAndRepeatsDoNotSplitIt) {
  KeyQueue q;
  q.Push(Press(GLFW_KEY_LEFT_CONTROL));
  q.Push(Press(GLFW_KEY_EQUAL, GLFW_MOD_CONTROL));
  q.Push(Repeat(GLFW_KEY_EQUAL));
  q.Push(Repeat(GLFW_KEY_EQUAL));
  EXPECT_EQ(q.TakeFrame().size(), 4u);
}

TEST(KeyQueue, ACtrlReleasedRightAfterItsKeyIsStillDownWhenTheKeyIs) {
  KeyQueue q;  // the order xdotool sends ctrl+a in
  q.Push(Press(GLFW_KEY_LEFT_CONTROL));
  q.Push(Press(GLFW_KEY_A, GLFW_MOD_CONTROL));
  q.Push(Release(GLFW_KEY_LEFT_CONTROL));
  q.Push(Release(GLFW_KEY_A));
  EXPECT_EQ(q.TakeFrame(), (std::vector<KeyEvent>{Press(GLFW_KEY_LEFT_CONTROL),
                                                  Press(GLFW_KEY_A, GLFW_MOD_CONTROL)}));
  EXPECT_EQ(q.TakeFrame(),
            (std::vector<KeyEvent>{Release(GLFW_KEY_LEFT_CONTROL), Release(GLFW_KEY_A)}));
}

class Shortcuts : public ::testing::Test {
 protected:
  Shortcuts() : app(Settings{}) { app.SetBackend(BackendChoice::kCpu); }
  void Keys(std::vector<KeyEvent> keys, bool text_input = false) {
    HandleShortcuts(app, keys, text_input);
  }
  AppState app;
};

TEST_F(Shortcuts, ArrowsStepAndHomeEndJump) {
  Keys({Press(GLFW_KEY_END)});
  const int last = app.CurrentPlayer().Round();
  EXPECT_EQ(last, app.CurrentPlayer().RoundCount() - 1);
  Keys({Press(GLFW_KEY_HOME), Press(GLFW_KEY_RIGHT), Press(GLFW_KEY_RIGHT)});
  EXPECT_EQ(app.CurrentPlayer().Round(), 2);
  Keys({Press(GLFW_KEY_LEFT)});
  EXPECT_EQ(app.CurrentPlayer().Round(), 1);
  Keys({Repeat(GLFW_KEY_RIGHT), Repeat(GLFW_KEY_RIGHT)});  // held: keeps stepping
  EXPECT_EQ(app.CurrentPlayer().Round(), 3);
}

TEST_F(Shortcuts, NothingHappensWhileATextFieldHasTheKeyboard) {
  const Algorithm before = app.GetAlgorithm();
  Keys({Press(GLFW_KEY_TAB), Press(GLFW_KEY_RIGHT), Press(GLFW_KEY_5), Press(GLFW_KEY_S),
        Press(GLFW_KEY_P)},
       /*text_input=*/true);
  EXPECT_EQ(app.GetAlgorithm(), before);
  EXPECT_EQ(app.CurrentPlayer().Round(), 0);
  EXPECT_EQ(app.view.panel, SidePanel::kInspector);
  EXPECT_FALSE(app.view.side_by_side);
  EXPECT_FALSE(app.view.presenter);
}

TEST_F(Shortcuts, TabAndBCycleEveryAlgorithmOncePerPressNotPerRepeat) {
  const Algorithm first = app.GetAlgorithm();
  Keys({Press(GLFW_KEY_TAB), Repeat(GLFW_KEY_TAB), Repeat(GLFW_KEY_TAB)});
  const Algorithm second = app.GetAlgorithm();
  EXPECT_NE(second, first);
  Keys({Press(GLFW_KEY_B)});
  EXPECT_NE(app.GetAlgorithm(), second);
  for (int i = 2; i < kAlgorithmCount; ++i) Keys({Press(GLFW_KEY_TAB)});
  EXPECT_EQ(app.GetAlgorithm(), first);
}

TEST_F(Shortcuts, TogglesTabsAndZoom) {
  Keys({Press(GLFW_KEY_3)});
  EXPECT_EQ(app.view.panel, SidePanel::kNarration);
  Keys({Press(GLFW_KEY_S), Press(GLFW_KEY_O), Press(GLFW_KEY_C), Press(GLFW_KEY_P)});
  EXPECT_TRUE(app.view.side_by_side);
  EXPECT_TRUE(app.view.only_current);
  EXPECT_TRUE(app.view.color_by_case);
  EXPECT_TRUE(app.view.presenter);
  // Ctrl+S is not S: Ctrl combinations never toggle the single-key shortcuts.
  Keys({Press(GLFW_KEY_S, GLFW_MOD_CONTROL)});
  EXPECT_TRUE(app.view.side_by_side);
  // Ctrl + enlarges the figure, not the panels.
  Keys({Press(GLFW_KEY_EQUAL, GLFW_MOD_CONTROL), Press(GLFW_KEY_EQUAL, GLFW_MOD_CONTROL)});
  EXPECT_GT(app.view.figure_scale, 1.3f);
  EXPECT_EQ(app.view.ui_scale, 1.0f);
  Keys({Press(GLFW_KEY_MINUS, GLFW_MOD_CONTROL)});
  EXPECT_LT(app.view.figure_scale, 1.3f);
  Keys({Press(GLFW_KEY_0, GLFW_MOD_CONTROL)});
  EXPECT_EQ(app.view.figure_scale, 1.0f);
  // Space plays; a second tap pauses.
  Keys({Press(GLFW_KEY_SPACE)});
  EXPECT_TRUE(app.CurrentPlayer().Playing());
  Keys({Press(GLFW_KEY_SPACE)});
  EXPECT_FALSE(app.CurrentPlayer().Playing());
}

TEST_F(Shortcuts, CtrlSAsksForTheFigureOncePerPressAndNotFromATextField) {
  using Export = ViewState::Export;
  Keys({Press(GLFW_KEY_S, GLFW_MOD_CONTROL)},
       /*text_input=*/true);  // typing: Ctrl+S is the field's
  EXPECT_EQ(app.view.export_request, Export::kNone);
  Keys({Press(GLFW_KEY_S)});  // S alone is side by side, not a save
  EXPECT_EQ(app.view.export_request, Export::kNone);
  EXPECT_TRUE(app.view.side_by_side);
  Keys({{GLFW_KEY_S, GLFW_REPEAT, GLFW_MOD_CONTROL}});  // a held key's repeats write nothing
  EXPECT_EQ(app.view.export_request, Export::kNone);
  Keys({Press(GLFW_KEY_S, GLFW_MOD_CONTROL)});
  EXPECT_EQ(app.view.export_request, Export::kFigure);
  EXPECT_TRUE(app.view.side_by_side);  // and Ctrl+S toggles nothing
}

TEST(ReservedKeys, TabIsKeptFromImGui) {
  EXPECT_TRUE(IsReservedKey(GLFW_KEY_TAB));
  EXPECT_FALSE(IsReservedKey(GLFW_KEY_A));
  EXPECT_FALSE(IsReservedKey(GLFW_KEY_ENTER));
}

}  // namespace
}  // namespace scanviz
