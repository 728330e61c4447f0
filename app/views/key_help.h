// Every key and mouse action of the app, in one table: the help overlay (F1 or ?) draws it, the
// controls' tooltips take their keys from it, docs/app.md's key table is generated from it, and a
// test feeds each listed key to HandleShortcuts (and every key it does not list) so that the help
// cannot drift from what the app does. No ImGui: tested without a window.
#pragma once

#include <string>
#include <vector>

#include "state/kind_id.h"

namespace scanviz {

enum class KeyGroup { kRounds, kShow, kPanels, kEdit, kMouse, kApp };
inline constexpr int kKeyGroupCount = 6;
const char* Title(KeyGroup group);

// What a listed line does, for a control's tooltip to name its key (KeysOf).
enum class KeyAction {
  kNone,  // a line no control names
  kPlay,
  kStepForward,
  kStepBack,
  kFirst,
  kLast,
  kNextAlgorithm,
  kOnlyCurrent,
  kCaseColours,
  kPresenter,
  kQuiz,
  kQrCode,
  kDeselect,
  kTypeInCell,  // click and type: a digit, a sign or a point with a cell selected
  kFullscreen,
  kTabs,
  kHideControls,
  kHideSidePanel,
  kFigureLarger,
  kFigureSmaller,
  kFigureReset,
  kUndo,
  kRedo,
  kSaveFigure,
  kOpenFile,
  kSaveSession,
  kHelp,
  kQuit,
  kThemeFitView,  // T, F
  kKind,          // a kind's key (Kind::Entry; KeyOfKind names a kind's first)
  kFocusInput,    // I, N, X, Y, E
  kMenuBar,       // F10, F6, Alt+letter
};

// A key as HandleShortcuts sees it: a GLFW key code and the modifiers it needs (GLFW_MOD_*).
// Shift is ignored where no line asks for it (Ctrl + on a US keyboard is Ctrl+Shift+=).
struct KeyChord {
  int key = 0;
  int mods = 0;
};

struct KeyHelp {
  const char* keys;    // as the help shows them: "← or PgUp"
  const char* action;  // what they do, one line
  KeyGroup group;
  KeyAction id = KeyAction::kNone;
  // The shortcuts behind the line. Empty for the mouse and for keys that belong to a text field
  // (Enter, Escape there), which ImGui and the views handle, not HandleShortcuts.
  std::vector<KeyChord> chords = {};
};

const std::vector<KeyHelp>& KeyHelpTable();
// The keys of an action as the help writes them ("Space", "Tab or B"); "" for kNone.
const char* KeysOf(KeyAction id);
// A kind's first key as the help writes it ("M": the menu and the tooltips name it); "" for a
// kind without one.
const char* KeyOfKind(KindId id);
class AppState;

// What the shown kind's key does pressed again, for its header and its button's tooltip
// ("G again: back to Multi-block grid"; AppState::WayBack); "" for a kind without a key.
std::string SecondPress(const AppState& app);
// Whether a key press (GLFW key, modifiers) is one of the table's chords.
bool Listed(int key, int mods);
// The table as Markdown, for docs/app.md (a test keeps the two equal).
std::string KeyHelpMarkdown();

}  // namespace scanviz
