// The grid view's header: the scan and the step (a line each, in the large font), then
// CheckGrid's verdict, each shrunk only where it cannot fit (grid_view.cpp draws the rest).
#include <algorithm>
#include <cfloat>
#include <string>

#include "kinds/multi_block/grid_view.h"
#include "views/primitives.h"
#include "views/views.h"

namespace scanviz {

namespace {

// The header's text: the scan and the step (a line each, in the large font), then CheckGrid's
// verdict.
struct GridHeader {
  std::string lines[2];
  std::string verdict;
};

GridHeader HeaderOf(const GridSlot& slot, const scene::GridScene& sc, int step) {
  GridHeader h;
  const std::string heading = scene::GridHeading(slot.grid, step);
  const size_t cut = heading.find("  ·  step ");
  h.lines[0] = heading.substr(0, cut);
  h.lines[1] = cut == std::string::npos ? "" : heading.substr(cut + 5);
  h.verdict = GridVerdict(slot, step == static_cast<int>(sc.steps.size()) - 1);
  return h;
}

// Two lines in the large font, each shrunk only if it cannot fit: the scan, then the step; then
// CheckGrid's verdict, shrunk likewise. Returns the height below it.
}  // namespace

float DrawGridHeader(UiContext& ui, const GridSlot& slot, const scene::GridScene& sc, int step,
                     ViewRect rect, float pad) {
  const Fonts& fonts = ui.fonts;
  const scene::Palette& pal = ui.palette;
  float top = rect.y + pad;
  const GridHeader header = HeaderOf(slot, sc, step);
  for (const std::string& line : header.lines) {
    float px = fonts.large_px;
    float w = fonts.large->CalcTextSizeA(px, FLT_MAX, 0, line.c_str()).x;
    if (w > rect.w - 2 * pad) {
      px *= (rect.w - 2 * pad) / w;
      w = rect.w - 2 * pad;
    }
    const ViewRect box = {rect.x + pad, top, w, px};
    DrawFigureText(ui, {fonts.large, px, ImVec2(rect.x + pad, top), ToImU32(pal.text)}, line,
                   "header", &box);
    top += px * 1.25f;
  }
  const std::string& verdict = header.verdict;
  float px = fonts.ui_px;
  float w = fonts.ui->CalcTextSizeA(px, FLT_MAX, 0, verdict.c_str()).x;
  if (w > rect.w - 2 * pad) {
    px *= (rect.w - 2 * pad) / w;
    w = rect.w - 2 * pad;
  }
  const ViewRect box = {rect.x + pad, top, w, px};
  DrawFigureText(ui,
                 {fonts.ui, px, ImVec2(rect.x + pad, top),
                  ToImU32(slot.problems.empty() ? pal.text_dim : pal.bad)},
                 verdict, "verdict", &box);
  return top + fonts.ui_px * 1.4f;
}

// The header's widest line at the fonts' full size (GridView::FigureWidth).
float GridHeaderWidth(const UiContext& ui, const GridSlot& slot, const scene::GridScene& sc,
                      int step) {
  const Fonts& fonts = ui.fonts;
  const GridHeader header = HeaderOf(slot, sc, step);
  float w = fonts.ui->CalcTextSizeA(fonts.ui_px, FLT_MAX, 0, header.verdict.c_str()).x;
  for (const std::string& line : header.lines)
    w = std::max(w, fonts.large->CalcTextSizeA(fonts.large_px, FLT_MAX, 0, line.c_str()).x);
  return w;
}

}  // namespace scanviz
