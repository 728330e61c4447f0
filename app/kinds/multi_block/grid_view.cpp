// The grid view: the multi-block scan drawn as a hierarchy of labelled rows (grid_scene.h), the
// current phase's rows on a band, rows not produced yet empty, block boundaries and numbers, the
// sums scan one level down on a band of its own. Cells go through grid_boxes.h (pixel runs when
// narrower than a few pixels); values, titles and the invariant caption through ImGui's draw list.
// Its side-panel tabs are grid_tabs_view.cpp's.
#include <algorithm>
#include <cfloat>
#include <cmath>

#include "kinds/multi_block/grid_view.h"
#include "core/registry.h"
#include "kinds/multi_block/grid_boxes.h"
#include "kinds/multi_block/multi_block_state.h"
#include "views/array_figure.h"
#include "views/primitives.h"
#include "scene/cell_text.h"
#include "views/views.h"

namespace scanviz {

// Where the rows lie in a frame: layout units (grid_scene.h) to points. The cells pan and zoom
// right of the gutter (from cells_x); the row titles stay in it.
struct GridFrame {
  ViewRect rect;
  float pad = 0;
  float gutter = 0;
  float base_x = 0;      // the cells' left edge unpanned (the wheel zooms around it)
  float ox = 0, oy = 0;  // layout (0, 0), panned
  float sx = 0, sy = 0;  // points per layout unit (sx zoomed)
  float text_zoom = 1;   // the wheel's zoom of the text, the rows and the strokes (PlaceRows)
  float clip_top = 0;    // the top of what is drawn: the bracket's caption over the input
  float cells_x = 0;     // the left edge of the cells' clip
  float X(float u) const { return ox + u * sx; }
  float Y(float u) const { return oy + u * sy; }
};

namespace {

constexpr float kMaxColumn = 3.4f;  // the widest a column gets, in the large font's size
constexpr float kFullRow = 1.9f;    // the tallest a row gets, in the large font's size

std::string Caption(const scene::GridCellCheck& c) {
  return c.name + ": " + c.meaning + "  ·  " + c.expression + (c.ok ? "  ✓" : "  ✗");
}

// [SECTION] Geometry

GridFrame PlaceRows(const UiContext& ui, const scene::GridScene& sc, ViewRect rect, float pad,
                    float top, float widest_title) {
  const Fonts& fonts = ui.fonts;
  const ViewState& vs = ui.app.view;
  GridFrame f;
  f.rect = rect;
  f.pad = pad;
  f.gutter = std::min(widest_title + 2 * pad, rect.w * 0.3f);
  const float avail_w = std::max(rect.w - f.gutter - 2 * pad, 10.0f);
  const float avail_h = std::max(rect.y + rect.h - top - pad, 10.0f);
  const float base_sx =
      std::min(avail_w / static_cast<float>(std::max(sc.n, 1)), fonts.large_px * kMaxColumn);
  f.sx = base_sx * vs.zoom;
  // Every row in the pane (the grid's own Fit view) while a row stays legible: its title at 0.8
  // of its height, no less than half the panels' text. A deeper grid keeps rows at that floor and
  // the pane follows the current step (FollowStep).
  f.sy = std::min(fonts.large_px * kFullRow, avail_h / std::max(sc.height, 1.0f));
  f.sy = std::max(f.sy, fonts.ui_px * 0.6f);
  // The wheel zooms the grid as it zooms the block view (issue #37, item 7; array_figure.h's
  // TextZoom): the values, the row titles (their gutter too) and the strokes grow with the
  // columns; the rows grow with them up to their full height at that text size.
  f.text_zoom = TextZoom(fonts, base_sx, f.sx);
  f.sy = std::max(f.sy, std::min(f.sy * vs.zoom, fonts.large_px * kFullRow * f.text_zoom));
  const float content_w = static_cast<float>(sc.n) * base_sx;
  const float gutter = std::min(widest_title * f.text_zoom + 2 * pad, rect.w * 0.3f);
  f.base_x = rect.x + pad + gutter + std::max(0.0f, (avail_w - content_w) * 0.5f);
  f.gutter = gutter;
  f.ox = f.base_x + vs.pan_x;
  f.oy = top + vs.pan_y;
  f.clip_top = top - fonts.ui_px * 2.6f;
  f.cells_x = rect.x + pad + f.gutter - 2;
  return f;
}

// A grid taller than its pane (rows at their legible floor): when the player moves to another
// step, the pane scrolls just enough to show that step's rows, as the block view follows its
// rounds. A pan of the reader's own stays until the next step.
void FollowStep(ViewState& vs, const scene::GridScene& sc, float top, float bottom,
                GridFrame* f) {
  if (sc.height * f->sy <= bottom - top) {  // every row fits: no pan hides any (the block
    f->oy -= vs.pan_y;                       // view's follow may have left one behind)
    vs.pan_y = 0;
    return;
  }
  float lo = 1e30f, hi = -1e30f;
  for (const scene::GridRow& r : sc.rows) {
    if (r.emphasis != scene::Emphasis::kCurrent) continue;
    lo = std::min(lo, f->Y(r.y));
    hi = std::max(hi, f->Y(r.y + 1.1f));
  }
  if (hi <= lo) return;
  const float shift = ShiftToShow(lo, hi, top, bottom);
  vs.pan_y += shift;
  f->oy += shift;
}

// [SECTION] Bands, boundaries, the cells' values, the titles

// A band of the sums scan one level down: the grid's width, a little inside the level above's.
ViewRect BandRect(const scene::GridBand& b, const GridFrame& f) {
  const float inset = f.pad * 0.3f * static_cast<float>(b.level);
  return {f.rect.x + f.pad * 0.5f + inset, f.Y(b.y0), f.rect.w - f.pad - 2 * inset,
          (b.y1 - b.y0) * f.sy};
}

// The sums scan one level down, and the current phase's rows.
void DrawBands(UiContext& ui, const scene::GridScene& sc, const GridFrame& f) {
  const ViewRect& rect = f.rect;
  for (const scene::GridBand& b : sc.bands) {
    const ViewRect band = BandRect(b, f);
    ui.renderer.AddRect(band.x, band.y, band.w, band.h, ui.palette.register_strip);
  }
  for (const scene::GridRow& r : sc.rows) {
    if (r.emphasis != scene::Emphasis::kCurrent || r.kind == scene::GridRowKind::kBlocks) continue;
    const float extra = 0.18f * f.sy;
    ui.renderer.AddRect(rect.x + f.pad * 0.5f, f.Y(r.y) - extra, rect.w - f.pad, f.sy + 2 * extra,
                        ui.palette.current_band);
  }
}

// Block boundaries over the cells, where blocks are wide enough to tell apart; broken where a
// band's caption lies across them (scene::BoundarySpans).
void DrawBoundaries(UiContext& ui, const scene::GridScene& sc, const GridFrame& f) {
  const float w = std::max(1.0f, 2.0f * ui.scale);
  for (const scene::GridBoundary& b : sc.boundaries) {
    long unit = 1;  // the level's block width in columns
    for (int d = 0; d <= b.level; ++d) unit *= sc.block_size;
    if (static_cast<float>(unit) * f.sx < 6 * ui.scale) continue;  // too dense to tell apart
    const float x = f.X(b.x);
    if (x < f.rect.x || x > f.rect.x + f.rect.w) continue;
    for (const scene::Span& s : scene::BoundarySpans(sc, b, 0.15f)) {
      ui.renderer.AddLine(x, f.Y(s.y0), x, f.Y(s.y1), w, ui.palette.text_dim);
      DumpLine(ui, "boundary", {x - w * 0.5f, f.Y(s.y0), w, (s.y1 - s.y0) * f.sy});
    }
  }
}

// Each value centred in its cell, in the large font where the cell holds it, inside its borders
// (scene/cell_text.h): its short form, a smaller size, one digit or "…" where not.
// The input row's cells and values on show right of the titles' gutter (`cells_x`) are reported
// (--state-file: a test zooms); one panned under the gutter is not, nor one of an earlier frame.
void DrawValues(const UiContext& ui, const std::vector<GridText>& texts, float cells_x) {
  std::erase_if(ui.app.view.widgets, [](const auto& w) {
    return w.first.starts_with("grid_input[") || w.first.starts_with("grid_value[");
  });
  const Fonts& fonts = ui.fonts;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (const GridText& t : texts) {
    const float px = std::min(fonts.large_px, t.h * 0.8f);
    ImFont* font = px >= fonts.large_px * 0.99f ? fonts.large : fonts.ui;
    const float room_w = t.w - 2 * (t.border + std::max(1.0f, ui.scale));
    const scene::FittedText f = scene::FitCellText(
        t.text, t.compact, room_w, px, px, 7, [font](const std::string& s, float at) {
          return font->CalcTextSizeA(at, FLT_MAX, 0, s.c_str()).x;
        });
    if (f.text.empty()) continue;
    const ImVec2 at(t.x + (t.w - f.width) * 0.5f, t.y + (t.h - f.px) * 0.5f);
    dl->AddText(font, f.px, at, ToImU32(t.color), f.text.c_str());
    if (t.input < 0 || t.x < cells_x) continue;
    const std::string i = std::to_string(t.input);
    ui.app.view.widgets["grid_input[" + i + "]"] = {t.x, t.y, t.w, t.h};
    ui.app.view.widgets["grid_value[" + i + "]"] = {at.x, at.y, f.width, f.px};
  }
}

// A band's caption: its title on a line, else wrapped at its words into as many lines as the
// band's title strip holds, else its short title, shrunk to the band's width at worst: never cut
// by the view's edge (at a large text size the title is wider than a narrow grid), and no block
// boundary crosses the strip.
struct BandCaption {
  std::vector<std::string> lines;
  float px = 0;
};
constexpr float kCaptionLine = 1.15f;  // a caption's line height, in its font size

BandCaption FitBandCaption(const scene::GridBand& b, ImFont* font, float px, float room,
                           float strip) {
  auto width = [&](const std::string& s, float at) {
    return font->CalcTextSizeA(at, FLT_MAX, 0, s.c_str()).x;
  };
  const size_t most = static_cast<size_t>(std::max(1.0f, strip / (px * kCaptionLine)));
  for (const std::string* text : {&b.title, &b.short_title}) {
    std::vector<std::string> lines;
    for (size_t start = 0; start <= text->size();) {
      const size_t end = std::min(text->find(' ', start), text->size());
      const std::string word = text->substr(start, end - start);
      if (!lines.empty() && width(lines.back() + " " + word, px) <= room) {
        lines.back() += " " + word;
      } else {
        lines.push_back(word);
      }
      start = end + 1;
    }
    const bool fits = std::all_of(lines.begin(), lines.end(),
                                  [&](const std::string& l) { return width(l, px) <= room; });
    if (fits && lines.size() <= most) return {lines, px};
  }
  return {{b.short_title}, px * std::min(1.0f, room / std::max(width(b.short_title, px), 1.0f))};
}

void DrawBandCaption(UiContext& ui, const scene::GridBand& b, const GridFrame& f) {
  const ViewRect band = BandRect(b, f);
  const float strip = (b.title_y1 - b.y0) * f.sy;
  const float x = band.x + f.pad * 0.5f, room = std::max(band.w - f.pad, 10.0f);
  const BandCaption c = FitBandCaption(b, ImGui::GetFont(),
                                       std::min(ui.fonts.ui_px * 0.85f, strip * 0.8f), room, strip);
  const float line_h = c.px * kCaptionLine;
  float y = band.y + (strip - line_h * static_cast<float>(c.lines.size())) * 0.5f +
            (line_h - c.px) * 0.5f;
  for (const std::string& line : c.lines) {
    const float w = ImGui::GetFont()->CalcTextSizeA(c.px, FLT_MAX, 0, line.c_str()).x;
    const ViewRect box = {x, y, w, c.px};
    DrawFigureText(ui, {ImGui::GetFont(), c.px, ImVec2(x, y), ToImU32(ui.palette.text_dim)}, line,
                   "band-title", &box);
    y += line_h;
  }
  // After its lines: the dump reads the caption's colour from its last glyph.
  DumpLine(ui, {"band", b.title}, band);
}

// Row titles right-aligned in the gutter, then the bands' captions.
void DrawTitles(UiContext& ui, const scene::GridScene& sc, const GridFrame& f) {
  const scene::Palette& pal = ui.palette;
  for (const scene::GridRow& r : sc.rows) {
    const float h = (r.kind == scene::GridRowKind::kBlocks ? 1.1f : 1.0f) * f.sy;
    float px = std::min(ImGui::GetFontSize(), h * 0.8f);
    const float w = ImGui::GetFont()->CalcTextSizeA(px, FLT_MAX, 0, r.title.c_str()).x;
    const float room = std::max(f.gutter - f.pad, 10.0f);
    if (w > room) px *= room / w;
    if (px < 6) continue;
    const float tw = ImGui::GetFont()->CalcTextSizeA(px, FLT_MAX, 0, r.title.c_str()).x;
    const float tx = f.cells_x - f.pad - tw;
    const ViewRect row = {tx, f.Y(r.y), tw, h};
    const ImVec2 at(std::max(tx, f.rect.x + f.pad * 0.5f), f.Y(r.y) + (h - px) * 0.5f);
    DrawFigureText(ui,
                   {ImGui::GetFont(), px, at,
                    // Rows of other phases in the dim text colour, not dimmed further (4.5:1).
                    ToImU32(r.emphasis == scene::Emphasis::kCurrent ? pal.text : pal.text_dim)},
                   r.title, "row", &row);
    if (r.level == 0 && r.kind == scene::GridRowKind::kInput)
      ui.app.view.widgets["grid_row.input"] = {at.x, at.y, tw, px};
  }
  for (const scene::GridBand& b : sc.bands) DrawBandCaption(ui, b, f);
}

// [SECTION] The invariant window of the hovered or selected cell: a bracket over the input

// What a block says when it is marked: its elements, and that a click opens it.
std::string BlockCaption(const GridTrace& grid, const scene::GridCellRef& marked) {
  const GridTrace* level = scene::GridLevel(grid, marked.level);
  if (level == nullptr || marked.index >= level->BlockCount()) return {};
  const int b = marked.index;
  return "block " + std::to_string(b) +
         (marked.level > 0 ? " of level " + std::to_string(marked.level) : "") + ": elements " +
         std::to_string(level->BlockBegin(b)) + ".." +
         std::to_string(level->BlockBegin(b) + level->BlockCount(b) - 1) +
         " · click to open its rounds";
}

void DrawBracket(UiContext& ui, const GridTrace& grid, const scene::GridScene& sc,
                 const GridFrame& f, const scene::GridCellRef& marked) {
  const scene::Palette& pal = ui.palette;
  const ViewRect& rect = f.rect;
  const scene::GridCellCheck check = scene::CheckGridCell(grid, sc, marked);
  const float y = f.Y(0) - 4 * ui.scale, lift = 0.3f * f.sy, w = 3 * ui.scale;
  std::string caption;
  if (check.valid) {
    const float x0 = check.window.Empty() ? f.X(0) : f.X(static_cast<float>(check.window.lo)) + 1;
    const float x1 =
        check.window.Empty() ? x0 + 4 : f.X(static_cast<float>(check.window.hi + 1)) - 1;
    scanviz::DrawBracket(ui, x0, x1, y, lift, w, pal.bracket, Caption(check));
    caption = Caption(check);
  } else if (marked.kind == scene::GridRowKind::kBlocks) {
    caption = BlockCaption(grid, marked);
  } else {
    caption = "not produced yet: step on (→) to the phase that writes it";
  }
  if (caption.empty()) return;
  const float ty = y - lift - ui.fonts.ui_px * 1.5f;
  const scene::Rgba c = !check.valid ? pal.text : check.ok ? pal.ok : pal.bad;
  const float cx = std::clamp(
      check.valid && !check.window.Empty() ? f.X(static_cast<float>(check.window.lo)) : f.base_x,
      rect.x + f.pad,
      std::max(rect.x + f.pad, rect.x + rect.w - f.pad - ImGui::CalcTextSize(caption.c_str()).x));
  const ImVec2 size = ImGui::CalcTextSize(caption.c_str());
  const ViewRect box = {cx, ty, size.x, size.y};
  DrawFigureText(ui, {nullptr, 0, ImVec2(cx, ty), ToImU32(c)}, caption, "bracket", &box);
}

// [SECTION] Interaction: hover, select, open a block, zoom and pan

// Where the blocks of level 0 were drawn (--state-file: a test clicks them as a user would).
void PlaceBlocks(ViewState& vs, const scene::GridScene& sc, const GridFrame& f) {
  const scene::GridRow* blocks = sc.FindRow(0, scene::GridRowKind::kBlocks);
  if (blocks == nullptr) return;
  for (const scene::GridCell& c : blocks->cells) {
    if (c.index >= 64) break;
    vs.widgets["block[" + std::to_string(c.index) + "]"] = {f.X(c.x), f.Y(blocks->y), c.w * f.sx,
                                                            1.1f * f.sy};
  }
}

void HandleMouse(UiContext& ui, const scene::GridScene& sc, const GridFrame& f) {
  ViewState& vs = ui.app.view;
  ImGuiIO& io = ImGui::GetIO();
  TouchZoomAndPan(vs, f.base_x, 4096.0f);
  if (vs.ignore_mouse || !ImGui::IsWindowHovered() || !(io.MousePos.y >= f.clip_top)) return;
  const std::optional<scene::GridCellRef> hit =
      sc.CellAt((io.MousePos.x - f.ox) / f.sx, (io.MousePos.y - f.oy) / f.sy);
  if (hit) {
    GridModel& grid = MultiBlockOf(ui.app).grid;
    grid.next_hovered = hit;
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
      if (hit->kind == scene::GridRowKind::kBlocks) {
        OpenBlock(ui.app, hit->level, hit->index);
      } else {
        grid.selected = grid.selected == hit ? std::nullopt : hit;
      }
    }
  }
  WheelZoomAndDrag(vs, io, f.base_x, 4096.0f);
}

}  // namespace

