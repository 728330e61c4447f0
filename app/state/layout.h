// Where the panels go: the controls on the left, the reading tabs on the right, the status line at
// the bottom and the figure in the middle. The figure gets its room first: the side panels give
// way, down to their minimum widths, until the figure's values fit at a readable size; either side
// panel can be collapsed to a thin strip ([ and ], or its « » button). On a phone (a narrow
// portrait screen) the figure takes the whole width and the panels open as drawers over it; a
// touch screen gets a step bar at the bottom; an embedded figure (a link with &embed, in an
// iframe) is the figure and the step bar alone. No ImGui: tested without a window.
#pragma once

#include <cstdint>

namespace scanviz {

// [SECTION] The kind of screen, from its size in CSS pixels (points / devicePixelRatio on the
// page) and whether it is touched.
//   kDesktop  a mouse: today's panels, no step bar
//   kTablet   touch, wide enough for the panels: the panels, touch-sized targets, the step bar
//   kPhone    narrow and portrait (touch or not): the figure full width, the panels as drawers
enum class FormFactor : std::uint8_t { kDesktop, kTablet, kPhone };
inline constexpr float kPhoneMaxWidth = 600;  // CSS px: narrower than this, in portrait, a phone
inline constexpr float kTouchTarget = 44;     // CSS px: a finger's target (WCAG 2.5.5, Apple's HIG)
FormFactor ClassifyScreen(float css_width, float css_height, bool touch);
inline bool TouchSized(FormFactor f) {
  return f != FormFactor::kDesktop;
}

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
};

struct LayoutInput {
  float width = 0, height = 0;  // the window, in points
  float px = 17;                // the UI font's size
  bool presenter = false;       // no side panels at all, but for the quiz's
  bool quiz = false;            // the quiz (Q) holds the right panel, in presenter mode too
  bool left_collapsed = false, right_collapsed = false;  // folded by the reader
  bool left_unfolded = false, right_unfolded = false;    // shown by the reader in a narrow window
  bool reading_tab =
      false;              // the right panel shows code, narration, charts (wider) or the inspector
  float figure_need = 0;  // the width the figure wants (its values at the UI font), points
  float top = 0;          // the menu bar's height: the panels start below it
  FormFactor form = FormFactor::kDesktop;
  bool embed = false;  // only the figure and the step bar (a link with &embed)
  float step_bar = 0;  // the step bar's height at the bottom (0: none)
  float touch = 0;     // a finger's target, points (0: a mouse): a strip is at least as wide
};

struct PanelLayout {
  Rect left, right, center, status;
  bool left_strip = false, right_strip = false;  // collapsed: a strip with an expand button
  Rect step_bar;                                 // h = 0: none
  bool drawers = false;  // the side panels lie over the figure (a phone); w = 0 when closed
  bool status_shown = true, panels_shown = true;  // false: an embedded figure
};

// The preferred and minimum widths, in UI font sizes.
inline constexpr float kLeftPreferred = 22, kLeftMinimum = 18;
inline constexpr float kRightInspector = 17, kRightReading = 46, kRightMinimum = 17;
inline constexpr float kStrip = 1.6f;
// Below this share of the window for the figure with both panels at their minimums (a 1024x768
// projector, a laptop at 200 %), the right panel folds into its strip, then the left, unless the
// reader unfolded it.
inline constexpr float kFigureShare = 0.5f;
// A phone's drawers: at most this share of the screen's width, so that a tap beside one (on the
// figure it covers) closes it.
inline constexpr float kDrawerShare = 0.88f;

PanelLayout ComputeLayout(const LayoutInput& in);

}  // namespace scanviz
