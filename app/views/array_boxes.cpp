// The array view's cells: one box instance each in the chapters' border styles (the selected and
// hovered cells ringed, a cell gone wrong in the mistakes lab ringed red), pixel runs where cells
// are narrower than a few pixels (dense_rows.h), and each value in the largest font its cell
// holds inside its borders. The instances are kept from frame to frame while nothing that places or
// colours them changed.
#include <algorithm>
#include <cfloat>
#include <cstdio>

#include "core/registry.h"
#include "scene/cell_text.h"
#include "scene/stroke.h"
#include "state/dense_rows.h"
#include "views/array_figure.h"
#include "views/primitives.h"

namespace scanviz {

namespace {

bool IsMarked(const ViewState& vs, Algorithm pane, const scene::CellRef& cell) {
  return (vs.selected && vs.selected_algorithm == pane && *vs.selected == cell) ||
         (vs.hovered && vs.selected_algorithm == pane && *vs.hovered == cell);
}

// Grows the instance by a ring of `ring` points on every side, in `border`.
void Ring(BoxInstance& inst, float ring, scene::Rgba border) {
  inst.ring = ring;
  inst.x -= inst.ring;
  inst.y -= inst.ring;
  inst.w += 2 * inst.ring;
  inst.h += 2 * inst.ring;
  inst.border = border;
}

BoxInstance MakeInstance(const UiContext& ui, const scene::Box& b, ViewRect r, float border_w,
                         bool show_case, bool marked) {
  const scene::Palette& pal = ui.palette;
  BoxInstance inst;
  inst.x = r.x;
  inst.y = r.y;
  inst.w = r.w;
  inst.h = r.h;
  inst.fill = scene::Dim(pal, scene::FillOf(pal, b, show_case), b.emphasis);
  inst.border = scene::Dim(pal, pal.border, b.emphasis);
  const BoxStyle style = scene::StyleOf(b, show_case);
  const scene::Stroke stroke = b.is_input ? scene::Stroke{static_cast<scene::StrokePattern>(style)}
                                          : scene::StrokeOf(b.cls, style);
  inst.style = static_cast<float>(stroke.pattern);
  inst.border_width = border_w * stroke.weight;
  inst.hatch = b.padding ? 1.0f : 0.0f;
  // The mistakes lab: a cell that differs from the correct run gets a red ring.
  if (b.differs && !marked) Ring(inst, 2 * ui.scale, scene::Dim(pal, pal.bad, b.emphasis));
  if (marked) Ring(inst, 3 * ui.scale, pal.selection);
  return inst;
}

// Hillis-Steele's case tag ("C2") of a cell: its text and width at the panels' text size, and
// where it goes (its cell's top left corner).
struct CaseTag {
  char text[16] = {};
  float w = 0, px = 0, inset = 0;
};

CaseTag MakeCaseTag(const UiContext& ui, const scene::Box& b, float border_w) {
  CaseTag tag;
  std::snprintf(tag.text, sizeof tag.text, "C%d", b.hs_case);
  tag.px = ui.fonts.ui_px;
  tag.w = ui.fonts.ui->CalcTextSizeA(tag.px, FLT_MAX, 0, tag.text).x;
  tag.inset = border_w + 2;
  return tag;
}

// The values: one size for every cell when the widest fits (the large font, else the UI font),
// each inside its cell's borders (scene/cell_text.h): a value too wide at that size takes its
// short form (−2³¹, 1.2e9, ∞), then a smaller size, then one digit (3e38), then "…" (the
// Inspector says it). Never a whole row of numbers hidden because one of them is long. With a
// case tag, the value moves right of it where the cell is too short to hold both one above the
// other; where neither fits, the tag gives way (*tag becomes null) and the border says the case.
// Returns where the value went (x, y, width, its size in points; 0s: none drawn).
ViewRect DrawValue(UiContext& ui, const scene::Box& b, ViewRect r, scene::Rgba fill, float widest,
                   float border_w, ImVec2 fb_scale, const CaseTag** tag) {
  const Fonts& fonts = ui.fonts;
  // Clear of each border by a pixel at least (glyphs ran into them).
  const float clear = border_w + std::max(1.0f, ui.scale);
  const float room_w = r.w - 2 * clear;
  const float k = fonts.large_px / fonts.ui_px;
  ImFont* font = fonts.ui;
  float font_px = fonts.ui_px;
  if (widest * k <= room_w && fonts.large_px * 1.05f <= r.h) {
    font = fonts.large;
    font_px = fonts.large_px;
  }
  const float min_px = std::max(7.0f, fonts.ui_px * 0.55f);
  const scene::FittedText t = scene::FitCellText(
      b.text, b.compact, room_w, r.h, font_px, min_px, [font](const std::string& s, float px) {
        return font->CalcTextSizeA(px, FLT_MAX, 0, s.c_str()).x;
      });
  float x = r.x + (r.w - t.width) * 0.5f;
  if (*tag != nullptr) {
    const CaseTag& c = **tag;
    const bool above = r.h >= t.px + 2 * (c.inset + c.px);
    const float right_of = r.x + c.inset + c.w + 2 * ui.scale;  // the value's left edge beside it
    if (c.w + 2 * c.inset > r.w || c.px + 2 * c.inset > r.h) {
      *tag = nullptr;
    } else if (!above && !t.text.empty() && x < right_of) {
      if (right_of + t.width <= r.x + r.w - clear) {
        x = right_of;
      } else {
        *tag = nullptr;
      }
    }
  }
  if (t.text.empty()) return {};
  ImGui::GetWindowDrawList()->AddText(font, t.px, ImVec2(x, r.y + (r.h - t.px) * 0.5f),
                                      ToImU32(scene::TextOn(fill)), t.text.c_str());
  if (ui.dump != nullptr) {
    ui.dump->back().text = t.text;
    ui.dump->back().text_px = t.px * fb_scale.y;
    ui.dump->back().text_w = t.width * fb_scale.x;
    ui.dump->back().text_color = scene::TextOn(fill);
  }
  return {x, r.y + (r.h - t.px) * 0.5f, t.width, t.px};
}

// The case tag in the cell's corner, at the panels' text size.
void DrawCaseTag(const UiContext& ui, const CaseTag& tag, ViewRect r, scene::Rgba fill,
                 float border_w) {
  const ImVec2 at(r.x + tag.inset, r.y + border_w + 1);
  const ViewRect box = {at.x, at.y, tag.w, tag.px};
  Dump line("case tag");
  // The box's fill lies under it: the renderer gets the boxes after their text is queued.
  line.background = fill;
  DrawFigureText(ui, {ui.fonts.ui, tag.px, at, ToImU32(scene::TextOn(fill))}, tag.text, line, &box,
                 tag.px);
}

// Values are drawn while the instances are built: with values in view, every frame builds.
bool ValuesFit(const UiContext& ui, const ArrayGeometry& g) {
  return g.sx >= ui.fonts.ui_px * 0.6f && g.sy >= ui.fonts.ui_px;
}

float CellKey(const std::optional<scene::CellRef>& c) {
  return c ? static_cast<float>(c->round * 4096 + c->buffer * 2048 + c->pos) : -1.0f;
}

}  // namespace

void ArrayView::DrawBoxes(UiContext& ui, Algorithm algorithm, const ArrayGeometry& g) {
  const ViewState& vs = ui.app.view;
  const float bw = std::clamp(std::min(g.sx, g.sy) * 0.06f, 1.0f, 3.0f * ui.scale);
  const bool show_case = vs.color_by_case && Info(algorithm).cell_case != nullptr;
  // Rebuilding 20k+ instances and measuring their labels every frame costs more than drawing
  // them; reuse last frame's unless something that places or colours them changed.
  const ViewRect& rect = g.rect;
  std::vector<float> key = {g.ox,
                            g.oy,
                            g.sx,
                            g.sy,
                            rect.x,
                            rect.y,
                            rect.w,
                            rect.h,
                            bw,
                            ui.scale,
                            static_cast<float>(vs.theme),
                            show_case ? 1.0f : 0.0f,
                            static_cast<float>(m_generation),
                            static_cast<float>(m_round),
                            CellKey(vs.selected),
                            CellKey(vs.hovered),
                            static_cast<float>(vs.selected_algorithm),
                            m_only_current ? 1.0f : 0.0f,
                            static_cast<float>(m_blanks.size()),
                            m_blank_how ? 1.0f : 0.0f};
  if (key != m_instance_key || ui.dump != nullptr || ValuesFit(ui, g)) {
    m_instance_key = std::move(key);
    RebuildBoxes(ui, algorithm, g, bw, show_case);
  }
  // Dense runs as plain rectangles (software GL draws a batch of triangles far faster than as
  // many instances), hatched padding through the box shader; the boxes over them.
  for (const BoxInstance& d : m_dense) {
    if (d.hatch > 0) {
      ui.renderer.AddBox(d);
    } else {
      ui.renderer.AddRect(d.x, d.y, d.w, d.h, d.fill);
    }
  }
  ui.renderer.AddBoxes(m_instances);
}

// The instances of the cells in view, their values drawn (where they fit) and, for
// --dump-layout, their rectangles recorded.
void ArrayView::RebuildBoxes(UiContext& ui, Algorithm algorithm, const ArrayGeometry& g,
                             float border_w, bool show_case) {
  AppState& app = ui.app;
  ViewState& vs = app.view;
  const scene::Palette& pal = ui.palette;
  const ViewRect& rect = g.rect;
  const ImVec2 fb_scale = ImGui::GetIO().DisplayFramebufferScale;
  const bool text_fits = ValuesFit(ui, g);
  const float widest = text_fits ? WidestText(ui.fonts) : 0;
  m_instances.clear();
  m_dense.clear();
  DenseRows dense(1.0f / std::max(fb_scale.x, 1e-3f));
  std::vector<BoxInstance> marked_instances;
  // The input cells' places (--state-file: a test clicks them) for the cells on show only: one
  // panned under the row tags' gutter (cut off at the clip's left edge) is not.
  const float clip_left = ImGui::GetWindowDrawList()->GetClipRectMin().x;
  if (algorithm == app.GetAlgorithm()) {
    std::erase_if(vs.widgets, [](const auto& w) {
      return w.first.starts_with("input[") || w.first.starts_with("value[");
    });
  }
  for (const scene::Box& b : m_scene.boxes) {
    const ViewRect r = {g.X(b.rect.x), g.Y(b.rect.y), b.rect.w * g.sx, b.rect.h * g.sy};
    if (r.x > rect.x + rect.w || r.x + r.w < rect.x || r.y > rect.y + rect.h || r.y + r.h < g.top)
      continue;
    const bool marked = IsMarked(vs, algorithm, b.cell);
    const BoxInstance inst = MakeInstance(ui, b, r, border_w, show_case, marked);
    // Cells narrower than a few pixels show no border pattern: their fills go by pixel runs
    // (dense_rows.h), so n = 1024 costs tens of quads per row, not a thousand (software GL
    // pays per triangle), and a pixel shared by an idle and an active cell shows the active.
    if (r.w < 4.0f * ui.scale && !marked) {
      BoxInstance look = inst;
      look.style = 0;
      look.border = look.fill;
      // A cell gone wrong (mistakes lab) wins its pixel, in red, at any n.
      if (b.differs) look.fill = look.border = scene::Dim(pal, pal.bad, b.emphasis);
      dense.Add(look, b.differs ? 3 : b.written ? 2 : b.padding ? 1 : 0, &m_dense);
    } else if (marked || b.differs) {
      marked_instances.push_back(inst);
    } else {
      m_instances.push_back(inst);
    }
    const bool recorded = b.is_input && m_scene.columns <= 64 &&
                          algorithm == app.GetAlgorithm() && r.x >= clip_left - 1;
    if (recorded) vs.widgets["input[" + std::to_string(b.cell.pos) + "]"] = {r.x, r.y, r.w, r.h};
    if (ui.dump != nullptr) {
      // The border as drawn (a class's heavier stroke included), which the value stays inside.
      ui.dump->push_back(
          {algorithm, b.cell, b.cls, scene::StyleOf(b, show_case), b.is_input, b.padding, b.hs_case,
           r.x * fb_scale.x, r.y * fb_scale.y, r.w * fb_scale.x, r.h * fb_scale.y, inst.fill,
           inst.border, inst.border_width * fb_scale.x, std::string(), 0.0f, 0.0f, scene::Rgba()});
    }
    if (!text_fits) continue;
    const CaseTag tag = MakeCaseTag(ui, b, border_w);
    const CaseTag* tagged = show_case && b.hs_case > 0 ? &tag : nullptr;
    const ViewRect value =
        DrawValue(ui, b, r, inst.fill, widest, inst.border_width, fb_scale, &tagged);
    // The value's place and size, for a test of the zoom (--state-file): x, y, width, px.
    if (recorded)
      vs.widgets["value[" + std::to_string(b.cell.pos) + "]"] = {value.x, value.y, value.w,
                                                                 value.h};
    if (tagged != nullptr) DrawCaseTag(ui, *tagged, r, inst.fill, border_w);
  }
  dense.Flush(&m_dense);
  // The selected and hovered cells last: their rings over their neighbours.
  m_instances.insert(m_instances.end(), marked_instances.begin(), marked_instances.end());
}

}  // namespace scanviz
