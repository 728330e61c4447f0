// Short taps and the keys a text field owns: the key queue and the shortcuts, without a window.
#include <gtest/gtest.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "kinds/kind.h"
#include "platform/key_queue.h"
#include "platform/shortcuts.h"
#include "state/app_state.h"

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

TEST_F(Shortcuts, NothingButTabHappensWhileATextFieldHasTheKeyboard) {
  const Algorithm before = app.GetAlgorithm();
  Keys({Press(GLFW_KEY_RIGHT), Press(GLFW_KEY_5), Press(GLFW_KEY_S), Press(GLFW_KEY_P),
        Press(GLFW_KEY_B)},
       /*text_input=*/true);
  EXPECT_EQ(app.GetAlgorithm(), before);
  EXPECT_EQ(app.CurrentPlayer().Round(), 0);
  EXPECT_EQ(app.view.panel, SidePanel::kInspector);
  EXPECT_FALSE((app.ShownKind() == KindId::kSideBySide));
  EXPECT_FALSE(app.view.presenter);
  // Issue #26 item 7: Tab leaves the field (FeedKeys) and switches the algorithm, as outside
  // one; in the quiz's answers it moves to the next answer and switches nothing.
  Keys({Press(GLFW_KEY_TAB)}, /*text_input=*/true);
  EXPECT_NE(app.GetAlgorithm(), before);
  const Algorithm after = app.GetAlgorithm();
  app.view.tab_between_fields = true;
  Keys({Press(GLFW_KEY_TAB)}, /*text_input=*/true);
  EXPECT_EQ(app.GetAlgorithm(), after);
}

TEST_F(Shortcuts, TabAndBCycleEveryAlgorithmOncePerPressNotPerRepeat) {
  const Algorithm first = app.GetAlgorithm();
  Keys({Press(GLFW_KEY_TAB), Repeat(GLFW_KEY_TAB), Repeat(GLFW_KEY_TAB)});
  const Algorithm second = app.GetAlgorithm();
  EXPECT_NE(second, first);
  Keys({Press(GLFW_KEY_B)});
  EXPECT_NE(app.GetAlgorithm(), second);
  for (int i = 2; i < kAlgorithmCount; ++i) Keys({Press(GLFW_KEY_TAB)});
  EXPECT_EQ(app.ShownKind(), KindId::kMultiBlock);  // after the last block scan, the grid
  Keys({Press(GLFW_KEY_TAB)});
  EXPECT_EQ(app.ShownKind(), KindId::kBlockScan);  // and round again
  EXPECT_EQ(app.GetAlgorithm(), first);
}

// Home and End go through the shown kind: the timeline, which has no player, moves its cursor to
// the first and the last moment (they did nothing there before the kinds).
TEST_F(Shortcuts, HomeAndEndMoveTheTimelinesCursor) {
  Keys({Press(GLFW_KEY_L)});
  ASSERT_EQ(app.ShownKind(), KindId::kSinglePass);
  const Kind& kind = ShownKindOf(app);
  Keys({Press(GLFW_KEY_END)});
  EXPECT_EQ(kind.Steps(app).step, kind.Steps(app).count - 1);
  Keys({Press(GLFW_KEY_HOME)});
  EXPECT_EQ(kind.Steps(app).step, 0);
  Keys({Press(GLFW_KEY_RIGHT)});
  EXPECT_EQ(kind.Steps(app).step, 1);
}

