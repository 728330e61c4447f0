// The step bar: at the bottom of a touch screen and of an embedded figure (layout.h), the
// player's buttons at a finger's size (‹ ▶/❚❚ ›) and the step's own name ("round 2 of 3 · stride
// 2", the status bar's wording); on a phone also the two buttons that open the controls (≡) and
// the side panel (¶) as drawers over the figure. The buttons do what the keys do (← Space →,
// shortcuts.cpp): the shown kind steps, every shown player plays or pauses.
#pragma once

#include "views/views.h"

namespace scanviz {

struct StepBarOptions {
  float target = 44;     // a button's side, points (kTouchTarget CSS px on the page)
  bool drawers = false;  // a phone: ≡ and ¶ open the controls and the side panel over the figure
};

void DrawStepBar(UiContext& ui, ViewRect rect, const StepBarOptions& options);

}  // namespace scanviz
