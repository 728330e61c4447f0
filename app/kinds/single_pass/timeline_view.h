// The single-pass kind's views: the timeline and its narration.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "core/grid/single_pass.h"
#include "views/views.h"

namespace scanviz {

// L: the single-pass scan's timeline (tiles down, time across) with the status array at the
// cursor, in place of the array view (timeline_view.cpp).
// The timeline; `controls`: with its row of controls (the screen), or without (an export).
void DrawTimelineView(UiContext& ui, ViewRect rect, bool controls = true);
// A single-pass trace's timeline drawn for another kind (a GPU's shard, kinds/gpus): the trace,
// its cursor (the caller's: a click moves it; < 0: the end), a number that changes whenever the
// trace does (the bars' layout is cached on it), where its times are from, a title put before
// the timeline's own, and what the caller draws under the title (its own controls).
struct TimelineSource {
  const SinglePassTrace* trace = nullptr;
  std::int64_t* cursor = nullptr;
  std::uint64_t version = 0;
  std::string origin;
  std::string title;
  std::function<void()> above;
};
// `controls`: the single-pass kind's own (tile size and order), for its model's trace only.
void DrawSinglePassTimeline(UiContext& ui, ViewRect rect, const TimelineSource& src,
                            bool controls = false);
// The width from which the timeline's title, summary and legend need no wrapping (an export
// scales the timeline no further than that fills its picture).
float TimelineFigureWidth(UiContext& ui);
// The timeline's Narration tab: the single-pass scan in sentences with the trace's numbers.
void DrawSinglePassNarration(UiContext& ui);

}  // namespace scanviz
