// The legend: what each box style, colour, hatch and arrow means, for the algorithm shown. Samples
// are drawn by our renderer with the same shader as the cells.
#include <algorithm>
#include <string>
#include <vector>

#include "core/registry.h"
#include "views/views.h"

namespace scanviz {

void DrawLegendView(UiContext& ui) {
  const scene::Palette& p = ui.palette;
  // What the shown traces' boxes are: the actions their threads took, each drawn as the class
  // its algorithm's registry entry says (Sklansky never copies or writes the identity, so its
  // legend has no such box).
  const AppState& app = ui.app;
  bool shows[8] = {};
  bool cases = false;  // whether a shown algorithm has Hillis-Steele's cases (cell_case)
  auto collect = [&](Algorithm a) {
    for (const Round& r : app.Slot(a).trace.rounds) {
      for (const ThreadAction& t : r.actions) {
        if (t.kind != ActionKind::kIdle) shows[static_cast<int>(Info(a).cell_class(t.kind))] = true;
      }
    }
    cases = cases || Info(a).cell_case != nullptr;
  };
  const std::vector<Algorithm> shown = app.ShownAlgorithms();
  for (Algorithm a : shown) collect(a);
  const bool hs = shows[static_cast<int>(CellClass::kComputed)];
  bool padding = false;
  std::vector<std::string> names;  // the shown traces' register arrays: v, t; x
  for (Algorithm a : shown) {
    const Trace& t = app.Slot(a).trace;
    padding = padding || t.meta.padded_n > t.meta.n;
    for (const ArrayDesc& d : t.arrays) {
      if (d.space == Space::kRegister && d.size > 0 &&
          std::find(names.begin(), names.end(), d.name) == names.end())
        names.push_back(d.name);
    }
  }
  std::string registers;
  for (const std::string& name : names) registers += (registers.empty() ? "" : ", ") + name;
  // The chapters name Blelloch's steps after addition; with another operator the legend names it.
  const std::string op = ToString(app.Op());
  const std::string added = "heavy dashes: " + op + " (Blelloch)";
  const std::string swapped = "double: swap-and-" + op;
  // Cases coloured: written cells are drawn by case, so copied and computed give way to those.
  const bool case_view = ui.app.view.color_by_case && cases;
  ImGui::TextDisabled("Legend");
  SampleBox(ui, CellClass::kUnchanged, BoxStyle::kDotted, p.unchanged, "dotted: unchanged (idle)");
  SampleBox(ui, CellClass::kLoaded, BoxStyle::kDashed, p.loaded, "dash-dot: loaded from global");
  if (shows[static_cast<int>(CellClass::kCopied)] && !case_view)
    SampleBox(ui, CellClass::kCopied, BoxStyle::kDashed, p.copied, "dashed: copied across");
  if (hs && !case_view)
    SampleBox(ui, CellClass::kComputed, BoxStyle::kSolid, p.computed, "solid: computed");
  if (shows[static_cast<int>(CellClass::kAdded)])
    SampleBox(ui, CellClass::kAdded, BoxStyle::kDashed, p.added, added.c_str());
  if (shows[static_cast<int>(CellClass::kSeeded)])
    SampleBox(ui, CellClass::kSeeded, BoxStyle::kNone, p.seeded, "plain: the seed (identity)");
  if (shows[static_cast<int>(CellClass::kSwapAdded)])
    SampleBox(ui, CellClass::kSwapAdded, BoxStyle::kSolid, p.swap_added, swapped.c_str());
  if (padding) {
    SampleBox(ui, CellClass::kUnchanged, BoxStyle::kDotted, p.unchanged,
              "hatched: padding (past n)", true);
  }
  if (!registers.empty()) {
    ImGui::TextWrapped("%s: registers, one per lane; a line between warps", registers.c_str());
  }
  SampleBox(ui, CellClass::kUndefined, BoxStyle::kNone, p.undefined, "?  never written yet");
  if (case_view) {
    // The chapters' case figures: the border says the case.
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("Hillis-Steele cases (as the case figures draw them)");
    ImGui::PopTextWrapPos();
    SampleBox(ui, CellClass::kComputed, BoxStyle::kSolid, p.hs_case[1],
              "solid: Case 1, full window");
    SampleBox(ui, CellClass::kComputed, BoxStyle::kDashed, p.hs_case[2],
              "dashed: Case 2, partial left window");
    SampleBox(ui, CellClass::kCopied, BoxStyle::kDotted, p.hs_case[3],
              "heavy dots: Case 3, no left neighbour");
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
