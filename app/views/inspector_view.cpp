// The inspector: the hovered (else selected) cell, its invariant window over the input, the
// combination of the input over it, and a check mark against the value the trace holds.
#include <cstdio>

#include "core/registry.h"
#include "views/primitives.h"
#include "views/views.h"

namespace scanviz {

namespace {

// One wrapped line of the inspector, recorded for --dump-layout.
void Line(UiContext& ui, const std::string& text, const char* kind = "line") {
  Paragraph(ui, kind, text);
}

std::string Format(const char* format, auto... args) {
  char text[256];
  std::snprintf(text, sizeof text, format, args...);
  return text;
}

}  // namespace

void DrawInspectorView(UiContext& ui) {
  AppState& app = ui.app;
  const ViewState& vs = app.view;
  ImGui::TextDisabled("Inspector");
  std::optional<scene::CellRef> cell = vs.hovered ? vs.hovered : vs.selected;
  if (!cell) {
    Line(ui, "Hover or click a cell to see its invariant window.");
    return;
  }
  const Algorithm algorithm = vs.selected_algorithm;
  const TraceSlot& slot = app.Slot(algorithm);
  const CellInfo* ci = scene::FindCellInfo(slot.trace, slot.analysis, *cell);
  if (cell->round == scene::kInputRound) {
    if (cell->pos < 0 || cell->pos >= slot.trace.meta.n) {
      Line(ui, Format("input[%d] is past the end of the input (n = %d).", cell->pos,
                      slot.trace.meta.n));
      return;
    }
    Line(ui, Format("input[%d] (global memory)", cell->pos));
    Line(ui, "Type a number to edit it (or double-click it).");
  } else if (ci == nullptr) {
    // A selection from the command line, or one left over from a longer input.
    Line(ui, Format("round %d, array %d, position %d is not a cell of this trace.", cell->round,
                    cell->buffer, cell->pos));
    return;
  } else {
    const ArrayDesc& array = slot.trace.arrays[static_cast<size_t>(cell->buffer)];
    Line(ui, RoundTitle(slot.trace, cell->round));
    Line(ui, Format("%s[%d] (%s): %s%s", array.name.c_str(), cell->pos, ToString(array.space),
                    ToString(ci->cls), ci->padding ? " (padding)" : ""));
    Line(ui, ci->writer >= 0 ? Format("written by thread %d", ci->writer)
                             : std::string("no thread wrote it this round"));
  }
  const scene::CellCheck check = scene::CheckCell(slot.trace, slot.analysis, *cell);
  if (!check.valid) {
    Line(ui, "'?': nothing written here yet, so no invariant holds.");
    return;
  }
  Line(ui, check.window.Empty()
               ? std::string("window: empty (exclusive prefix of position 0)")
               : Format("window: input[%d..%d]", check.window.lo, check.window.hi));
  Line(ui, check.expression);
  const std::string stored = FormatValue(slot.trace.meta.type, check.stored);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(
                                           ToImU32(check.ok ? ui.palette.ok : ui.palette.bad)));
  ImGui::PushFont(ui.fonts.large);
  Line(ui, (check.ok ? "✓ cell holds " : "✗ cell holds ") + stored, "check");
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
      Line(ui, Format("Case %d: %s", c, why));
    }
  }
}

}  // namespace scanviz
