// Small helpers shared by the views.
#include <algorithm>
#include <cmath>
#include <utility>

#include "scene/stroke.h"
#include "teach/work_depth.h"
#include "views/primitives.h"
#include "views/views.h"
// After imgui.h (views.h): a tooltip that replaces the frame's last, as ImGui::SetTooltip's.
#include <imgui_internal.h>

namespace scanviz {

ImU32 ToImU32(scene::Rgba c) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a));
}

scene::Rgba Over(ImVec4 top, scene::Rgba under) {
  const float a = top.w;
  return {top.x * a + under.r * (1 - a), top.y * a + under.g * (1 - a),
          top.z * a + under.b * (1 - a), 1};
}

float ShiftToShow(float lo, float hi, float top, float bottom) {
  float shift = 0;
  if (hi > bottom) shift = bottom - hi;
  if (lo + shift < top) shift = top - lo;
  return shift;
}

void BeginPanelWindow(const char* name, ViewRect rect, ImGuiWindowFlags extra) {
  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y));
  ImGui::SetNextWindowSize(ImVec2(rect.w, rect.h));
  ImGui::Begin(name, nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | extra);
}

void SampleBox(UiContext& ui, CellClass cls, BoxStyle style, scene::Rgba fill, const char* text,
               bool hatch) {
  const scene::Stroke stroke = scene::StrokeOf(cls, style);  // the class's, as its cells'
  const float h = ui.fonts.ui_px * 1.5f, w = h * 1.6f;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  BoxInstance b;
  b.x = p.x;
  b.y = p.y;
  b.w = w;
  b.h = h;
  b.fill = fill;
  b.border = ui.palette.border;
  b.style = static_cast<float>(stroke.pattern);
  b.border_width = 2.5f * ui.scale * stroke.weight;
  b.hatch = hatch ? 1.0f : 0.0f;
  ui.renderer.AddBox(b);
  ImGui::Dummy(ImVec2(w, h));
  ImGui::SameLine();
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() + (h - ui.fonts.ui_px) * 0.5f);
  // A narrow panel wraps the words under themselves, beside the sample, never past the edge.
  ImGui::PushTextWrapPos(0);
  Text(ui, "legend", text);
  ImGui::PopTextWrapPos();
}

void Heading(const char* text) {
  ImGui::TextDisabled("%s", text);
}

void TextWrappedColored(scene::Rgba color, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(color.r, color.g, color.b, color.a));
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

std::string Grouped(long long v) {
  return teach::Grouped(v);
}

void DashedLine(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 color, float thickness, float dash) {
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float len = std::sqrt(dx * dx + dy * dy);
  if (len <= 0 || dash <= 0) return;
  for (float t = 0; t < len; t += 2 * dash) {
    const float e = std::min(len, t + dash);
    dl->AddLine(ImVec2(a.x + dx * t / len, a.y + dy * t / len),
                ImVec2(a.x + dx * e / len, a.y + dy * e / len), color, thickness);
  }
}

namespace {

// The tooltip window's font size: its own, not scaled as the window it is asked from may be.
float TooltipFontSize() {
  const ImFont* font = ImGui::GetFont();
  return font->FontSize * font->Scale * ImGui::GetIO().FontGlobalScale;
}

// Where a tooltip's text wraps: 40 em, or less in a window narrower than that and its margins.
float TooltipWrapWidth() {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float px = TooltipFontSize();
  const float room = ImGui::GetIO().DisplaySize.x -
                     2 * (style.DisplaySafeAreaPadding.x + style.WindowPadding.x) - px;
  return std::max(px * 4, std::min(px * 40, room));
}

}  // namespace

ImVec2 TooltipSize(const std::string& text) {
  const ImVec2 t = ImGui::GetFont()->CalcTextSizeA(TooltipFontSize(), FLT_MAX, TooltipWrapWidth(),
                                                   text.c_str(), text.c_str() + text.size());
  const ImVec2 pad = ImGui::GetStyle().WindowPadding;
  return ImVec2(std::ceil(t.x) + 2 * pad.x, std::ceil(t.y) + 2 * pad.y);
}

