// The grid view's side-panel tabs: the hovered or selected cell's window and check (Inspector),
// the step in sentences (Narration), the grid's loop with the step's lines lit (Code).
#include <algorithm>

#include "kinds/multi_block/grid_view.h"
#include "kinds/multi_block/multi_block_state.h"
#include "views/primitives.h"
#include "teach/grid_teach.h"
#include "views/views.h"

namespace scanviz {

void DrawGridInspector(UiContext& ui, const scene::GridScene* sc) {
  AppState& app = ui.app;
  const GridModel& grid = MultiBlockOf(app).grid;
  const std::optional<scene::GridCellRef> cell = grid.hovered ? grid.hovered : grid.selected;
  ImGui::PushTextWrapPos(0);
  if (sc == nullptr || !cell) {
    ImGui::TextWrapped("Hover or click a cell for its invariant window; click a block to open its "
                       "rounds in the single-block view (Esc returns).");
    ImGui::PopTextWrapPos();
    return;
  }
  const scene::GridCellCheck c =
      scene::CheckGridCell(MultiBlockOf(app).grid.Traced().grid, *sc, *cell);
  if (!c.valid) {
    ImGui::TextWrapped("%s", cell->kind == scene::GridRowKind::kBlocks
                                 ? "A block: click it to open its rounds."
                                 : "Not produced yet at this phase.");
    ImGui::PopTextWrapPos();
    return;
  }
  Text(ui, "line", c.name);
  TextWrapped(ui, "line", "holds " + c.meaning);
  TextWrapped(ui, "line", c.expression);
  const std::string verdict = (c.ok ? "✓ cell holds " : "✗ cell holds ") +
                              FormatValue(MultiBlockOf(app).grid.Traced().grid.type, c.stored);
  TextWrappedColored(ui, "check", c.ok ? ui.palette.ok : ui.palette.bad, verdict);
  ImGui::PopTextWrapPos();
}

void DrawGridNarration(UiContext& ui) {
  AppState& app = ui.app;
  const GridSlot& slot = MultiBlockOf(app).grid.Traced();
  const teach::GridNarration n =
      teach::NarrateGridStep(slot.grid, MultiBlockOf(app).grid.GridPlayer().Round());
  DrawLargeParagraphs(ui, n.title, n.paragraphs);
}

void DrawGridCode(UiContext& ui) {
  AppState& app = ui.app;
  const GridSlot& slot = MultiBlockOf(app).grid.Traced();
  const int step = MultiBlockOf(app).grid.GridPlayer().Round();
  const teach::CodeListing listing = teach::GridListing();
  const std::vector<int> lit = teach::GridHighlightedLines(listing, slot.grid, step);
  const std::string heading = listing.title + "  ·  " + scene::GridStepTitle(slot.grid, step);
  Paragraph(ui, "heading", heading, true);
  ImGui::PushFont(ui.fonts.mono);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float gutter = ImGui::CalcTextSize("0000 ").x;
  for (int i = 0; i < static_cast<int>(listing.lines.size()); ++i) {
    const teach::CodeLine& line = listing.lines[static_cast<size_t>(i)];
    const bool on = std::binary_search(lit.begin(), lit.end(), i);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float x0 = ImGui::GetCursorPosX();
    const float w = ImGui::GetContentRegionAvail().x;
    const char* text = line.text.empty() ? " " : line.text.c_str();
    const float h = ImGui::CalcTextSize(text, nullptr, false, w - gutter).y + ImGui::GetStyle().ItemSpacing.y;
    if (on) {
      const scene::Rgba band = ui.palette.current_band;
      dl->AddRectFilled(ImVec2(p.x - 4 * ui.scale, p.y - 1), ImVec2(p.x + w, p.y + h - 1),
                        ToImU32({band.r, band.g, band.b, 0.9f}));
      dl->AddRectFilled(ImVec2(p.x - 4 * ui.scale, p.y - 1), ImVec2(p.x, p.y + h - 1),
                        ToImU32(ui.palette.arrow_current));
    }
    ImGui::TextDisabled("%4d", line.source_line);
    ImGui::SameLine(x0 + gutter);
    ImGui::PushTextWrapPos(x0 + w);
    Dump code("code", line.text);
    code.lit = on;
    code.number = line.source_line;
    TextIn(ui, code, text, {p.x, p.y - 1, w, h});
    ImGui::PopTextWrapPos();
  }
  ImGui::PopFont();
}

}  // namespace scanviz
