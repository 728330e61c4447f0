#include "views/step_bar_view.h"

#include "state/kind_model.h"
#include "views/primitives.h"

namespace scanviz {

namespace {

// A square button of the target's side, remembered as step_bar.NAME for --state-file.
bool BarButton(UiContext& ui, const char* name, const char* label, float side, const char* tip,
               KeyAction key = KeyAction::kNone) {
  ImGui::SetWindowFontScale(1.5f);  // the glyphs (‹ › ▶ ≡) large enough to aim at
  const bool clicked = ImGui::Button(label, ImVec2(side, side));
  ImGui::SetWindowFontScale(1.0f);
  Place(ui, name);
  Tip(ui, tip, key);
  return clicked;
}

// The step's name, shortened to what fits: the whole caption, else its part before " · ".
void StepCaption(UiContext& ui, const std::string& caption, float room, float h) {
  std::string text = caption;
  if (ImGui::CalcTextSize(text.c_str()).x > room) text = text.substr(0, text.find(" · "));
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float line = ImGui::GetTextLineHeight();
  ImGui::PushClipRect(at, ImVec2(at.x + std::max(room, 0.0f), at.y + h), true);
  ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + (h - line) / 2));
  Text(ui, {"step", caption}, text);
  Place(ui, "step_bar.caption");
  ImGui::PopClipRect();
}

}  // namespace

void DrawStepBar(UiContext& ui, ViewRect rect, const StepBarOptions& options) {
  AppState& app = ui.app;
  ViewState& vs = app.view;
  const Kind& kind = ShownKindOf(ui);
  const StepCounter steps = kind.Steps(app);
  const float side = options.target;
  vs.widgets["step_bar"] = {rect.x, rect.y, rect.w, rect.h};
  BeginPanelWindow(ui, "##step_bar", rect, "step_bar");
  const ImGuiStyle& style = ImGui::GetStyle();
  ImGui::SetCursorScreenPos(ImVec2(rect.x + style.ItemSpacing.x, rect.y + (rect.h - side) / 2));
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(0, 0));
  if (options.drawers) {
    if (BarButton(ui, "step_bar.controls", "≡", side, "The controls: input, algorithm, export")) {
      vs.left.Toggle();  // one drawer at a time
      if (vs.left.unfolded) vs.right.Hide();
    }
    ImGui::SameLine();
  }
  if (BarButton(ui, "step_bar.back", "‹", side, "Previous step", KeyAction::kStepBack))
    kind.Step(app, -1);
  ImGui::SameLine();
  const std::vector<Player*> players = app.ShownPlayers();
  const bool playing = !players.empty() && players.front()->Playing();
  if (BarButton(ui, "step_bar.play", playing ? "❚❚" : "▶", side, "Play or pause the steps",
                KeyAction::kPlay))
    app.ForEachShownPlayer([](Player& p) { p.TogglePlay(); });
  ImGui::SameLine();
  if (BarButton(ui, "step_bar.next", "›", side, "Next step", KeyAction::kStepForward))
    kind.Step(app, +1);
  ImGui::SameLine();
  const float panels = options.drawers ? side + style.ItemSpacing.x * 2 : style.ItemSpacing.x;
  const float room = rect.x + rect.w - ImGui::GetCursorScreenPos().x - panels;
  StepCaption(ui, steps.caption, room, side);
  if (options.drawers) {
    ImGui::SameLine();
    ImGui::SetCursorScreenPos(
        ImVec2(rect.x + rect.w - side - style.ItemSpacing.x, rect.y + (rect.h - side) / 2));
    if (BarButton(ui, "step_bar.panels", "¶", side, "The side panel: inspector, code, story")) {
      vs.right.Toggle();
      if (vs.right.unfolded) vs.left.Hide();
    }
  }
  ImGui::PopStyleVar();
  ImGui::End();
}

}  // namespace scanviz
