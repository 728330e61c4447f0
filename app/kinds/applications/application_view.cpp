// The applications view (docs/applications.md), in place of the rounds: the chosen application
// of the scan on the current input, one pass at a time, the player stepping through each pass's
// flag, scan and scatter. The layout is scene/application_scene.h's; this only places it on screen:
// a row per array, the title at the left, an arrow from each element to the output cell its scan
// value sends it to, an allocation's pool as a bar of labelled slices. A row longer than the view
// holds shows its first and last cells and a gap that says how many are between.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "kinds/applications/applications.h"
#include "kinds/applications/application_story_view.h"
#include "kinds/applications/application_view.h"
#include "core/analysis.h"
#include "kinds/applications/applications_state.h"
#include "state/kind_model.h"
#include "scene/applications/scene_entry.h"
#include "views/array_figure.h"
#include "views/primitives.h"
#include "scene/cell_text.h"
#include "views/views.h"

namespace scanviz {
namespace {

constexpr scene::Rgba kFlagged = kApplicationFlagged;
constexpr scene::Rgba kZeros = kApplicationZeros;
constexpr scene::Rgba kOnes = kApplicationOnes;
constexpr scene::Rgba kKept = kApplicationKept;
// The index ruler's band between the text above and the first row, of a figure line: its digits
// (0.7 of one) and a little room on each side.
constexpr float kRulerH = 0.95f;

scene::Rgba Dim(scene::Rgba c, float a) {
  return {c.r, c.g, c.b, a};
}

// Where the slots of a row go: `slots` of width `w` from x0.
struct Strip {
  float x0 = 0, w = 0;
  float X(int slot) const { return x0 + w * static_cast<float>(slot); }
};

void Arrowhead(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 c, float size) {
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float len = std::max(1e-3f, std::sqrt(dx * dx + dy * dy));
  const float ux = dx / len, uy = dy / len;
  dl->AddTriangleFilled(
      b, ImVec2(b.x - ux * size - uy * size * 0.5f, b.y - uy * size + ux * size * 0.5f),
      ImVec2(b.x - ux * size + uy * size * 0.5f, b.y - uy * size - ux * size * 0.5f), c);
}

// Where the figure lies: the rows' cells from `left`, the titles in the `label_w` before it; the
// arrows' band of `arrows_h` above the output (or the pool); `cols` the elements shown.
struct Figure {
  ImVec2 origin;
  float px = 0, fig_px = 0;  // the panel's font size; the figure's (x its scale)
  float label_w = 0, left = 0, width = 0;
  float row_h = 0, gap = 0, arrows_h = 0;
  int max_cells = 0;
  application_scene::Columns cols;
  Strip strip;
};

// Where the rows ended: the bottom of the last row above the output (the arrows start there), the
// output's top (-1: none), and the figure's bottom.
struct RowsDrawn {
  float scan_bottom = 0, output = -1, bottom = 0;
};

// A cell as wide as its widest value needs (one digit: 1.6 em), so that a small window still
// shows eight of them; the rows' values are the layout's, measured once per step.
float MinCell(float fig_px, int widest_chars) {
  return std::max(fig_px * 1.6f, static_cast<float>(widest_chars) * fig_px * 0.62f + fig_px * 0.8f);
}

// `fixed`: the arrows' band at its own height whatever the view's (an export, which sizes the
// view to the figure: one that gave the band a share of the view would not scale as one).
Figure PlaceFigure(const UiContext& ui, ViewRect rect, const application_scene::PassLayout& l,
                   int widest_chars, bool fixed) {
  Figure f;
  f.px = ui.fonts.ui_px;
  const float px = f.px;
  f.origin = ImGui::GetCursorScreenPos();
  f.label_w = px * 5.5f;
  f.left = f.origin.x + f.label_w;
  f.width = std::max(px * 4, rect.x + rect.w - f.left - px);
  f.fig_px = px * ui.app.view.figure_scale;
  // The arrows' band gives way first when the rows do not fit the view's height.
  const int band_rows = static_cast<int>(l.rows.size());
  bool band = false;
  for (const application_scene::Row& r : l.rows)
    band = band || r.kind == application_scene::RowKind::kOutput ||
           r.kind == application_scene::RowKind::kPool;
  const float room = rect.y + rect.h - f.origin.y - px;
  // Presenter mode: a short array's cells, values and indices grow to use the width (a class
  // reads them from the back), as far as the rows and a small arrows' band fit the height.
  if (ui.app.view.presenter && !fixed) {
    const int slots = application_scene::Visible(l.n, 1 << 20).Slots();
    const float wide = f.width / (static_cast<float>(std::max(slots, 1)) * f.fig_px * 3.2f);
    const float tall = room / (f.fig_px * (static_cast<float>(band_rows) * 2.15f + kRulerH + 0.8f +
                                           (band ? 4.0f : 0.0f)));
    const float k = std::clamp(std::min(wide, tall), 1.0f, 2.0f);
    f.fig_px *= k;
    f.label_w *= k;  // the row titles grow too
    f.left = f.origin.x + f.label_w;
    f.width = std::max(px * 4, rect.x + rect.w - f.left - px);
  }
  const float fig_px = f.fig_px;
  const float min_cell = MinCell(fig_px, widest_chars);
  f.row_h = fig_px * 1.7f;
  f.gap = fig_px * 0.45f;
  const float rows_need =
      static_cast<float>(band_rows) * (f.row_h + f.gap) + fig_px * (kRulerH + 0.8f);
  f.arrows_h = !band ? 0
               : fixed
                   ? fig_px * 7
                   : std::max(fig_px * 1.6f,
                              std::min(std::max(fig_px * 4, std::min(fig_px * 9, rect.h * 0.22f)),
                                       room - rows_need));
  f.max_cells = std::max(4, static_cast<int>(f.width / min_cell));
  f.cols = application_scene::Visible(l.n, f.max_cells);
  f.strip = {f.left, std::min(std::max(fig_px * 3.2f, min_cell),
                              f.width / static_cast<float>(std::max(1, f.cols.Slots())))};
  return f;
}

// A cell: its fill when lit, else the input's dimmed; its value centred inside its border
// (scene/cell_text.h: smaller, then one digit or "…", where it does not fit).
void DrawCell(const UiContext& ui, const Figure& f, float x, float y, float w,
              const std::string& s, scene::Rgba fill, bool lit) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImFont* font = ImGui::GetFont();
  dl->AddRectFilled(ImVec2(x + 1, y), ImVec2(x + w - 1, y + f.row_h),
                    ToImU32(lit ? fill : Dim(ui.palette.input, 0.35f)));
  dl->AddRect(ImVec2(x + 1, y), ImVec2(x + w - 1, y + f.row_h), ToImU32(ui.palette.border));
  // Less the gap between cells, the border and a pixel clear of it, each side.
  const scene::FittedText t =
      scene::FitCellText(s, "", w - 6, f.row_h, f.fig_px, std::max(7.0f, f.px * 0.55f),
                         [font](const std::string& text, float px) {
                           return font->CalcTextSizeA(px, FLT_MAX, 0, text.c_str()).x;
                         });
  if (t.text.empty()) return;
  dl->AddText(font, t.px, ImVec2(x + (w - t.width) * 0.5f, y + (f.row_h - t.px) * 0.5f),
              lit ? IM_COL32(0, 0, 0, 255) : ToImU32(ui.palette.text), t.text.c_str());
}

void DrawRowTitle(UiContext& ui, const Figure& f, float y, const std::string& s) {
  const ViewRect row = {f.origin.x, y, f.label_w, f.row_h};
  DrawFigureText(ui,
                 {ImGui::GetFont(), f.fig_px, ImVec2(f.origin.x, y + (f.row_h - f.fig_px) * 0.5f),
                  ToImU32(ui.palette.text)},
                 s, "row", &row);
}

// "…12": how many elements of a long row are not drawn, in the slot after the first ones.
void DrawGapCell(UiContext& ui, const Figure& f, float y, const application_scene::Columns& c,
                 int n) {
  if (c.gap_after < 0) return;
  const float x = f.strip.X(c.gap_after + 1);
  const std::string more = "…" + std::to_string(n - static_cast<int>(c.index.size()));
  const ViewRect slot = {x, y, f.strip.w, f.row_h};
  DrawFigureText(
      ui,
      {ImGui::GetFont(), f.fig_px * 0.8f, ImVec2(x + 2, y + (f.row_h - f.fig_px * 0.8f) * 0.5f),
       ToImU32(ui.palette.text_dim)},
      more, "gap", &slot);
}

// The colour of element i's cells: its group (split) or kept (compaction), when it is lit.
scene::Rgba FillOf(const ApplicationTrace& t, const application_scene::Row& r, int i) {
  if (r.kind == application_scene::RowKind::kOutput) return kKept;
  if (application_scene::SceneOf(t.application).grouped)
    return r.kind == application_scene::RowKind::kBit
               ? (r.values[static_cast<size_t>(i)] != 0 ? kOnes : kZeros)
               : kFlagged;
  return kFlagged;
}

// [SECTION] The allocation's pool

// An empty slice [offset, offset): a tick where it would start, named below the bar.
void DrawEmptySlice(UiContext& ui, const Figure& f, const application_scene::PassLayout& l,
                    const application_scene::Slice& s, float x, float y) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddLine(ImVec2(x, y - f.fig_px * 0.3f), ImVec2(x, y + f.row_h + f.fig_px * 1.8f),
              ToImU32(ui.palette.text), 2 * ui.scale);
  if (l.n > 64) return;
  char lab[64];
  std::snprintf(lab, sizeof lab, "t%d [%d, %d) empty", s.thread, s.begin, s.end);
  const ViewRect mark = {x, y, 1, f.row_h};
  DrawFigureText(ui,
                 {ImGui::GetFont(), f.fig_px * 0.75f, ImVec2(x + 2, y + f.row_h + f.fig_px * 1.0f),
                  ToImU32(ui.palette.text)},
                 lab, "slice", &mark);
}

