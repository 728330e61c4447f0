// The multi-block scan's teaching side: each step of the grid (core/grid/grid_steps.h) told in
// sentences with the trace's own values, and the lines of the grid's loop (multi_block.h, cut at
// its [kernel:multi-block] markers) that the step runs.
#pragma once

#include <string>
#include <vector>

#include "core/grid/grid.h"
#include "teach/code_listing.h"

namespace scanviz::teach {

struct GridNarration {
  std::string title;  // "Phase 1 · block scan"
  std::vector<std::string> paragraphs;
};

// Step `step` of GridSteps(grid); empty for a step out of range.
GridNarration NarrateGridStep(const GridTrace& grid, int step);

// The grid's loop, embedded at build time (empty lines() when its markers are missing).
CodeListing GridListing();

// The tags a step lights: phase 1 "phase1" (and "single" for a level of one block), phase 2's
// recursive call "phase2" for every step below level 0, phase 3 "phase3".
std::vector<std::string> GridStepTags(const GridTrace& grid, int step);
// Indices into listing.lines tagged with one of the step's tags, sorted.
std::vector<int> GridHighlightedLines(const CodeListing& listing, const GridTrace& grid, int step);

}  // namespace scanviz::teach
