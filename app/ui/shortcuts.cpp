#include "shortcuts.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include "kinds/kind.h"

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

ShortcutResult HandleShortcuts(AppState& app, const std::vector<KeyEvent>& keys, bool text_input) {
  ShortcutResult out;
  for (const KeyEvent& e : keys) {  // Ctrl+Q quits from anywhere, a text field included
    if (e.action == GLFW_PRESS && e.key == GLFW_KEY_Q && (e.mods & GLFW_MOD_CONTROL)) out.quit = true;
  }
  if (text_input) return out;
  ViewState& vs = app.view;
  for (const KeyEvent& e : keys) {
    if (!e.Press()) continue;
    const bool repeat = e.action == GLFW_REPEAT;
    const int k = e.key;
    if (vs.help) {
      // The help covers the view and keeps the keys until it closes; the key that closes it (F1,
      // ?, Escape) does nothing else: Escape does not also drop the selection.
      if (!repeat && (IsHelpKey(e) || k == GLFW_KEY_ESCAPE)) vs.help = false;
      continue;
    }
    if (vs.file_dialog != FileDialog::kNone) continue;  // the dialog has the keys (and Escape)
    if (e.mods & GLFW_MOD_CONTROL) {
      // The figure is what the class reads: Ctrl + and - size its values and cells (the layout
      // then gives it the room), not the panels around it.
      if (k == GLFW_KEY_EQUAL || k == GLFW_KEY_KP_ADD)
        vs.figure_scale = std::min(vs.figure_scale * 1.2f, 3.0f);
      if (k == GLFW_KEY_MINUS || k == GLFW_KEY_KP_SUBTRACT)
        vs.figure_scale = std::max(vs.figure_scale / 1.2f, 0.6f);
      if (k == GLFW_KEY_0 || k == GLFW_KEY_KP_0) vs.figure_scale = 1.0f;
      if (k == GLFW_KEY_Q) out.quit = true;
      if (k == GLFW_KEY_O && !repeat) vs.file_dialog = FileDialog::kOpen;
      if (k == GLFW_KEY_S && (e.mods & GLFW_MOD_SHIFT) && !repeat) vs.file_dialog = FileDialog::kSave;
      // Ctrl+S saves the figure (PNG and SVG; main's loop does it before the next frame). Once
      // per press: a held key does not write a file per repeat.
      if (k == GLFW_KEY_S && !(e.mods & GLFW_MOD_SHIFT) && !repeat) vs.export_request = ViewState::Export::kFigure;
      // Undo and redo of input edits (in a text field Ctrl+Z is the field's own undo).
      if (k == GLFW_KEY_Z && (e.mods & GLFW_MOD_SHIFT)) app.Redo();
      if (k == GLFW_KEY_Z && !(e.mods & GLFW_MOD_SHIFT)) app.Undo();
      if (k == GLFW_KEY_Y) app.Redo();
      continue;
    }
    if (e.mods & (GLFW_MOD_ALT | GLFW_MOD_SUPER)) continue;  // the window manager's
    // Held keys repeat only where repeating makes sense: stepping through rounds.
    switch (k) {
      case GLFW_KEY_RIGHT:
      case GLFW_KEY_PAGE_DOWN:
        ShownKindOf(app).Step(app, +1);
        continue;
      case GLFW_KEY_LEFT:
      case GLFW_KEY_PAGE_UP:
        ShownKindOf(app).Step(app, -1);
        continue;
      default:
        break;
    }
    if (repeat) continue;
    if (IsHelpKey(e)) {
      vs.help = true;
      continue;
    }
    switch (k) {
      case GLFW_KEY_SPACE:
        app.ForEachShownPlayer([](Player& p) { p.TogglePlay(); });
        break;
      case GLFW_KEY_HOME:
        app.ForEachShownPlayer([](Player& p) { p.First(); });
        break;
      case GLFW_KEY_END:
        app.ForEachShownPlayer([](Player& p) { p.Last(); });
        break;
      case GLFW_KEY_TAB:
      case GLFW_KEY_B:
        app.ToggleAlgorithm();
        break;
      case GLFW_KEY_P:
        vs.presenter = !vs.presenter;
        break;
      case GLFW_KEY_C:
        vs.color_by_case = !vs.color_by_case;
        break;
      case GLFW_KEY_O:
        vs.only_current = !vs.only_current;
        break;
      case GLFW_KEY_S:
        app.ToggleKind(KindId::kSideBySide);
        break;
      case GLFW_KEY_F11:
        out.toggle_fullscreen = true;
        break;
      case GLFW_KEY_ESCAPE:
        if (!ShownKindOf(app).Back(app)) {  // a block of the grid closes, say
          vs.selected.reset();
          vs.grid_selected.reset();
        }
        break;
      case GLFW_KEY_M:
        app.ToggleKind(KindId::kMultiBlock);
        break;
      case GLFW_KEY_G:
        app.ToggleKind(KindId::kBenchmark);
        break;
      case GLFW_KEY_L:
        app.ToggleKind(KindId::kSinglePass);
        // From the start, so that → steps through the publications.
        if (app.ShownKind() == KindId::kSinglePass) vs.timeline_cursor = 0;
        break;
      case GLFW_KEY_Q:
        vs.quiz = !vs.quiz;
        break;
      case GLFW_KEY_LEFT_BRACKET:
        vs.left_collapsed = !vs.left_collapsed;
        break;
      case GLFW_KEY_RIGHT_BRACKET:
        vs.right_collapsed = !vs.right_collapsed;
        break;
      default:
        // 1..7: the right-hand tabs (Inspector, Code, Narration, Work & depth, Numerics, Warps &
        // banks, Mistakes).
        if (k >= GLFW_KEY_1 && k < GLFW_KEY_1 + kSidePanelCount)
          vs.panel = static_cast<SidePanel>(k - GLFW_KEY_1);
        break;
    }
  }
  return out;
}

}  // namespace scanviz
