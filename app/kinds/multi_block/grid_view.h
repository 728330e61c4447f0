// The multi-block kind's views: the grid, its header and its side-panel tabs.
#pragma once

#include "kinds/multi_block/grid_boxes.h"
#include "kinds/multi_block/grid_model.h"
#include "views/views.h"

namespace scanviz {

// The grid view: the multi-block scan of the input as labelled rows (input, blocks, block
// outputs, sums, the sums scan, offsets, output), one player step per phase; hover or select a
// cell for its invariant window; click a block to open its rounds in the single-block view.
// Caches its scene; the side panel's grid tabs read it.
struct GridFrame;  // where the grid view's rows lie in a frame (grid_view.cpp)
class GridView {
 public:
  void Draw(UiContext& ui, ViewRect rect);
  // The width in which every row's values can be read (the layout gives way to it); 0 when the
  // grid is too wide for that (more than 64 columns) or not drawn yet.
  float NeededWidth(const UiContext& ui) const;
  // The width the grid fills drawn at its natural size (columns at their widest, the heading and
  // the verdict on a line each), for an export to scale; 0 past 64 columns (it takes any width).
  float FigureWidth(UiContext& ui);
  // The scene last drawn (for the inspector), or null.
  const scene::GridScene* Scene() const { return m_have ? &m_scene : nullptr; }

 private:
  // The pieces of Draw (grid_view.cpp): the scene for the grid and step, and the cells.
  void UpdateScene(const UiContext& ui, const GridTrace& grid, int step);
  void DrawCells(UiContext& ui, const GridFrame& f, std::optional<scene::GridCellRef> marked);

  scene::GridScene m_scene;
  const GridTrace* m_grid = nullptr;
  std::uint64_t m_generation = ~0ull;
  int m_step = -1;
  int m_block_size = 0;
  bool m_have = false;
  float m_widest_title = 0;
  int m_followed_step = -1;  // the step the pane last scrolled to (FollowStep)
  float m_widest_value = 0;  // in the panels' font
  float m_text_px = 0;       // the font size the widths were measured at
  // The last frame's boxes, reused while nothing that places or colours them changed (placing
  // 2^16 cells per row every frame costs more than drawing the runs they merge into).
  GridDrawList m_list;
  std::vector<float> m_list_key;
};
// The grid's tabs: the hovered or selected cell's window and check; the step in sentences; the
// grid's loop with the step's lines lit. Others say that they describe a block's rounds.
void DrawGridInspector(UiContext& ui, const scene::GridScene* scene);
// The grid's header (grid_header_view.cpp); returns the height below it.
float DrawGridHeader(UiContext& ui, const GridSlot& slot, const scene::GridScene& sc, int step,
                     ViewRect rect, float pad);
float GridHeaderWidth(const UiContext& ui, const GridSlot& slot, const scene::GridScene& sc,
                      int step);
void DrawGridNarration(UiContext& ui);
void DrawGridCode(UiContext& ui);

}  // namespace scanviz
