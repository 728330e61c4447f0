#include "platform/keyboard_nav.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_internal.h>  // the navigation's window, layer and highlight

#include "platform/app_window.h"

namespace scanviz {

namespace {

// The windows F6 walks (controls_view.cpp, frame.cpp's side panel); index 0 is the figure.
constexpr const char* kPanelWindows[] = {nullptr, "##controls", "##side"};

bool IsAlt(int key) {
  return key == GLFW_KEY_LEFT_ALT || key == GLFW_KEY_RIGHT_ALT;
}

}  // namespace

// Whether a text field has the keyboard now, as the last frame left it. Not io.WantTextInput:
// ImGui 1.86 computes that in NewFrame from the frame before, so it lags a field by one to two
// frames. For the two frames after Enter (or Escape) lets go of a field it still says "typing":
// a Tab typed right after Enter then went to ImGui (not reserved), whose tabbing with nothing
// active gives the keyboard to the first field, the Input box; for the frame after a click into a
// field it says "not typing", and a key typed at once acted as a shortcut.
bool TextFieldActive() {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  return g.ActiveId != 0 && g.ActiveId == g.InputTextState.ID;
}

bool KeyboardNavigating(const ViewState& vs) {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  if (vs.keyboard.panels != 0) return true;
  if (g.NavWindow == nullptr) return false;
  if (g.NavLayer == ImGuiNavLayer_Menu) return true;  // the menu bar
  return (g.NavWindow->Flags & ImGuiWindowFlags_Popup) != 0 && g.OpenPopupStack.Size > 0;
}

std::vector<KeyEvent> ForImGui(const KeyEvent& e, bool navigating, bool text_input) {
  if (IsAlt(e.key)) return {};
  const bool enter = e.key == GLFW_KEY_ENTER || e.key == GLFW_KEY_KP_ENTER;
  const bool tab = e.key == GLFW_KEY_TAB;
  auto as = [&e](int key) {
    KeyEvent k = e;
    k.key = key;
    k.codepoint = 0;
    return k;
  };
  // A release goes to whatever its press may have been given as (the navigation may have ended
  // in between: the Enter that chose a menu item closed the menu).
  if (!e.Press() && enter) return {e, as(GLFW_KEY_SPACE)};
  if (!e.Press() && tab) return {e, as(GLFW_KEY_UP), as(GLFW_KEY_DOWN)};
  if (text_input || !navigating) return {e};
  if (enter) return {as(GLFW_KEY_SPACE)};
  if (!tab) return {e};
  KeyEvent k = as((e.mods & GLFW_MOD_SHIFT) ? GLFW_KEY_UP : GLFW_KEY_DOWN);
  k.mods = e.mods & ~GLFW_MOD_SHIFT;
  return {k};
}

void FocusForKeyboard(ViewState& vs, bool text_input) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  ViewState::Keyboard& kb = vs.keyboard;
  kb.nav_item.clear();  // the views' Place() and the menu items set it again
  const ImGuiIO& io = ImGui::GetIO();
  if (kb.panels != 0 && !kb.focus_panel &&
      (io.MouseClicked[0] || io.MouseClicked[1] || io.MouseClicked[2])) {
    kb.panels = 0;  // the mouse took over
    return;
  }
  const bool was = kb.focus_panel;
  kb.focus_panel = false;
  if (kb.panels == 0) {
    // The figure has the keys: no frame left on a control (a menu item chosen gives the focus
    // to the window under the bar, with its frame).
    if (g.NavLayer == ImGuiNavLayer_Main && g.OpenPopupStack.Size == 0 && !text_input)
      g.NavDisableHighlight = true;
    if (was && g.NavWindow != nullptr && g.NavLayer == ImGuiNavLayer_Main)
      ImGui::FocusWindow(nullptr);
    return;
  }
  if (text_input || g.OpenPopupStack.Size > 0 || g.NavLayer == ImGuiNavLayer_Menu) return;
  ImGuiWindow* w = ImGui::FindWindowByName(kPanelWindows[kb.panels]);
  if (w == nullptr || !w->WasActive) {  // folded away: the next one
    kb.panels = (kb.panels + 1) % 3;
    kb.focus_panel = true;
    return;
  }
  if (g.NavWindow != nullptr && g.NavWindow->RootWindow == w && g.NavLayer == ImGuiNavLayer_Main &&
      !was)
    return;
  ImGui::FocusWindow(w);  // back on the item it was on (its NavLastIds), else the first
  if (was || g.NavId == 0) ImGui::NavInitWindow(w, was);
  g.NavDisableHighlight = false;
  g.NavDisableMouseHover = true;
}

}  // namespace scanviz
