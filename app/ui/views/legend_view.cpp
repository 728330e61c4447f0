// The legend: what each box style, colour, hatch and arrow means, for the algorithm shown. Samples
// are drawn by our renderer with the same shader as the cells.
#include "views.h"

namespace scanviz {

void DrawLegendView(UiContext& ui) {
  const scene::Palette& p = ui.palette;
  const bool hs = ui.app.GetAlgorithm() == Algorithm::kHillisSteele || ui.app.view.side_by_side;
  const bool bl = ui.app.GetAlgorithm() == Algorithm::kBlelloch || ui.app.view.side_by_side;
  ImGui::TextDisabled("Legend");
  SampleBox(ui, CellClass::kUnchanged, BoxStyle::kDotted, p.unchanged, "dotted: unchanged (idle)");
  SampleBox(ui, CellClass::kLoaded, BoxStyle::kDashed, p.loaded, "dashed: loaded from global");
  if (hs) {
    SampleBox(ui, CellClass::kCopied, BoxStyle::kDashed, p.copied, "dashed: copied across (HS)");
    SampleBox(ui, CellClass::kComputed, BoxStyle::kSolid, p.computed, "solid: computed (HS)");
  }
  if (bl) {
    SampleBox(ui, CellClass::kAdded, BoxStyle::kDashed, p.added, "dashed: add (Blelloch)");
    SampleBox(ui, CellClass::kSeeded, BoxStyle::kDashed, p.seeded, "dashed: seed = identity");
    SampleBox(ui, CellClass::kSwapAdded, BoxStyle::kSolid, p.swap_added, "solid: swap-and-add");
    SampleBox(ui, CellClass::kUnchanged, BoxStyle::kDotted, p.unchanged,
              "hatched: padding (past n)", true);
  }
  SampleBox(ui, CellClass::kUndefined, BoxStyle::kNone, p.undefined, "?  never written yet");
  if (ui.app.view.color_by_case && hs) {
    SampleBox(ui, CellClass::kComputed, BoxStyle::kSolid, p.hs_case[1], "C1: full window");
    SampleBox(ui, CellClass::kComputed, BoxStyle::kSolid, p.hs_case[2], "C2: partial window");
    SampleBox(ui, CellClass::kCopied, BoxStyle::kDashed, p.hs_case[3], "C3: no left neighbour");
  }
  // Arrow sample.
  const ImVec2 c = ImGui::GetCursorScreenPos();
  const float h = ui.fonts.ui_px * 1.5f;
  ui.renderer.AddArrow(c.x + h * 0.8f, c.y + 2, c.x + h * 0.8f, c.y + h - 2, 2.5f * ui.scale,
                       8 * ui.scale, p.arrow_current);
  ImGui::Dummy(ImVec2(h * 1.6f, h));
  ImGui::SameLine();
  ImGui::TextUnformatted("a thread read → wrote");
}

}  // namespace scanviz