// The labels along the bar so far: how many, and where the last one under the bar ended.
struct SliceLabels {
  int count = 0;
  float last_end = -1e9f;
};

// A slice [x0, x1) of the bar in its thread's colour, named inside where its range fits, else
// its thread's number under the bar; an arrow up from its offset in the scan row.
void DrawSlice(UiContext& ui, const Figure& f, const application_scene::Slice& s, float x0,
               float x1, float y, float scan_bottom, SliceLabels& labels) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImFont* font = ImGui::GetFont();
  const float fig_px = f.fig_px, row_h = f.row_h;
  const scene::Rgba c = s.thread % 2 == 0 ? kZeros : kFlagged;
  dl->AddRectFilled(ImVec2(x0, y), ImVec2(std::max(x1, x0 + 1), y + row_h), ToImU32(c));
  if (x1 - x0 >= 3) dl->AddRect(ImVec2(x0, y), ImVec2(x1, y + row_h), ToImU32(ui.palette.border));
  char lab[64];
  std::snprintf(lab, sizeof lab, "t%d [%d, %d)", s.thread, s.begin, s.end);
  const ImVec2 size = font->CalcTextSizeA(fig_px * 0.85f, FLT_MAX, 0, lab);
  if (size.x <= x1 - x0 - 2) {
    const ViewRect bar = {x0, y, x1 - x0, row_h};
    DrawFigureText(
        ui,
        {font, fig_px * 0.85f, ImVec2(x0 + (x1 - x0 - size.x) * 0.5f, y + (row_h - size.y) * 0.5f),
         IM_COL32(0, 0, 0, 255)},
        lab, "slice", &bar);
    ++labels.count;
  } else if (x0 >= labels.last_end && x1 - x0 >= 1 && labels.count < 400) {
    // Too narrow for its range: the thread's number under the bar.
    // Built by appending: GCC 12 misreports "t" + std::string&& as an overlapping memcpy.
    std::string tn = "t";
    tn += std::to_string(s.thread);
    const ImVec2 ts = font->CalcTextSizeA(fig_px * 0.75f, FLT_MAX, 0, tn.c_str());
    DrawFigureText(ui,
                   {font, fig_px * 0.75f, ImVec2(x0, y + row_h + 2), ToImU32(ui.palette.text_dim)},
                   tn, "slice");
    labels.last_end = x0 + ts.x + 2;
    ++labels.count;
  }
  // The slice's thread, up from its offset in the scan row.
  const int slot_i = f.cols.Slot(s.thread);
  if (slot_i >= 0) {
    const ImVec2 a(f.strip.X(slot_i) + f.strip.w * 0.5f, scan_bottom);
    const ImVec2 b(x0 + 1, y - 1);
    dl->AddLine(a, b, ToImU32(Dim(ui.palette.arrow, 0.7f)), 1.5f * ui.scale);
    Arrowhead(dl, a, b, ToImU32(ui.palette.arrow), fig_px * 0.45f);
  }
}

