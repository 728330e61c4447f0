// The multi-block scan at a step as an SVG figure, as the grid view draws it (grid_scene.h's
// rows): the heading (the scan, then the step), the input, the blocks, phase 1's block outputs and
// the blocks' sums, the sums scan one level down on a band of its own when it needs a grid, the
// offsets (the sums' exclusive scan), phase 3's output; each row titled with its phase, the rows
// of the current step on a band, rows not produced yet empty and dotted, the block boundaries.
// A value is written in its cell when it fits; cells narrower than a few units are merged into one
// run, as the view's pixel runs, so 2^16 elements make a small file.
#pragma once

#include <optional>
#include <ostream>

#include "core/grid/grid.h"
#include "scene/grid_scene.h"
#include "scene/svg_doc.h"

namespace scanviz::scene {

struct GridSvgOptions : SvgLook {
  bool heading = true;                  // the two heading lines (GridHeading) above the rows
  std::optional<GridCellRef> selected;  // ringed, its invariant window bracketed over the input
  std::string verdict;  // under the heading, as the view draws it (the kind's CheckGrid verdict)
};

// Each cell is a <g class="cell KIND" data-level=D data-index=J> (KIND: ToString(GridRowKind))
// holding its box and, when it fits, its value's <text>; each row's title a <text
// class="row-title">.
void WriteGridSvg(const GridTrace& grid, int step, const GridSvgOptions& options,
                  std::ostream& out);

}  // namespace scanviz::scene
