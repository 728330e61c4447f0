// Types and numerics: what the element type does to the shown scan. float32 add: every result
// cell beside the same scan as a left-to-right float32 loop, with the difference in value and in
// units in the last place (teach::DiagnoseFloat). int32 add: the cells whose true sum does not fit
// in 32 bits and wrapped (teach::DiagnoseInt). max and min neither round nor wrap.
#include <algorithm>
#include <cstdio>

#include "views/views.h"

namespace scanviz {

namespace {

constexpr ImGuiTableFlags kTableFlags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_RowBg |
                                        ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_ScrollY;

float TableHeight(size_t rows) {
  const float row = ImGui::GetTextLineHeightWithSpacing() + 2;
  const float avail = ImGui::GetContentRegionAvail().y;
  return std::min(avail, row * static_cast<float>(rows + 1) + 6);
}

// Nine significant digits: enough to tell any two float32 values apart, so a 1-ulp difference
// shows in the digits and not only in the ulps column.
std::string Float9(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

void FloatTable(UiContext& ui, const teach::FloatDiagnostics& d) {
  if (!ImGui::BeginTable("##float", 5, kTableFlags, ImVec2(0, TableHeight(d.cells.size())))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const char* name : {"pos", "parallel", "sequential", "|diff|", "ulps"})
    ImGui::TableSetupColumn(name);
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(d.cells.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const teach::FloatCell& c = d.cells[static_cast<size_t>(i)];
      ImGui::TableNextRow();
      const bool differs = c.ulps != 0;
      if (differs) {
        const scene::Rgba b = ui.palette.bad;
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1,
                               ToImU32({b.r, b.g, b.b, c.position == d.worst ? 0.45f : 0.22f}));
      }
      ImGui::TableNextColumn();
      ImGui::Text("%d%s", c.position, c.position == d.worst ? " worst" : "");
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(Float9(c.parallel).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(Float9(c.sequential).c_str());
      ImGui::TableNextColumn();
      if (differs) {
        ImGui::Text("%.3g", c.abs_diff);
      } else {
        ImGui::TextDisabled("0");
      }
      ImGui::TableNextColumn();
      if (c.ulps < 0) {
        ImGui::TextUnformatted("NaN");
      } else if (differs) {
        ImGui::Text("%lld", static_cast<long long>(c.ulps));
      } else {
        ImGui::TextDisabled("0");
      }
    }
  }
  ImGui::EndTable();
}

void IntTable(UiContext& ui, const teach::IntDiagnostics& d) {
  if (!ImGui::BeginTable("##int", 5, kTableFlags, ImVec2(0, TableHeight(d.cells.size())))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const char* name : {"round", "cell", "true sum", "int32 holds", "how"})
    ImGui::TableSetupColumn(name);
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(d.cells.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const teach::WrappedCell& c = d.cells[static_cast<size_t>(i)];
      ImGui::TableNextRow();
      if (c.written_now) {
        const scene::Rgba b = ui.palette.bad;
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ToImU32({b.r, b.g, b.b, 0.3f}));
      }
      ImGui::TableNextColumn();
      ImGui::Text("%d", c.round);
      ImGui::TableNextColumn();
      ImGui::Text("buf[%d][%d]", c.buffer, c.position);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(Grouped(c.exact).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(Grouped(static_cast<long long>(c.stored)).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(c.written_now ? "wrapped here" : "carried");
    }
  }
  ImGui::EndTable();
}

void Hint() {
  ImGui::Spacing();
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled(
      "To see it happen, pick the preset \"int32 wraps (8 x 1e9)\" or \"float32: sixteen 0.1s\".");
  ImGui::PopTextWrapPos();
}

}  // namespace

void DrawNumericsView(UiContext& ui) {
  AppState& app = ui.app;
  const Algorithm algorithm = TeachAlgorithm(app);
  const TraceSlot& slot = app.Slot(algorithm);
  const ElementType type = slot.trace.meta.type;
  const OpKind op = slot.trace.meta.op;
  ImGui::TextDisabled("%s  ·  %s  ·  op %s  ·  n = %d", DisplayName(algorithm), ToString(type),
                      ToString(op), slot.trace.meta.n);
  ImGui::BeginChild("##numerics", ImVec2(0, 0), false);
  if (op != OpKind::kAdd) {
    TextWrappedColored(ui.palette.text,
                       std::string(ToString(op)) +
                           " picks one of its two inputs and computes nothing new, so it never "
                           "rounds and never overflows: every cell equals a left-to-right loop "
                           "exactly, in int32 and float32 alike. Choose the operator add to see "
                           "rounding (float32) or wrap-around (int32).");
    ImGui::EndChild();
    return;
  }
  if (type == ElementType::kFloat32) {
    const teach::FloatDiagnostics& d = slot.teach.float_diag;
    const scene::Rgba tone = d.differing > 0 ? ui.palette.bad : ui.palette.ok;
    ImGui::PushFont(ui.fonts.large);
    TextWrappedColored(tone, d.differing > 0
                                 ? std::to_string(d.differing) + " of " +
                                       std::to_string(d.cells.size()) +
                                       " results differ from the sequential loop"
                                 : "Every result equals the sequential loop, bit for bit");
    ImGui::PopFont();
    TextWrappedColored(ui.palette.text, d.explanation);
    if (d.differing == 0) Hint();
    ImGui::Spacing();
    FloatTable(ui, d);
  } else {
    const teach::IntDiagnostics& d = slot.teach.int_diag;
    const scene::Rgba tone = d.cells.empty() ? ui.palette.ok : ui.palette.bad;
    ImGui::PushFont(ui.fonts.large);
    TextWrappedColored(
        tone, d.cells.empty()
                  ? "No sum left the int32 range"
                  : std::to_string(d.results_wrapped) + " result cells wrapped around (" +
                        std::to_string(d.cells.size()) + " wrapped cells over all rounds)");
    ImGui::PopFont();
    TextWrappedColored(ui.palette.text, d.explanation);
    if (d.cells.empty()) Hint();
    ImGui::Spacing();
    if (!d.cells.empty()) IntTable(ui, d);
  }
  ImGui::EndChild();
}

}  // namespace scanviz