TEST_F(Shortcuts, TogglesTabsAndZoom) {
  Keys({Press(GLFW_KEY_3)});
  EXPECT_EQ(app.view.panel, SidePanel::kNarration);
  Keys({Press(GLFW_KEY_S), Press(GLFW_KEY_O), Press(GLFW_KEY_C), Press(GLFW_KEY_P)});
  EXPECT_TRUE((app.ShownKind() == KindId::kSideBySide));
  EXPECT_TRUE(app.view.only_current);
  EXPECT_TRUE(app.view.color_by_case);
  EXPECT_TRUE(app.view.presenter);
  // Ctrl+S is not S: Ctrl combinations never toggle the single-key shortcuts.
  Keys({Press(GLFW_KEY_S, GLFW_MOD_CONTROL)});
  EXPECT_TRUE((app.ShownKind() == KindId::kSideBySide));
  // Ctrl + enlarges the figure, not the panels.
  Keys({Press(GLFW_KEY_EQUAL, GLFW_MOD_CONTROL), Press(GLFW_KEY_EQUAL, GLFW_MOD_CONTROL)});
  EXPECT_GT(app.view.figure_scale, 1.3f);
  EXPECT_EQ(app.view.ui_scale, 1.0f);
  Keys({Press(GLFW_KEY_MINUS, GLFW_MOD_CONTROL)});
  EXPECT_LT(app.view.figure_scale, 1.3f);
  Keys({Press(GLFW_KEY_0, GLFW_MOD_CONTROL)});
  EXPECT_EQ(app.view.figure_scale, 1.0f);
  // Issue #37 item 7: Ctrl+0 undoes every zoom, the wheel's (and its pan) too; F the wheel's.
  app.view.zoom = 2.5f;
  app.view.pan_x = -40;
  app.view.figure_scale = 1.44f;
  Keys({Press(GLFW_KEY_0, GLFW_MOD_CONTROL)});
  EXPECT_EQ(app.view.zoom, 1.0f);
  EXPECT_EQ(app.view.pan_x, 0.0f);
  EXPECT_EQ(app.view.figure_scale, 1.0f);
  app.view.zoom = 2.5f;
  Keys({Press(GLFW_KEY_F)});
  EXPECT_EQ(app.view.zoom, 1.0f);
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
  EXPECT_TRUE((app.ShownKind() == KindId::kSideBySide));
  Keys({{GLFW_KEY_S, GLFW_REPEAT, GLFW_MOD_CONTROL}});  // a held key's repeats write nothing
  EXPECT_EQ(app.view.export_request, Export::kNone);
  Keys({Press(GLFW_KEY_S, GLFW_MOD_CONTROL)});
  EXPECT_EQ(app.view.export_request, Export::kFigure);
  EXPECT_TRUE((app.ShownKind() == KindId::kSideBySide));  // and Ctrl+S toggles nothing
}

// Ctrl+O opens the file dialog, Ctrl+Shift+S the save dialog (not the figure's Ctrl+S); while the
// dialog is open the player's keys are its own.
TEST_F(Shortcuts, CtrlOAndCtrlShiftSOpenTheFileDialog) {
  Keys({Press(GLFW_KEY_O, GLFW_MOD_CONTROL)}, /*text_input=*/true);
  EXPECT_EQ(app.view.file_dialog, FileDialog::kNone);
  Keys({Press(GLFW_KEY_O, GLFW_MOD_CONTROL)});
  EXPECT_EQ(app.view.file_dialog, FileDialog::kOpen);
  EXPECT_FALSE(app.view.only_current);  // not O's toggle
  const int round = app.CurrentPlayer().Round();
  Keys({Press(GLFW_KEY_RIGHT), Press(GLFW_KEY_ESCAPE)});
  EXPECT_EQ(app.CurrentPlayer().Round(), round);
  app.view.file_dialog = FileDialog::kNone;
  Keys({Press(GLFW_KEY_S, GLFW_MOD_CONTROL | GLFW_MOD_SHIFT)});
  EXPECT_EQ(app.view.file_dialog, FileDialog::kSave);
  EXPECT_EQ(app.view.export_request, ViewState::Export::kNone);
}

