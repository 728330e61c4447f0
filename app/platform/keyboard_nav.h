// Keyboard only (docs/app.md "Keyboard only"): who has the keys in a frame, the app's shortcuts or
// Dear ImGui's keyboard navigation, and the keys ImGui is given for it.
//
// The rule: the app's single-key shortcuts (arrows step, Space plays, Tab the next algorithm...)
// have the keys, unless ImGui's navigation does: a text field has the keyboard, the menu bar has
// it (F10, Alt, Alt+letter), a menu, combo or popup is open, or F6 gave it to the controls or the
// side panel. Only then is ImGuiConfigFlags_NavEnableKeyboard set (frame.cpp), so that outside
// it ImGui does with the keys exactly what it did without navigation (an Enter never starts
// editing the field the keyboard was last in); and only then ImGui 1.86 is given Space for Enter
// (it activates with Space only), Down for Tab and Up for Shift+Tab (its Tab moves between text
// fields only); Esc gives the keys back. Alt never reaches ImGui: Alt alone is ours (the menu
// bar), as Alt+letter is.
#pragma once

#include <vector>

#include "platform/key_queue.h"
#include "state/view_state.h"

namespace scanviz {

// Whether ImGui's navigation has the keys, as the last frame left ImGui (needs its context).
bool KeyboardNavigating(const ViewState& vs);

// The events ImGui is given for one of the frame's key events (none, one, or a translation).
// `navigating`: KeyboardNavigating; `text_input`: a text field has the keyboard.
std::vector<KeyEvent> ForImGui(const KeyEvent& e, bool navigating, bool text_input);

// After ImGui's NewFrame: F6's focus on the controls or the side panel (kept there while they have
// the keys: a field left with Enter or Esc gives the keyboard back to its panel), and a click
// taking the keys back for the figure.
void FocusForKeyboard(ViewState& vs, bool text_input);

}  // namespace scanviz
