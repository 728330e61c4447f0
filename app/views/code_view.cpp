// The code panel: the driver that produced the trace, the round loop the CUDA kernel and the
// simulator both run (embedded at build time, see app/teach/kernel_source.h), or our short
// pseudo-code, with the lines the current round runs lit
// and scrolled into view. Long lines wrap under their own text, keeping the line-number gutter.
#include <algorithm>
#include <cstdio>

#include "core/registry.h"
#include "teach/code_listing.h"
#include "views/primitives.h"
#include "views/views.h"

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
  Paragraph(ui, "heading", heading, true);
  if (listing.lines.empty()) {
    const std::string error =
        "The kernel markers were not found in the embedded drivers (kernels/core/algorithms/); "
        "the teach tests say which.";
    TextWrappedColored(ui, "error", ui.palette.bad, error);
    return;
  }

  const bool scroll = m_generation != app.Generation() || m_round != round ||
                      m_algorithm != static_cast<int>(algorithm) || m_pseudo != vs.pseudo_code;
  m_generation = app.Generation();
  m_round = round;
  m_algorithm = static_cast<int>(algorithm);
  m_pseudo = vs.pseudo_code;

  // Beside the kernel's round loop, the step it calls this round, with the lines the threads ran
  // lit and how many threads ran each (from the trace's actions).
  const teach::CodeListing* step = nullptr;
  if (!vs.pseudo_code && round < static_cast<int>(slot.teach.steps.size()) &&
      !slot.teach.steps[static_cast<size_t>(round)].lines.empty())
    step = &slot.teach.steps[static_cast<size_t>(round)];
  float loop_h = 0;  // 0: the rest of the panel
  if (step != nullptr) {
    ImGui::PushFont(ui.fonts.mono);
    const float line_h = ImGui::GetTextLineHeightWithSpacing();
    ImGui::PopFont();
    const float avail = ImGui::GetContentRegionAvail().y;
    const float step_h =
        std::min(avail * 0.5f, (static_cast<float>(step->lines.size()) + 3.5f) * line_h);
    loop_h = std::max(4 * line_h, avail - step_h);
  }
  ImGui::BeginChild("##code", ImVec2(0, loop_h), true);
  DrawListing(ui, listing, lit, nullptr, scroll);
  ImGui::EndChild();
  if (step == nullptr) return;

  const Round& r = slot.trace.rounds[static_cast<size_t>(round)];
  const std::vector<int> threads = teach::StepLineThreads(*step, r);
  std::vector<int> step_lit;
  for (int i = 0; i < static_cast<int>(threads.size()); ++i)
    if (threads[static_cast<size_t>(i)] > 0) step_lit.push_back(i);
  const std::string step_heading =
      "Each thread runs " + step->title + ": lit, what the threads ran this round (×N: N threads)";
  Paragraph(ui, "step-heading", step_heading, true);
  ImGui::BeginChild("##step", ImVec2(0, 0), true);
  DrawListing(ui, *step, step_lit, &threads, /*scroll=*/false);  // short: shown from its top
  ImGui::EndChild();
}

void CodeView::DrawListing(UiContext& ui, const teach::CodeListing& listing,
                           const std::vector<int>& lit, const std::vector<int>* threads,
                           bool scroll) {
  ImGui::PushFont(ui.fonts.mono);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float gutter = ImGui::CalcTextSize("0000 ").x;
  // The step's thread counts sit at the right: "x1024" at most.
  const float count_w = threads != nullptr ? ImGui::CalcTextSize(" ×0000").x : 0.0f;
  const float line_h = ImGui::GetTextLineHeightWithSpacing();
  const scene::Rgba band = ui.palette.current_band;
  const scene::Rgba mark = ui.palette.arrow_current;
  for (int i = 0; i < static_cast<int>(listing.lines.size()); ++i) {
    const teach::CodeLine& line = listing.lines[static_cast<size_t>(i)];
    const bool on = std::binary_search(lit.begin(), lit.end(), i);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float x0 = ImGui::GetCursorPosX();
    const float right = p.x + ImGui::GetContentRegionAvail().x;
    const float text_w = std::max(1.0f, ImGui::GetContentRegionAvail().x - gutter - count_w);
    const char* text = line.text.empty() ? " " : line.text.c_str();
    const float h = std::max(line_h, ImGui::CalcTextSize(text, nullptr, false, text_w).y +
                                         ImGui::GetStyle().ItemSpacing.y);
    if (on) {
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
    ImGui::PushTextWrapPos(x0 + gutter + text_w);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    std::string count;
    if (threads != nullptr && (*threads)[static_cast<size_t>(i)] > 0) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "×%d", (*threads)[static_cast<size_t>(i)]);
      count = buf;
      const float w = ImGui::CalcTextSize(count.c_str()).x;
      dl->AddText(ImVec2(right - w, p.y), ToImU32(ui.palette.text), count.c_str());
    }
    // The whole row, band and all; the margin bar sits just left of it.
    Dump row(threads != nullptr ? "step" : "code",
             count.empty() ? line.text : line.text + "  " + count);
    row.lit = on;
    row.number = number;
    DumpLine(ui, row, {p.x, p.y - 1, ImGui::GetContentRegionAvail().x, h});
    if (scroll && !lit.empty() && i == lit.front()) ImGui::SetScrollHereY(0.3f);
  }
  ImGui::PopFont();
}

}  // namespace scanviz