// Typing into a field: the printable keys' own events are dropped (their characters went to the
// field), so the Escape typed after twenty characters is fed at once, not twenty frames later;
// Ctrl shortcuts in the field (Ctrl+A) and the special keys stay.
TEST(KeyQueue, TypingDoesNotHoldUpTheEscapeAfterIt) {
  KeyQueue q;
  for (int key :
       {GLFW_KEY_N, GLFW_KEY_O, GLFW_KEY_N, GLFW_KEY_E, GLFW_KEY_PERIOD, GLFW_KEY_SLASH}) {
    q.Push(Press(key));
    q.Push({key, GLFW_RELEASE, 0});
  }
  // xdotool's Ctrl+A: Ctrl is let go before A, so A's release has no Ctrl; it must stay.
  q.Push(Press(GLFW_KEY_LEFT_CONTROL));
  q.Push(Press(GLFW_KEY_A, GLFW_MOD_CONTROL));
  q.Push({GLFW_KEY_LEFT_CONTROL, GLFW_RELEASE, GLFW_MOD_CONTROL});
  q.Push({GLFW_KEY_A, GLFW_RELEASE, 0});
  q.Push(Press(GLFW_KEY_BACKSPACE));
  q.Push(Press(GLFW_KEY_ESCAPE));
  q.DropTyping();
  std::vector<KeyEvent> all;
  while (!q.Empty())
    for (const KeyEvent& e : q.TakeFrame()) all.push_back(e);
  ASSERT_EQ(all.size(), 6u);
  EXPECT_EQ(all[1].key, GLFW_KEY_A);
  EXPECT_EQ(all[3].key, GLFW_KEY_A);  // its release
  EXPECT_EQ(all[3].action, GLFW_RELEASE);
  EXPECT_EQ(all[4].key, GLFW_KEY_BACKSPACE);
  EXPECT_EQ(all[5].key, GLFW_KEY_ESCAPE);
  KeyQueue typed;
  typed.Push(Press(GLFW_KEY_X));
  typed.Push({GLFW_KEY_X, GLFW_RELEASE, 0});
  typed.Push(Press(GLFW_KEY_ENTER));
  typed.DropTyping();
  EXPECT_EQ(typed.TakeFrame(), (std::vector<KeyEvent>{Press(GLFW_KEY_ENTER)}));
}

TEST(KeyQueue, ACharacterRidesOnTheKeyThatTypedIt) {
  KeyQueue q;
  q.Push(Press(GLFW_KEY_LEFT_SHIFT, 0));
  q.Push(Press(GLFW_KEY_SLASH, GLFW_MOD_SHIFT));
  q.PushChar('?');
  q.PushChar(0x00E9);  // an input method's character, with no key of its own
  const std::vector<KeyEvent> frame = q.TakeFrame();
  ASSERT_EQ(frame.size(), 2u);
  EXPECT_EQ(frame[0].codepoint, 0u);  // not on the modifier
  EXPECT_EQ(frame[1].key, GLFW_KEY_SLASH);
  EXPECT_EQ(frame[1].codepoint, static_cast<unsigned>('?'));
  const std::vector<KeyEvent> next = q.TakeFrame();  // a character after a key: the next frame
  ASSERT_EQ(next.size(), 1u);
  EXPECT_EQ(next[0].key, GLFW_KEY_UNKNOWN);
  EXPECT_EQ(next[0].action, GLFW_REPEAT);  // no key changes: it holds up nothing
  EXPECT_EQ(next[0].codepoint, 0x00E9u);
}

// Typing "7", Tab, "5", Enter fast into a text field: the Tab's press and release get a frame
// each, and the 5 the frame after them, when the field Tab moved to is active (ImGui drops the
// characters of the frame a field activates in); Enter comes after the 5 has landed.
TEST(KeyQueue, ACharacterTypedAfterTabWaitsForTheTab) {
  KeyQueue q;
  auto typed = [&](int key, unsigned c) {
    q.Push(Press(key));
    q.PushChar(c);
    q.Push({key, GLFW_RELEASE, 0});
  };
  typed(GLFW_KEY_7, '7');
  q.Push(Press(GLFW_KEY_TAB));
  q.Push({GLFW_KEY_TAB, GLFW_RELEASE, 0});
  typed(GLFW_KEY_5, '5');
  q.Push(Press(GLFW_KEY_ENTER));
  q.DropTyping();
  // One frame each: the 7, Tab down, Tab up, the 5, Enter. A character never shares a frame with
  // a key before it, nor a key with a character before it.
  const std::vector<std::vector<KeyEvent>> want = {{KeyQueue::CharOnly('7')},
                                                   {Press(GLFW_KEY_TAB)},
                                                   {{GLFW_KEY_TAB, GLFW_RELEASE, 0}},
                                                   {KeyQueue::CharOnly('5')},
                                                   {Press(GLFW_KEY_ENTER)}};
  for (const std::vector<KeyEvent>& frame : want) EXPECT_EQ(q.TakeFrame(), frame);
  EXPECT_TRUE(q.Empty());
}

