// Small helpers shared by the views.
#include "views.h"

namespace scanviz {

ImU32 ToImU32(scene::Rgba c) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a));
}

void SampleBox(UiContext& ui, CellClass /*cls*/, BoxStyle style, scene::Rgba fill, const char* text,
               bool hatch) {
  const float h = ui.fonts.ui_px * 1.5f, w = h * 1.6f;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  BoxInstance b;
  b.x = p.x;
  b.y = p.y;
  b.w = w;
  b.h = h;
  b.fill = fill;
  b.border = ui.palette.border;
  b.style = static_cast<float>(style);
  b.border_width = 2.5f * ui.scale;
  b.hatch = hatch ? 1.0f : 0.0f;
  ui.renderer.AddBox(b);
  ImGui::Dummy(ImVec2(w, h));
  ImGui::SameLine();
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() + (h - ui.fonts.ui_px) * 0.5f);
  ImGui::TextUnformatted(text);
}

}  // namespace scanviz