// [SECTION] The view

void GridView::Draw(UiContext& ui, ViewRect rect) {
  AppState& app = ui.app;
  const GridSlot& slot = MultiBlockOf(app).grid.Traced();
  const Fonts& fonts = ui.fonts;
  BeginPanelWindow("##grid", rect,
                   ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoFocusOnAppearing);
  ImGui::PushFont(fonts.ui);
  ImGui::SetWindowFontScale(fonts.ui_px / fonts.ui->FontSize);
  DumpPanel(ui, "grid", rect, kMultiBlockKey);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float pad = 10 * ui.scale;
  if (!slot.error.empty()) {
    dl->AddText(fonts.large, fonts.large_px, ImVec2(rect.x + pad, rect.y + pad),
                ToImU32(ui.palette.bad), ("✗ " + slot.error).c_str());
    ImGui::PopFont();
    ImGui::End();
    return;
  }
  const int step = MultiBlockOf(app).grid.GridPlayer().Round();
  UpdateScene(ui, slot.grid, step);
  const float header_bottom = DrawGridHeader(ui, slot, m_scene, step, rect, pad);
  const float top = header_bottom + fonts.ui_px * 2.6f;  // room for the bracket's caption
  GridFrame f = PlaceRows(ui, m_scene, rect, pad, top, m_widest_title);
  if (step != m_followed_step) {
    m_followed_step = step;
    FollowStep(app.view, m_scene, top, rect.y + rect.h - pad, &f);
  }
  // The cells, values and titles at the wheel's text zoom (the bracket's caption keeps the
  // panels' size: its room over the input is the header's).
  Fonts zoomed = fonts;
  zoomed.ui_px = std::round(fonts.ui_px * f.text_zoom);
  zoomed.large_px = std::round(fonts.large_px * f.text_zoom);
  UiContext z{ui.app,  ui.renderer, zoomed,     ui.palette,       ui.scale * f.text_zoom,
              ui.dump, ui.text,     ui.kind_of, ui.draw_kind_part};
  const float clip_h = rect.y + rect.h - f.clip_top;
  ui.renderer.SetClip(rect.x, f.clip_top, rect.w, clip_h);
  dl->PushClipRect(ImVec2(rect.x, f.clip_top), ImVec2(rect.x + rect.w, rect.y + rect.h), true);
  DrawBands(ui, m_scene, f);
  const std::optional<scene::GridCellRef> marked = MultiBlockOf(app).grid.hovered
                                                       ? MultiBlockOf(app).grid.hovered
                                                       : MultiBlockOf(app).grid.selected;
  ImGui::SetWindowFontScale(zoomed.ui_px / fonts.ui->FontSize);
  DrawCells(z, f, marked);
  ui.renderer.SetClip(rect.x, f.clip_top, rect.w, clip_h);
  DrawTitles(z, m_scene, f);
  ImGui::SetWindowFontScale(fonts.ui_px / fonts.ui->FontSize);
  if (marked) DrawBracket(ui, slot.grid, m_scene, f, *marked);
  PlaceBlocks(app.view, m_scene, f);
  HandleMouse(ui, m_scene, f);
  dl->PopClipRect();
  ui.renderer.NoClip();
  ImGui::SetWindowFontScale(1);
  ImGui::PopFont();
  ImGui::End();
}

