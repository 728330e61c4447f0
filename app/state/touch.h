// What a phone or tablet hands the app on the web page (app/web/input.js, platform_web.cpp), as
// plain data the views take in their next frame: a pinch's zoom and a two-finger drag of the
// figure, a swipe, and the page's own text field in place of ImGui's (an on-screen keyboard opens
// only for a real field). The desktop never sets them. No ImGui: tested without a window.
#pragma once

#include <array>
#include <string>

namespace scanviz {

// A pinch and a two-finger drag since the last frame, in the window's pixels (as ImGui's mouse):
// the figure zooms by `zoom` around (x, y) and moves by (pan_x, pan_y), as the wheel and a right
// drag do.
struct TouchGesture {
  float zoom = 1;
  float x = 0, y = 0;
  float pan_x = 0, pan_y = 0;
  bool Pending() const { return zoom != 1 || pan_x != 0 || pan_y != 0; }
  // Another pinch step before a frame took this one: the zooms multiply, the pans add up.
  void Add(const TouchGesture& g);
};

// The figure's zoom and pan: `factor` around the window's x, with the figure's left edge at
// base_x; the zoom stays within 0.25..max_zoom. The wheel's rule (views/common.cpp) and a pinch's.
void ZoomAround(float* zoom, float* pan_x, float factor, float x, float base_x, float max_zoom);

// The page's own text field, over the app (platform_web.cpp shows it where a view asks).
struct PageField {
  // Text is typed in the page's field instead of ImGui's: on the web page once the last input was
  // a touch (an on-screen keyboard opens only for a real field); never on the desktop.
  bool on = false;
  // Asked for by a view in this frame (empty: none; the page hides its field): which editor
  // ("cell", "input"), where (x, y, w, h in the window's pixels), the text it starts with, and
  // whether it holds one number (a numeric keyboard).
  std::string want;
  std::array<float, 4> rect{};
  std::string text;
  bool numeric = false;
  bool caret_end = false;  // the field starts with its caret after the text (else all selected)
  // The editor whose field the page shows now (set by the page after each frame; empty: none).
  std::string shown;
  // How the page's field ended, for the editor named `ended` to take in its next frame: Enter
  // (`apply`, with the text typed), or Escape or leaving the field (not `apply`).
  std::string ended;
  bool apply = false;
  std::string result;
  // The editor `id` takes how its field ended, if it did: true once, then the end is gone.
  bool TakeEnd(const std::string& id, bool* applied, std::string* typed);
};

}  // namespace scanviz
