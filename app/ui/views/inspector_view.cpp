// The inspector: the hovered (else selected) cell, its invariant window over the input, the
// combination of the input over it, and a check mark against the value the trace holds.
#include <cstdio>

#include "core/registry.h"
#include "views.h"

namespace scanviz {

void DrawInspectorView(UiContext& ui) {
  AppState& app = ui.app;
  const ViewState& vs = app.view;
  ImGui::TextDisabled("Inspector");
  std::optional<scene::CellRef> cell = vs.hovered ? vs.hovered : vs.selected;
  if (!cell) {
    ImGui::TextWrapped("Hover or click a cell to see its invariant window.");
    return;
  }
  const Algorithm algorithm = vs.selected_algorithm;
  const TraceSlot& slot = app.Slot(algorithm);
  const CellInfo* ci = scene::FindCellInfo(slot.trace, slot.analysis, *cell);
  if (cell->round == scene::kInputRound) {
    if (cell->pos < 0 || cell->pos >= slot.trace.meta.n) {
      ImGui::TextWrapped("input[%d] is past the end of the input (n = %d).", cell->pos,
                         slot.trace.meta.n);
      return;
    }
    ImGui::Text("input[%d] (global memory)", cell->pos);
    ImGui::TextWrapped("Double-click it in the view to edit.");
  } else if (ci == nullptr) {
    // A selection from the command line, or one left over from a longer input.
    ImGui::TextWrapped("round %d, array %d, position %d is not a cell of this trace.", cell->round,
                       cell->buffer, cell->pos);
    return;
  } else {
    const ArrayDesc& array = slot.trace.arrays[static_cast<size_t>(cell->buffer)];
    ImGui::TextWrapped("%s", RoundTitle(slot.trace, cell->round).c_str());
    ImGui::Text("%s[%d] (%s): %s%s", array.name.c_str(), cell->pos, ToString(array.space),
                ToString(ci->cls), ci->padding ? " (padding)" : "");
    if (ci->writer >= 0) {
      ImGui::Text("written by thread %d", ci->writer);
    } else {
      ImGui::TextUnformatted("no thread wrote it this round");
    }
  }
  const scene::CellCheck check = scene::CheckCell(slot.trace, slot.analysis, *cell);
  if (!check.valid) {
    ImGui::TextWrapped("'?': nothing written here yet, so no invariant holds.");
    return;
  }
  if (check.window.Empty()) {
    ImGui::TextWrapped("window: empty (exclusive prefix of position 0)");
  } else {
    ImGui::Text("window: input[%d..%d]", check.window.lo, check.window.hi);
  }
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(check.expression.c_str());
  ImGui::PopTextWrapPos();
  const std::string stored = FormatValue(slot.trace.meta.type, check.stored);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(
                                           ToImU32(check.ok ? ui.palette.ok : ui.palette.bad)));
  ImGui::PushFont(ui.fonts.large);
  ImGui::Text(check.ok ? "✓ cell holds %s" : "✗ cell holds %s", stored.c_str());
  ImGui::PopFont();
  ImGui::PopStyleColor();
  if (cell->round > 0 && ci != nullptr) {
    const RoundInfo& info = slot.analysis.rounds[static_cast<size_t>(cell->round)];
    const int pout = slot.trace.rounds[static_cast<size_t>(cell->round)].spec.pout;
    if (cell->buffer == pout && static_cast<size_t>(cell->pos) < info.hs_case.size()) {
      const int c = info.hs_case[static_cast<size_t>(cell->pos)];
      const char* why = c == 1   ? "full window"
                        : c == 2 ? "partial left window"
                                 : "no left neighbour";
      ImGui::Text("Case %d: %s", c, why);
    }
  }
}

}  // namespace scanviz
