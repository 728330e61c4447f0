// The array view's figure in pieces, shared by its files: array_view.cpp (the frame: scene,
// header, geometry, band, arrows, mouse, the cell editor), array_boxes.cpp (the cells) and
// array_labels.cpp (row tags, round titles, captions, brackets). Internal to the views.
#pragma once

#include <string>
#include <vector>

#include "views/views.h"

namespace scanviz {

// Where the figure lies in a frame: layout units (scene.h) to points on screen.
struct ArrayGeometry {
  ViewRect rect;         // the pane
  float pad = 0;         // its margin
  float top = 0;         // the figure's top, below the header: the clip and the hover start here
  float gutter = 0;      // the row tags' column, left of the cells
  float base_x = 0;      // the cells' left edge unpanned (the wheel zooms around it)
  float ox = 0, oy = 0;  // layout (0, 0), panned
  float sx = 0, sy = 0;  // points per layout unit, zoomed
  float X(float u) const { return ox + u * sx; }
  float Y(float u) const { return oy + u * sy; }
};

// Splits `text` at " · " into lines no wider than `room` at `px` in the current ImGui font (a
// piece wider than the room keeps a line of its own).
std::vector<std::string> WrapAtDots(const std::string& text, float room, float px);

// The invariant brackets (through the renderer), then every label (through the window's draw
// list): row tags and round titles in the gutter, column tags, the bracket's and check's captions.
void DrawBrackets(UiContext& ui, const scene::Scene& sc, const ArrayGeometry& g);
void DrawLabels(UiContext& ui, const scene::Scene& sc, const ArrayGeometry& g);

}  // namespace scanviz
