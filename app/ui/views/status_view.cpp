// The status bar: where the trace ran (CUDA device or CPU simulation and why), the input size, the
// work and depth of both algorithms, and the latest notice.
#include <cstdio>

#include "core/registry.h"
#include "views.h"

namespace scanviz {

void DrawStatusView(UiContext& ui, ViewRect rect, float fps) {
  AppState& app = ui.app;
  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y));
  ImGui::SetNextWindowSize(ImVec2(rect.w, rect.h));
  ImGui::Begin("##status", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  if (ui.text != nullptr) ui.text->BeginPanel("status", rect);
  // The numbers first, the backend (whose reason can be long) last, so a narrow window clips
  // only the end of the explanation. Work and depth of every algorithm, for comparison.
  std::string counts;
  for (const AlgorithmInfo* info : Algorithms()) {
    const TraceSlot& slot = app.Slot(info->id);
    char part[128];
    std::snprintf(part, sizeof part, "%s%s %d / %d", counts.empty() ? "" : "  ·  ", info->name,
                  slot.analysis.work, slot.analysis.depth);
    counts += part;
  }
  char numbers[512];
  std::snprintf(numbers, sizeof numbers, "n = %d   ·   op %s   ·   work / depth: %s   ·   %.0f fps   ·   ",
                app.Current().trace.meta.n, ToString(app.Op()), counts.c_str(), fps);
  const std::string status = numbers + app.BackendStatus();
  ImGui::TextUnformatted(status.c_str());
  Record(ui, "status", status);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", app.BackendStatus().c_str());
  if (!app.message.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ToImU32(ui.palette.bad)), "   %s",
                       app.message.c_str());
    Record(ui, "message", app.message);
  }
  ImGui::End();
}

}  // namespace scanviz
