// The status bar: the latest notice, where the trace ran (CUDA device or CPU simulation; why in
// the tooltip), and the shown kind's numbers (kind_model.h: n, the operator, work and depth, the
// grid's blocks, the application's result).
#include <cstdio>

#include "class_teach.h"
#include "core/registry.h"
#include "kinds/kind_model.h"
#include "views.h"

namespace scanviz {

namespace {

// All rounds, running beside the app: a bar with "Exporting round 3 of 11…" and Cancel (Escape).
void DrawExportProgress(UiContext& ui) {
  ViewState::ExportProgress& p = ui.app.view.export_progress;
  if (!p.running) return;
  const float em = ui.fonts.ui_px;
  ImGui::ProgressBar(p.fraction, ImVec2(em * 16, 0), p.text.c_str());
  Place(ui, "export_progress");
  Record(ui, "export", p.text);
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
  if (ui.text != nullptr) ui.text->BeginPanel("status", rect);
  // What matters first: a notice (a settings problem, a file that did not load), then where the
  // trace ran in a few words (the whole reason in the tooltip), then the shown trace's numbers;
  // every algorithm's work and depth in the numbers' tooltip.
  DrawExportProgress(ui);
  if (!app.message.empty()) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ToImU32(ui.palette.bad)), "%s",
                       app.message.c_str());
    Record(ui, "message", app.message);
    if (ImGui::IsItemHovered()) ShowTooltip(ui, app.message + "\n(click to dismiss)");
    if (ImGui::IsItemClicked()) app.message.clear();
    ImGui::SameLine(0, ui.fonts.ui_px * 1.5f);
  }
  if (!app.notice.empty()) {  // good news: a file opened or saved, an export written
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ToImU32(ui.palette.ok)), "%s",
                       app.notice.c_str());
    Record(ui, "notice", app.notice);
    if (ImGui::IsItemHovered()) ShowTooltip(ui, app.notice + "\n(click to dismiss)");
    if (ImGui::IsItemClicked()) app.notice.clear();
    ImGui::SameLine(0, ui.fonts.ui_px * 1.5f);
  }
  if (const std::string teaching = platform::TeachingStatus(); !teaching.empty()) {
    ImGui::TextUnformatted(teaching.c_str());  // --teach (issue #34): where the class follows
    Record(ui, "classroom", teaching);
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
  ImGui::TextDisabled("%s", numbers.c_str());
  if (ImGui::IsItemHovered()) {
    std::string all = "work / depth at this n:";
    for (const AlgorithmInfo* info : Algorithms()) {
      const TraceSlot& slot = app.Slot(info->id);
      all += "\n  " + std::string(info->name) + ": " + std::to_string(slot.analysis.work) + " / " +
             std::to_string(slot.analysis.depth);
    }
    ShowTooltip(ui, all);
  }
  Record(ui, "status", backend + "  ·  " + numbers);
  ImGui::End();
}

}  // namespace scanviz
