// Click and type (issue #37 item 10): with a block scan's cell selected, a digit starts a value for
// its column's input cell instead of switching the side panel (5 was Numerics); what is typed
// until the editor has the keyboard, Enter and Escape go to the value. Without a selection the
// digits are the side panel's tabs as before. The editor itself (array_typing.cpp) is checked
// live (ui_typing_tests).
#include <gtest/gtest.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "kinds/multi_block/multi_block_state.h"
#include "platform/shortcuts.h"
#include "state/app_state.h"

namespace scanviz {
namespace {

KeyEvent Press(int key, unsigned codepoint = 0) {
  return {key, GLFW_PRESS, 0, 0, codepoint};
}

class CellTyping : public ::testing::Test {
 protected:
  CellTyping() : app(Settings{}) {
    app.SetBackend(BackendChoice::kCpu);
    app.SetInputText("3 1 7 0 4 1 6 3");
  }
  void Select(int round, int pos) {
    app.view.selected_algorithm = app.GetAlgorithm();
    app.view.selected = scene::CellRef{round, 0, pos};
  }
  void Keys(std::vector<KeyEvent> keys) { HandleShortcuts(app, keys, false); }
  AppState app;
};

TEST_F(CellTyping, ADigitWithACellSelectedStartsItsInputValueNotAPanel) {
  Select(scene::kInputRound, 2);
  Keys({Press(GLFW_KEY_5, '5')});
  ASSERT_TRUE(app.view.cell_typing.has_value());
  EXPECT_EQ(app.view.cell_typing->pos, 2);
  EXPECT_EQ(app.view.cell_typing->algorithm, app.GetAlgorithm());
  EXPECT_EQ(app.view.cell_typing->text, "5");
  EXPECT_EQ(app.view.panel, SidePanel::kInspector);  // not Numerics (5)
  // The next keys, before the editor has the keyboard, are the value's: letters and Space too.
  Keys({Press(GLFW_KEY_2, '2'), Press(GLFW_KEY_BACKSPACE), Press(GLFW_KEY_PERIOD, '.'),
        Press(GLFW_KEY_2, '2'), Press(GLFW_KEY_E, 'e'), Press(GLFW_KEY_1, '1')});
  EXPECT_EQ(app.view.cell_typing->text, "5.2e1");
  EXPECT_EQ(app.view.panel, SidePanel::kInspector);
  EXPECT_EQ(app.view.keyboard.export_options, false);  // E was typed, not the export options
  Keys({Press(GLFW_KEY_ENTER)});
  EXPECT_TRUE(app.view.cell_typing->enter);
  EXPECT_FALSE(app.view.cell_typing->escape);
}

TEST_F(CellTyping, AnyCellOfAColumnTypesItsInputAndEscapeCancels) {
  Select(2, 6);  // a cell of round 2: the input of its column
  Keys({Press(GLFW_KEY_KP_SUBTRACT), Press(GLFW_KEY_KP_4)});
  ASSERT_TRUE(app.view.cell_typing.has_value());
  EXPECT_EQ(app.view.cell_typing->pos, 6);
  EXPECT_EQ(app.view.cell_typing->text, "-4");
  Keys({Press(GLFW_KEY_ESCAPE)});
  EXPECT_TRUE(app.view.cell_typing->escape);
  EXPECT_TRUE(app.view.selected.has_value());  // Escape was the value's, not the selection's
}

TEST_F(CellTyping, WithoutASelectionTheDigitsAreThePanelsTabs) {
  Keys({Press(GLFW_KEY_5, '5')});
  EXPECT_FALSE(app.view.cell_typing.has_value());
  EXPECT_EQ(app.view.panel, SidePanel::kNumerics);
  Keys({Press(GLFW_KEY_2, '2')});
  EXPECT_EQ(app.view.panel, SidePanel::kCode);
  // A letter never starts a value, a selected cell or not.
  Select(scene::kInputRound, 1);
  Keys({Press(GLFW_KEY_E, 'e')});
  EXPECT_FALSE(app.view.cell_typing.has_value());
  EXPECT_TRUE(app.view.keyboard.export_options);
}

TEST_F(CellTyping, NoValueForAPaddingCellAQuizOrAnotherKind) {
  Select(scene::kInputRound, 8);  // past the 8 values (a Blelloch padding column)
  Keys({Press(GLFW_KEY_5, '5')});
  EXPECT_FALSE(app.view.cell_typing.has_value());
  Select(scene::kInputRound, 1);
  app.view.quiz = true;  // a quiz asks: its answers have the digits
  Keys({Press(GLFW_KEY_6, '6')});
  EXPECT_FALSE(app.view.cell_typing.has_value());
  app.view.quiz = false;
  app.view.selected_algorithm = Algorithm::kBlelloch;  // a pane not shown
  Keys({Press(GLFW_KEY_6, '6')});
  EXPECT_FALSE(app.view.cell_typing.has_value());
}

// A value whose editor no view draws (another kind shown meanwhile) never keeps the keys.
TEST_F(CellTyping, AValueNoEditorTookIsDroppedAfterTwoFrames) {
  Select(scene::kInputRound, 3);
  Keys({Press(GLFW_KEY_9, '9')});
  ASSERT_TRUE(app.view.cell_typing.has_value());
  Keys({});
  Keys({});
  EXPECT_TRUE(app.view.cell_typing.has_value());
  Keys({});
  EXPECT_FALSE(app.view.cell_typing.has_value());
  Keys({Press(GLFW_KEY_RIGHT)});  // the keys are the app's again
  EXPECT_EQ(app.CurrentPlayer().Round(), 1);
}

TEST(TypedChar, FromTheCodepointElseFromTheKey) {
  EXPECT_EQ(TypedChar({GLFW_KEY_Y, GLFW_PRESS, 0, 0, 'z'}), 'z');  // the layout's letter
  EXPECT_EQ(TypedChar({GLFW_KEY_KP_7, GLFW_PRESS, 0, 0, 0}), '7');
  EXPECT_EQ(TypedChar({GLFW_KEY_MINUS, GLFW_PRESS, 0, 0, 0}), '-');
  EXPECT_EQ(TypedChar({GLFW_KEY_RIGHT, GLFW_PRESS, 0, 0, 0}), 0);
  EXPECT_EQ(TypedChar({GLFW_KEY_UNKNOWN, GLFW_REPEAT, 0, 0, 0xe9}), 0);  // not ASCII
}

}  // namespace
}  // namespace scanviz