TEST(LayoutKey, LettersFollowTheLayoutOtherKeysKeepTheirPlace) {
  EXPECT_EQ(LayoutKey(GLFW_KEY_Y, "z"), GLFW_KEY_Z);  // German: the key labelled Z
  EXPECT_EQ(LayoutKey(GLFW_KEY_Z, "y"), GLFW_KEY_Y);
  EXPECT_EQ(LayoutKey(GLFW_KEY_Q, "a"), GLFW_KEY_A);  // French
  EXPECT_EQ(LayoutKey(GLFW_KEY_SEMICOLON, "m"), GLFW_KEY_M);
  EXPECT_EQ(LayoutKey(GLFW_KEY_S, "s"), GLFW_KEY_S);
  EXPECT_EQ(LayoutKey(GLFW_KEY_M, ","), GLFW_KEY_M);  // not a letter: its place
  EXPECT_EQ(LayoutKey(GLFW_KEY_1, "&"), GLFW_KEY_1);  // French digits need Shift
  EXPECT_EQ(LayoutKey(GLFW_KEY_LEFT_BRACKET, "ü"), GLFW_KEY_LEFT_BRACKET);  // not ASCII
  EXPECT_EQ(LayoutKey(GLFW_KEY_KP_1, "1"), GLFW_KEY_KP_1);
  EXPECT_EQ(LayoutKey(GLFW_KEY_A, nullptr), GLFW_KEY_A);
}

KeyEvent Typed(int key, int mods, char c) {
  KeyEvent e = Press(key, mods);
  e.codepoint = static_cast<unsigned char>(c);
  return e;
}

TEST_F(Shortcuts, F1AndQuestionMarkOpenTheHelpEscapeClosesItAndDoesNothingElse) {
  app.view.selected_algorithm = app.GetAlgorithm();
  app.view.selected = scene::CellRef{scene::kInputRound, 0, 2};
  Keys({Press(GLFW_KEY_F1)});
  EXPECT_TRUE(app.view.help);
  Keys({Press(GLFW_KEY_ESCAPE)});
  EXPECT_FALSE(app.view.help);
  EXPECT_TRUE(app.view.selected.has_value()) << "the Escape that closed the help also deselected";
  Keys({Press(GLFW_KEY_ESCAPE)});  // the next one does
  EXPECT_FALSE(app.view.selected.has_value());

  Keys({Press(GLFW_KEY_SLASH, GLFW_MOD_SHIFT)});  // ? on a US keyboard, as xdotool sends it
  EXPECT_TRUE(app.view.help);
  Keys({Press(GLFW_KEY_SLASH, GLFW_MOD_SHIFT)});  // ? again closes
  EXPECT_FALSE(app.view.help);
  Keys({Typed(GLFW_KEY_MINUS, GLFW_MOD_SHIFT, '?')});  // German: Shift+ß types ?
  EXPECT_TRUE(app.view.help);
  Keys({Press(GLFW_KEY_F1)});
  EXPECT_FALSE(app.view.help);
  Keys({Typed(GLFW_KEY_SLASH, GLFW_MOD_SHIFT, '_')});  // German: that key types _
  Keys({Press(GLFW_KEY_SLASH)});                       // / is not ?
  Keys({Press(GLFW_KEY_F1)}, /*text_input=*/true);     // typing: not a shortcut
  EXPECT_FALSE(app.view.help);
}

