#include "state/touch.h"

#include <algorithm>
#include <utility>

namespace scanviz {

void TouchGesture::Add(const TouchGesture& g) {
  if (!Pending()) {
    *this = g;
    return;
  }
  zoom *= g.zoom;
  x = g.x;
  y = g.y;
  pan_x += g.pan_x;
  pan_y += g.pan_y;
}

void ZoomAround(float* zoom, float* pan_x, float factor, float x, float base_x, float max_zoom) {
  const float new_zoom = std::clamp(*zoom * factor, 0.25f, max_zoom);
  const float k = new_zoom / *zoom;
  *pan_x = x - base_x - (x - base_x - *pan_x) * k;
  *zoom = new_zoom;
}

bool PageField::TakeEnd(const std::string& id, bool* applied, std::string* typed) {
  if (ended.empty() || ended != id) return false;
  *applied = apply;
  *typed = std::move(result);
  ended.clear();
  apply = false;
  result.clear();
  return true;
}

}  // namespace scanviz
