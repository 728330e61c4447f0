// The applications kind's views: the pass as rows, its side panel and its controls.
#pragma once

#include "kinds/applications/application_model.h"
#include "scene/application_scene.h"
#include "views/views.h"

namespace scanviz {

// application_panel_view.cpp: the applications' side panel.
void DrawApplicationInspector(UiContext& ui);
void DrawApplicationNarration(UiContext& ui);

// The applications view (application_view.cpp): the current pass of the chosen application as rows
// (input, the bit read, flags or sizes, their exclusive scan, the output) with an arrow from each
// element to its destination, or the pool's slices; the step's narration above. Caches the
// layout (scene/application_scene.h) per trace and step. Large n draws the first and last cells.
// The applications view's colours (Okabe-Ito), and the side panel's legend of them: orange, a
// flag of 1; sky blue, the zeros; reddish purple, the ones; bluish green, what was written.
inline constexpr scene::Rgba kApplicationFlagged = {0.902f, 0.624f, 0.000f, 1};
inline constexpr scene::Rgba kApplicationZeros = {0.337f, 0.706f, 0.914f, 1};
inline constexpr scene::Rgba kApplicationOnes = {0.800f, 0.475f, 0.655f, 1};
inline constexpr scene::Rgba kApplicationKept = {0.000f, 0.620f, 0.451f, 1};

class ApplicationView {
 public:
  // `figure`: an export's, its parts at their own sizes whatever the rectangle's height.
  void Draw(UiContext& ui, ViewRect rect, bool figure = false);
  // The width in which every element has its cell (a longer row is drawn with a gap, "…12");
  // 0 past 64 elements or before the first frame.
  float NeededWidth(const UiContext& ui) const;
  // The width in which every element has its cell at its widest, for an export to scale; 0 past
  // 64 elements or when the application cannot run (the figure takes any width).
  float FigureWidth(UiContext& ui);

 private:
  void UpdateLayout(ApplicationModel& model);  // the pass's layout, rebuilt when it changed
  application_scene::PassLayout m_layout;
  std::uint64_t m_version = ~0ull;
  std::uint64_t m_selected_for = ~0ull;  // the trace ApplicationsState::selected indexes
  int m_widest_chars = 1;                // the layout's longest value, in characters
  int m_step = -1;
};
// The controls panel's Applications entry: the mode, the application and its parameter.
void DrawApplicationControls(UiContext& ui, const Kind& kind);  // its KindPart::kChoice

}  // namespace scanviz
