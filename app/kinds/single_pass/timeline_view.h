// The single-pass kind's views: the timeline and its narration.
#pragma once

#include "views/views.h"

namespace scanviz {

// L: the single-pass scan's timeline (tiles down, time across) with the status array at the
// cursor, in place of the array view (timeline_view.cpp).
// The timeline; `controls`: with its row of controls (the screen), or without (an export).
void DrawTimelineView(UiContext& ui, ViewRect rect, bool controls = true);
// The width from which the timeline's title, summary and legend need no wrapping (an export
// scales the timeline no further than that fills its picture).
float TimelineFigureWidth(UiContext& ui);
// The timeline's Narration tab: the single-pass scan in sentences with the trace's numbers.
void DrawSinglePassNarration(UiContext& ui);

}  // namespace scanviz
