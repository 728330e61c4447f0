#include "platform/shortcuts.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include "core/registry.h"
#include "kinds/kind.h"
#include "kinds/multi_block/multi_block_state.h"

namespace scanviz {

namespace {

// F1, or `?` however the layout types it: its character where GLFW gave one, else Shift+/ (US).
bool IsHelpKey(const KeyEvent& e) {
  if (e.key == GLFW_KEY_F1) return true;
  if (e.codepoint != 0) return e.codepoint == '?';
  return e.key == GLFW_KEY_SLASH && (e.mods & GLFW_MOD_SHIFT);
}

}  // namespace

bool IsReservedKey(int key) {
  return key == GLFW_KEY_TAB;
}

char TypedChar(const KeyEvent& e) {
  if (e.codepoint >= 0x20 && e.codepoint < 0x7f) return static_cast<char>(e.codepoint);
  if (e.codepoint != 0) return 0;
  if (e.key >= GLFW_KEY_0 && e.key <= GLFW_KEY_9)
    return static_cast<char>('0' + e.key - GLFW_KEY_0);
  if (e.key >= GLFW_KEY_KP_0 && e.key <= GLFW_KEY_KP_9)
    return static_cast<char>('0' + e.key - GLFW_KEY_KP_0);
  if (e.key == GLFW_KEY_MINUS || e.key == GLFW_KEY_KP_SUBTRACT) return '-';
  if (e.key == GLFW_KEY_PERIOD || e.key == GLFW_KEY_KP_DECIMAL) return '.';
  return 0;
}

bool TypingForCell(const ViewState& vs, const KeyEvent& e) {
  if (!vs.cell_typing || vs.cell_typing->enter || vs.cell_typing->escape) return false;
  if (e.mods & (GLFW_MOD_CONTROL | GLFW_MOD_ALT | GLFW_MOD_SUPER)) return false;
  return TypedChar(e) != 0 || e.key == GLFW_KEY_ENTER || e.key == GLFW_KEY_KP_ENTER ||
         e.key == GLFW_KEY_ESCAPE || e.key == GLFW_KEY_BACKSPACE;
}

namespace {

// Ctrl + a key: the figure's size, files, the export, undo and redo.
void ControlKey(AppState& app, const KeyEvent& e, ShortcutResult* out) {
  ViewState& vs = app.view;
  const int k = e.key;
  const bool repeat = e.action == GLFW_REPEAT;
  const bool shift = (e.mods & GLFW_MOD_SHIFT) != 0;
  // The figure is what the class reads: Ctrl + and - size its values and cells (the layout then
  // gives it the room), not the panels around it.
  if (k == GLFW_KEY_EQUAL || k == GLFW_KEY_KP_ADD)
    vs.figure_scale = std::min(vs.figure_scale * 1.2f, 3.0f);
  if (k == GLFW_KEY_MINUS || k == GLFW_KEY_KP_SUBTRACT)
    vs.figure_scale = std::max(vs.figure_scale / 1.2f, 0.6f);
  // Ctrl+0: the figure at its usual size, every zoom undone (the keys' and the wheel's, a pan).
  if (k == GLFW_KEY_0 || k == GLFW_KEY_KP_0) {
    vs.figure_scale = 1.0f;
    vs.FitView();
  }
  if (k == GLFW_KEY_Q) out->quit = true;
  if (k == GLFW_KEY_O && !repeat) vs.file_dialog = FileDialog::kOpen;
  if (k == GLFW_KEY_S && shift && !repeat) vs.file_dialog = FileDialog::kSave;
  // Ctrl+S saves the figure (PNG and SVG; main's loop does it before the next frame). Once per
  // press: a held key does not write a file per repeat.
  if (k == GLFW_KEY_S && !shift && !repeat) vs.export_request = ViewState::Export::kFigure;
  // Undo and redo of input edits (in a text field Ctrl+Z is the field's own undo).
  if (k == GLFW_KEY_Z && shift) app.Redo();
  if (k == GLFW_KEY_Z && !shift) app.Undo();
  if (k == GLFW_KEY_Y) app.Redo();
}

// The player's keys, through the shown kind (a timeline moves its cursor): → ← and a clicker's
// page keys repeat when held; Home, End and Space do not. False: not a player's key.
bool PlayerKey(AppState& app, int k, bool repeat) {
  const Kind& kind = ShownKindOf(app);
  if (k == GLFW_KEY_RIGHT || k == GLFW_KEY_PAGE_DOWN) {
    kind.Step(app, +1);
  } else if (k == GLFW_KEY_LEFT || k == GLFW_KEY_PAGE_UP) {
    kind.Step(app, -1);
  } else if (repeat) {
    return k == GLFW_KEY_HOME || k == GLFW_KEY_END || k == GLFW_KEY_SPACE;
  } else if (k == GLFW_KEY_HOME) {
    kind.Seek(app, 0);
  } else if (k == GLFW_KEY_END) {
    kind.Seek(app, kind.Steps(app).count - 1);
  } else if (k == GLFW_KEY_SPACE) {
    app.ForEachShownPlayer([](Player& p) { p.TogglePlay(); });
  } else {
    return false;
  }
  return true;
}

// The kinds of view: each kind's keys (Kind::Entry: M, S, W, L, A, G) show it (or go back to the
// one before, or do more: Kind::OnKey), Tab and B the next algorithm; Escape closes what the kind
// has open (a block of the grid), else the selection.
bool ShowKey(AppState& app, int k) {
  ViewState& vs = app.view;
  switch (k) {
    case GLFW_KEY_TAB:
    case GLFW_KEY_B:
      app.ToggleAlgorithm();
      return true;
    case GLFW_KEY_ESCAPE:
      if (!ShownKindOf(app).Back(app)) {
        vs.selected.reset();
        MultiBlockOf(app).grid.selected.reset();
      }
      return true;
    default:
      break;
  }
  for (KindId id : kAllKinds) {
    const Kind& kind = KindOf(id);
    for (const KindKey& key : kind.Entry().keys) {
      if (k != key.key[0]) continue;
      kind.OnKey(app, key.key[0]);
      return true;
    }
  }
  return false;
}

// The keys that reach what only a control or a menu reached (docs/app.md "Keyboard only"):
// Fit view, the theme, the operator, the type, the export options, and the keyboard into the
// input box or n (the applications' A and the pair's W are their kinds'). False: not one of them.
bool ReachKey(AppState& app, int k) {
  ViewState& vs = app.view;
  switch (k) {
    case GLFW_KEY_F:
      vs.FitView();
      return true;
    case GLFW_KEY_T:
      vs.theme = static_cast<scene::Theme>((static_cast<int>(vs.theme) + 1) % 3);
      return true;
    case GLFW_KEY_X: {
      const auto* op = std::find(std::begin(kAllOps), std::end(kAllOps), app.Op());
      app.SetOp(op + 1 < std::end(kAllOps) ? op[1] : kAllOps[0]);
      return true;
    }
    case GLFW_KEY_Y:
      app.SetType(app.Type() == ElementType::kInt32 ? ElementType::kFloat32 : ElementType::kInt32);
      return true;
    case GLFW_KEY_E:
      vs.keyboard.export_options = true;
      return true;
    case GLFW_KEY_I:
    case GLFW_KEY_N:
      vs.keyboard.field_request = k == GLFW_KEY_I ? "input" : "n";
      return true;
    default:
      return false;
  }
}

// [SECTION] Click and type (issue #37 item 10; view_state.h's CellTyping)

// Whether a block scan's selected cell can take a value typed: its column holds an input value
// of the block scan shown (not a padding cell, not an opened block of the grid), and no quiz asks.
bool CellTakesTyping(const AppState& app) {
  const ViewState& vs = app.view;
  if (!vs.selected || vs.quiz || app.StateOf(app.ShownKind()).OpenedAlgorithm()) return false;
  const std::vector<Algorithm> shown = app.ShownAlgorithms();
  if (std::find(shown.begin(), shown.end(), vs.selected_algorithm) == shown.end()) return false;
  return vs.selected->pos >= 0 && vs.selected->pos < static_cast<int>(app.BlockValues().size());
}

// With a cell selected, a digit, a sign or a point starts a value for the input cell of its column
// (1 to 7 choose the side panel's tab only while no cell is selected); until the editor has the
// keyboard, what is typed, Backspace, Enter and Escape are the value's. True: the key was.
bool CellTypingKey(AppState& app, const KeyEvent& e) {
  ViewState& vs = app.view;
  const char c = TypedChar(e);
  if (vs.cell_typing && !vs.cell_typing->enter && !vs.cell_typing->escape) {
    ViewState::CellTyping& t = *vs.cell_typing;
    if (e.key == GLFW_KEY_ENTER || e.key == GLFW_KEY_KP_ENTER) {
      t.enter = true;
    } else if (e.key == GLFW_KEY_ESCAPE) {
      t.escape = true;
    } else if (e.key == GLFW_KEY_BACKSPACE) {
      if (!t.text.empty()) t.text.pop_back();
    } else if (c != 0) {
      t.text += c;
    } else {
      return false;
    }
    return true;
  }
  const bool starts = (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.';
  if (e.action != GLFW_PRESS || !starts || !CellTakesTyping(app)) return false;
  vs.cell_typing = ViewState::CellTyping{vs.selected_algorithm, vs.selected->pos, {c}};
  return true;
}

// The menu bar's menus by their first letter, in the bar's order (menu_view.cpp).
constexpr int kMenuLetters[] = {GLFW_KEY_F, GLFW_KEY_S, GLFW_KEY_L, GLFW_KEY_V, GLFW_KEY_H};

// F6 and Shift+F6 walk the keyboard round the figure, the controls and the side panel; F10 and
// Alt (pressed and let go alone) the menu bar; Alt and a menu's letter open that menu. True: the
// event was one of them (or Alt's own press).
bool FocusKey(ViewState& vs, const KeyEvent& e) {
  ViewState::Keyboard& kb = vs.keyboard;
  const bool alt_key = e.key == GLFW_KEY_LEFT_ALT || e.key == GLFW_KEY_RIGHT_ALT;
  if (alt_key && e.action == GLFW_RELEASE) {
    if (kb.alt_alone) kb.menu_request = 0;
    if (kb.alt_alone) kb.panels = 0;  // the bar has the keys now, not a panel
    kb.alt_alone = false;
    return true;
  }
  if (!e.Press()) return false;
  kb.alt_alone = alt_key && e.action == GLFW_PRESS && (e.mods & ~GLFW_MOD_ALT) == 0;
  if (alt_key) return true;
  if (e.action == GLFW_REPEAT) return false;
  if (e.key == GLFW_KEY_F10 && (e.mods & ~GLFW_MOD_SHIFT) == 0) {
    kb.menu_request = 0;
    kb.panels = 0;
    return true;
  }
  if (e.key == GLFW_KEY_F6 && (e.mods & ~GLFW_MOD_SHIFT) == 0) {
    kb.panels = (kb.panels + ((e.mods & GLFW_MOD_SHIFT) ? 2 : 1)) % 3;
    kb.focus_panel = true;
    return true;
  }
  if ((e.mods & (GLFW_MOD_ALT | GLFW_MOD_CONTROL | GLFW_MOD_SUPER)) != GLFW_MOD_ALT) return false;
  const auto* letter = std::find(std::begin(kMenuLetters), std::end(kMenuLetters), e.key);
  if (letter == std::end(kMenuLetters)) return false;
  kb.menu_request = 1 + static_cast<int>(letter - std::begin(kMenuLetters));
  kb.panels = 0;
  return true;
}

// The view's toggles and the side panel's tabs (1..7: Inspector, Code, Narration, Work & depth,
// Numerics, Warps & banks, Mistakes).
void ViewKey(AppState& app, int k, ShortcutResult* out) {
  ViewState& vs = app.view;
  switch (k) {
    case GLFW_KEY_P:
      vs.presenter = !vs.presenter;
      break;
    case GLFW_KEY_C:
      vs.color_by_case = !vs.color_by_case;
      break;
    case GLFW_KEY_O:
      vs.only_current = !vs.only_current;
      break;
    case GLFW_KEY_F11:
      out->toggle_fullscreen = true;
      break;
    case GLFW_KEY_Q:
      vs.quiz = !vs.quiz;
      break;
    case GLFW_KEY_J:
      vs.qr = true;
      break;
    case GLFW_KEY_LEFT_BRACKET:
      vs.left.Toggle();
      break;
    case GLFW_KEY_RIGHT_BRACKET:
      vs.right.Toggle();
      break;
    default:
      if (k >= GLFW_KEY_1 && k < GLFW_KEY_1 + kSidePanelCount)
        vs.panel = static_cast<SidePanel>(k - GLFW_KEY_1);
      break;
  }
}

}  // namespace

ShortcutResult HandleShortcuts(AppState& app, const std::vector<KeyEvent>& keys, bool text_input,
                               bool navigating) {
  ShortcutResult out;
  for (const KeyEvent& e : keys) {  // Ctrl+Q quits from anywhere, a text field included
    if (e.action == GLFW_PRESS && e.key == GLFW_KEY_Q && (e.mods & GLFW_MOD_CONTROL)) out.quit = true;
  }
  if (text_input) {
    // Tab left the field (FeedKeys): then the next algorithm, as outside a field.
    for (const KeyEvent& e : keys)
      if (e.action == GLFW_PRESS && e.key == GLFW_KEY_TAB && !app.view.tab_between_fields &&
          app.view.keyboard.panels == 0 && !app.view.help &&
          app.view.file_dialog == FileDialog::kNone)
        ShowKey(app, GLFW_KEY_TAB);
    return out;
  }
  ViewState& vs = app.view;
  // A value typed into a cell whose editor no view has drawn for two frames (another kind shown):
  // dropped, so that it never keeps the keys.
  if (vs.cell_typing && ++vs.cell_typing->unseen_frames > 2) vs.cell_typing.reset();
  for (const KeyEvent& e : keys) {
    if (!vs.help && vs.file_dialog == FileDialog::kNone && FocusKey(vs, e)) continue;
    if (!e.Press()) continue;
    const bool repeat = e.action == GLFW_REPEAT;
    if (vs.help) {
      // The help covers the view and keeps the keys until it closes; the key that closes it (F1,
      // ?, Escape) does nothing else: Escape does not also drop the selection.
      if (!repeat && (IsHelpKey(e) || e.key == GLFW_KEY_ESCAPE)) vs.help = false;
      continue;
    }
    if (vs.qr) {
      // The QR code covers the view and keeps the keys until J or Escape closes it.
      const bool closes = e.key == GLFW_KEY_J || e.key == GLFW_KEY_ESCAPE;
      if (!repeat && !(e.mods & GLFW_MOD_CONTROL) && closes) vs.qr = false;
      continue;
    }
    if (vs.file_dialog != FileDialog::kNone) continue;  // the dialog has the keys (and Escape)
    // An export running beside the app: Escape cancels it, and does nothing else.
    if (e.key == GLFW_KEY_ESCAPE && vs.export_progress.running && !(e.mods & GLFW_MOD_CONTROL)) {
      if (!repeat) vs.export_progress.cancel = true;
      continue;
    }
    if (e.mods & GLFW_MOD_CONTROL) {
      ControlKey(app, e, &out);
      continue;
    }
    if (e.mods & (GLFW_MOD_ALT | GLFW_MOD_SUPER)) continue;  // the window manager's
    if (navigating) {
      // ImGui's navigation has the arrows, Tab, Space, Enter and the letters; Escape (which has
      // closed a popup first, frame.cpp) gives the keys back to the figure.
      if (e.key == GLFW_KEY_ESCAPE && !repeat) vs.keyboard.panels = 0;
      if (e.key == GLFW_KEY_F11 && !repeat) out.toggle_fullscreen = true;
      if (IsHelpKey(e) && e.key == GLFW_KEY_F1) vs.help = true;
      continue;
    }
    if (CellTypingKey(app, e)) continue;  // click and type: before the digits' tabs
    if (PlayerKey(app, e.key, repeat) || repeat) continue;
    if (IsHelpKey(e)) {
      vs.help = true;
      continue;
    }
    if (!ShowKey(app, e.key) && !ReachKey(app, e.key)) ViewKey(app, e.key, &out);
  }
  return out;
}

}  // namespace scanviz
