// The benchmark kind's view: the chart and its controls.
#pragma once

#include "views/views.h"

namespace scanviz {

// The benchmark chart (G): GB/s against n from a results file, in place of the array view.
// The benchmark chart; `controls`: with its selectors, checkboxes and file row (the screen), or
// the chart, its header, legend and summary alone (an export).
void DrawBenchView(UiContext& ui, ViewRect rect, bool controls = true);

// An export's chart in text sizes: its width, and its plot's height at most (the screen's plot
// takes the room it has).
inline constexpr float kBenchFigureEms = 50.0f;
inline constexpr float kBenchPlotEms = 15.0f;

}  // namespace scanviz