TEST_F(Shortcuts, TheHelpKeepsTheKeysUntilItClosesButCtrlQStillQuits) {
  app.SetCell(0, 9);
  Keys({Press(GLFW_KEY_F1)});
  const Algorithm shown = app.GetAlgorithm();
  Keys({Press(GLFW_KEY_TAB), Press(GLFW_KEY_RIGHT), Press(GLFW_KEY_S), Press(GLFW_KEY_3),
        Press(GLFW_KEY_Z, GLFW_MOD_CONTROL), Repeat(GLFW_KEY_F1)});
  EXPECT_TRUE(app.view.help);
  EXPECT_EQ(app.GetAlgorithm(), shown);
  EXPECT_EQ(app.CurrentPlayer().Round(), 0);
  EXPECT_FALSE((app.ShownKind() == KindId::kSideBySide));
  EXPECT_EQ(app.view.panel, SidePanel::kInspector);
  EXPECT_EQ(app.Values()[0], 9);
  EXPECT_TRUE(HandleShortcuts(app, {Press(GLFW_KEY_Q, GLFW_MOD_CONTROL)}, false).quit);
}

// View > Show QR code (J): over the view, it keeps the keys as the help does; J or Escape closes
// it and does nothing else (Escape keeps the selection); Ctrl+Q still quits.
TEST_F(Shortcuts, TheQrCodeKeepsTheKeysUntilJOrEscapeClosesIt) {
  app.view.selected = scene::CellRef{scene::kInputRound, 0, 2};
  Keys({Press(GLFW_KEY_J)});
  EXPECT_TRUE(app.view.qr);
  const Algorithm shown = app.GetAlgorithm();
  Keys({Press(GLFW_KEY_TAB), Press(GLFW_KEY_RIGHT), Press(GLFW_KEY_3), Press(GLFW_KEY_F1),
        Press(GLFW_KEY_Z, GLFW_MOD_CONTROL), Repeat(GLFW_KEY_J)});
  EXPECT_TRUE(app.view.qr);
  EXPECT_FALSE(app.view.help);
  EXPECT_EQ(app.GetAlgorithm(), shown);
  EXPECT_EQ(app.CurrentPlayer().Round(), 0);
  EXPECT_EQ(app.view.panel, SidePanel::kInspector);
  EXPECT_TRUE(HandleShortcuts(app, {Press(GLFW_KEY_Q, GLFW_MOD_CONTROL)}, false).quit);
  Keys({Press(GLFW_KEY_J)});
  EXPECT_FALSE(app.view.qr);
  Keys({Press(GLFW_KEY_J), Press(GLFW_KEY_ESCAPE)});
  EXPECT_FALSE(app.view.qr);
  EXPECT_TRUE(app.view.selected.has_value());
}

TEST_F(Shortcuts, CtrlZUndoesCtrlShiftZAndCtrlYRedo) {
  const std::vector<double> start = app.Values();
  app.SetCell(0, 9);
  app.SetOp(OpKind::kMax);
  Keys({Press(GLFW_KEY_Z, GLFW_MOD_CONTROL)});
  EXPECT_EQ(app.Op(), OpKind::kAdd);
  EXPECT_EQ(app.Values()[0], 9);
  Keys({Press(GLFW_KEY_Z, GLFW_MOD_CONTROL)});
  EXPECT_EQ(app.Values(), start);
  Keys({Press(GLFW_KEY_Z, GLFW_MOD_CONTROL | GLFW_MOD_SHIFT)});
  EXPECT_EQ(app.Values()[0], 9);
  EXPECT_EQ(app.Op(), OpKind::kAdd);
  Keys({Press(GLFW_KEY_Y, GLFW_MOD_CONTROL)});
  EXPECT_EQ(app.Op(), OpKind::kMax);
  // Held: keeps undoing. In a text field Ctrl+Z is the field's, not the app's.
  Keys({Press(GLFW_KEY_Z, GLFW_MOD_CONTROL), {GLFW_KEY_Z, GLFW_REPEAT, GLFW_MOD_CONTROL}});
  EXPECT_EQ(app.Values(), start);
  Keys({Press(GLFW_KEY_Y, GLFW_MOD_CONTROL)}, /*text_input=*/true);
  EXPECT_EQ(app.Values(), start);
  // Plain Z is no shortcut (plain Y is the element type).
  Keys({Press(GLFW_KEY_Z), Press(GLFW_KEY_Z, GLFW_MOD_SHIFT)});
  EXPECT_EQ(app.Values(), start);
}

