// Keyboard shortcuts (ImGui 1.86's key API, indexed by GLFW key codes). Ignored while a text field
// has the keyboard.
#pragma once

#include "app_state.h"

namespace scanviz {

struct ShortcutResult {
  bool toggle_fullscreen = false;
};

ShortcutResult HandleShortcuts(AppState& app);

}  // namespace scanviz
