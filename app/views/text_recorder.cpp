// The text recorder behind --dump-layout: each panel's rectangle and the lines it drew, so the
// headless tests can check what a panel says, and where, without reading glyphs from pixels.
#include "views/views.h"

namespace scanviz {

namespace {

// Whether [lo, hi] lies within the current window's visible rows (and overlaps it across): a code
// line scrolled out of the child window, or cut at its edge, does not count as shown.
bool FullyVisible(ImVec2 lo, ImVec2 hi) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 clip_lo = dl->GetClipRectMin(), clip_hi = dl->GetClipRectMax();
  return lo.y >= clip_lo.y && hi.y <= clip_hi.y && hi.x > clip_lo.x && lo.x < clip_hi.x;
}

}  // namespace

void TextRecorder::BeginPanel(std::string name, ViewRect rect, std::string detail) {
  m_panels.push_back({std::move(name), std::move(detail), Pixels(rect), std::nullopt, {}, {}});
}

void TextRecorder::SetContent(ViewRect rect) {
  Current().content = Pixels(rect);
}

DumpedLine& TextRecorder::Item(std::string kind, std::string text) {
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  DumpedLine& line =
      Text(std::move(kind), std::move(text), {lo.x, lo.y, hi.x - lo.x, hi.y - lo.y}, 0);
  line.visible = ImGui::IsItemVisible() && FullyVisible(lo, hi);
  return line;
}

DumpedLine& TextRecorder::Text(std::string kind, std::string text, ViewRect rect, float px) {
  DumpedLine line;
  line.kind = std::move(kind);
  line.text = std::move(text);
  line.rect = Pixels(rect);
  line.px = (px > 0 ? px : ImGui::GetFontSize()) * m_scale.y;
  ReadColors(&line, rect);
  line.visible = FullyVisible(ImVec2(rect.x, rect.y), ImVec2(rect.x + rect.w, rect.y + rect.h));
  Current().lines.push_back(std::move(line));
  return Current().lines.back();
}

void TextRecorder::Bracket(float x0, float x1, float y, std::string caption) {
  Current().brackets.push_back({x0 * m_scale.x, x1 * m_scale.x, y * m_scale.y, std::move(caption)});
}

DumpedPanel& TextRecorder::Current() {
  // A line before any panel began is a view that forgot BeginPanel: it still shows in the dump.
  if (m_panels.empty()) BeginPanel("unnamed", {});
  return m_panels.back();
}

ViewRect TextRecorder::Pixels(ViewRect r) const {
  return {r.x * m_scale.x, r.y * m_scale.y, r.w * m_scale.x, r.h * m_scale.y};
}

void Record(UiContext& ui, const char* kind, const std::string& text) {
  if (ui.text != nullptr) ui.text->Item(kind, text);
}

}  // namespace scanviz
