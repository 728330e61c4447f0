#include "shortcuts.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>

namespace scanviz {

namespace {

bool Pressed(int key) {
  return ImGui::IsKeyPressed(key, /*repeat=*/true);
}

}  // namespace

ShortcutResult HandleShortcuts(AppState& app) {
  ShortcutResult out;
  ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return out;
  ViewState& vs = app.view;
  if (io.KeyCtrl) {
    if (Pressed(GLFW_KEY_EQUAL) || Pressed(GLFW_KEY_KP_ADD))
      vs.ui_scale = std::min(vs.ui_scale * 1.15f, 4.0f);
    if (Pressed(GLFW_KEY_MINUS) || Pressed(GLFW_KEY_KP_SUBTRACT))
      vs.ui_scale = std::max(vs.ui_scale / 1.15f, 0.5f);
    if (Pressed(GLFW_KEY_0) || Pressed(GLFW_KEY_KP_0)) vs.ui_scale = 1.0f;
    return out;
  }
  if (ImGui::IsKeyPressed(GLFW_KEY_SPACE, false))
    app.ForEachShownPlayer([](Player& p) { p.TogglePlay(); });
  if (Pressed(GLFW_KEY_RIGHT) || Pressed(GLFW_KEY_PAGE_DOWN)) {
    app.ForEachShownPlayer([](Player& p) { p.StepForward(); });
  }
  if (Pressed(GLFW_KEY_LEFT) || Pressed(GLFW_KEY_PAGE_UP)) {
    app.ForEachShownPlayer([](Player& p) { p.StepBack(); });
  }
  if (Pressed(GLFW_KEY_HOME)) app.ForEachShownPlayer([](Player& p) { p.First(); });
  if (Pressed(GLFW_KEY_END)) app.ForEachShownPlayer([](Player& p) { p.Last(); });
  if (ImGui::IsKeyPressed(GLFW_KEY_TAB, false) || ImGui::IsKeyPressed(GLFW_KEY_B, false)) {
    app.ToggleAlgorithm();
  }
  if (ImGui::IsKeyPressed(GLFW_KEY_P, false)) vs.presenter = !vs.presenter;
  if (ImGui::IsKeyPressed(GLFW_KEY_C, false)) vs.color_by_case = !vs.color_by_case;
  if (ImGui::IsKeyPressed(GLFW_KEY_O, false)) vs.only_current = !vs.only_current;
  if (ImGui::IsKeyPressed(GLFW_KEY_S, false)) vs.side_by_side = !vs.side_by_side;
  if (ImGui::IsKeyPressed(GLFW_KEY_F11, false)) out.toggle_fullscreen = true;
  if (ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) vs.selected.reset();
  if (ImGui::IsKeyPressed(GLFW_KEY_G, false)) vs.bench = !vs.bench;
  // 1..5: the right-hand tabs (Inspector, Code, Narration, Work & depth, Numerics).
  for (int i = 0; i < kSidePanelCount; ++i) {
    if (ImGui::IsKeyPressed(GLFW_KEY_1 + i, false)) vs.panel = static_cast<SidePanel>(i);
  }
  return out;
}

}  // namespace scanviz