// The pool as one bar: each thread's slice [offset, offset + size) in proportion.
void DrawPool(UiContext& ui, const Figure& f, const application_scene::PassLayout& l, float y,
              float scan_bottom) {
  const float pw = f.width;
  const float scale_x = l.pool > 0 ? pw / static_cast<float>(l.pool) : 0;
  SliceLabels labels;
  for (const application_scene::Slice& s : l.slices) {
    if (s.end <= s.begin) {
      DrawEmptySlice(ui, f, l, s, f.left + scale_x * static_cast<float>(s.begin), y);
      continue;
    }
    const float x0 = f.left + scale_x * static_cast<float>(s.begin);
    const float x1 = f.left + scale_x * static_cast<float>(s.end);
    if (x1 - x0 < 0.5f && s.thread % 64 != 0) continue;  // sub-pixel slices: the bar's fill
    DrawSlice(ui, f, s, x0, x1, y, scan_bottom, labels);
  }
  char total[64];
  std::snprintf(total, sizeof total, "%d cells", l.pool);
  ImGui::GetWindowDrawList()->AddText(
      ImGui::GetFont(), f.fig_px * 0.8f,
      ImVec2(f.left + pw - f.px * 4, y + f.row_h + f.fig_px * 1.1f),
      ToImU32(ui.palette.text_dim), total);
}

