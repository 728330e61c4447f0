// The views' drawing primitives (primitives.h): each draws as ImGui would, then records what it
// drew into the layout dump when one is asked for (UiContext::text).
#include "views/primitives.h"

namespace scanviz {

namespace {

void Extras(DumpedLine* line, const Dump& dump) {
  line->lit = dump.lit;
  line->number = dump.number;
  if (dump.background) line->background = *dump.background;
}

// The last ImGui item as the line `dump` says, `drawn` unless it says otherwise.
void RecordItem(const UiContext& ui, const Dump& dump, const std::string& drawn) {
  if (ui.text == nullptr || dump.kind == nullptr) return;
  Extras(&ui.text->Item(dump.kind, dump.text ? *dump.text : drawn), dump);
}

// A line over `rect` (points), `px` its font size when not the current font's.
void RecordLine(const UiContext& ui, const Dump& dump, const std::string& drawn, ViewRect rect,
                float px = 0) {
  if (ui.text == nullptr || dump.kind == nullptr) return;
  Extras(&ui.text->Text(dump.kind, dump.text ? *dump.text : drawn, rect, px), dump);
}

}  // namespace

// [SECTION] Panels

void BeginPanelWindow(const UiContext& ui, const char* id, ViewRect rect, const char* name,
                      const std::string& detail, ImGuiWindowFlags extra) {
  BeginPanelWindow(id, rect, extra);
  DumpPanel(ui, name, rect, detail);
}

void DumpPanel(const UiContext& ui, const char* name, ViewRect rect, const std::string& detail) {
  if (ui.text != nullptr) ui.text->BeginPanel(name, rect, detail);
}

void DumpWindowPanel(const UiContext& ui, const char* name, const std::string& detail) {
  if (ui.text == nullptr) return;
  const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  ui.text->BeginPanel(name, {pos.x, pos.y, size.x, size.y}, detail);
}

void DumpContentFromCursor(const UiContext& ui) {
  if (ui.text == nullptr) return;
  const ImVec2 c = ImGui::GetCursorScreenPos();
  const ImVec2 w = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  ui.text->SetContent({c.x, c.y, w.x + size.x - c.x, w.y + size.y - c.y});
}

// [SECTION] Lines

void Text(const UiContext& ui, const Dump& dump, const std::string& text) {
  ImGui::TextUnformatted(text.c_str(), text.c_str() + text.size());
  RecordItem(ui, dump, text);
}

void TextDim(const UiContext& ui, const Dump& dump, const std::string& text) {
  ImGui::TextDisabled("%s", text.c_str());
  RecordItem(ui, dump, text);
}

void TextWrapped(const UiContext& ui, const Dump& dump, const std::string& text) {
  ImGui::TextWrapped("%s", text.c_str());
  RecordItem(ui, dump, text);
}

void TextColored(const UiContext& ui, const Dump& dump, scene::Rgba color,
                 const std::string& text) {
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ToImU32(color)), "%s", text.c_str());
  RecordItem(ui, dump, text);
}

void Paragraph(const UiContext& ui, const Dump& dump, const std::string& text, bool dim) {
  ImGui::PushTextWrapPos(0);
  if (dim)
    ImGui::TextDisabled("%s", text.c_str());
  else
    ImGui::TextUnformatted(text.c_str(), text.c_str() + text.size());
  ImGui::PopTextWrapPos();
  RecordItem(ui, dump, text);
}

void TextWrappedColored(const UiContext& ui, const Dump& dump, scene::Rgba color,
                        const std::string& text) {
  TextWrappedColored(color, text);
  RecordItem(ui, dump, text);
}

void TextIn(const UiContext& ui, const Dump& dump, const std::string& text, ViewRect rect) {
  ImGui::TextUnformatted(text.c_str(), text.c_str() + text.size());
  RecordLine(ui, dump, text, rect);
}

// [SECTION] Widgets

bool Button(const UiContext& ui, const char* label, const Dump& dump) {
  const bool pressed = ImGui::Button(label);  // no tooltip: the callers'
  RecordItem(ui, dump, label);
  return pressed;
}

bool RadioButton(const UiContext& ui, const char* label, bool active, const Dump& dump) {
  const bool pressed = ImGui::RadioButton(label, active);  // no tooltip: the callers'
  RecordItem(ui, dump, label);
  return pressed;
}

bool SliderInt(const UiContext& ui, const char* label, int* v, int lo, int hi, const char* format,
               const Dump& dump) {
  const bool changed = ImGui::SliderInt(label, v, lo, hi, format);  // no tooltip: the callers'
  RecordItem(ui, dump, format);
  return changed;
}

void ProgressBar(const UiContext& ui, float fraction, ImVec2 size, const std::string& overlay,
                 const Dump& dump) {
  ImGui::ProgressBar(fraction, size, overlay.c_str());
  RecordItem(ui, dump, overlay);
}

void Dummy(const UiContext& ui, ImVec2 size, const Dump& dump) {
  ImGui::Dummy(size);
  RecordItem(ui, dump, {});
}

void EndGroup(const UiContext& ui, const Dump& dump) {
  ImGui::EndGroup();
  RecordItem(ui, dump, {});
}

// [SECTION] Figure text

void DrawFigureText(const UiContext& ui, const FigureText& t, const std::string& text,
                    const Dump& dump, const ViewRect* rect, float dump_px) {
  ImGui::GetWindowDrawList()->AddText(t.font, t.px, t.at, t.color, text.c_str(),
                                      text.c_str() + text.size());
  if (ui.text == nullptr || dump.kind == nullptr) return;
  ViewRect r;
  if (rect != nullptr) {
    r = *rect;
  } else {
    const ImFont* font = t.font != nullptr ? t.font : ImGui::GetFont();
    const float px = t.px > 0 ? t.px : ImGui::GetFontSize();
    const ImVec2 size =
        font->CalcTextSizeA(px, FLT_MAX, 0, text.c_str(), text.c_str() + text.size());
    r = {t.at.x, t.at.y, size.x, size.y};
  }
  RecordLine(ui, dump, text, r, dump_px);
}

void DumpLine(const UiContext& ui, const Dump& dump, ViewRect rect) {
  RecordLine(ui, dump, {}, rect);
}

void DrawBracket(const UiContext& ui, float x0, float x1, float y, float lift, float w,
                 scene::Rgba color, const std::string& caption) {
  ui.renderer.AddLine(x0, y, x0, y - lift, w, color);
  ui.renderer.AddLine(x0 - w * 0.5f, y - lift, x1 + w * 0.5f, y - lift, w, color);
  ui.renderer.AddLine(x1, y - lift, x1, y, w, color);
  if (ui.text != nullptr) ui.text->Bracket(x0, x1, y - lift, caption);
}

}  // namespace scanviz