// Keyboard only (keyboard_nav.h): Alt pressed and let go alone, or F10, asks for the menu bar;
// Alt and a menu's letter for that menu; Alt with another key between, for nothing.
TEST_F(Shortcuts, AltAloneF10AndAltLetterAskForTheMenuBar) {
  ViewState::Keyboard& kb = app.view.keyboard;
  Keys({Press(GLFW_KEY_LEFT_ALT)});
  EXPECT_EQ(kb.menu_request, -1);  // not until it is let go
  Keys({Release(GLFW_KEY_LEFT_ALT, GLFW_MOD_ALT)});
  EXPECT_EQ(kb.menu_request, 0);
  kb.menu_request = -1;
  Keys({Press(GLFW_KEY_F10)});
  EXPECT_EQ(kb.menu_request, 0);
  kb.menu_request = -1;
  Keys({Press(GLFW_KEY_LEFT_ALT), Press(GLFW_KEY_V, GLFW_MOD_ALT), Release(GLFW_KEY_V, GLFW_MOD_ALT),
        Release(GLFW_KEY_LEFT_ALT, GLFW_MOD_ALT)});
  EXPECT_EQ(kb.menu_request, 4);  // File, Show, Labs, View
  EXPECT_FALSE(app.view.only_current);  // V is no other key's
  kb.menu_request = -1;
  Keys({Press(GLFW_KEY_LEFT_ALT), Press(GLFW_KEY_TAB, GLFW_MOD_ALT),
        Release(GLFW_KEY_LEFT_ALT, GLFW_MOD_ALT)});
  EXPECT_EQ(kb.menu_request, -1);  // Alt+Tab is the window manager's
}

// While ImGui's navigation has the keys the letters, arrows and Tab are its; Escape gives them
// back to the figure; F6 walks controls, side panel, figure (Shift+F6 back).
TEST_F(Shortcuts, NavigationKeepsTheSingleKeysEscapeAndF6HandThemBack) {
  ViewState::Keyboard& kb = app.view.keyboard;
  Keys({Press(GLFW_KEY_F6)});
  EXPECT_EQ(kb.panels, 1);
  EXPECT_TRUE(kb.focus_panel);
  const Algorithm alg = app.GetAlgorithm();
  const int round = app.CurrentPlayer().Round();
  HandleShortcuts(app, {Press(GLFW_KEY_TAB), Press(GLFW_KEY_RIGHT), Press(GLFW_KEY_T),
                        Press(GLFW_KEY_I)}, false, /*navigating=*/true);
  EXPECT_EQ(app.GetAlgorithm(), alg);
  EXPECT_EQ(app.CurrentPlayer().Round(), round);
  EXPECT_EQ(app.view.theme, scene::Theme::kDark);
  EXPECT_EQ(kb.field_request, "");
  Keys({Press(GLFW_KEY_F6)});
  EXPECT_EQ(kb.panels, 2);
  Keys({Press(GLFW_KEY_F6, GLFW_MOD_SHIFT)});
  EXPECT_EQ(kb.panels, 1);
  HandleShortcuts(app, {Press(GLFW_KEY_ESCAPE)}, false, /*navigating=*/true);
  EXPECT_EQ(kb.panels, 0);
  Keys({Press(GLFW_KEY_T), Press(GLFW_KEY_I)});  // the figure's keys again
  EXPECT_EQ(app.view.theme, scene::Theme::kLight);
  EXPECT_EQ(kb.field_request, "input");
}

TEST(ReservedKeys, TabIsKeptFromImGui) {
  EXPECT_TRUE(IsReservedKey(GLFW_KEY_TAB));
  EXPECT_FALSE(IsReservedKey(GLFW_KEY_A));
  EXPECT_FALSE(IsReservedKey(GLFW_KEY_ENTER));
}

}  // namespace
}  // namespace scanviz
