// The "Warps & banks" tab, top half: which warps and lanes of the block work in the current round
// (teach/warps.h). One strip per warp of 32 lanes: a lane that applies the operator is lit, one
// that only moves a value (a copy, a load, a seed) is half lit, an idle lane is dark, and lanes the
// block does not have (a block smaller than a warp) are outlined only. Then the warp efficiency and
// the idle warps, and the bank half (bank_view.cpp) below.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "teach/warps.h"
#include "views/primitives.h"
#include "views/views.h"

namespace scanviz {

namespace {

scene::Rgba WithAlpha(scene::Rgba c, float a) {
  return {c.r, c.g, c.b, a};
}

// 0.125 -> "13%": the summary and the rows round alike.
std::string Percent(double x) {
  return std::to_string(std::lround(x * 100)) + "%";
}

}  // namespace

void DrawWarpView(UiContext& ui, const teach::RoundWarps& rw) {
  const int warps = static_cast<int>(rw.warps.size());
  if (warps == 0) return;
  Heading("Warps this round");
  const std::string summary =
      std::to_string(rw.running) + " of " + std::to_string(warps) + " warps run, " +
      std::to_string(rw.idle) + " idle; " + std::to_string(rw.active_lanes) + " active lanes (" +
      std::to_string(rw.combining_lanes) + " apply the operator); warp efficiency " +
      Percent(rw.Efficiency()) + " (active lanes / 32 x " + std::to_string(rw.running) +
      " running warps)";
  Paragraph(ui, "paragraph", summary);

  // Rows as tall as a line while they fit in about 12 lines; thinner (labelled every 8th warp)
  // for the 32 warps of n = 1024.
  const float line = ImGui::GetTextLineHeight();
  const float row = std::clamp(12 * line / static_cast<float>(warps), 0.45f * line, line);
  const bool every_row_labelled = row >= 0.95f * line;
  const float label_w = ImGui::CalcTextSize("warp 31").x + 6 * ui.scale;
  const float pct_w = ImGui::CalcTextSize("100%").x + 6 * ui.scale;
  const float width = ImGui::GetContentRegionAvail().x;
  const float lane_w = std::max(2.0f, (width - label_w - pct_w) / teach::kWarpSize);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 lit = ToImU32(ui.palette.arrow_current);
  const ImU32 half = ToImU32(WithAlpha(ui.palette.arrow_current, 0.45f));
  const ImU32 dark = ToImU32(WithAlpha(ui.palette.text_dim, 0.25f));
  const ImU32 outline = ToImU32(WithAlpha(ui.palette.text_dim, 0.6f));
  const ImU32 text = ToImU32(ui.palette.text);
  const ImU32 dim = ToImU32(ui.palette.text_dim);
  const float gap = std::max(1.0f, 0.12f * row);
  int hovered = -1;
  for (int w = 0; w < warps; ++w) {
    const teach::WarpLanes& wl = rw.warps[static_cast<size_t>(w)];
    const float y = p.y + row * static_cast<float>(w);
    if (every_row_labelled || w % 8 == 0) {
      const std::string label =
          every_row_labelled ? "warp " + std::to_string(w) : std::to_string(w);
      dl->AddText(ImVec2(p.x, y + (row - line) / 2), wl.Runs() ? text : dim, label.c_str());
    }
    for (int l = 0; l < teach::kWarpSize; ++l) {
      const ImVec2 a(p.x + label_w + lane_w * static_cast<float>(l), y + gap / 2);
      const ImVec2 b(a.x + lane_w - std::min(1.0f, lane_w / 4), y + row - gap / 2);
      if (l >= wl.threads) {
        dl->AddRect(a, b, outline);
      } else {
        const std::uint32_t bit = 1u << l;
        dl->AddRectFilled(a, b,
                          (wl.combining_mask & bit) ? lit
                          : (wl.active_mask & bit)  ? half
                                                    : dark);
      }
    }
    // The warp's share of its 32 lanes, where a row is tall enough to hold the text.
    if (row >= 0.7f * line) {
      const std::string pct =
          wl.Runs() ? Percent(wl.active / static_cast<double>(teach::kWarpSize)) : "idle";
      dl->AddText(
          ImVec2(p.x + label_w + lane_w * teach::kWarpSize + 4 * ui.scale, y + (row - line) / 2),
          wl.Runs() ? text : dim, pct.c_str());
    }
    if (ImGui::IsMouseHoveringRect(ImVec2(p.x, y), ImVec2(p.x + width, y + row))) hovered = w;
  }
  ImGui::Dummy(ImVec2(width, row * static_cast<float>(warps) + 2 * ui.scale));
  if (hovered >= 0 && !ui.app.view.ignore_mouse) {
    const teach::WarpLanes& wl = rw.warps[static_cast<size_t>(hovered)];
    char tip[160];
    std::snprintf(tip, sizeof tip,
                  "warp %d (threads %d..%d): %d of 32 lanes active, %d apply the operator%s",
                  hovered, hovered * 32, hovered * 32 + wl.threads - 1, wl.active, wl.combining,
                  wl.Runs() ? "" : ": the whole warp is idle, it is not issued");
    ShowTooltip(ui, tip);
  }
  ImGui::TextDisabled(
      "lit: applies the operator; half: copies or loads; dark: idle; outline: no "
      "such thread");
}

}  // namespace scanviz

namespace scanviz {

void DrawWarpsBanksView(UiContext& ui) {
  AppState& app = ui.app;
  const Algorithm algorithm = TeachAlgorithm(app);
  const Trace& trace = app.Slot(algorithm).trace;
  const int round = app.PlayerOf(algorithm).Round();
  if (round < 0 || round >= static_cast<int>(trace.rounds.size())) return;
  ImGui::BeginChild("##warpsbanks", ImVec2(0, 0), false);
  DrawWarpView(ui, teach::AnalyzeWarps(trace.rounds[static_cast<size_t>(round)]));
  ImGui::Spacing();
  ImGui::Separator();
  DrawBankView(ui, trace, round);
  ImGui::EndChild();
}

}  // namespace scanviz
