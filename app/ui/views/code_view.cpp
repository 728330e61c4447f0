// The code panel: the driver that produced the trace, the round loop the CUDA kernel and the
// simulator both run (embedded at build time, see app/teach/kernel_source.h), or our short
// pseudo-code, with the lines the current round runs lit
// and scrolled into view. Long lines wrap under their own text, keeping the line-number gutter.
#include <algorithm>

#include "core/registry.h"
#include "teach/code_listing.h"
#include "views.h"

namespace scanviz {

void CodeView::Draw(UiContext& ui) {
  AppState& app = ui.app;
  ViewState& vs = app.view;
  const Algorithm algorithm = TeachAlgorithm(app);
  const TraceSlot& slot = app.Slot(algorithm);
  const int round = app.PlayerOf(algorithm).Round();
  if (round < 0 || round >= static_cast<int>(slot.trace.rounds.size())) return;
  const bool last = round == static_cast<int>(slot.trace.rounds.size()) - 1;

  if (ImGui::RadioButton("Kernel code", !vs.pseudo_code)) vs.pseudo_code = false;
  Tip(ui, "The driver the GPU and the simulator ran, embedded at build time");
  ImGui::SameLine();
  if (ImGui::RadioButton("Pseudo-code", vs.pseudo_code)) vs.pseudo_code = true;
  Tip(ui, "The same round loop in a few lines, with this trace's operator");
  const teach::CodeListing& listing = vs.pseudo_code ? slot.teach.pseudo : slot.teach.kernel;
  const std::vector<int> lit = teach::HighlightedLines(
      listing, algorithm, slot.trace.rounds[static_cast<size_t>(round)].spec, last);
  const std::string heading = listing.title + "  ·  " + RoundTitle(slot.trace, round);
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s", heading.c_str());
  ImGui::PopTextWrapPos();
  Record(ui, "heading", heading);
  if (listing.lines.empty()) {
    const std::string error =
        "The kernel markers were not found in the embedded drivers (kernels/core/algorithms/); "
        "the teach tests say which.";
    TextWrappedColored(ui.palette.bad, error);
    Record(ui, "error", error);
    return;
  }

  const bool scroll = m_generation != app.Generation() || m_round != round ||
                      m_algorithm != static_cast<int>(algorithm) || m_pseudo != vs.pseudo_code;
  m_generation = app.Generation();
  m_round = round;
  m_algorithm = static_cast<int>(algorithm);
  m_pseudo = vs.pseudo_code;

  ImGui::BeginChild("##code", ImVec2(0, 0), true);
  ImGui::PushFont(ui.fonts.mono);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float gutter = ImGui::CalcTextSize("0000 ").x;
  const float line_h = ImGui::GetTextLineHeightWithSpacing();
  const scene::Rgba band = ui.palette.current_band;
  const scene::Rgba mark = ui.palette.arrow_current;
  for (int i = 0; i < static_cast<int>(listing.lines.size()); ++i) {
    const teach::CodeLine& line = listing.lines[static_cast<size_t>(i)];
    const bool on = std::binary_search(lit.begin(), lit.end(), i);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float x0 = ImGui::GetCursorPosX();
    const float text_w = std::max(1.0f, ImGui::GetContentRegionAvail().x - gutter);
    const char* text = line.text.empty() ? " " : line.text.c_str();
    const float h = std::max(line_h, ImGui::CalcTextSize(text, nullptr, false, text_w).y +
                                         ImGui::GetStyle().ItemSpacing.y);
    if (on) {
      const float right = p.x + ImGui::GetContentRegionAvail().x;
      dl->AddRectFilled(ImVec2(p.x - 4 * ui.scale, p.y - 1), ImVec2(right, p.y + h - 1),
                        ToImU32({band.r, band.g, band.b, 0.9f}));
      dl->AddRectFilled(ImVec2(p.x - 4 * ui.scale, p.y - 1), ImVec2(p.x, p.y + h - 1),
                        ToImU32(mark));
    }
    // Gutter: the kernel file's line number (the pseudo-code counts its own lines).
    const int number = line.source_line > 0 ? line.source_line : i + 1;
    ImGui::TextDisabled("%4d", number);
    ImGui::SameLine(x0 + gutter);
    const scene::Rgba c = on                     ? ui.palette.text
                          : line.instrumentation ? ui.palette.text_dim
                                                 : ui.palette.text;
    ImGui::PushStyleColor(ImGuiCol_Text,
                          ImVec4(c.r, c.g, c.b, on || line.instrumentation ? 1.0f : 0.85f));
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    if (ui.text != nullptr) {
      // The whole row, band and all; the margin bar sits just left of it.
      DumpedLine& d =
          ui.text->Text("code", line.text, {p.x, p.y - 1, ImGui::GetContentRegionAvail().x, h});
      d.lit = on;
      d.number = number;
    }
    if (scroll && !lit.empty() && i == lit.front()) ImGui::SetScrollHereY(0.3f);
  }
  ImGui::PopFont();
  ImGui::EndChild();
}

}  // namespace scanviz
