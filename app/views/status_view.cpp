// The status bar: the latest notice, where the trace ran (CUDA device or CPU simulation; why in
// the tooltip), and the shown kind's numbers (kind_model.h: n, the operator, work and depth, the
// grid's blocks, the application's result).
#include <cstdio>

#include "core/registry.h"
#include "state/kind_model.h"
#include "seam/class_teach.h"
#include "views/primitives.h"
#include "views/views.h"

namespace scanviz {

namespace {

// All rounds, running beside the app: a bar with "Exporting round 3 of 11…" and Cancel (Escape).
void DrawExportProgress(UiContext& ui) {
  ViewState::ExportProgress& p = ui.app.view.export_progress;
  if (!p.running) return;
  const float em = ui.fonts.ui_px;
  ProgressBar(ui, p.fraction, ImVec2(em * 16, 0), p.text, "export");
  Place(ui, "export_progress");
  Tip(ui,
      "All rounds, drawn a round a frame and encoded beside the app; the files are written "
      "at the end");
  ImGui::SameLine();
  if (ImGui::SmallButton("Cancel")) p.cancel = true;
  Place(ui, "export_cancel");
  Tip(ui, "Stop the export: nothing is written (Esc)");
  ImGui::SameLine(0, em * 1.5f);
}

// `text` as far as it fits `room`: whole parts between its " · ", then "…" (a narrow window, the
// presenter's large text: the bar is one line, never cut mid-word at the window's edge).
std::string FitAtDots(const std::string& text, float room) {
  if (ImGui::CalcTextSize(text.c_str()).x <= room) return text;
  std::string cut = text;
  for (size_t at = cut.rfind(" · "); at != std::string::npos && at > 0; at = cut.rfind(" · ")) {
    cut.erase(at);
    while (!cut.empty() && cut.back() == ' ') cut.pop_back();
    if (ImGui::CalcTextSize((cut + "  · …").c_str()).x <= room) return cut + "  · …";
  }
  return "…";
}

// Presenter mode has no menu and no controls: Fit view (F) stays a click away there, while the
// figure is zoomed, panned or made larger.
void DrawPresenterFit(UiContext& ui) {
  ViewState& vs = ui.app.view;
  if (!vs.presenter) return;
  // (Not pan_y alone: a tall figure follows its current round by itself.)
  if (vs.zoom == 1 && vs.pan_x == 0 && vs.figure_scale == 1) return;
  // no tooltip: presenter mode's status bar shows none (it would cover the result row)
  if (ImGui::SmallButton("Fit view (F)")) {  // no tooltip: its label says it, key and all
    vs.FitView();
    vs.figure_scale = 1;
  }
  Place(ui, "status_fit");
  ImGui::SameLine(0, ui.fonts.ui_px * 1.5f);
}

}  // namespace

void DrawStatusView(UiContext& ui, ViewRect rect, float fps) {
  AppState& app = ui.app;
  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y));
  ImGui::SetNextWindowSize(ImVec2(rect.w, rect.h));
  ImGui::Begin("##status", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  DumpPanel(ui, "status", rect);
  // In presenter mode the pointer often rests at the screen's bottom: a tooltip from here would
  // cover the figure's last rows (the result), so the bar shows none there.
  const bool tips = !app.view.presenter;
  // What matters first: a notice (a settings problem, a file that did not load), then where the
  // trace ran in a few words (the whole reason in the tooltip), then the shown trace's numbers;
  // every algorithm's work and depth in the numbers' tooltip.
  DrawExportProgress(ui);
  DrawPresenterFit(ui);
  if (!app.message.empty()) {
    TextColored(ui, "message", ui.palette.bad, app.message);
    if (tips && ImGui::IsItemHovered()) ShowTooltip(ui, app.message + "\n(click to dismiss)");
    if (ImGui::IsItemClicked()) app.message.clear();
    ImGui::SameLine(0, ui.fonts.ui_px * 1.5f);
  }
  if (!app.notice.empty()) {  // good news: a file opened or saved, an export written
    TextColored(ui, "notice", ui.palette.ok, app.notice);
    if (tips && ImGui::IsItemHovered()) ShowTooltip(ui, app.notice + "\n(click to dismiss)");
    if (ImGui::IsItemClicked()) app.notice.clear();
    ImGui::SameLine(0, ui.fonts.ui_px * 1.5f);
  }
  if (const std::string teaching = platform::TeachingStatus(); !teaching.empty()) {
    Text(ui, "classroom", teaching);  // --teach (issue #34): where the class follows
    ImGui::SameLine(0, ui.fonts.ui_px * 1.5f);
  }
  const std::string& backend = app.BackendStatus();
  const std::string backend_short = backend.substr(0, backend.find(" ("));
  ImGui::TextUnformatted(backend_short.c_str());
  if (tips && ImGui::IsItemHovered() && backend_short != backend) ShowTooltip(ui, backend);
  ImGui::SameLine(0, ui.fonts.ui_px * 1.5f);
  // The frame rate only where asked for (View > Frame rate): a class has no use for it.
  char fps_text[32] = "";
  if (app.view.show_fps) std::snprintf(fps_text, sizeof fps_text, "  ·  %.0f fps", fps);
  const std::string numbers =
      FitAtDots(ShownKindOf(ui).StatusNumbers(app) + fps_text, ImGui::GetContentRegionAvail().x);
  TextDim(ui, {"status", backend + "  ·  " + numbers}, numbers);
  if (tips && ImGui::IsItemHovered()) {
    std::string all = "work / depth at this n:";
    for (const AlgorithmInfo* info : Algorithms()) {
      const TraceSlot& slot = app.Slot(info->id);
      all += "\n  " + std::string(info->name) + ": " + std::to_string(slot.analysis.work) + " / " +
             std::to_string(slot.analysis.depth);
    }
    ShowTooltip(ui, all);
  }
  ImGui::End();
}

}  // namespace scanviz
