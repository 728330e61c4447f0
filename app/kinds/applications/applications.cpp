// The applications of the scan (docs/applications.md): compaction, split, radix sort and
// allocation on the input, each pass stepped through flag, scan and scatter.
#include <nlohmann/json.hpp>
#include <sstream>

#include "kinds/applications/applications.h"
#include "core/applications/applications.h"
#include "kinds/applications/applications_state.h"
#include "kinds/kind.h"
#include "scene/application_svg.h"
#include "scene/applications/scene_entry.h"

namespace scanviz {
namespace {

class Application final : public Kind {
 public:
  KindId Id() const override { return KindId::kApplication; }
  // The menu lists each application (its view half).
  KindEntry Entry() const override {
    return {.keys = {{"A", "applications: shown, then the next one"}},
            .implied_by = "--app",
            .cover = 3,
            .state_flag = "app_mode"};
  }
  // A: shown; shown already, the next application.
  void OnKey(AppState& app, char) const override {
    ApplicationModel& m = ApplicationsOf(app).model;
    const auto all = Applications();
    if (app.ShownKind() == Id()) {
      std::size_t i = 0;
      while (i < all.size() && all[i].id != m.Application()) ++i;
      m.SetApplication(all[(i + 1) % all.size()].id);
    }
    Show(app);
  }
  StepCounter Steps(AppState& app) const override {
    return PlayerSteps(ApplicationsOf(app).model.ApplicationPlayer(), ApplicationStepTitle(app));
  }
  std::string StatusNumbers(AppState& app) const override {
    const ApplicationSlot& slot = ApplicationsOf(app).model.Traced();
    if (!slot.trace) return ToString(ApplicationsOf(app).model.Application());
    const ApplicationTrace& t = *slot.trace;
    return std::string(ToString(t.application)) + "  ·  n = " + std::to_string(t.N()) + "  ·  " +
           application_scene::SceneOf(t.application).status(t) + "  ·  scan in blocks of " +
           std::to_string(t.block_size);
  }
  bool Offers(AppState&, SidePanel tab) const override {
    return tab == SidePanel::kInspector || tab == SidePanel::kNarration;
  }
  std::string NotOffered(SidePanel tab) const override {
    return std::string(DisplayName(tab)) +
           " describes a block scan's rounds. An application's scan step is a multi-block scan "
           "of its flags: the Multi-block grid (M) shows one; Inspector and Narration tell this "
           "application.";
  }
  std::string FigureStem(AppState& app) const override {
    return std::string("scanviz-") + ToString(ApplicationsOf(app).model.Application());
  }
  std::string FigureSvg(AppState& app, bool transparent) const override {
    const ApplicationSlot& slot = ApplicationsOf(app).model.Traced();
    if (!slot.trace) return {};
    scene::ApplicationSvgOptions o;
    o.theme = app.view.theme;
    o.transparent = transparent;
    std::ostringstream svg;
    scene::WriteApplicationSvg(*slot.trace, ApplicationsOf(app).model.ApplicationPlayer().Round(),
                               o, svg);
    return svg.str();
  }
  void StateFields(AppState& app, nlohmann::json& j) const override {
    const ApplicationSlot& slot = ApplicationsOf(app).model.Traced();
    const Player& player = ApplicationsOf(app).model.ApplicationPlayer();
    j["application"] = {{"app", ToString(ApplicationsOf(app).model.Application())},
                        {"step", player.Round()},
                        {"of", player.RoundCount()},
                        {"passes", slot.trace ? slot.trace->passes.size() : 0},
                        {"total", slot.trace ? slot.trace->total : 0},
                        {"output", slot.trace ? slot.trace->output : std::vector<double>{}},
                        {"error", slot.error},
                        {"problems", slot.problems}};
  }
};

}  // namespace

const Kind& ApplicationsKind() {
  static const Application kind;
  return kind;
}

// [SECTION] The kind's state, as the app holds it (applications_state.h)

ApplicationsState& ApplicationsOf(AppState& app) {
  return static_cast<ApplicationsState&>(app.StateOf(ApplicationsState::kId));
}
const ApplicationsState& ApplicationsOf(const AppState& app) {
  return static_cast<const ApplicationsState&>(app.StateOf(ApplicationsState::kId));
}

std::string ApplicationStepTitle(AppState& app) {
  const ApplicationSlot& slot = ApplicationsOf(app).model.Traced();
  if (!slot.trace) return slot.error;
  const application_scene::StepRef at =
      application_scene::StepAt(*slot.trace, ApplicationsOf(app).model.ApplicationPlayer().Round());
  return "pass " + std::to_string(at.pass + 1) + " of " +
         std::to_string(slot.trace->passes.size()) + " · step " +
         std::to_string(static_cast<int>(at.step) + 1) +
         " of 3: " + application_scene::Name(at.step, slot.trace->application);
}

}  // namespace scanviz
