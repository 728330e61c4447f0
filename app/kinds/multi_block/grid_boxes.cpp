#include "kinds/multi_block/grid_boxes.h"

#include <algorithm>

#include "core/analysis.h"
#include "scene/scene.h"
#include "state/dense_rows.h"

namespace scanviz {

namespace {

using CellIt = std::vector<scene::GridCell>::const_iterator;

// A row whose every cell on screen is drawn as a plain fill (narrower than a few pixels, none
// ringed) is one run of pixels: its cells tile the columns in one look, so one span marks the
// pixels they would mark one by one (2^16 cells in a grid's row: 5 ms a rebuild, else).
bool AddDenseRow(const scene::GridRow& row, CellIt first, float u1, float y, float h,
                 scene::Rgba fill, float bw, const GridGeometry& g,
                 const std::optional<scene::GridCellRef>& marked, DenseRows* dense,
                 GridDrawList* out) {
  CellIt last = std::upper_bound(first, row.cells.end(), u1,
                                 [](float v, const scene::GridCell& c) { return v < c.x; });
  if (first == last) return false;
  float widest = 0;  // cells of a row are alike but the last, which may be shorter
  for (CellIt it : {first, last - 1}) widest = std::max(widest, it->w * g.sx);
  const bool plain = !row.filled || row.kind == scene::GridRowKind::kBlocks;
  if (!(widest < 4.0f * g.scale || (plain && widest < g.text_w))) return false;
  if (marked && marked->level == row.level && marked->kind == row.kind &&
      marked->index >= first->index && marked->index <= (last - 1)->index)
    return false;
  BoxInstance look;
  look.x = g.ox + first->x * g.sx;
  look.y = y;
  look.w = g.ox + ((last - 1)->x + (last - 1)->w) * g.sx - look.x;
  look.h = h;
  look.fill = look.border = fill;
  look.style = 0;
  look.border_width = bw;
  dense->Add(look, 0, &out->dense);
  dense->Flush(&out->dense);
  out->cells_placed += static_cast<int>(last - first);
  return true;
}

}  // namespace

GridDrawList BuildGridBoxes(const scene::GridScene& sc, ElementType type, const GridGeometry& g,
                            const scene::Palette& pal,
                            const std::optional<scene::GridCellRef>& marked) {
  GridDrawList out;
  DenseRows dense(g.pixel);
  const float bw = std::clamp(std::min(g.sx, g.sy) * 0.05f, 1.0f, 3.0f * g.scale);
  // The columns on screen, in layout units.
  const float u0 = (g.clip_x - g.ox) / g.sx, u1 = (g.clip_x + g.clip_w - g.ox) / g.sx;
  for (const scene::GridRow& row : sc.rows) {
    const float h_units = row.kind == scene::GridRowKind::kBlocks ? 1.1f : scene::kCellH;
    const float y = g.oy + row.y * g.sy, h = h_units * g.sy;
    if (y > g.clip_y + g.clip_h || y + h < g.clip_y) continue;
    const scene::Rgba fill = scene::Dim(pal, scene::GridRowFill(pal, row), row.emphasis);
    const scene::Rgba border = scene::Dim(pal, pal.border, row.emphasis);
    const BoxStyle style = !row.filled                               ? BoxStyle::kDotted
                           : row.kind == scene::GridRowKind::kBlocks ? BoxStyle::kDashed
                                                                     : BoxStyle::kSolid;
    auto first = std::upper_bound(row.cells.begin(), row.cells.end(), u0,
                                  [](float v, const scene::GridCell& c) { return v < c.x + c.w; });
    if (AddDenseRow(row, first, u1, y, h, fill, bw, g, marked, &dense, &out)) continue;
    for (auto it = first; it != row.cells.end() && it->x <= u1; ++it) {
      const scene::GridCell& c = *it;
      ++out.cells_placed;
      BoxInstance inst;
      inst.x = g.ox + c.x * g.sx;
      inst.y = y;
      inst.w = c.w * g.sx;
      inst.h = h;
      inst.fill = fill;
      inst.border = border;
      inst.style = static_cast<float>(style);
      inst.border_width = bw;
      const bool ring = marked && marked->level == row.level && marked->kind == row.kind &&
                        marked->index == c.index;
      if (ring) {
        inst.ring = 3 * g.scale;
        inst.x -= inst.ring;
        inst.y -= inst.ring;
        inst.w += 2 * inst.ring;
        inst.h += 2 * inst.ring;
        inst.border = pal.selection;
        inst.style = static_cast<float>(BoxStyle::kSolid);
      }
      // Narrower than a few pixels, or than a value where the cell would show none (an empty
      // row, the blocks): plain fills merged into pixel runs; the block boundaries show the cut.
      const bool plain = !row.filled || row.kind == scene::GridRowKind::kBlocks;
      if ((inst.w < 4.0f * g.scale || (plain && inst.w < g.text_w)) && !ring) {
        BoxInstance look = inst;
        look.style = 0;
        look.border = look.fill;
        dense.Add(look, 0, &out.dense);
        continue;
      }
      out.boxes.push_back(inst);
      if (inst.w < g.text_w || h < g.text_h) continue;
      std::string text, compact;
      if (row.kind == scene::GridRowKind::kBlocks) {
        text = "block " + std::to_string(c.index);
        if (static_cast<float>(text.size()) * g.text_w * 0.3f > inst.w) text = std::to_string(c.index);
      } else if (row.filled) {
        text = FormatValue(type, c.value);
        compact = scene::CompactValue(type, c.value);
      }
      const bool input = row.level == 0 && row.kind == scene::GridRowKind::kInput && c.index < 64;
      if (!text.empty())
        out.texts.push_back({inst.x, inst.y, inst.w, inst.h, text, scene::TextOn(fill), compact, bw,
                             input ? c.index : -1});
    }
    dense.Flush(&out.dense);
  }
  return out;
}

}  // namespace scanviz
