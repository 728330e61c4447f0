#include "layout.h"

#include <algorithm>

namespace scanviz {

PanelLayout ComputeLayout(const LayoutInput& in) {
  PanelLayout out;
  const float px = in.px;
  const float status_h = px * 2.0f;
  const float top = std::clamp(in.top, 0.0f, std::max(in.height - status_h, 0.0f));
  const float body_h = std::max(in.height - status_h - top, 0.0f);
  out.status = {0, top + body_h, in.width, status_h};
  float left = 0, right = 0, left_min = 0, right_min = 0;
  if (!in.presenter) {
    out.left_strip = in.left_collapsed;
    out.right_strip = in.right_collapsed;
    left = in.left_collapsed ? px * kStrip : px * kLeftPreferred;
    left_min = in.left_collapsed ? left : px * kLeftMinimum;
    if (in.right_collapsed) {
      right = right_min = px * kStrip;
    } else {
      // Reading tabs are wider, never more than 42 % of the window.
      right = in.reading_tab ? std::max(px * kRightInspector,
                                        std::min(in.width * 0.42f, px * kRightReading))
                             : px * kRightInspector;
      right_min = std::min(right, px * kRightMinimum);
    }
  } else if (in.quiz) {
    // Presenter mode keeps the quiz: the class answers where it can read the questions.
    right = std::min(in.width * 0.42f, px * kRightReading);
    right_min = std::min(right, px * kRightMinimum);
  }
  // The figure first: the right panel gives way, then the left, down to their minimums.
  const float short_by = in.figure_need - (in.width - left - right);
  if (short_by > 0) {
    const float from_right = std::min(short_by, right - right_min);
    right -= from_right;
    left -= std::min(short_by - from_right, left - left_min);
  }
  // A narrow window, where the figure would get less than half of it even with both panels at
  // their minimums: the right panel folds into its strip, then the left if still needed.
  const auto fold = [&](float* w, float* w_min, bool* strip, bool unfolded) {
    if (in.presenter || *strip || unfolded ||
        in.width - left_min - right_min >= in.width * kFigureShare)
      return;
    *w = *w_min = px * kStrip;
    *strip = true;
  };
  fold(&right, &right_min, &out.right_strip, in.right_unfolded);
  if (out.right_strip) fold(&left, &left_min, &out.left_strip, in.left_unfolded);  // not for it
  // A window narrower than the two minimums: the panels share what there is with the figure.
  if (left + right > in.width * 0.8f && left + right > 0) {
    const float k = in.width * 0.8f / (left + right);
    left *= k;
    right *= k;
  }
  out.left = {0, top, left, body_h};
  out.right = {in.width - right, top, right, body_h};
  out.center = {left, top, std::max(in.width - left - right, 0.0f), body_h};
  return out;
}

}  // namespace scanviz
