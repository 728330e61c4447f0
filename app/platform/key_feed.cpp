#include "platform/key_feed.h"

#include "draw/gl.h"
// gl.h before GLFW, so GLFW does not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>

#include "platform/keyboard_nav.h"
#include "platform/shortcuts.h"

namespace scanviz {

// The frame's key events go to ImGui as if they had just happened (a tap's release waits for the
// next frame), except the keys the app reserves while no text field has the keyboard.
// Escape in a text field is ours too: ImGui would throw away what was typed; the views decide
// (the Input box keeps it, the cell editor cancels), and the field lets go of the keyboard. So is
// Tab: ImGui would move the keyboard from field to field (n, seed, the input box: a Tab trap); it
// leaves the field as Escape does, and then switches the algorithm as everywhere else
// (HandleShortcuts), except in the quiz's answers, where it moves to the next answer.
// With ImGui's navigation (keyboard_nav.h) Tab moves it instead.
std::vector<KeyEvent> FeedKeys(App& app, bool text_input, bool navigating) {
  if (text_input) app.keys.DropTyping();  // typed text went to the field already
  std::vector<KeyEvent> events = app.keys.TakeFrame();
  std::vector<KeyEvent> for_imgui;
  for (const KeyEvent& e : events) {
    if (!text_input && !navigating && IsReservedKey(e.key) && e.Press()) continue;
    if (!text_input && TypingForCell(app.state->view, e)) continue;  // a cell's value's keys
    const bool tab_leaves = e.key == GLFW_KEY_TAB && !app.state->view.tab_between_fields;
    if (text_input && (e.key == GLFW_KEY_ESCAPE || tab_leaves)) {
      if (e.action == GLFW_PRESS) app.state->view.text_escape = true;
      continue;
    }
    for (const KeyEvent& k : ForImGui(e, navigating, text_input)) for_imgui.push_back(k);
  }
  for (const KeyEvent& k : app.key_repeat.Frame(for_imgui)) {  // held keys: key_repeat.h
    if (k.key >= 0) ImGui_ImplGlfw_KeyCallback(app.window, k.key, k.scancode, k.action, k.mods);
    if (k.codepoint != 0) ImGui::GetIO().AddInputCharacter(k.codepoint);
  }
  return events;
}

}  // namespace scanviz
