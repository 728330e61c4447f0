// The panels in the applications mode: the controls' choice of application and its rule (--keep,
// --bit, --bits), and the side panel's Inspector (the view's colours, then the story of the
// element under the pointer or clicked, its invariant checked against the trace) and Narration
// (what the application is for, its three steps, why it is right). The block scans' legend and
// invariant windows say nothing about an application's rows, so they give way.
#include "kinds/applications/application_view.h"
#include "kinds/applications/applications_state.h"
#include "state/kind_model.h"
#include "views/primitives.h"
#include "scene/application_scene.h"
#include "kinds/applications/entries/ui_entry_view.h"
#include "views/views.h"

namespace scanviz {

void ApplicationSwatch(UiContext& ui, scene::Rgba colour, const std::string& meaning) {
  const float h = ImGui::GetTextLineHeight();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddRectFilled(
      ImVec2(at.x, at.y + h * 0.1f), ImVec2(at.x + h * 1.6f, at.y + h * 0.95f), ToImU32(colour));
  ImGui::Dummy(ImVec2(h * 1.6f, h));
  ImGui::SameLine();
  TextWrapped(ui, "legend", meaning);
}

#define SCANVIZ_UI_APPLICATION_POINTER(id, ns) &k_##ns##_ui,
static const UiApplication* const kUiApplications[] = {
    SCANVIZ_FOR_EACH_APPLICATION(SCANVIZ_UI_APPLICATION_POINTER)};
#undef SCANVIZ_UI_APPLICATION_POINTER

const UiApplication& UiOf(ApplicationKind application) {
  const auto i = static_cast<size_t>(application);
  return *kUiApplications[i < std::size(kUiApplications) ? i : 0];
}

void DrawApplicationInspector(UiContext& ui) {
  AppState& app = ui.app;
  const ApplicationSlot& slot = ApplicationsOf(app).model.Traced();
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("Legend");
  if (slot.trace) {
    UiOf(slot.trace->application).legend(ui);
    ApplicationSwatch(ui, kApplicationKept, "written by the scatter");
  }
  ImGui::Separator();
  ImGui::TextDisabled("Inspector");
  const ApplicationsState& kind = ApplicationsOf(app);
  const std::optional<int> i = kind.hovered ? kind.hovered : kind.selected;
  if (!slot.trace || !i) {
    ImGui::TextWrapped("Hover or click an element for its flag, scan value and destination.");
    ImGui::PopTextWrapPos();
    return;
  }
  const application_scene::ElementStory story = application_scene::StoryOf(
      *slot.trace, ApplicationsOf(app).model.ApplicationPlayer().Round(), *i);
  Text(ui, "line", story.title);
  for (const std::string& line : story.lines) {
    ImGui::Bullet();
    TextWrapped(ui, "line", line);
  }
  if (!story.check.empty()) {
    TextWrappedColored(ui, "check", story.ok ? ui.palette.ok : ui.palette.bad, story.check);
  }
  ImGui::PopTextWrapPos();
}

void DrawApplicationNarration(UiContext& ui) {
  const ApplicationInfo& info = Info(ApplicationsOf(ui.app).model.Application());
  const std::string title = std::string(info.name) + ": " + info.summary;
  const std::string steps = std::string("Each pass: step 1 writes the ") + info.flags_name +
                            ", one per element; step 2 scans them (exclusive), giving the " +
                            info.scan_name + "; step 3 scatters each element by them into the " +
                            "output (" + info.output_name + ").";
  DrawLargeParagraphs(ui, title, {steps, std::string("Why it is right: ") + info.invariant});
}

// [SECTION] The controls panel's entry

void DrawApplicationControls(UiContext& ui, const Kind& kind) {
  ApplicationModel& model = ApplicationsOf(ui.app).model;
  const bool shown = ui.app.ShownKind() == kind.Id();
  if (ImGui::RadioButton("Applications", shown)) kind.Show(ui.app);
  Place(ui, "apps");
  Tip(ui,
      "What a scan is for: compaction, split, radix sort and allocation on this input, each "
      "pass stepped through flag, scan and scatter");
  if (!shown) return;
  ImGui::Indent();
  ImGui::SetNextItemWidth(-1);
  const bool open = ImGui::BeginCombo("##app", Info(model.Application()).name);
  Place(ui, "application_kind");
  Tip(ui, "The application of the scan to run on the input");
  if (open) {
    for (const ApplicationInfo& info : Applications()) {
      if (ImGui::Selectable(info.name, info.id == model.Application()))
        model.SetApplication(info.id);
      Tip(ui, info.summary);
    }
    ImGui::EndCombo();
  }
  UiOf(model.Application()).controls(ui, model);
  ImGui::Unindent();
}

}  // namespace scanviz