// [SECTION] Scene (cached)

void GridView::UpdateScene(const UiContext& ui, const GridTrace& grid, int step) {
  const AppState& app = ui.app;
  const Fonts& fonts = ui.fonts;
  if (m_have && m_grid == &grid && m_generation == app.Generation() && m_step == step &&
      m_block_size == grid.block_size && m_text_px == fonts.ui_px)
    return;
  m_scene = scene::BuildGridScene(grid, step);
  m_grid = &grid;
  m_generation = app.Generation();
  m_step = step;
  m_block_size = grid.block_size;
  m_have = true;
  m_text_px = fonts.ui_px;
  m_widest_title = 0;
  m_widest_value = 0;
  auto width = [&](const std::string& s) {
    return fonts.ui->CalcTextSizeA(fonts.ui_px, FLT_MAX, 0, s.c_str()).x;
  };
  for (const scene::GridRow& r : m_scene.rows) {
    m_widest_title = std::max(m_widest_title, width(r.title));
    if (r.kind == scene::GridRowKind::kBlocks || m_scene.n > 64) continue;
    for (const scene::GridCell& c : r.cells)
      m_widest_value = std::max(m_widest_value, width(FormatValue(grid.type, c.value)));
  }
}

float GridView::FigureWidth(UiContext& ui) {
  const GridSlot& slot = MultiBlockOf(ui.app).grid.Traced();
  if (!slot.error.empty()) return 0;
  const int step = MultiBlockOf(ui.app).grid.GridPlayer().Round();
  UpdateScene(ui, slot.grid, step);
  if (m_scene.n > 64) return 0;
  const Fonts& fonts = ui.fonts;
  const float pad = 10 * ui.scale;
  // PlaceRows's margins, the gutter of row titles and the columns at their widest.
  float w = m_widest_title + 4 * pad + static_cast<float>(m_scene.n) * fonts.large_px * kMaxColumn;
  w = std::max(w, GridHeaderWidth(ui, slot, m_scene, step) + 2 * pad);
  return std::ceil(w);
}

