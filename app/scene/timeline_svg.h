// The single-pass scan's timeline as an SVG figure, as the timeline view draws it (timeline.h):
// the heading, where the times come from, the summary and the legend; then tiles down and time
// across, each tile a row of bars (its scan, its look-back with the waits on X, its prefix added
// and stored), each status read a tick in the colour of the flag it saw with a line up to the tile
// read; the time axis; the cursor with its caption; and beside every row the status word that tile
// held at the cursor. More tiles than max_rows share rows, each row a tile group's extent
// (timeline::Aggregate), its reads not drawn.
#pragma once

#include <cstdint>
#include <ostream>

#include "core/grid/single_pass.h"
#include "scene/palette.h"
#include "scene/svg_doc.h"
#include "scene/timeline.h"

namespace scanviz::scene {

struct TimelineSvgOptions : SvgLook {
  bool heading = true;  // the heading, the clock, the summary and the legend above the plot
  int max_rows = 64;    // more tiles share rows
  // Where the times come from, as the view says it ("the simulator's schedule (simulated, not
  // measured)", a file's origin: the kind's model); empty: from the trace, measured or simulated.
  std::string origin;
};

// Each row's label is a <text class="tile-label"> ("tile 3"), each bar a <rect class="bar KIND">
// (KIND: scan, look-back, wait, store), each read a <line class="read FLAG"> (X, A, P), the cursor
// a <line class="cursor">, each status word a <g class="status FLAG" data-tile=K>. A cursor below
// 0 or past the end is the end.
void WriteTimelineSvg(const SinglePassTrace& trace, std::int64_t cursor,
                      const TimelineSvgOptions& options, std::ostream& out);

// The timeline's colours, from the palette: a segment's (scan sky blue, look-back orange, a wait
// on X vermillion, the store bluish green) and a status flag's (X grey, A orange, P green).
Rgba SegmentColor(const Palette& p, timeline::Segment s);
Rgba FlagColor(const Palette& p, int flag);

}  // namespace scanviz::scene