// [SECTION] Rows, ruler, arrows, hover

// The rows top to bottom: titles, cells (or the pool), the gap of a long row; the arrows' band
// left open above the output.
RowsDrawn DrawRows(UiContext& ui, const Figure& f, const ApplicationTrace& t,
                   const application_scene::PassLayout& l) {
  RowsDrawn d;
  float y = f.origin.y + f.fig_px * kRulerH;  // under the index ruler
  d.scan_bottom = y;
  for (const application_scene::Row& r : l.rows) {
    if (r.kind == application_scene::RowKind::kOutput ||
        r.kind == application_scene::RowKind::kPool) {
      y += f.arrows_h;
      d.output = y;
    }
    DrawRowTitle(ui, f, y, r.title);
    if (r.kind == application_scene::RowKind::kPool) {
      DrawPool(ui, f, l, y, d.scan_bottom);
      y += f.row_h + f.gap + f.fig_px;
      continue;
    }
    const int count = static_cast<int>(r.values.size());
    const application_scene::Columns c = r.kind == application_scene::RowKind::kOutput
                                             ? application_scene::Visible(count, f.max_cells)
                                             : f.cols;
    for (size_t k = 0; k < c.index.size(); ++k) {
      const int i = c.index[k];
      const bool lit =
          r.lit[static_cast<size_t>(i)] != 0 || r.kind == application_scene::RowKind::kBit;
      DrawCell(ui, f, f.strip.X(c.Slot(i)), y, f.strip.w, r.text[static_cast<size_t>(i)],
               FillOf(t, r, i), lit);
    }
    DrawGapCell(ui, f, y, c, count);
    if (r.kind != application_scene::RowKind::kOutput) d.scan_bottom = y + f.row_h;
    y += f.row_h + f.gap;
  }
  d.bottom = y;
  return d;
}

