// ImGui's colours made readable on every theme (readable_style.h).
#include "draw/readable_style.h"

namespace scanviz {

// Every text at 4.5:1 on what it sits on (docs/app.md, Contrast and colour): ImGui's grey for
// disabled text and hints (0.5 on dark: 3.9:1 on the menu bar) becomes the palette's dim text,
// and the opaque blues of hovered, pressed and chosen items (white on 0x4296FA: 3.1:1) darken.
void ReadableStyle(ImGuiStyle* style, scene::Theme theme) {
  const scene::Rgba dim = scene::MakePalette(theme).text_dim;
  style->Colors[ImGuiCol_TextDisabled] = ImVec4(dim.r, dim.g, dim.b, 1);
  // Menus, lists and tooltips opaque: ImGui's 94 % let the controls under a menu show through,
  // and their text read as the menu's.
  style->Colors[ImGuiCol_PopupBg].w = 1;
  if (theme == scene::Theme::kLight) return;  // black text on the light blues: 5.6:1 and more
  const ImVec4 blue(0.12f, 0.36f, 0.70f, 1), pressed(0.08f, 0.30f, 0.62f, 1);
  for (ImGuiCol c :
       {ImGuiCol_ButtonHovered, ImGuiCol_HeaderHovered, ImGuiCol_HeaderActive, ImGuiCol_SliderGrab,
        ImGuiCol_SliderGrabActive, ImGuiCol_TabHovered, ImGuiCol_TabActive, ImGuiCol_FrameBgActive})
    style->Colors[c] = blue;
  style->Colors[ImGuiCol_ButtonActive] = pressed;
}

void ThemeStyle(ImGuiStyle* style, scene::Theme theme) {
  switch (theme) {
    case scene::Theme::kDark:
      ImGui::StyleColorsDark(style);
      break;
    case scene::Theme::kLight:
      ImGui::StyleColorsLight(style);
      break;
    case scene::Theme::kHighContrast:
      ImGui::StyleColorsDark(style);
      style->Colors[ImGuiCol_Text] = ImVec4(1, 1, 1, 1);
      style->Colors[ImGuiCol_FrameBg] = ImVec4(0.12f, 0.12f, 0.12f, 1);
      style->Colors[ImGuiCol_Button] = ImVec4(0.2f, 0.2f, 0.2f, 1);
      style->Colors[ImGuiCol_Border] = ImVec4(1, 1, 1, 1);
      style->FrameBorderSize = 1;
      break;
  }
  ReadableStyle(style, theme);
}

}  // namespace scanviz
