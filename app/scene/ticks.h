// Where an axis puts its ticks: shared by the app's charts (timeline, work and depth, benchmark)
// and the timeline's SVG.
#pragma once

#include <vector>

namespace scanviz::scene {

// About `count` ticks over [lo, hi] at a step of 1, 2, 2.5 or 5 times a power of ten, from the
// first multiple of the step at or above lo to the first at or above hi (the last bounds the
// data); {lo} when the range is empty.
std::vector<double> NiceTicks(double lo, double hi, int count);

}  // namespace scanviz::scene