void ShowTooltip(UiContext& ui, const std::string& text, const ImVec2* at) {
  if (at != nullptr) ImGui::SetNextWindowPos(*at);
  ImGui::BeginTooltipEx(ImGuiTooltipFlags_OverridePreviousTooltip, ImGuiWindowFlags_None);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + TooltipWrapWidth());
  ImGui::TextUnformatted(text.c_str(), text.c_str() + text.size());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
  ui.app.view.tooltip = text;
}

void Tip(UiContext& ui, const char* text, KeyAction key) {
  Tip(ui, text, KeysOf(key));
}

void Tip(UiContext& ui, const char* text, const char* keys) {
  if (!ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
  std::string tip = text;
  if (keys[0] != 0) tip += std::string(" (") + keys + ")";
  ShowTooltip(ui, tip);
}

// The Tip() comes after each call (tooltips_test.py checks InlineButton's callers).
bool InlineButton(const UiContext& ui, const char* label) {       // no tooltip: the callers'
  if (ui.app.view.touch_target > 0) return ImGui::Button(label);  // no tooltip: the callers'
  return ImGui::SmallButton(label);                               // no tooltip: the callers'
}

float InlineButtonWidth(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

void Place(UiContext& ui, const char* name) {
  const ImVec2 mn = ImGui::GetItemRectMin(), mx = ImGui::GetItemRectMax();
  ui.app.view.widgets[name] = {mn.x, mn.y, mx.x - mn.x, mx.y - mn.y};
  // The control ImGui's keyboard navigation is on, by this name (--state-file: keyboard).
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  if (g.NavId != 0 && ImGui::GetItemID() == g.NavId && !g.NavDisableHighlight)
    ui.app.view.keyboard.nav_item = name;
}

void DrawLargeParagraphs(UiContext& ui, const std::string& title,
                         const std::vector<std::string>& paragraphs) {
  ImGui::PushFont(ui.fonts.large);
  ImGui::SetWindowFontScale(ui.fonts.large_px / ui.fonts.large->FontSize);
  ImGui::PushTextWrapPos(0);
  TextWrapped(ui, "title", title);
  for (const std::string& p : paragraphs) {
    ImGui::Spacing();
    TextWrapped(ui, "paragraph", p);
  }
  ImGui::PopTextWrapPos();
  ImGui::SetWindowFontScale(1);
  ImGui::PopFont();
}

void SameLineIfFits(const char* label, bool radio) {
  const ImGuiStyle& style = ImGui::GetStyle();
  float w = ImGui::CalcTextSize(label, nullptr, true).x + style.FramePadding.x * 2;
  if (radio) w += ImGui::GetFrameHeight() + style.ItemInnerSpacing.x - style.FramePadding.x * 2;
  ImGui::SameLine();
  if (ImGui::GetCursorPosX() + w > ImGui::GetWindowContentRegionMax().x) ImGui::NewLine();
}

void WheelZoomAndDrag(ViewState& vs, const ImGuiIO& io, float base_x, float max_zoom) {
  if (io.MouseWheel != 0) {
    ZoomAround(&vs.zoom, &vs.pan_x, std::pow(1.15f, io.MouseWheel), io.MousePos.x, base_x,
               max_zoom);
  }
  if (ImGui::IsMouseDragging(ImGuiMouseButton_Right) ||
      ImGui::IsMouseDragging(ImGuiMouseButton_Middle)) {
    vs.pan_x += io.MouseDelta.x;
    vs.pan_y += io.MouseDelta.y;
  }
}

void TouchZoomAndPan(ViewState& vs, float base_x, float max_zoom) {
  const TouchGesture g = std::exchange(vs.gesture, TouchGesture{});
  if (!g.Pending()) return;
  ZoomAround(&vs.zoom, &vs.pan_x, g.zoom, g.x, base_x, max_zoom);
  vs.pan_x += g.pan_x;
  vs.pan_y += g.pan_y;
}

}  // namespace scanviz
