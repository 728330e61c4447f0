// The grid view's scene: a multi-block trace and the player's step turned into labelled rows, in
// layout units of one column per element of the grid's input (x) and one row height (y).
//
// The rows, top to bottom: the input; the blocks as a row of boxes; phase 1's block outputs and
// the blocks' totals (sums); the sums scan, when the totals need a grid of their own, as a band
// of the same rows one level down (each of its elements spans the block whose total it is); the
// offsets (the scanned sums); phase 3's output. A row the current step has not produced yet is
// empty. No GL, no ImGui: the grid view draws it and the tests read it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/cell.h"
#include "core/grid/grid.h"
#include "core/grid/grid_steps.h"
#include "scene/palette.h"
#include "scene/scene.h"

namespace scanviz::scene {

enum class GridRowKind : std::uint8_t { kInput, kBlocks, kBlockOutput, kSums, kOffsets, kOutput };
const char* ToString(GridRowKind kind);  // "input", "blocks", "block-output", ...

// A cell of a grid row: element `index` of the row's array (a block, for the blocks row).
struct GridCellRef {
  int level = 0;
  GridRowKind kind = GridRowKind::kInput;
  int index = 0;
  bool operator==(const GridCellRef&) const = default;
};

struct GridCell {
  int index = 0;
  float x = 0, w = 0;  // columns: element j of level d spans [j * B^d, (j + 1) * B^d) of the input
  double value = 0;    // the trace's value (none in the blocks row)
};

struct GridRow {
  GridRowKind kind = GridRowKind::kInput;
  int level = 0;
  float y = 0;
  std::string title;  // "phase 1 · block outputs", "level 1 · sums"
  int step = -1;      // the step (GridSteps) that produces it; -1: there from the start
  bool filled = false;  // produced at or before the current step (else drawn empty)
  Emphasis emphasis = Emphasis::kPast;  // kCurrent: the current step produces it
  std::vector<GridCell> cells;
};

// A line between two blocks of `level`, at column x, from y0 to y1 (the rows of that level).
struct GridBoundary {
  int level = 0;
  float x = 0, y0 = 0, y1 = 0;
};

// The sums scan one level down, as a band behind its rows, its title in a strip of its own above
// them (y0 to title_y1), which no block boundary crosses (BoundarySpans): "phase 2 · level 1:
// the 4 sums scanned in one block", or where that has no room "level 1: 4 sums, one block".
struct GridBand {
  int level = 0;
  float y0 = 0, y1 = 0;
  float title_y1 = 0;
  std::string title;
  std::string short_title;
};

// The invariant window of a cell, in the chapters' terms, with the value computed from the
// grid's input over the window and the trace's stored value.
struct GridCellCheck {
  bool valid = false;   // false: no such cell, or a row not produced yet
  Window window;        // columns of the grid's input (empty: the identity)
  std::string name;     // "output[6]", "sums[1]", "offsets[2]", "level 1 · sums[3]"
  std::string meaning;  // "the scan of the whole prefix x0 .. x6"
  std::string expression;  // "3 + 1 + 7 + 0 + 4 + 1 + 6 = 22" (shortened for long windows)
  double expected = 0, stored = 0;
  bool ok = false;
};

struct GridScene {
  int n = 0;
  int block_size = 0;
  float width = 0, height = 0;  // layout units
  std::vector<GridStep> steps;  // the player's steps
  int step = 0;                 // the current one
  std::vector<GridRow> rows;
  std::vector<GridBoundary> boundaries;
  std::vector<GridBand> bands;

  const GridRow* FindRow(int level, GridRowKind kind) const;
  // The row and cell under a layout point, or nulls.
  std::optional<GridCellRef> CellAt(float x, float y) const;
  const GridCell* FindCell(const GridCellRef& ref) const;
};

// The rows of `grid` as step `step` (0 .. GridSteps(grid).size() - 1) leaves them.
GridScene BuildGridScene(const GridTrace& grid, int step);

// Where a block boundary is drawn: from `b.y0 - extend` to `b.y1 + extend`, broken around every
// band's title strip (a deeper level's band lies across the line; its own level's strip is just
// above it, where `extend` would reach).
struct Span {
  float y0 = 0, y1 = 0;
};
std::vector<Span> BoundarySpans(const GridScene& scene, const GridBoundary& b, float extend);

// The fill of a row's cells, before dimming by emphasis: each kind of row its colour, a row not
// produced yet the undefined one. The grid view and the SVG writer both paint with it.
Rgba GridRowFill(const Palette& pal, const GridRow& row);

// The level-d grid (0: the one asked for), or null.
const GridTrace* GridLevel(const GridTrace& grid, int level);

// The window and check of a cell (GridCellCheck::valid false for a cell not produced by `step`).
GridCellCheck CheckGridCell(const GridTrace& grid, const GridScene& scene, const GridCellRef& ref);

// The figure's heading: "Multi-block scan (Hillis-Steele blocks of 4, inclusive) · n = 13 · 4
// blocks · step 1 of 3 · phase 1: block scan".
std::string GridHeading(const GridTrace& grid, int step);
// The step's title: "phase 1 · block scan", "phase 2 · sums scan", "phase 2 · level 1 phase 3 ·
// add offsets", "phase 3 · add offsets".
std::string GridStepTitle(const GridTrace& grid, int step);

}  // namespace scanviz::scene