// Index ruler over the first row, under the text above it (kRulerH of a figure line).
void DrawIndexRuler(const UiContext& ui, const Figure& f) {
  const application_scene::Columns& cols = f.cols;
  for (size_t k = 0; k < cols.index.size(); ++k) {
    const int i = cols.index[k];
    if (cols.index.size() > 40 && i % 8 != 0 && k + 1 != cols.index.size()) continue;
    DrawFigureText(ui,
                   {ImGui::GetFont(), f.fig_px * 0.7f,
                    ImVec2(f.strip.X(cols.Slot(i)) + 2, f.origin.y + f.fig_px * 0.05f),
                    ToImU32(ui.palette.text_dim)},
                   std::to_string(i), "index");
  }
}

// The scatter's arrows, from the last row above the output down to each destination.
void DrawScatter(UiContext& ui, const Figure& f, const ApplicationTrace& t,
                 const application_scene::PassLayout& l, const RowsDrawn& d) {
  if (d.output < 0 || l.arrows.empty()) return;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const application_scene::Columns out_cols =
      application_scene::Visible(static_cast<int>(l.rows.back().values.size()), f.max_cells);
  int hidden = 0;
  for (const application_scene::Arrow& a : l.arrows) {
    const int s0 = f.cols.Slot(a.from), s1 = out_cols.Slot(a.to);
    if (s0 < 0 || s1 < 0) {
      ++hidden;
      continue;
    }
    const scene::Rgba c = !application_scene::SceneOf(t.application).grouped ? kKept
                          : a.zero                                           ? kZeros
                                                                             : kOnes;
    const ImVec2 p0(f.strip.X(s0) + f.strip.w * 0.5f, d.scan_bottom + 1);
    const ImVec2 p1(f.strip.X(s1) + f.strip.w * 0.5f, d.output - 2);
    dl->AddBezierCubic(p0, ImVec2(p0.x, p0.y + f.arrows_h * 0.45f),
                       ImVec2(p1.x, p1.y - f.arrows_h * 0.45f), p1, ToImU32(c), 2.0f * ui.scale);
    Arrowhead(dl, ImVec2(p1.x, p1.y - f.fig_px), p1, ToImU32(c), f.fig_px * 0.55f);
  }
  if (hidden == 0) return;
  const std::string note =
      std::to_string(hidden) + " arrows not drawn: their element or destination is in a gap";
  const ViewRect line = {f.left, d.bottom + f.gap, f.width, f.fig_px};
  DrawFigureText(ui,
                 {ImGui::GetFont(), f.fig_px * 0.8f, ImVec2(f.left, d.bottom + f.gap),
                  ToImU32(ui.palette.text_dim)},
                 note, "note", &line);
}

// Where an element's tooltip goes: under the figure (else over it, where its text is), centred on
// the element's column, inside the figure's width where it fits, else the window's; by the
// pointer it covered the cells it explains (issue #26 item 17).
ImVec2 ElementTipPos(const Figure& f, float column_x, float bottom, ImVec2 size) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float margin = ImGui::GetStyle().DisplaySafeAreaPadding.x + 2;
  float lo = f.origin.x, hi = f.left + f.width;
  if (hi - lo < size.x) {
    lo = margin;
    hi = display.x - margin;
  }
  const float x = std::clamp(column_x - size.x * 0.5f, lo, std::max(lo, hi - size.x));
  float y = bottom + f.gap;
  if (y + size.y > display.y - margin) y = f.origin.y - f.gap - size.y;
  return ImVec2(x, std::max(y, margin));
}

