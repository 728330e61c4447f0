// The multi-block scan as a class steps through it: one step per phase per level of the grid.
//
// Level 0 is the scan asked for; level d + 1 is level d's sums scan (GridTrace::sums_scan), down
// to a level of one block. The steps run phase 1 (the block scans) of each level from the top
// down, the last level's single block scan included, then phase 3 (add offsets) of each level
// from the bottom up. Everything below level 0 is level 0's phase 2, so a grid of one level of
// sums has the chapters' three steps; a deeper one shows its sums scanned as a grid of its own.
#pragma once

#include <vector>

#include "core/grid/grid.h"

namespace scanviz {

struct GridStep {
  int level = 0;  // 0: the scan asked for; d: the sums scan of level d - 1
  int phase = 1;  // 1: block scan, 3: add offsets (a level of one block has only phase 1)
  bool operator==(const GridStep&) const = default;
};

// Level 0 first, then each sums scan; never empty.
inline std::vector<const GridTrace*> GridLevels(const GridTrace& top) {
  std::vector<const GridTrace*> levels = {&top};
  while (!levels.back()->sums_scan.empty()) levels.push_back(&levels.back()->sums_scan.front());
  return levels;
}

inline std::vector<GridStep> GridSteps(const GridTrace& top) {
  const int count = static_cast<int>(GridLevels(top).size());
  std::vector<GridStep> steps;
  for (int d = 0; d < count; ++d) steps.push_back({d, 1});
  for (int d = count - 2; d >= 0; --d) steps.push_back({d, 3});
  return steps;
}

// The step that produces a level's phase (1 or 3) in GridSteps' order.
inline int GridStepIndex(int level_count, int level, int phase) {
  return phase == 1 ? level : 2 * level_count - 2 - level;
}

}  // namespace scanviz
