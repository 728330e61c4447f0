#include "kinds/applications/application_story_view.h"

#include "kinds/applications/applications.h"
#include "scene/applications/scene_entry.h"
#include "views/array_figure.h"
#include "views/primitives.h"

namespace scanviz {
namespace {

// Broken only at its " · ", as the SVG is: not inside "n = 8" (issue #37 item 15).
std::string AtDots(const std::string& text) {
  std::string out;
  for (const std::string& line :
       WrapAtDots(text, ImGui::GetContentRegionAvail().x, ImGui::GetFontSize())) {
    if (!out.empty()) out += '\n';
    out += line;
  }
  return out;
}

}  // namespace

void DrawCannotRun(UiContext& ui, ApplicationKind application, const std::string& error) {
  ImGui::PushFont(ui.fonts.large);
  ImGui::TextUnformatted(Info(application).name);
  ImGui::PopFont();
  const std::string why = "cannot run on this input: " + error;
  TextWrappedColored(ui, "error", ui.palette.bad, why);
}

// The application's heading, where it ran and CheckApplication's verdict, the pass and step, the
// note, and the step's narration in the large font.
void DrawStory(UiContext& ui, const ApplicationSlot& slot, const application_scene::PassLayout& l) {
  AppState& app = ui.app;
  const ApplicationTrace& t = *slot.trace;
  ImGui::PushFont(ui.fonts.large);
  TextWrapped(ui, "title", AtDots(application_scene::Heading(t)));
  ImGui::PopFont();
  TextWrappedColored(ui.palette.text_dim, "ran: " + slot.ran);
  if (!slot.problems.empty()) {
    TextWrappedColored(ui, {"error", slot.problems.front()}, ui.palette.bad,
                       "CheckApplication: " + slot.problems.front());
  }
  // The radix sort's title already names the pass: the step alone after it.
  std::string pass = l.title + "  ·  ";
  pass += application_scene::SceneOf(t.application).title_names_pass
              ? ApplicationStepTitle(app).substr(ApplicationStepTitle(app).find("step"))
              : ApplicationStepTitle(app);
  TextWrapped(ui, "pass", AtDots(pass));
  if (!l.note.empty()) TextWrappedColored(ui, "note", ui.palette.text_dim, l.note);
  ImGui::PushFont(ui.fonts.large);
  TextWrapped(ui, "narration", l.narration);
  ImGui::PopFont();
}

}  // namespace scanviz
