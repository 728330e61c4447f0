// The registry of kinds (the model halves), and what they share.
#include <algorithm>
#include <sstream>

#include "kinds/kind.h"
#include "scene/svg.h"

namespace scanviz {

#define SCANVIZ_KIND_DECLARE(id, name, key, display) const Kind& name##Kind();
SCANVIZ_FOR_EACH_KIND(SCANVIZ_KIND_DECLARE)
#undef SCANVIZ_KIND_DECLARE

const Kind& KindOf(KindId id) {
  // In KindId's order (kinds_test checks each entry's Id).
#define SCANVIZ_KIND_ENTRY(id, name, key, display) &name##Kind(),
  static const Kind* const kKinds[kKindCount] = {SCANVIZ_FOR_EACH_KIND(SCANVIZ_KIND_ENTRY)};
#undef SCANVIZ_KIND_ENTRY
  return *kKinds[static_cast<int>(id)];
}

StepCounter PlayerSteps(const Player& player, std::string caption) {
  return {.step = player.Round(),
          .count = std::max(1, player.RoundCount()),
          .caption = std::move(caption),
          .file_tag = {}};
}

std::string BlockNumbers(AppState& app, const TraceSlot& slot, const char* what) {
  return std::string(what) + " = " + std::to_string(slot.trace.meta.n) + "  ·  " +
         ToString(app.Op()) + "  ·  work " + std::to_string(slot.analysis.work) + ", depth " +
         std::to_string(slot.analysis.depth);
}

std::function<std::string()> BlockFigureSvgLater(AppState& app, bool transparent) {
  const ViewState& vs = app.view;
  const std::vector<Algorithm> shown = app.ShownAlgorithms();
  std::vector<scene::Scene> scenes;
  std::vector<scene::SvgPane> panes;  // their scenes pointed at once the scenes stay put
  for (Algorithm a : shown) {
    const TraceSlot& slot = app.Slot(a);
    scene::ViewOptions o;
    o.current_round = app.PlayerOf(a).Round();
    o.only_current = vs.only_current;
    o.color_by_case = vs.color_by_case;
    if (vs.selected && vs.selected_algorithm == a) o.selected = vs.selected;
    BlankAsked(app.quiz, vs.quiz, &o);  // the quiz's open question: as the figure on screen
    scenes.push_back(scene::BuildScene(slot.trace, slot.analysis, o));
    panes.push_back({nullptr,
                     scene::FigureHeading(slot.trace, slot.analysis, o.current_round, o.blank_how),
                     o.selected});
  }
  scene::SvgOptions options;
  options.theme = vs.theme;
  options.transparent = transparent;
  options.color_by_case = vs.color_by_case;
  return [scenes = std::move(scenes), panes = std::move(panes), options]() mutable {
    for (size_t i = 0; i < panes.size(); ++i) panes[i].scene = &scenes[i];
    std::ostringstream svg;
    scene::WriteSvg(panes, options, svg);
    return svg.str();
  };
}

std::string BlockFigureSvg(AppState& app, bool transparent) {
  return BlockFigureSvgLater(app, transparent)();
}

}  // namespace scanviz
