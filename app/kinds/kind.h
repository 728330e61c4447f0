// The registry of the kinds' model halves (kinds/<name>.cpp, the interface they implement
// kind_model.h), and what they share among themselves. Whatever stands above the kinds asks the
// registry (the frame, the shortcuts, the exports, the state file, the tests); the views, below
// them, are handed it (UiContext::kind_of).
#pragma once

#include <functional>
#include <string>

#include "state/kind_model.h"

namespace scanviz {


// A player's steps: its round, of its rounds, named by `caption`.
StepCounter PlayerSteps(const Player& player, std::string caption);
// "n = 8  ·  add  ·  work 17, depth 3": a block scan's numbers; `what` names n ("block of n").
std::string BlockNumbers(AppState& app, const TraceSlot& slot, const char* what);
// The shown block scans' rounds as SVG, a pane each (AppState::ShownAlgorithms); Later: their
// scenes built now, the document written by the function (Kind::FigureSvgLater).
std::string BlockFigureSvg(AppState& app, bool transparent);
std::function<std::string()> BlockFigureSvgLater(AppState& app, bool transparent);

}  // namespace scanviz
