// The registry of kinds (the model halves), and what they share.
#include <algorithm>
#include <sstream>

#include "kinds/kind.h"
#include "scene/application_scene.h"
#include "scene/svg.h"

namespace scanviz {

const Kind& BlockScanKind();
const Kind& SideBySideKind();
const Kind& MultiBlockKind();
const Kind& SinglePassKind();
const Kind& ApplicationsKind();
const Kind& BenchmarkKind();

const Kind& KindOf(KindId id) {
  // In KindId's order (kinds_test checks each entry's Id).
  static const Kind* const kKinds[kKindCount] = {&BlockScanKind(),    &SideBySideKind(),
                                                 &MultiBlockKind(),   &SinglePassKind(),
                                                 &ApplicationsKind(), &BenchmarkKind()};
  return *kKinds[static_cast<int>(id)];
}

void Kind::Step(AppState& app, int direction) const {
  for (Player* p : app.ShownPlayers()) {
    if (direction > 0) {
      p->StepForward();
    } else {
      p->StepBack();
    }
  }
}

void Kind::Seek(AppState& app, int step) const {
  for (Player* p : app.ShownPlayers()) p->Seek(step);
}

std::string Kind::NotOffered(SidePanel tab) const {
  return std::string(DisplayName(tab)) +
         " describes a block scan's rounds: choose a block scan in the Show menu (or press Tab).";
}

StepCounter PlayerSteps(const Player& player, std::string caption) {
  return {player.Round(), std::max(1, player.RoundCount()), std::move(caption)};
}

std::string BlockNumbers(AppState& app, const TraceSlot& slot, const char* what) {
  return std::string(what) + " = " + std::to_string(slot.trace.meta.n) + "  ·  " +
         ToString(app.Op()) + "  ·  work " + std::to_string(slot.analysis.work) + ", depth " +
         std::to_string(slot.analysis.depth);
}

std::string BlockFigureSvg(AppState& app, bool transparent) {
  const ViewState& vs = app.view;
  const std::vector<Algorithm> shown = app.ShownAlgorithms();
  std::vector<scene::Scene> scenes;
  scenes.reserve(shown.size());
  std::vector<scene::SvgPane> panes;
  for (Algorithm a : shown) {
    const TraceSlot& slot = app.Slot(a);
    scene::ViewOptions o;
    o.current_round = app.PlayerOf(a).Round();
    o.only_current = vs.only_current;
    o.color_by_case = vs.color_by_case;
    if (vs.selected && vs.selected_algorithm == a) o.selected = vs.selected;
    scenes.push_back(scene::BuildScene(slot.trace, slot.analysis, o));
    panes.push_back({&scenes.back(),
                     scene::FigureHeading(slot.trace, slot.analysis, o.current_round), o.selected});
  }
  scene::SvgOptions options;
  options.theme = vs.theme;
  options.transparent = transparent;
  options.color_by_case = vs.color_by_case;
  std::ostringstream svg;
  scene::WriteSvg(panes, options, svg);
  return svg.str();
}

std::string ApplicationStepTitle(AppState& app) {
  const ApplicationSlot& slot = app.applications().Traced();
  if (!slot.trace) return slot.error;
  const application_scene::StepRef at =
      application_scene::StepAt(*slot.trace, app.applications().ApplicationPlayer().Round());
  return "pass " + std::to_string(at.pass + 1) + " of " +
         std::to_string(slot.trace->passes.size()) + " · step " +
         std::to_string(static_cast<int>(at.step) + 1) +
         " of 3: " + application_scene::Name(at.step);
}

}  // namespace scanviz
