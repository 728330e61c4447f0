// The status bar: the latest notice, where the trace ran (CUDA device or CPU simulation; why in
// the tooltip), the input size, the operator and the shown trace's work and depth.
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
  // What matters first: a notice (a settings problem, a file that did not load), then where the
  // trace ran in a few words (the whole reason in the tooltip), then the shown trace's numbers;
  // every algorithm's work and depth in the numbers' tooltip.
  if (!app.message.empty()) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ToImU32(ui.palette.bad)), "%s",
                       app.message.c_str());
    Record(ui, "message", app.message);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n(click to dismiss)", app.message.c_str());
    if (ImGui::IsItemClicked()) app.message.clear();
    ImGui::SameLine(0, ui.fonts.ui_px * 1.5f);
  }
  if (!app.notice.empty()) {  // good news: a file opened or saved, an export written
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(ToImU32(ui.palette.ok)), "%s",
                       app.notice.c_str());
    Record(ui, "notice", app.notice);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n(click to dismiss)", app.notice.c_str());
    if (ImGui::IsItemClicked()) app.notice.clear();
    ImGui::SameLine(0, ui.fonts.ui_px * 1.5f);
  }
  const std::string& backend = app.BackendStatus();
  const std::string backend_short = backend.substr(0, backend.find(" ("));
  ImGui::TextUnformatted(backend_short.c_str());
  if (ImGui::IsItemHovered() && backend_short != backend) ImGui::SetTooltip("%s", backend.c_str());
  ImGui::SameLine(0, ui.fonts.ui_px * 1.5f);
  const TraceSlot& shown = app.Current();
  char numbers[256];
  const AppSlot* apps = app.AppMode() ? &app.Application() : nullptr;
  if (apps != nullptr && apps->trace) {  // an application: its n and result, not a block's
    const AppTrace& t = *apps->trace;
    const long long n = t.N(), total = static_cast<long long>(t.total);
    char result[96];
    switch (t.app) {
      case AppKind::kCompact:
        std::snprintf(result, sizeof result, "%lld of %lld kept", total, n);
        break;
      case AppKind::kSplit:
        std::snprintf(result, sizeof result, "%lld zeros, %lld ones", total, n - total);
        break;
      case AppKind::kRadixSort:
        std::snprintf(result, sizeof result, "%zu passes", t.passes.size());
        break;
      case AppKind::kAllocate:
        std::snprintf(result, sizeof result, "a pool of %lld cells", total);
        break;
    }
    std::snprintf(numbers, sizeof numbers,
                  "%s  ·  n = %lld  ·  %s  ·  scan in blocks of %d  ·  %.0f fps", ToString(t.app),
                  n, result, t.block_size, fps);
  } else if (apps != nullptr) {
    std::snprintf(numbers, sizeof numbers, "%s  ·  %.0f fps", ToString(app.App()), fps);
  } else if (app.MultiBlock() &&
             !app.Opened()) {  // the grid: its n and blocks, not a block's numbers
    const GridTrace& g = app.Grid().grid;
    std::snprintf(numbers, sizeof numbers, "n = %d  ·  %s  ·  %d blocks of %d  ·  %.0f fps",
                  g.N(), ToString(app.Op()), g.BlockCount(), g.block_size, fps);
  } else if (app.MultiBlock()) {
    std::snprintf(numbers, sizeof numbers,
                  "block of n = %d  ·  %s  ·  work %d, depth %d  ·  %.0f fps",
                  shown.trace.meta.n, ToString(app.Op()), shown.analysis.work,
                  shown.analysis.depth, fps);
  } else {
    std::snprintf(numbers, sizeof numbers, "n = %d  ·  %s  ·  work %d, depth %d  ·  %.0f fps",
                  shown.trace.meta.n, ToString(app.Op()), shown.analysis.work,
                  shown.analysis.depth, fps);
  }
  ImGui::TextDisabled("%s", numbers);
  if (ImGui::IsItemHovered()) {
    std::string all = "work / depth at this n:";
    for (const AlgorithmInfo* info : Algorithms()) {
      const TraceSlot& slot = app.Slot(info->id);
      all += "\n  " + std::string(info->name) + ": " + std::to_string(slot.analysis.work) + " / " +
             std::to_string(slot.analysis.depth);
    }
    ImGui::SetTooltip("%s", all.c_str());
  }
  Record(ui, "status", backend + "  ·  " + numbers);
  ImGui::End();
}

}  // namespace scanviz
