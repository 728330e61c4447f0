// The single-pass scan's timeline (docs/single-pass.md): tiles down, time across, read from a
// SinglePassTrace (measured on the GPU, or the simulator's schedule). Each tile is a row of
// segments: its scan (start to A), its look-back (A to P; the reads that saw X, the waits, marked),
// its store (P to end); each read a mark coloured by the flag it saw. Beside it, the status array
// at a chosen moment: what every tile's status word held then. No GL, no ImGui: tested alone.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/grid/single_pass.h"

namespace scanviz::timeline {

enum class Segment : std::uint8_t { kScan, kLookBack, kWait, kStore };
const char* Name(Segment s);

struct Bar {
  int tile;
  Segment kind;
  std::int64_t from, to;  // the trace's clock
};

struct Mark {
  int tile;         // the reader
  int predecessor;  // the tile read
  int flag;         // single_pass::Flag seen
  std::int64_t time;
};

struct Layout {
  std::vector<Bar> bars;    // in tile order, each tile's segments in time order
  std::vector<Mark> marks;  // every recorded read
  std::int64_t span = 0;    // the last end
  int rows = 0;
};

Layout Build(const SinglePassTrace& trace);

// More tiles than rows: tiles [r * per_row, (r + 1) * per_row) share row r, each segment kind of a
// row one bar from its earliest start to its latest end (bars' `tile` is then the row); reads are
// too many to draw one by one and are dropped. per_row 1 returns the layout as it is.
Layout Aggregate(const Layout& layout, int per_row);

// What tile k's status word held at time t: X before it published, then A, then P.
struct Status {
  int flag = 0;
  double value = 0;
};
std::vector<Status> StatusAt(const SinglePassTrace& trace, std::int64_t t);

// The moments worth stopping at, in order: 0, each A, each P, the end (no duplicates). Stepping
// the timeline's cursor with the arrow keys goes from one to the next.
std::vector<std::int64_t> Moments(const SinglePassTrace& trace);

// The tile row under a y within [top, top + rows * row_h), or -1; the time under an x within
// [left, left + width) for a span: the view's hit tests.
int RowAt(float y, float top, float row_h, int rows);
std::int64_t TimeAt(float x, float left, float width, std::int64_t span);

// The timeline summed up in a sentence (Summarize): "2 of 8 tiles waited on an X (longest 2);
// tiles looked back 1.3 tiles on average, at most 2; 0 started before a lower-numbered tile".
std::string SummaryLine(const SinglePassTrace& trace);

// One line for the cursor's moment: "at 1472 ns: 4 tiles P, 3 A, 1 X".
std::string Caption(const SinglePassTrace& trace, std::int64_t t);

}  // namespace scanviz::timeline
