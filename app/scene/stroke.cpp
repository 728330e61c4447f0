#include "scene/stroke.h"

namespace scanviz::scene {

Stroke StrokeOf(CellClass cls, BoxStyle style) {
  constexpr float kHeavy = 1.75f;
  if (style == BoxStyle::kDashed && cls == CellClass::kLoaded) return {StrokePattern::kDashDot, 1};
  if (style == BoxStyle::kDashed && cls == CellClass::kAdded)
    return {StrokePattern::kDashed, kHeavy};
  if (style == BoxStyle::kSolid && cls == CellClass::kSwapAdded)
    return {StrokePattern::kDouble, kHeavy};
  if (style == BoxStyle::kDotted && cls == CellClass::kCopied)
    return {StrokePattern::kDotted, kHeavy};
  return {static_cast<StrokePattern>(style), 1};
}

}  // namespace scanviz::scene
