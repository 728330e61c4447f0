// Keyboard shortcuts, from the frame's key events (KeyQueue: no tap is lost) rather than ImGui's
// once-a-frame key state. Ignored while a text field has the keyboard, so a global key never
// types into a field, nor a typed letter steps the player. No ImGui: tested without a window.
#pragma once

#include <vector>

#include "platform/key_queue.h"
#include "state/app_state.h"

namespace scanviz {

struct ShortcutResult {
  bool toggle_fullscreen = false;
  bool quit = false;  // Ctrl+Q
  bool operator==(const ShortcutResult&) const = default;
};

// `text_input`: a text field had the keyboard when these keys were pressed (ImGui's
// WantTextInput): then no key is a shortcut. `navigating`: ImGui's keyboard navigation had the
// keys (the menu bar, an open menu or popup, the panels after F6): then only Ctrl's keys, the
// function keys, Alt's and Escape (back to the figure) are shortcuts.
ShortcutResult HandleShortcuts(AppState& app, const std::vector<KeyEvent>& keys, bool text_input,
                               bool navigating = false);

// Keys the app keeps from ImGui while no text field is active: Tab would otherwise move the
// keyboard into the first text field of the window last clicked (the Input box), and the next
// digits and arrows would edit the array instead of stepping.
bool IsReservedKey(int key);

// The printable ASCII character a key press typed (its codepoint, else a digit, sign or point from
// the key itself, for events without one); 0 for none.
char TypedChar(const KeyEvent& e);
// Whether the key belongs to a value being typed into a cell (ViewState::CellTyping) whose editor
// does not have the keyboard yet: FeedKeys keeps it from ImGui, HandleShortcuts gives it the value.
bool TypingForCell(const ViewState& vs, const KeyEvent& e);

}  // namespace scanviz
