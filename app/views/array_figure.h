// The array view's figure in pieces, shared by its files: array_view.cpp (the frame: scene,
// header, geometry, band, arrows, mouse, the cell editor), array_boxes.cpp (the cells) and
// array_labels.cpp (row tags, round titles, captions, brackets). Internal to the views.
#pragma once

#include <algorithm>
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
  // The wheel's zoom enlarges the text with the cells once they are wider than a value's cell
  // at its full size: this factor on the figure's fonts (1: not zoomed that far).
  float text_zoom = 1;
  float X(float u) const { return ox + u * sx; }
  float Y(float u) const { return oy + u * sy; }
  // The gutter's right edge, where the row tags end: with the cells, or where the cells pan left
  // under it, at the gutter (the tags never scroll off with the cells).
  float TagRight() const { return std::max(ox, rect.x + pad + gutter) - pad; }
};

// The widest a column gets unzoomed: a value's cell at its full size.
float MaxCellWidth(const Fonts& f);
// The wheel's zoom of the text for columns `base_sx` wide fitted, `sx` zoomed
// (array_geometry.cpp; the grid's too).
float TextZoom(const Fonts& f, float base_sx, float sx);

// The figure placed in `rect` below `top` (array_geometry.cpp): the row tags' gutter from the
// widest tag, the columns from the pane's width, the widest value and the zoom, the rows.
ArrayGeometry PlaceFigure(const UiContext& ui, const scene::Scene& sc, ViewRect rect, float pad,
                          float top, float widest_tag, float widest_text);

// Splits `text` at " · " into lines no wider than `room` at `px` in the current ImGui font (a
// piece wider than the room keeps a line of its own).
std::vector<std::string> WrapAtDots(const std::string& text, float room, float px);

// The invariant brackets (through the renderer), then every label (through the window's draw
// list): row tags and round titles in the gutter, column tags, the bracket's and check's captions.
void DrawBrackets(UiContext& ui, const scene::Scene& sc, const ArrayGeometry& g);
void DrawLabels(UiContext& ui, const scene::Scene& sc, const ArrayGeometry& g);

}  // namespace scanviz
