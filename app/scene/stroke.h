// How a box's border is stroked, so that every class reads apart without colour (in greyscale
// print, to colour-blind eyes, on a washed-out projector): the chapters' style (dotted, dashed,
// solid) with a variant where two classes would share one. Loaded and copied were both dashed,
// added dashed too, computed and swap-and-add both solid: loaded becomes dash-dot (copied keeps
// the chapters' dashes), added a heavier dash, swap-and-add a double line, and a Hillis-Steele
// Case 3 (copied, drawn dotted) a heavier dot than an unchanged cell's.
#pragma once

#include <cstdint>

#include "core/cell.h"

namespace scanviz::scene {

// The box shader's style numbers (shaders/box.frag.glsl): BoxStyle's, then the variants.
enum class StrokePattern : std::uint8_t { kNone, kDotted, kDashed, kSolid, kDashDot, kDouble };

struct Stroke {
  StrokePattern pattern = StrokePattern::kNone;
  float weight = 1;  // times the border width
};

// The stroke of a box of class `cls` drawn in `style` (StyleOf's, by case or by class).
Stroke StrokeOf(CellClass cls, BoxStyle style);

}  // namespace scanviz::scene
