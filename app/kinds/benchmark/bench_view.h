// The benchmark kind's view: the chart and its controls.
#pragma once

#include "views/views.h"

namespace scanviz {

// The benchmark chart (G): GB/s against n from a results file, in place of the array view.
// The benchmark chart; `controls`: with its selectors, checkboxes and file row (the screen), or
// the chart, its header, legend and summary alone (an export).
void DrawBenchView(UiContext& ui, ViewRect rect, bool controls = true);

// An export's plot at most this many text sizes tall (the screen's takes the room it has): the
// figure then has a height of its own, which the export's fit grows, text and all, to the
// picture's (figure_fit.h), where a plot that took any height kept the UI's 17 px labels.
inline constexpr float kBenchPlotEms = 15.0f;
inline constexpr float kBenchFigureEms = 44.0f;  // and its width

}  // namespace scanviz
