// The narration: the current round of the shown trace told in a few sentences with its real values
// (teach::NarrateRound), in the large font for a projector; at the last round, the summary of work
// and depth follows.
#include <nlohmann/json.hpp>

#include "core/registry.h"
#include "state/step_text.h"
#include "views/primitives.h"
#include "views/views.h"

namespace scanviz {

namespace {

void DrawNarration(UiContext& ui, const teach::Narration& n) {
  // The current round's accent; on light (0xD55E00, 3.3:1 on the panel) the darker vermillion.
  const scene::Rgba accent = ui.palette.arrow_current;
  TextWrappedColored(
      ui, "title",
      scene::ContrastRatio(accent, ui.palette.background) >= 4.5f ? accent : ui.palette.bad,
      n.title);
  ImGui::Spacing();
  for (const std::string& paragraph : n.paragraphs) {
    TextWrappedColored(ui, "paragraph", ui.palette.text, paragraph);
    ImGui::Spacing();
  }
}

// The narration and the round's table as text, for a screen reader's user, notes or a
// spreadsheet (issue #34): the same text the page's live region and Text view give (step_text.h).
void DrawCopyButtons(UiContext& ui) {
  AppState& app = ui.app;
  if (InlineButton(ui, "Copy text")) {
    ImGui::SetClipboardText(PlainText(StepTextOf(app, ShownKindOf(ui))).c_str());
    app.notice = "copied this step's narration";
  }
  Place(ui, "copy narration");
  Tip(ui, "Copy this step's title and narration as plain text");
  ImGui::SameLine();
  if (InlineButton(ui, "Copy round")) {
    ImGui::SetClipboardText(RoundTableTsv(RoundTable(app)).c_str());
    app.notice = "copied this round's table (tab-separated)";
  }
  Place(ui, "copy round");
  Tip(ui, "Copy this round's buffers, threads and windows as a tab-separated table");
}

}  // namespace

void DrawNarrationView(UiContext& ui) {
  AppState& app = ui.app;
  const Algorithm algorithm = TeachAlgorithm(app);
  const TraceSlot& slot = app.Slot(algorithm);
  const std::vector<teach::Narration>& story = slot.teach.narration;
  const int rounds = static_cast<int>(slot.trace.rounds.size());
  const int round = app.PlayerOf(algorithm).Round();
  if (round < 0 || round >= rounds || static_cast<int>(story.size()) != rounds + 1) return;

  // "step", the trace's index: the title below says the round in the chapter's numbering, and a
  // second "round" count beside it would contradict it (Blelloch's "round 5" for its first
  // down-sweep round; issue #37).
  ImGui::TextDisabled("%s  ·  step %d of %d  ·  ←/→ to step", DisplayName(algorithm), round,
                      rounds - 1);
  DrawCopyButtons(ui);
  // A little margin on the right, so wrapped lines do not run into the window's edge.
  ImGui::BeginChild("##narration", ImVec2(-ui.fonts.ui_px * 0.5f, 0), false);
  // The large font throughout: readable from the back of a room.
  ImGui::PushFont(ui.fonts.large);
  DrawNarration(ui, story[static_cast<size_t>(round)]);
  if (round == rounds - 1) {
    ImGui::Separator();
    ImGui::Spacing();
    DrawNarration(ui, story.back());
  }
  ImGui::PopFont();
  ImGui::EndChild();
}

}  // namespace scanviz
