// Where the array view's figure lies (array_figure.h): the gutter, the columns and the rows in
// points, at the wheel's zoom and the figure's size (Ctrl+=), with the text zoom they imply.
#include <algorithm>

#include "views/array_figure.h"

namespace scanviz {

namespace {

// The wheel enlarges the text with the cells up to this factor (the glyphs are the figure font's,
// magnified; further in, the cells alone grow).
constexpr float kMostTextZoom = 4.0f;

// The cells' widths: the pane's width shared by the columns, at most a value's cell at its full
// size; made larger (Ctrl+=), at least as wide as the widest value at that size, so that the
// cells grow with their digits (the figure then pans; an export fits the whole figure); then
// times the wheel's zoom. The text grows with the cells once they are wider than they were
// fitted, or than a legible cell where the fitted ones were narrower (TextZoom).
void PlaceColumns(const UiContext& ui, const scene::Scene& sc, float avail_w, float widest_text,
                  ArrayGeometry* g) {
  const ViewState& vs = ui.app.view;
  const Fonts& fonts = ui.fonts;
  float base_sx =
      std::min(avail_w / static_cast<float>(std::max(sc.columns, 1)), MaxCellWidth(fonts));
  if (vs.figure_scale > 1 && !vs.fitting && widest_text > 0) {
    const float digits = widest_text * fonts.large_px / fonts.ui_px + fonts.ui_px * 0.8f;
    base_sx = std::max(base_sx, std::min(digits, MaxCellWidth(fonts)));
  }
  g->sx = base_sx * vs.zoom;
  g->text_zoom = TextZoom(fonts, base_sx, g->sx);
  const float content_w = static_cast<float>(sc.columns) * base_sx;
  g->base_x = g->rect.x + g->pad + g->gutter + std::max(0.0f, (avail_w - content_w) * 0.5f);
}

}  // namespace

ArrayGeometry PlaceFigure(const UiContext& ui, const scene::Scene& sc, ViewRect rect, float pad,
                          float top, float widest_tag, float widest_text) {
  const Fonts& fonts = ui.fonts;
  const ViewState& vs = ui.app.view;
  ArrayGeometry g;
  g.rect = rect;
  g.pad = pad;
  g.top = top;
  // The gutter holds the row tags; the round titles between the rows wrap (at " · ") and shrink
  // to it rather than widen it, so that the columns keep the room.
  g.gutter = std::min(widest_tag + 2 * pad, rect.w * 0.35f);
  const float avail_w = std::max(rect.w - g.gutter - 2 * pad, 10.0f);
  const float avail_h = std::max(rect.y + rect.h - top - pad, 10.0f);
  PlaceColumns(ui, sc, avail_w, widest_text, &g);
  // Text zoomed with the cells: the tags' gutter grows with it (the columns keep their place).
  const float z = g.text_zoom;
  const float gutter = std::min(widest_tag * z + 2 * pad, rect.w * 0.35f);
  g.base_x += gutter - g.gutter;
  g.gutter = gutter;
  // Tall enough for a round's title in two lines at the text size between two rows, and for a
  // value at its size: the cells keep their shape as the text grows.
  g.sy = std::clamp(g.sx * 0.85f, fonts.ui_px * 2.25f * z, fonts.large_px * 2.3f * z);
  // Fitted (zoom 1, what Fit view restores), every round fits the height however many there are
  // (Blelloch at n = 1024 has 22): rows thinner than text lose their labels, never their place
  // on screen; so does a zoom whose cells are still too narrow for any value. Zoomed in, or the
  // figure made larger (Ctrl+=), the cells keep their height with their values and the figure
  // scrolls (FollowCurrentRound): a larger figure never flattens or hides a number.
  if (sc.height * g.sy > avail_h) {
    const bool fitted = vs.zoom <= 1.0f && vs.figure_scale <= 1.0f;
    const bool values_show = g.sx >= fonts.ui_px * 0.6f;  // ValuesFit's width
    if (fitted || !values_show) g.sy = avail_h / sc.height;
  }
  g.ox = g.base_x + vs.pan_x;
  g.oy = top + vs.pan_y;
  return g;
}

float MaxCellWidth(const Fonts& f) {
  return f.large_px * 3.4f;
}

// The wheel zooms the figure like a picture (issue #37, item 7): the text grows with the cells
// from the width they had fitted, or, where that was too narrow for a value (n = 1024: a pixel),
// from the narrowest cell that shows one (the grid's text_w); up to kMostTextZoom. Side by side
// the cells start a third of a full cell wide: measured from a full cell, five notches doubled
// them and left their values as they were.
float TextZoom(const Fonts& f, float base_sx, float sx) {
  const float legible = f.ui_px * 1.2f;
  return std::clamp(sx / std::max(base_sx, legible), 1.0f, kMostTextZoom);
}

}  // namespace scanviz
