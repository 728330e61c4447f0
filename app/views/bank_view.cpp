// The "Warps & banks" tab, bottom half: the shared-memory banks of the current round
// (teach/banks.h). The padding switch, one sentence on the round's worst access, a chart of the
// 32 banks for that access (how many distinct words each bank must serve: the bar's height, on a
// fixed scale of 32 so that a 32-way conflict fills it), and the worst degree of each warp.
#include <algorithm>
#include <set>
#include <string>

#include "teach/banks.h"
#include "views/primitives.h"
#include "views/views.h"

namespace scanviz {

namespace {

// Bars on a fixed 0..32 scale: `values[i]` distinct words (or a degree) at slot i.
void Bars(UiContext& ui, const std::vector<int>& values, float height, int label_every,
          const char* axis) {
  const float width = ImGui::GetContentRegionAvail().x;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float slot = width / static_cast<float>(std::max<size_t>(1, values.size()));
  const ImU32 bad = ToImU32(ui.palette.bad), ok = ToImU32(ui.palette.ok);
  const ImU32 dim = ToImU32(ui.palette.text_dim);
  // A faint line at one word: a bar above it is a conflict.
  const float one = p.y + height - height / teach::kBankCount;
  dl->AddLine(ImVec2(p.x, one), ImVec2(p.x + width, one), dim);
  for (size_t i = 0; i < values.size(); ++i) {
    const int v = values[i];
    const float x = p.x + slot * static_cast<float>(i);
    if (v > 0) {
      const float h = std::max(2.0f, height * static_cast<float>(v) / teach::kBankCount);
      dl->AddRectFilled(ImVec2(x + slot * 0.12f, p.y + height - h),
                        ImVec2(x + slot * 0.88f, p.y + height), v > 1 ? bad : ok);
      // The count over its bar, where the slot is wide enough to read it.
      const std::string s = std::to_string(v);
      const ImVec2 ts = ImGui::CalcTextSize(s.c_str());
      if (ts.x <= slot)
        dl->AddText(ImVec2(x + (slot - ts.x) / 2, p.y + height - h - ts.y), dim, s.c_str());
    }
  }
  dl->AddLine(ImVec2(p.x, p.y + height), ImVec2(p.x + width, p.y + height), dim);
  // Slot numbers under the axis, every `label_every`, and the last.
  const float ty = p.y + height + 2 * ui.scale;
  for (size_t i = 0; i < values.size(); ++i) {
    if (i % static_cast<size_t>(label_every) != 0 && i + 1 != values.size()) continue;
    const std::string s = std::to_string(i);
    const float tw = ImGui::CalcTextSize(s.c_str()).x;
    dl->AddText(ImVec2(p.x + slot * (static_cast<float>(i) + 0.5f) - tw / 2, ty), dim, s.c_str());
  }
  ImGui::Dummy(ImVec2(width, height + ImGui::GetTextLineHeight() + 4 * ui.scale));
  ImGui::TextDisabled("%s", axis);
}

}  // namespace

void DrawBankView(UiContext& ui, const Trace& trace, int round) {
  ViewState& vs = ui.app.view;
  Heading("Shared-memory banks this round");
  const bool applies = teach::PaddingApplies(trace);
  ImGui::BeginDisabled(!applies);
  bool padded = vs.bank_padding && applies;
  if (ImGui::Checkbox("Conflict-free padding (word p + p / 32)", &padded)) vs.bank_padding = padded;
  // Which algorithms offer it is their registry entries' word (padded_layout).
  const std::string tip =
      applies ? std::string("Model ") + DisplayName(trace.meta.algorithm) +
                    "'s buffer with one pad word after every 32 (the CUDA samples' "
                    "CONFLICT_FREE_OFFSET): position p at word p + p / 32"
              : "Padding is the remedy for a strided tree (Blelloch's); this algorithm's accesses "
                "are already consecutive or broadcast";
  Tip(ui, tip.c_str());
  ImGui::EndDisabled();

  const teach::RoundBanks plain = teach::AnalyzeBanks(trace, round, {.padded = false});
  const teach::RoundBanks pad = teach::AnalyzeBanks(trace, round, {.padded = true});
  const teach::RoundBanks& shown = padded ? pad : plain;
  const std::string sentence = teach::BankSentence(trace, round, plain, pad, padded);
  Paragraph(ui, "paragraph", sentence);

  const teach::WarpAccess* worst = shown.Worst();
  if (worst == nullptr) return;
  const std::string totals = "worst " + std::to_string(shown.worst_degree) + "-way; " +
                             std::to_string(shown.transactions) + " transactions for " +
                             std::to_string(shown.accesses.size()) + " warp accesses (1 each " +
                             "when conflict-free)";
  Text(ui, "line", totals);

  // Distinct words per bank for the worst access.
  std::vector<std::set<int>> words(teach::kBankCount);
  for (const teach::LaneAccess& l : worst->lanes)
    words[static_cast<size_t>(l.bank)].insert(l.address);
  std::vector<int> per_bank;
  for (const std::set<int>& w : words) per_bank.push_back(static_cast<int>(w.size()));
  const float line = ImGui::GetTextLineHeight();
  ImGui::Spacing();
  const std::string title = "Warp " + std::to_string(worst->warp) + ", " +
                            teach::ToString(worst->slot) + " (" +
                            std::to_string(worst->lanes.size()) + " lanes): words per bank";
  ImGui::TextUnformatted(title.c_str());
  Bars(ui, per_bank, 6 * line, 8, "bank (0..31); height: distinct words it serves, out of 32");

  // The worst degree of each warp that touches shared memory this round.
  const int warps = static_cast<int>(
      (trace.rounds[static_cast<size_t>(round)].actions.size() + teach::kBankCount - 1) /
      teach::kBankCount);
  if (warps > 1) {
    std::vector<int> degrees;
    for (int w = 0; w < warps; ++w) degrees.push_back(shown.WarpDegree(w));
    ImGui::Spacing();
    ImGui::TextUnformatted("Conflict degree per warp (its worst access)");
    Bars(ui, degrees, 3 * line, 8, "warp; green: conflict-free, red: n-way");
  }
}

}  // namespace scanviz