float GridView::NeededWidth(const UiContext& ui) const {
  if (!m_have || m_scene.n > 64) return 0;
  // A cell shows its value when it is at least text_w wide (grid_boxes.h) and the value fits.
  const float pad = 10 * ui.scale;
  const float cell = std::max(m_widest_value + 10 * ui.scale, ui.fonts.ui_px * 1.6f);
  return m_widest_title + 4 * pad + static_cast<float>(m_scene.n) * cell;
}

// [SECTION] Cells: pixel runs where narrow, then block boundaries and values over them

void GridView::DrawCells(UiContext& ui, const GridFrame& f,
                         std::optional<scene::GridCellRef> marked) {
  const ViewRect& rect = f.rect;
  GridGeometry g;
  g.ox = f.ox;
  g.oy = f.oy;
  g.sx = f.sx;
  g.sy = f.sy;
  g.clip_x = f.cells_x;
  g.clip_y = f.clip_top;
  g.clip_w = rect.x + rect.w - f.cells_x;
  g.clip_h = rect.y + rect.h - f.clip_top;
  g.pixel = 1.0f / std::max(ImGui::GetIO().DisplayFramebufferScale.x, 1e-3f);
  g.scale = ui.scale;
  g.text_w = ui.fonts.ui_px * 1.2f;
  g.text_h = ui.fonts.ui_px * 0.9f;
  auto key_of = [](const std::optional<scene::GridCellRef>& c) {
    return c ? static_cast<float>(c->level * 8 + static_cast<int>(c->kind)) * 70000.0f +
                   static_cast<float>(c->index)
             : -1.0f;
  };
  const std::vector<float> key = {f.ox,
                                  f.oy,
                                  f.sx,
                                  f.sy,
                                  rect.x,
                                  rect.y,
                                  rect.w,
                                  rect.h,
                                  ui.scale,
                                  static_cast<float>(ui.app.view.theme),
                                  static_cast<float>(m_generation),
                                  static_cast<float>(m_step),
                                  static_cast<float>(m_block_size),
                                  key_of(marked),
                                  g.text_w};
  // The last frame's boxes, unless something that places or colours them changed.
  if (key != m_list_key) {
    m_list = BuildGridBoxes(m_scene, m_grid->type, g, ui.palette, marked);
    m_list_key = key;
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ui.renderer.SetClip(f.cells_x, f.clip_top, rect.x + rect.w - f.cells_x, g.clip_h);
  dl->PushClipRect(ImVec2(f.cells_x, f.clip_top), ImVec2(rect.x + rect.w, rect.y + rect.h), true);
  for (const BoxInstance& d : m_list.dense) ui.renderer.AddRect(d.x, d.y, d.w, d.h, d.fill);
  ui.renderer.AddBoxes(m_list.boxes);
  DrawBoundaries(ui, m_scene, f);
  DrawValues(ui, m_list.texts, f.cells_x);
  dl->PopClipRect();
}

}  // namespace scanviz
