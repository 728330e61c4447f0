// Where the panels go: the controls on the left, the reading tabs on the right, the status line at
// the bottom and the figure in the middle. The figure gets its room first: the side panels give
// way, down to their minimum widths, until the figure's values fit at a readable size; either side
// panel can be collapsed to a thin strip ([ and ], or its « » button). No ImGui: tested without a
// window.
#pragma once

namespace scanviz {

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
  bool reading_tab = false;  // the right panel shows code, narration, charts (wider) or the inspector
  float figure_need = 0;     // the width the figure wants (its values at the UI font), points
  float top = 0;             // the menu bar's height: the panels start below it
};

struct PanelLayout {
  Rect left, right, center, status;
  bool left_strip = false, right_strip = false;  // collapsed: a strip with an expand button
};

// The preferred and minimum widths, in UI font sizes.
inline constexpr float kLeftPreferred = 22, kLeftMinimum = 18;
inline constexpr float kRightInspector = 17, kRightReading = 46, kRightMinimum = 17;
inline constexpr float kStrip = 1.6f;
// Below this share of the window for the figure with both panels at their minimums (a 1024x768
// projector, a laptop at 200 %), the right panel folds into its strip, then the left, unless the
// reader unfolded it.
inline constexpr float kFigureShare = 0.5f;

PanelLayout ComputeLayout(const LayoutInput& in);

}  // namespace scanviz
