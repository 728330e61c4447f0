// The left panel: the input (input_section.cpp), the algorithm and backend, the player (buttons,
// speed, timeline with rounds marked), the view toggles and the export.

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <utility>

#include "core/input.h"
#include "core/registry.h"
#include "state/kind_model.h"
#include "views/primitives.h"
#include "views/views.h"
// After imgui.h (views.h): it uses IMGUI_API.
#include <imgui_stdlib.h>

namespace scanviz {

namespace {

void AlgorithmSection(UiContext& ui) {
  AppState& app = ui.app;
  ImGui::Separator();
  ImGui::TextDisabled("Show (Tab or B: the next algorithm)");
  // Each kind's own controls (KindPart): the radio buttons of the kinds chosen one for another,
  // then the checkboxes of those toggled over the one before.
  for (KindPart part : {KindPart::kChoice, KindPart::kToggle})
    for (KindId id : kAllKinds) ui.draw_kind_part(ui, id, part);
  ImGui::TextUnformatted("backend");
  if (!QueryCuda().compiled) {  // the page, or a build without CUDA: nothing to choose
    ImGui::SameLine();
    ImGui::TextDisabled("CPU simulator");
    Tip(ui, "This build has no CUDA kernels: the CPU simulator runs the kernels' own round loop "
            "and steps; traces recorded on a GPU open from files");
    return;
  }
  for (BackendChoice c : {BackendChoice::kAuto, BackendChoice::kCpu, BackendChoice::kCuda}) {
    SameLineIfFits(ToString(c), true);
    if (ImGui::RadioButton(ToString(c), app.Backend() == c)) app.SetBackend(c);
    Tip(ui, c == BackendChoice::kAuto  ? "CUDA where a device answers, else the CPU simulator"
            : c == BackendChoice::kCpu ? "The CPU simulator: the kernel's own round loop and steps"
                                       : "The instrumented CUDA kernel (needs an NVIDIA GPU)");
  }
}

// The tick marks under the slider: each round's colour is the box class of what it wrote.
void RoundTicks(UiContext& ui, const TraceSlot& slot, int count, const std::string& caption) {
  const ImVec2 mn = ImGui::GetItemRectMin(), mx = ImGui::GetItemRectMax();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float grab = ImGui::GetStyle().GrabMinSize * 0.5f + ImGui::GetStyle().FramePadding.x;
  count = std::min(count, static_cast<int>(slot.analysis.rounds.size()));
  for (int r = 0; r < count; ++r) {
    const float t = count > 1 ? static_cast<float>(r) / static_cast<float>(count - 1) : 0;
    const float x = mn.x + grab + t * (mx.x - mn.x - 2 * grab);
    scene::Rgba c = ui.palette.text_dim;
    const RoundInfo& info = slot.analysis.rounds[static_cast<size_t>(r)];
    const int pout = slot.trace.rounds[static_cast<size_t>(r)].spec.pout;
    if (r > 0 && pout >= 0 && static_cast<size_t>(pout) < info.cells.size()) {
      for (const CellInfo& ci : info.cells[static_cast<size_t>(pout)]) {
        if (ci.writer < 0) continue;
        c = scene::ClassColor(ui.palette, ci.cls);
        break;
      }
    }
    dl->AddLine(ImVec2(x, mx.y + 1), ImVec2(x, mx.y + 6 * ui.scale), ToImU32(c), 2 * ui.scale);
  }
  Dummy(ui, ImVec2(1, 6 * ui.scale), {"step", caption});  // the step's line: under the slider
}

// The player: its buttons, speed and slider act on the shown kind (kind_model.h), whose step
// counter names the steps: the slider, the caption under it and the status bar say the same.
void PlayerSection(UiContext& ui) {
  AppState& app = ui.app;
  const Kind& kind = ShownKindOf(ui);
  const StepCounter steps = kind.Steps(app);
  const std::vector<Player*> players = app.ShownPlayers();
  ImGui::Separator();
  ImGui::TextDisabled("Player");
  auto button = [&](const char* label, const char* tip, KeyAction key, auto action) {
    if (ImGui::Button(label)) action();
    Tip(ui, tip, key);
    if (key == KeyAction::kFirst) Place(ui, "first");
    if (key == KeyAction::kStepForward) Place(ui, "next");  // the page's touch tests tap it
    if (key != KeyAction::kLast) ImGui::SameLine();
  };
  const bool playing = !players.empty() && players.front()->Playing();
  button("|<", "First step", KeyAction::kFirst, [&] { kind.Seek(app, 0); });
  button("<", "Previous step", KeyAction::kStepBack, [&] { kind.Step(app, -1); });
  button(playing ? "Pause" : "Play", "Play or pause the steps", KeyAction::kPlay, [&] {
    for (Player* p : players) p->TogglePlay();
  });
  button(">", "Next step", KeyAction::kStepForward, [&] { kind.Step(app, +1); });
  button(">|", "Last step", KeyAction::kLast, [&] { kind.Seek(app, steps.count - 1); });
  if (!players.empty()) {
    float speed = static_cast<float>(players.front()->Speed());
    ImGui::SetNextItemWidth(-ui.fonts.ui_px * 4);
    if (ImGui::SliderFloat("speed", &speed, static_cast<float>(Player::kMinSpeed),
                           static_cast<float>(Player::kMaxSpeed), "%.2f steps/s",
                           ImGuiSliderFlags_Logarithmic)) {
      for (Player* p : players) p->SetSpeed(speed);
    }
    Tip(ui, "Steps per second while playing");
  }
  // The slider shows the step's own caption, no number of its own to disagree with it (ImGui
  // reads the label as a format: a % is doubled).
  int step = steps.step;
  std::string label;
  for (char c : steps.caption) label += c == '%' ? std::string("%%") : std::string(1, c);
  const std::vector<Algorithm> shown = app.ShownAlgorithms();
  // The step's line is the slider's, or the ticks' under it when they are drawn.
  const Dump step_line = shown.size() == 1 ? Dump() : Dump("step", steps.caption);
  ImGui::SetNextItemWidth(-1);
  if (SliderInt(ui, "##timeline", &step, 0, steps.count - 1, label.c_str(), step_line))
    kind.Seek(app, step);
  Tip(ui, "Drag to any step; under a block scan each tick has the colour of what it wrote");
  if (shown.size() == 1) RoundTicks(ui, app.Slot(shown.front()), steps.count, steps.caption);
}

void ViewSection(UiContext& ui) {
  ViewState& vs = ui.app.view;
  ImGui::Separator();
  ImGui::TextDisabled("View");
  ImGui::Checkbox("Only the current round", &vs.only_current);
  Tip(ui, "Draw the input and the current round only", KeyAction::kOnlyCurrent);
  ImGui::Checkbox("Colour Hillis-Steele cases", &vs.color_by_case);
  Tip(ui, "Colour each written cell by its case: 1 full window, 2 partial, 3 no left neighbour",
      KeyAction::kCaseColours);
  int theme = static_cast<int>(vs.theme);
  ImGui::TextUnformatted("theme");
  const char* names[] = {"dark", "light", "high contrast"};
  for (int i = 0; i < 3; ++i) {
    SameLineIfFits(names[i], true);
    if (ImGui::RadioButton(names[i], theme == i)) vs.theme = static_cast<scene::Theme>(i);
    const char* tips[] = {"Light text on dark grey", "Dark text on white, for a bright projector",
                          "White on black, every outline drawn"};
    Tip(ui, tips[i]);
  }
  // The panels' text; the figure has its own size (Ctrl + and -).
  ImGui::SetNextItemWidth(ui.fonts.ui_px * 8);
  float text_size = vs.ui_scale;
  if (ImGui::SliderFloat("panel text", &text_size, 0.75f, 2.0f, "%.2fx", ImGuiSliderFlags_AlwaysClamp))
    vs.ui_scale = text_size;
  Tip(ui, "The size of the panels' text; Ctrl + and Ctrl − size the figure");
  if (ImGui::Button("Presenter (P)")) vs.presenter = !vs.presenter;
  Tip(ui, "Large text, full screen, the panels hidden", KeyAction::kPresenter);
  SameLineIfFits("Fit view", false);
  if (ImGui::Button("Fit view")) vs.FitView();
  Tip(ui, "The whole figure again, after the wheel zoomed or a drag panned it");
  for (KindId id : kAllKinds) ui.draw_kind_part(ui, id, KindPart::kViewRow);
  // Every key is in the help; the line names the few a lecture needs and where the rest are.
  if (ImGui::Button("Keys (F1)")) vs.help = true;
  Place(ui, "keys");
  Tip(ui, "Every key and mouse action", KeyAction::kHelp);
  ImGui::TextDisabled("Space play · ←/→ step · F1 or ? all keys");
}

// The figure for slides and notes (figure_export.h): the buttons ask main's loop, which writes
// the files before the next frame; where they went is said in the status line.
void ExportSection(UiContext& ui) {
  ViewState& vs = ui.app.view;
  ImGui::Separator();
  ImGui::TextDisabled("Export");
  if (ImGui::Button("Save figure (Ctrl+S)")) vs.export_request = ViewState::Export::kFigure;
  Place(ui, "export_figure");
  Tip(ui, "The figure alone, as PNG and SVG, named after the algorithm and round",
      KeyAction::kSaveFigure);
  SameLineIfFits("All rounds", false);
  if (ImGui::Button("All rounds")) vs.export_request = ViewState::Export::kAllRounds;
  Place(ui, "export_rounds");
  Tip(ui, "Every round: an animated GIF and a folder of numbered PNGs and SVGs");
  // The options in a popup: the panel keeps its room for the input and the player.
  SameLineIfFits("Options…", false);
  // E asks for them from the keyboard (keyboard_nav.h): the popup takes ImGui's navigation.
  if (ImGui::Button("Options…") || std::exchange(vs.keyboard.export_options, false))
    ImGui::OpenPopup("##export_options");
  Place(ui, "export_options");
  Tip(ui, "The exports' folder, size, background and GIF speed");
  if (!ImGui::BeginPopup("##export_options")) return;
  ImGui::TextDisabled("Export options");
  ImGui::SetNextItemWidth(ui.fonts.ui_px * 16);
  ImGui::InputTextWithHint("folder", "empty: the current one", &vs.export_dir);
  Place(ui, "export_dir");
  Tip(ui, "Where Ctrl+S and All rounds write (kept in the settings)");
  ImGui::TextUnformatted("size");
  struct Choice {
    const char* name;
    int w, h;
  };
  constexpr Choice kSizes[] = {{"window", 0, 0},
                               {"1280x720", 1280, 720},
                               {"1920x1080", 1920, 1080},
                               {"3840x2160", 3840, 2160}};
  for (const Choice& c : kSizes) {
    ImGui::SameLine();
    if (ImGui::RadioButton(c.name, vs.export_width == c.w && vs.export_height == c.h)) {
      vs.export_width = c.w;
      vs.export_height = c.h;
    }
    Tip(ui, c.w == 0 ? "The size of the window" : "A slide's size, whatever the window's");
  }
  ImGui::Checkbox("Transparent background (PNG, SVG)", &vs.export_transparent);
  Tip(ui, "PNG and SVG without a background, for a slide's own; a GIF keeps the theme's");
  float seconds = static_cast<float>(vs.export_delay_ms) / 1000.0f;
  ImGui::SetNextItemWidth(ui.fonts.ui_px * 8);
  if (ImGui::SliderFloat("seconds a GIF frame", &seconds, 0.2f, 5.0f, "%.1f",
                         ImGuiSliderFlags_AlwaysClamp)) {
    vs.export_delay_ms = static_cast<int>(std::lround(seconds * 1000.0f));
  }
  Tip(ui, "How long each round shows in the GIF (the last three times as long)");
  ImGui::EndPopup();
}

}  // namespace

void DrawControlsView(UiContext& ui, ViewRect rect) {
  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y));
  ImGui::SetNextWindowSize(ImVec2(rect.w, rect.h));
  // Its scrollbar shows when the sections run past the bottom (a short window, HiDPI text).
  ImGui::Begin("##controls", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoBackground |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  DumpPanel(ui, "controls", rect);
  DrawInputSection(ui);
  AlgorithmSection(ui);
  PlayerSection(ui);
  ViewSection(ui);
  ExportSection(ui);
  ImGui::End();
}

}  // namespace scanviz
