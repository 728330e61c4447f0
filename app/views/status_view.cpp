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
  // What matters first: a notice (a settings problem, a file that did not load), then where the
  // trace ran in a few words (the whole reason in the tooltip), then the shown trace's numbers;
  // every algorithm's work and depth in the numbers' tooltip.
  DrawExportProgress(ui);
  if (!app.message.empty()) {
    TextColored(ui, "message", ui.palette.bad, app.message);
    if (ImGui::IsItemHovered()) ShowTooltip(ui, app.message + "\n(click to dismiss)");
    if (ImGui::IsItemClicked()) app.message.clear();
    ImGui::SameLine(0, ui.fonts.ui_px * 1.5f);
  }
  if (!app.notice.empty()) {  // good news: a file opened or saved, an export written
    TextColored(ui, "notice", ui.palette.ok, app.notice);
    if (ImGui::IsItemHovered()) ShowTooltip(ui, app.notice + "\n(click to dismiss)");
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
  if (ImGui::IsItemHovered() && backend_short != backend) ShowTooltip(ui, backend);
  ImGui::SameLine(0, ui.fonts.ui_px * 1.5f);
  char fps_text[32];
  std::snprintf(fps_text, sizeof fps_text, "  ·  %.0f fps", fps);
  const std::string numbers = ShownKindOf(ui).StatusNumbers(app) + fps_text;
  TextDim(ui, {"status", backend + "  ·  " + numbers}, numbers);
  if (ImGui::IsItemHovered()) {
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
