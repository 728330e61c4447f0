// The grid view's drawing, without a window: the grid scene's visible cells placed in points,
// cells narrower than a few pixels merged into pixel runs (dense_rows.h: a row of 2^16 cells is a
// few boxes, not 65536), and the values that fit their cells as text. The view hands the result
// to the renderer and ImGui's draw list; the tests count and read it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "draw/renderer.h"
#include "scene/grid_scene.h"
#include "scene/palette.h"

namespace scanviz {

// Layout units -> points: x = ox + u * sx, y = oy + u * sy; only what meets the clip is placed.
struct GridGeometry {
  float ox = 0, oy = 0, sx = 1, sy = 1;
  float clip_x = 0, clip_y = 0, clip_w = 0, clip_h = 0;
  float pixel = 1;        // one framebuffer pixel in points
  float scale = 1;        // the UI's content scale (border widths, the dense threshold)
  float text_w = 24;      // a value is written in a cell at least this wide (points)
  float text_h = 12;      // ... and this tall
};

struct GridText {
  float x = 0, y = 0, w = 0, h = 0;  // the cell it is centred in
  std::string text;
  scene::Rgba color;
  std::string compact;  // a shorter form of a value (scene.h's CompactValue), or empty
  float border = 0;     // the cell's border width: the text stays inside it
  int input = -1;       // the element's index in the input row (the first 64), else -1
};

struct GridDrawList {
  std::vector<BoxInstance> boxes;  // cells with their border style
  std::vector<BoxInstance> dense;  // pixel runs of cells too narrow for a border
  std::vector<GridText> texts;
  int cells_placed = 0;  // visible cells, before merging
};

// `marked`: the hovered or selected cell, ringed.
GridDrawList BuildGridBoxes(const scene::GridScene& scene, ElementType type,
                            const GridGeometry& g, const scene::Palette& pal,
                            const std::optional<scene::GridCellRef>& marked);

}  // namespace scanviz
