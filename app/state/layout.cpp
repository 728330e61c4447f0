#include "state/layout.h"

#include <algorithm>

namespace scanviz {

FormFactor ClassifyScreen(float css_width, float css_height, bool touch) {
  if (css_width > 0 && css_width < kPhoneMaxWidth && css_height >= css_width)
    return FormFactor::kPhone;
  return touch ? FormFactor::kTablet : FormFactor::kDesktop;
}

namespace {

// Only the figure and the step bar under it, the whole frame (an iframe in a slide).
PanelLayout EmbedLayout(const LayoutInput& in) {
  PanelLayout out;
  const float bar = std::clamp(in.step_bar, 0.0f, in.height);
  out.center = {0, 0, in.width, in.height - bar};
  out.step_bar = {0, in.height - bar, in.width, bar};
  out.status = {0, in.height - bar, in.width, 0};
  out.left = {0, 0, 0, in.height - bar};
  out.right = {in.width, 0, 0, in.height - bar};
  out.left_strip = out.right_strip = true;
  out.status_shown = out.panels_shown = false;
  return out;
}

// A phone: the figure the whole width between the menu bar and the status line, the step bar
// under them; a side panel the reader opened (or the quiz) lies over the figure as a drawer.
PanelLayout PhoneLayout(const LayoutInput& in) {
  PanelLayout out;
  const float px = in.px;
  const float status_h = px * 2.0f;
  const float bar = std::clamp(in.step_bar, 0.0f, in.height);
  const float top = std::clamp(in.top, 0.0f, std::max(in.height - status_h - bar, 0.0f));
  const float body_h = std::max(in.height - status_h - bar - top, 0.0f);
  out.center = {0, top, in.width, body_h};
  out.status = {0, top + body_h, in.width, status_h};
  out.step_bar = {0, in.height - bar, in.width, bar};
  out.drawers = true;
  const bool left_open = !in.presenter && in.left_unfolded && !in.left_collapsed;
  const bool right_open = !in.right_collapsed && (in.quiz || (!in.presenter && in.right_unfolded));
  const float most = in.width * kDrawerShare;
  const float left_w = left_open ? std::min(most, px * kLeftPreferred) : 0;
  const float right_w =
      right_open ? std::min(most, px * (in.reading_tab || in.quiz ? kRightReading : kLeftPreferred))
                 : 0;
  out.left = {0, top, left_w, body_h};
  out.right = {in.width - right_w, top, right_w, body_h};
  out.left_strip = !left_open;
  out.right_strip = !right_open;
  return out;
}

// The desktop's and the tablet's panels: controls left, tabs right, the figure between them.
PanelLayout PanelsLayout(const LayoutInput& in) {
  PanelLayout out;
  const float px = in.px;
  const float strip_w = std::max(px * kStrip, in.touch);  // a finger's width on a tablet
  const float status_h = px * 2.0f;
  const float bar = std::clamp(in.step_bar, 0.0f, in.height);
  const float top = std::clamp(in.top, 0.0f, std::max(in.height - status_h - bar, 0.0f));
  const float body_h = std::max(in.height - status_h - bar - top, 0.0f);
  out.status = {0, top + body_h, in.width, status_h};
  out.step_bar = {0, in.height - bar, in.width, bar};
  float left = 0, right = 0, left_min = 0, right_min = 0;
  // The quiz (Q) holds the right panel, folded or not: in a narrow window (1024x768, 192 dpi) it
  // opened inside the strip and showed nothing (issue #37, item 6). The controls fold instead.
  const bool right_collapsed = in.right_collapsed && !in.quiz;
  if (!in.presenter) {
    out.left_strip = in.left_collapsed;
    out.right_strip = right_collapsed;
    left = in.left_collapsed ? strip_w : px * kLeftPreferred;
    left_min = in.left_collapsed ? left : px * kLeftMinimum;
    if (right_collapsed) {
      right = right_min = strip_w;
    } else {
      // Reading tabs are wider, never more than 42 % of the window.
      right = in.reading_tab
                  ? std::max(px * kRightInspector, std::min(in.width * 0.42f, px * kRightReading))
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
    *w = *w_min = strip_w;
    *strip = true;
  };
  fold(&right, &right_min, &out.right_strip, in.right_unfolded || in.quiz);
  if (out.right_strip || in.quiz) fold(&left, &left_min, &out.left_strip, in.left_unfolded);
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

}  // namespace

PanelLayout ComputeLayout(const LayoutInput& in) {
  if (in.embed) return EmbedLayout(in);
  if (in.form == FormFactor::kPhone) return PhoneLayout(in);
  return PanelsLayout(in);
}

}  // namespace scanviz