// An element's story under the pointer: its flag, scan value and destination (the side panel's
// Inspector tells it at length; a click keeps it there).
void HoverElement(UiContext& ui, const Figure& f, const ApplicationTrace& t,
                  const application_scene::PassLayout& l, float bottom) {
  ViewState& vs = ui.app.view;
  const ImVec2 m = ImGui::GetIO().MousePos;
  if (vs.ignore_mouse || !ImGui::IsWindowHovered() || !(m.x >= f.left) || !(m.y >= f.origin.y) ||
      !(m.y < bottom) || !(m.x < f.left + f.width))
    return;
  const int slot_under = static_cast<int>((m.x - f.left) / f.strip.w);
  for (int i : f.cols.index) {
    if (f.cols.Slot(i) != slot_under) continue;
    ApplicationsState& kind = ApplicationsOf(ui.app);
    kind.next_hovered = i;
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left))
      kind.selected = kind.selected == i ? std::nullopt : std::optional(i);
    const ApplicationPass& p = t.passes[static_cast<size_t>(l.pass)];
    const std::vector<int> scan = application_scene::ScanValues(p);
    const std::vector<int> dest = application_scene::Destinations(t, l.pass);
    char tip[256];
    std::snprintf(
        tip, sizeof tip, "element %d: %s, %s %g, scan %d, %s %d", i,
        l.rows.front().text[static_cast<size_t>(i)].c_str(), Info(t.application).flags_name,
        p.flags[static_cast<size_t>(i)], scan[static_cast<size_t>(i)],
        application_scene::SceneOf(t.application).destination_word, dest[static_cast<size_t>(i)]);
    const ImVec2 at =
        ElementTipPos(f, f.strip.X(slot_under) + f.strip.w * 0.5f, bottom, TooltipSize(tip));
    ShowTooltip(ui, tip, &at);
    break;
  }
}

}  // namespace

// [SECTION] The view

void ApplicationView::Draw(UiContext& ui, ViewRect rect, bool figure) {
  ApplicationModel& model = ApplicationsOf(ui.app).model;
  const ApplicationSlot& slot = model.Traced();
  BeginPanelWindow(ui, "##apps", rect, "apps", Info(model.Application()).key);
  if (!slot.trace) {
    DrawCannotRun(ui, model.Application(), slot.error);
    ImGui::End();
    return;
  }
  const ApplicationTrace& t = *slot.trace;
  UpdateLayout(model);
  DrawStory(ui, slot, m_layout);
  // The figure: rows of cells under the text, the arrows (or the pool) below the scan.
  const Figure f = PlaceFigure(ui, rect, m_layout, m_widest_chars, figure);
  const RowsDrawn rows = DrawRows(ui, f, t, m_layout);
  DrawIndexRuler(ui, f);
  DrawScatter(ui, f, t, m_layout, rows);
  if (m_version != m_selected_for) {
    ApplicationsOf(ui.app).selected.reset();  // another trace: the index means another element
    m_selected_for = m_version;
  }
  HoverElement(ui, f, t, m_layout, rows.bottom);
  // The rows, ruler to the last: where an element's tooltip must not go (--state-file).
  ui.app.view.widgets["application_figure"] = {f.left, f.origin.y, f.width,
                                               rows.bottom - f.origin.y};
  ImGui::End();
}

void ApplicationView::UpdateLayout(ApplicationModel& model) {
  const int step = model.ApplicationPlayer().Round();
  if (m_version == model.Version() && m_step == step) return;
  m_layout = application_scene::Build(*model.Traced().trace, step);
  m_widest_chars = 1;
  for (const application_scene::Row& r : m_layout.rows)
    for (const std::string& text : r.text)
      m_widest_chars = std::max(m_widest_chars, static_cast<int>(text.size()));
  m_version = model.Version();
  m_step = step;
}

float ApplicationView::FigureWidth(UiContext& ui) {
  ApplicationModel& model = ApplicationsOf(ui.app).model;
  if (!model.Traced().trace) return 0;
  UpdateLayout(model);
  if (m_layout.n > 64) return 0;
  // PlaceFigure's window padding, titles and right margin around every slot at its widest.
  const float px = ui.fonts.ui_px, fig_px = px * ui.app.view.figure_scale;
  const int slots = application_scene::Visible(m_layout.n, m_layout.n).Slots();
  const float cell = std::max(fig_px * 3.2f, MinCell(fig_px, m_widest_chars));
  return std::ceil(ImGui::GetStyle().WindowPadding.x + px * 5.5f + px +
                   static_cast<float>(slots) * cell);
}

float ApplicationView::NeededWidth(const UiContext& ui) const {
  if (m_version == ~0ull || m_layout.n > 64) return 0;
  const float px = ui.fonts.ui_px, fig_px = px * ui.app.view.figure_scale;
  return px * 5.5f + 2 * px + static_cast<float>(m_layout.n) * MinCell(fig_px, m_widest_chars);
}

}  // namespace scanviz
