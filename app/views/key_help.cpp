#include "views/key_help.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <utility>

#include "state/kind_model.h"

namespace scanviz {

namespace {

constexpr int kCtrl = GLFW_MOD_CONTROL;
constexpr int kShift = GLFW_MOD_SHIFT;
constexpr int kAlt = GLFW_MOD_ALT;

// The table in two halves (each function a screen): the rounds and what is shown, then the rest;
// the kinds' keys go after Tab (KindLines).
std::vector<KeyHelp> FirstLines() {
  using G = KeyGroup;
  using A = KeyAction;
  // One entry a line or two, read as the table it is.
  // clang-format off
  return {
      {"Space", "play / pause", G::kRounds, A::kPlay, {{GLFW_KEY_SPACE}}},
      {"→ or PgDn", "next round (held: keeps stepping; a clicker's forward)", G::kRounds,
       A::kStepForward, {{GLFW_KEY_RIGHT}, {GLFW_KEY_PAGE_DOWN}}},
      {"← or PgUp", "previous round", G::kRounds, A::kStepBack,
       {{GLFW_KEY_LEFT}, {GLFW_KEY_PAGE_UP}}},
      {"Home", "first round", G::kRounds, A::kFirst, {{GLFW_KEY_HOME}}},
      {"End", "last round", G::kRounds, A::kLast, {{GLFW_KEY_END}}},

      {"Tab or B", "next algorithm (Tab from a text field too)",
       G::kShow, A::kNextAlgorithm, {{GLFW_KEY_TAB}, {GLFW_KEY_B}}},
      {"O", "only the current round", G::kShow, A::kOnlyCurrent, {{GLFW_KEY_O}}},
      {"C", "colour Hillis-Steele's cases 1, 2, 3", G::kShow, A::kCaseColours, {{GLFW_KEY_C}}},
      {"P", "presenter mode: large text, full screen, no panels (the quiz keeps its own)", G::kShow, A::kPresenter,
       {{GLFW_KEY_P}}},
      {"Q", "quiz: predict the next round (the asked cells blank; Enter submits, Tab moves)",
       G::kShow, A::kQuiz, {{GLFW_KEY_Q}}},
      {"Esc", "close a menu or popup, else drop the selected cell", G::kShow, A::kDeselect, {{GLFW_KEY_ESCAPE}}},
      {"F11", "full screen", G::kShow, A::kFullscreen, {{GLFW_KEY_F11}}},
      {"T, F", "theme, fit view", G::kShow, A::kThemeFitView, {{GLFW_KEY_T}, {GLFW_KEY_F}}},

  };
  // clang-format on
}

std::vector<KeyHelp> MoreLines() {
  using G = KeyGroup;
  using A = KeyAction;
  // clang-format off
  return {
      {"1 to 7",
       "right-hand tab: Inspector, Code, Narration, Work & depth, Numerics, Warps & banks, "
       "Mistakes",
       G::kPanels, A::kTabs,
       {{GLFW_KEY_1}, {GLFW_KEY_2}, {GLFW_KEY_3}, {GLFW_KEY_4}, {GLFW_KEY_5}, {GLFW_KEY_6},
        {GLFW_KEY_7}}},
      {"[", "hide / show the controls", G::kPanels, A::kHideControls, {{GLFW_KEY_LEFT_BRACKET}}},
      {"]", "hide / show the side panel", G::kPanels, A::kHideSidePanel,
       {{GLFW_KEY_RIGHT_BRACKET}}},
      {"Ctrl+= or Ctrl++", "larger figure (its values and cells)", G::kPanels, A::kFigureLarger,
       {{GLFW_KEY_EQUAL, kCtrl}, {GLFW_KEY_KP_ADD, kCtrl}}},
      {"Ctrl+−", "smaller figure", G::kPanels, A::kFigureSmaller,
       {{GLFW_KEY_MINUS, kCtrl}, {GLFW_KEY_KP_SUBTRACT, kCtrl}}},
      {"Ctrl+0", "the figure at its usual size", G::kPanels, A::kFigureReset,
       {{GLFW_KEY_0, kCtrl}, {GLFW_KEY_KP_0, kCtrl}}},
      {"F10, Alt, F6", "menu bar (Alt+F S L V H), panels: arrows, Tab, Enter, Esc", G::kPanels,
       A::kMenuBar, {{GLFW_KEY_F10}, {GLFW_KEY_F6}, {GLFW_KEY_F, kAlt}, {GLFW_KEY_S, kAlt},
                     {GLFW_KEY_L, kAlt}, {GLFW_KEY_V, kAlt}, {GLFW_KEY_H, kAlt}}},

      {"Ctrl+Z", "undo an input edit: text, cell, n, preset, Randomise, operator, type",
       G::kEdit, A::kUndo, {{GLFW_KEY_Z, kCtrl}}},
      {"Ctrl+Shift+Z or Ctrl+Y", "redo", G::kEdit, A::kRedo,
       {{GLFW_KEY_Z, kCtrl | kShift}, {GLFW_KEY_Y, kCtrl}}},
      {"I, N, X, Y, E", "type in the input, n; operator, type; export options", G::kEdit,
       A::kFocusInput, {{GLFW_KEY_I}, {GLFW_KEY_N}, {GLFW_KEY_X}, {GLFW_KEY_Y}, {GLFW_KEY_E}}},
      {"0 to 9, −, .", "a cell selected: type its input value", G::kEdit,
       A::kTypeInCell,
       {{GLFW_KEY_0}, {GLFW_KEY_1}, {GLFW_KEY_2}, {GLFW_KEY_3}, {GLFW_KEY_4}, {GLFW_KEY_5},
        {GLFW_KEY_6}, {GLFW_KEY_7}, {GLFW_KEY_8}, {GLFW_KEY_9}, {GLFW_KEY_KP_0}, {GLFW_KEY_KP_1},
        {GLFW_KEY_KP_2}, {GLFW_KEY_KP_3}, {GLFW_KEY_KP_4}, {GLFW_KEY_KP_5}, {GLFW_KEY_KP_6},
        {GLFW_KEY_KP_7}, {GLFW_KEY_KP_8}, {GLFW_KEY_KP_9}, {GLFW_KEY_MINUS},
        {GLFW_KEY_KP_SUBTRACT}, {GLFW_KEY_PERIOD}, {GLFW_KEY_KP_DECIMAL}}},
      {"Enter", "in a text field: apply it (a bad value stays, with why)", G::kEdit},
      {"Esc", "in a text field: leave the input box keeping the text; cancel a cell's edit",
       G::kEdit},
      {"Ctrl+Enter", "in a text field: a new line (the input box)", G::kEdit},
      {"Ctrl+Z", "in a text field: undo the typing there", G::kEdit},

      {"hover a cell", "its invariant window: a bracket over the input, the combination, ✓ or ✗",
       G::kMouse},
      // One line for both clicks: the line click and type added must not shrink the help's font
      // (the presenter's at 720p keeps 14 px).
      {"click a cell", "select it (again: drop it); double-click an input cell: edit it in place",
       G::kMouse},
      {"wheel", "zoom round the pointer, values too (Fit view: back)", G::kMouse},
      {"right or middle drag", "pan the figure", G::kMouse},
      {"hover a chart", "work & depth, benchmark: the values at that n", G::kMouse},
      {"hover a control", "what it does, and its key", G::kMouse},

      {"Ctrl+S", "save the figure as PNG and SVG (the Export row: size, folder, all rounds)",
       G::kApp, A::kSaveFigure, {{GLFW_KEY_S, kCtrl}}},
      {"Ctrl+O", "open a session (.scanviz) or a trace file (or drop it on the window)", G::kApp,
       A::kOpenFile, {{GLFW_KEY_O, kCtrl}}},
      {"Ctrl+Shift+S", "save the session: input, algorithm, round, view, grid or application, an opened trace",
       G::kApp, A::kSaveSession, {{GLFW_KEY_S, kCtrl | kShift}}},
      {"J", "QR code of this view's link (or the class's)", G::kApp, A::kQrCode, {{GLFW_KEY_J}}},
      {"R", "a student's page, paused: rejoin the teacher", G::kApp},
      {"F1 or ?", "this help (F1, ?, Esc or a click outside closes it)", G::kApp, A::kHelp,
       {{GLFW_KEY_F1}, {GLFW_KEY_SLASH, kShift}}},
      {"Ctrl+Q", "quit (also from a text field)", G::kApp, A::kQuit, {{GLFW_KEY_Q, kCtrl}}},

  };
  // clang-format on
}

}  // namespace

const char* Title(KeyGroup group) {
  switch (group) {
    case KeyGroup::kRounds:
      return "Rounds";
    case KeyGroup::kShow:
      return "What is shown";
    case KeyGroup::kPanels:
      return "Panels and size";
    case KeyGroup::kEdit:
      return "Editing the input";
    case KeyGroup::kMouse:
      return "Mouse";
    case KeyGroup::kApp:
      return "The app";
  }
  return "";
}

namespace {

// Each kind's keys, from its entry in the registry (Kind::Entry), in the registry's order.
std::vector<KeyHelp> KindLines() {
  std::vector<KeyHelp> lines;
  for (KindId id : kAllKinds) {
    for (const KindKey& k : KindOf(id).Entry().keys)
      lines.push_back({k.key, k.help, KeyGroup::kShow, KeyAction::kKind, {{k.key[0]}}});
  }
  return lines;
}

std::vector<KeyHelp> MakeTable() {
  std::vector<KeyHelp> table = FirstLines();
  // After Tab or B, the next algorithm: the keys of what is shown begin with the kinds'.
  const auto after_tab = std::find_if(table.begin(), table.end(), [](const KeyHelp& h) {
    return h.id == KeyAction::kNextAlgorithm;
  });
  const std::vector<KeyHelp> kinds = KindLines();
  table.insert(after_tab + 1, kinds.begin(), kinds.end());
  for (KeyHelp& h : MoreLines()) table.push_back(std::move(h));
  return table;
}

}  // namespace

const std::vector<KeyHelp>& KeyHelpTable() {
  static const std::vector<KeyHelp> table = MakeTable();  // constant data, not UI state
  return table;
}

const char* KeysOf(KeyAction id) {
  if (id == KeyAction::kNone) return "";
  for (const KeyHelp& h : KeyHelpTable())
    if (h.id == id) return h.keys;
  return "";
}

const char* KeyOfKind(KindId id) {
  const std::vector<KindKey> keys = KindOf(id).Entry().keys;
  return keys.empty() ? "" : keys.front().key;  // the entry's string literal: it outlives `keys`
}

std::string SecondPress(const AppState& app) {
  const std::string key = KeyOfKind(app.ShownKind());
  if (key.empty()) return {};
  return key + " again: back to " + DisplayName(app.WayBack());
}

bool Listed(int key, int mods) {
  for (const KeyHelp& h : KeyHelpTable()) {
    for (const KeyChord& c : h.chords) {
      if (c.key == key && (c.mods == mods || c.mods == (mods & ~kShift))) return true;
    }
  }
  return false;
}

std::string KeyHelpMarkdown() {
  std::string md = "| keys | what they do |\n| --- | --- |\n";
  for (int g = 0; g < kKeyGroupCount; ++g) {
    const KeyGroup group = static_cast<KeyGroup>(g);
    md += "| **" + std::string(Title(group)) + "** | |\n";
    for (const KeyHelp& h : KeyHelpTable()) {
      if (h.group != group) continue;
      md += "| " + std::string(h.keys) + " | " + h.action + " |\n";
    }
  }
  return md;
}

}  // namespace scanviz
