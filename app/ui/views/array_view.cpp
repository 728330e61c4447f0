// The main view: one row per buffer per round, top to bottom, the current round on a band, arrows
// from what each active thread read to what it wrote, the chapters' box styles, and the invariant
// bracket of the hovered or selected cell. Boxes, arrows and brackets go through our renderer;
// text goes through ImGui's draw list on top.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "core/input.h"
#include "core/registry.h"
#include "dense_rows.h"
#include "views.h"
// After imgui.h (views.h): it uses IMGUI_API.
#include <imgui_stdlib.h>

namespace scanviz {

namespace {

constexpr ImGuiWindowFlags kViewFlags =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoMove |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
    ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoFocusOnAppearing;

float MaxCellWidth(const Fonts& f) {
  return f.large_px * 3.4f;
}

// Splits `text` at " · " into lines no wider than `room` at `px` (a piece wider than the room
// keeps a line of its own).
std::vector<std::string> WrapAtDots(const std::string& text, float room, float px) {
  const std::string dot = " · ";
  std::vector<std::string> pieces;
  for (size_t start = 0;;) {
    const size_t at = text.find(dot, start);
    pieces.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) break;
    start = at + dot.size();
  }
  auto width = [&](const std::string& s) {
    return ImGui::GetFont()->CalcTextSizeA(px, FLT_MAX, 0, s.c_str()).x;
  };
  std::vector<std::string> lines;
  for (const std::string& piece : pieces) {
    if (!lines.empty() && width(lines.back() + dot + piece) <= room) {
      lines.back() += dot + piece;
    } else {
      lines.push_back(piece);
    }
  }
  return lines;
}

}  // namespace

void ArrayView::Draw(UiContext& ui, Algorithm algorithm, ViewRect rect, bool header) {
  AppState& app = ui.app;
  ViewState& vs = app.view;
  const TraceSlot& slot = app.Slot(algorithm);
  Player& player = app.PlayerOf(algorithm);
  const scene::Palette& pal = ui.palette;
  const Fonts& fonts = ui.fonts;
  const Algorithm index = algorithm;  // whose selection and hover this pane shows

  // Widths in the figure's font at its UI size.
  auto measure = [&](const std::string& text) {
    return fonts.ui->CalcTextSizeA(fonts.ui_px, FLT_MAX, 0, text.c_str()).x;
  };

  // [SECTION] Scene (cached)
  std::optional<scene::CellRef> bracket_cell;
  if (vs.hovered && vs.selected_algorithm == index) bracket_cell = vs.hovered;
  if (!bracket_cell && vs.selected && vs.selected_algorithm == index) bracket_cell = vs.selected;
  // Quiz (Q): the asked cells blank, and no bracket, which would show a blank cell's value.
  std::vector<scene::CellRef> blanks;
  bool blank_how = false;
  if (vs.quiz) {
    blanks = QuizBlanks(app.quiz);
    blank_how = !blanks.empty() && app.quiz.quiz->Current().mode != teach::QuizMode::kValues;
    if (!blanks.empty()) bracket_cell.reset();
  }
  if (!m_have_scene || m_trace != &slot.trace || m_generation != app.Generation() ||
      m_round != player.Round() || m_only_current != vs.only_current ||
      m_selected != bracket_cell || m_text_px != fonts.ui_px || m_blanks != blanks ||
      m_blank_how != blank_how) {
    scene::ViewOptions o;
    o.current_round = player.Round();
    o.only_current = vs.only_current;
    o.selected = bracket_cell;
    o.blanks = blanks;
    o.blank_how = blank_how;
    if (slot.correct) o.differs = &slot.mistake.differs;  // the mistakes lab: cells gone wrong
    m_blanks = std::move(blanks);
    m_blank_how = blank_how;
    m_scene = scene::BuildScene(slot.trace, slot.analysis, o);
    m_trace = &slot.trace;
    m_generation = app.Generation();
    m_round = player.Round();
    m_only_current = vs.only_current;
    m_selected = bracket_cell;
    m_have_scene = true;
    m_text_px = fonts.ui_px;
    // The widest value sizes the columns (NeededWidth, 64 columns at most) and the values'
    // font; a dense figure measures it only once zoomed in far enough to show values.
    m_widest_text = -1;
    m_widest_tag = 0;
    for (const scene::Label& l : m_scene.labels) {
      if (l.role == scene::LabelRole::kRowTag)
        m_widest_tag = std::max(m_widest_tag, measure(l.text));
      // A round title wraps at its " · ": the gutter holds its widest piece at three quarters of
      // the text size, so that short row tags ("input", "buf") cannot squeeze round 0's title
      // ("staging step (load)") to a few pixels.
      if (l.role == scene::LabelRole::kRowTitle) {
        for (const std::string& piece : WrapAtDots(l.text, 0, fonts.ui_px))
          m_widest_tag = std::max(m_widest_tag, 0.75f * measure(piece));
      }
    }
  }
  const scene::Scene& sc = m_scene;
  auto widest_text = [&] {
    if (m_widest_text < 0) {
      m_widest_text = 0;
      for (const scene::Box& b : sc.boxes) m_widest_text = std::max(m_widest_text, measure(b.text));
    }
    return m_widest_text;
  };
  if (sc.columns <= 64) widest_text();

  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y));
  ImGui::SetNextWindowSize(ImVec2(rect.w, rect.h));
  const std::string window_name = std::string("##array_") + ToString(algorithm);
  ImGui::Begin(window_name.c_str(), nullptr, kViewFlags);
  // The figure's font at its zoom for everything below (labels, the in-place editor): from here
  // GetFontSize() and CalcTextSize are the figure's UI size.
  ImGui::PushFont(fonts.ui);
  ImGui::SetWindowFontScale(fonts.ui_px / fonts.ui->FontSize);
  if (ui.text != nullptr) ui.text->BeginPanel("trace", rect, ToString(algorithm));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float pad = 10 * ui.scale;

  // [SECTION] Header: algorithm, round, work and depth
  float top = rect.y + pad;
  if (header) {
    const RoundInfo& info = slot.analysis.rounds[static_cast<size_t>(player.Round())];
    // The round as the chapters count it (Blelloch's seed is a step between the sweeps, not a
    // round), then the work and depth so far.
    const std::string heading = RoundHeading(slot.trace, player.Round());
    char text[384];
    std::snprintf(text, sizeof text, "%s",
                  scene::FigureHeading(slot.trace, slot.analysis, player.Round()).c_str());
    // A narrow pane (side by side, presenter font) gets the compact form, then a smaller font:
    // the header is never clipped.
    const float room = rect.w - 2 * pad;
    float header_px = fonts.large_px;
    if (fonts.large->CalcTextSizeA(header_px, FLT_MAX, 0, text).x > room) {
      std::snprintf(text, sizeof text, "%s · %s · work %d · depth %d", DisplayName(algorithm),
                    heading.c_str(), info.cumulative_work, info.depth);
      const float width = fonts.large->CalcTextSizeA(header_px, FLT_MAX, 0, text).x;
      if (width > room) header_px *= room / width;
    }
    dl->AddText(fonts.large, header_px, ImVec2(rect.x + pad, top), ToImU32(pal.text), text);
    if (ui.text != nullptr) {
      const ImVec2 size = fonts.large->CalcTextSizeA(header_px, FLT_MAX, 0, text);
      ui.text->Text("header", text, {rect.x + pad, top, size.x, size.y});
    }
    top += fonts.large_px * 1.5f;
  }

  // [SECTION] Geometry: layout units -> points
  // The gutter holds the row tags; the round titles between the rows wrap (at " · ") and shrink
  // to it rather than widen it, so that the columns keep the room.
  const float gutter = std::min(m_widest_tag + 2 * pad, rect.w * 0.35f);
  const float avail_w = std::max(rect.w - gutter - 2 * pad, 10.0f);
  const float avail_h = std::max(rect.y + rect.h - top - pad, 10.0f);
  const float base_sx =
      std::min(avail_w / static_cast<float>(std::max(sc.columns, 1)), MaxCellWidth(fonts));
  const float sx = base_sx * vs.zoom;
  float sy = std::clamp(sx * 0.85f, fonts.ui_px * 1.15f, fonts.large_px * 2.3f);
  // Fitted (zoom 1, what Fit view restores), every round fits the height however many there are
  // (Blelloch at n = 1024 has 22): rows thinner than text lose their labels, never their place
  // on screen. Zoomed in, rows stay tall enough to read and the figure pans.
  if (sc.height * sy > avail_h)
    sy = vs.zoom <= 1.0f ? avail_h / sc.height : std::max(avail_h / sc.height, fonts.ui_px * 1.05f);
  const float content_w = static_cast<float>(sc.columns) * base_sx;
  const float base_x = rect.x + pad + gutter + std::max(0.0f, (avail_w - content_w) * 0.5f);
  const float ox = base_x + vs.pan_x;
  const float oy = top + vs.pan_y;
  auto X = [&](float u) { return ox + u * sx; };
  auto Y = [&](float u) { return oy + u * sy; };

  ui.renderer.SetClip(rect.x, top, rect.w, rect.h - (top - rect.y));
  dl->PushClipRect(ImVec2(rect.x, top), ImVec2(rect.x + rect.w, rect.y + rect.h), true);

  // [SECTION] Current round band
  float band_lo = 1e30f, band_hi = -1e30f;
  for (const scene::Row& row : sc.rows) {
    if (row.emphasis != scene::Emphasis::kCurrent || row.round == scene::kInputRound) continue;
    band_lo = std::min(band_lo, Y(row.y));
    band_hi = std::max(band_hi, Y(row.y + scene::kCellH));
  }
  if (band_hi > band_lo) {
    const float extra = 0.25f * sy;
    ui.renderer.AddRect(rect.x + pad * 0.5f, band_lo - extra, rect.w - pad,
                        band_hi - band_lo + 2 * extra, pal.current_band);
  }

  // [SECTION] Registers and warps: register rows on a strip of their own, a line between warps
  for (const scene::Row& row : sc.rows) {
    if (row.space != Space::kRegister) continue;
    ui.renderer.AddRect(X(0) - 2, Y(row.y), static_cast<float>(sc.columns) * sx + 4,
                        scene::kCellH * sy, scene::Dim(pal, pal.register_strip, row.emphasis));
  }
  for (const scene::Divider& d : sc.dividers) {
    ui.renderer.AddLine(X(d.x), Y(d.y0), X(d.x), Y(d.y1), std::max(1.0f, 1.5f * ui.scale),
                        pal.text_dim);
  }

  // [SECTION] Arrows (all rounds when cells are wide enough to tell them apart)
  const bool all_arrows = sx >= 7 * ui.scale;
  const float arrow_w = std::clamp(sx * 0.035f, 1.0f, 2.5f * ui.scale);
  const float head = std::clamp(sx * 0.18f, 3.0f, 10.0f * ui.scale);
  // When cells are narrower than an arrow head, a thousand arrows merge into one smear (and cost
  // most of a software-rendered frame): draw every k-th thread's, k chosen to keep them apart.
  // Zooming in brings the others back.
  // At most about a hundred arrows in the current round: a readable fan, not a smear.
  const int thread_step = all_arrows ? 1
                                     : std::max(static_cast<int>(std::ceil(7 * ui.scale / sx)),
                                                (slot.trace.meta.block_size + 95) / 96);
  for (const scene::Arrow& a : sc.arrows) {
    const bool current = a.emphasis == scene::Emphasis::kCurrent;
    if (!current && !all_arrows) continue;
    if (a.thread % thread_step != 0) continue;
    scene::Rgba c = current ? pal.arrow_current : scene::Dim(pal, pal.arrow, a.emphasis);
    ui.renderer.AddArrow(X(a.x0), Y(a.y0) + 2, X(a.x1), Y(a.y1) - 1,
                         current ? arrow_w * 1.3f : arrow_w, head, c);
  }

  // [SECTION] Boxes
  const float bw = std::clamp(std::min(sx, sy) * 0.06f, 1.0f, 3.0f * ui.scale);
  const ImVec2 fb_scale = ImGui::GetIO().DisplayFramebufferScale;
  const bool show_case = vs.color_by_case && Info(algorithm).cell_case != nullptr;
  // Rebuilding 20k+ instances and measuring their labels every frame costs more than drawing
  // them; reuse last frame's unless something that places or colours them changed.
  auto cell_key = [](const std::optional<scene::CellRef>& c) {
    return c ? static_cast<float>(c->round * 4096 + c->buffer * 2048 + c->pos) : -1.0f;
  };
  std::vector<float> key = {ox,
                            oy,
                            sx,
                            sy,
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
                            cell_key(vs.selected),
                            cell_key(vs.hovered),
                            static_cast<float>(vs.selected_algorithm),
                            m_only_current ? 1.0f : 0.0f,
                            static_cast<float>(m_blanks.size()),
                            m_blank_how ? 1.0f : 0.0f};
  const bool text_fits = sx >= fonts.ui_px * 0.6f && sy >= fonts.ui_px;
  if (key != m_instance_key || ui.dump != nullptr || text_fits) {
    m_instances.clear();
    m_dense.clear();
    m_instance_key = key;
    DenseRows dense(1.0f / std::max(fb_scale.x, 1e-3f));
    std::vector<BoxInstance> marked_instances;
    for (const scene::Box& b : sc.boxes) {
      const float x = X(b.rect.x), y = Y(b.rect.y), w = b.rect.w * sx, h = b.rect.h * sy;
      if (x > rect.x + rect.w || x + w < rect.x || y > rect.y + rect.h || y + h < top) continue;
      BoxInstance inst;
      inst.x = x;
      inst.y = y;
      inst.w = w;
      inst.h = h;
      inst.fill = scene::Dim(pal, scene::FillOf(pal, b, show_case), b.emphasis);
      inst.border = scene::Dim(pal, pal.border, b.emphasis);
      inst.style = static_cast<float>(scene::StyleOf(b, show_case));
      inst.border_width = bw;
      inst.hatch = b.padding ? 1.0f : 0.0f;
      const bool marked =
          (vs.selected && vs.selected_algorithm == index && *vs.selected == b.cell) ||
          (vs.hovered && vs.selected_algorithm == index && *vs.hovered == b.cell);
      // The mistakes lab: a cell that differs from the correct run gets a red ring.
      const bool wrong = b.differs && !marked;
      if (wrong) {
        inst.ring = 2 * ui.scale;
        inst.x -= inst.ring;
        inst.y -= inst.ring;
        inst.w += 2 * inst.ring;
        inst.h += 2 * inst.ring;
        inst.border = scene::Dim(pal, pal.bad, b.emphasis);
      }
      if (marked) {
        inst.ring = 3 * ui.scale;
        inst.x -= inst.ring;
        inst.y -= inst.ring;
        inst.w += 2 * inst.ring;
        inst.h += 2 * inst.ring;
        inst.border = pal.selection;
      }
      // Cells narrower than a few pixels show no border pattern: their fills go by pixel runs
      // (dense_rows.h), so n = 1024 costs tens of quads per row, not a thousand (software GL
      // pays per triangle), and a pixel shared by an idle and an active cell shows the active.
      if (w < 4.0f * ui.scale && !marked) {
        BoxInstance look = inst;
        look.style = 0;
        look.border = look.fill;
        // A cell gone wrong (mistakes lab) wins its pixel, in red, at any n.
        if (b.differs) look.fill = look.border = scene::Dim(pal, pal.bad, b.emphasis);
        dense.Add(look, b.differs ? 3 : b.written ? 2 : b.padding ? 1 : 0, &m_dense);
      } else if (marked || wrong) {
        marked_instances.push_back(inst);
      } else {
        m_instances.push_back(inst);
      }
      if (b.is_input && sc.columns <= 64 && index == app.GetAlgorithm()) {
        vs.widgets["input[" + std::to_string(b.cell.pos) + "]"] = {x, y, w, h};
      }
      if (ui.dump != nullptr) {
        ui.dump->push_back({algorithm, b.cell, b.cls, scene::StyleOf(b, show_case), b.is_input, b.padding, b.hs_case,
                            x * fb_scale.x, y * fb_scale.y, w * fb_scale.x, h * fb_scale.y,
                            inst.fill, inst.border, bw * fb_scale.x, std::string(), 0.0f});
      }
      if (!text_fits) continue;
      // The values: one size for every cell when the widest fits (the large font, else the UI
      // font); a value too wide for its cell at that size takes its short form (−2³¹, 1.2e9, ∞),
      // then a smaller size. Never a whole row of numbers hidden because one of them is long.
      const float k = fonts.large_px / fonts.ui_px;
      ImFont* font = fonts.ui;
      float font_px = fonts.ui_px;
      if (widest_text() * k + 6 <= w && fonts.large_px * 1.05f <= h) {
        font = fonts.large;
        font_px = fonts.large_px;
      }
      const std::string* text = &b.text;
      float tw = ImGui::CalcTextSize(text->c_str()).x * font_px / fonts.ui_px;
      if (tw + 4 > w && !b.compact.empty()) {
        text = &b.compact;
        tw = ImGui::CalcTextSize(text->c_str()).x * font_px / fonts.ui_px;
      }
      float px = std::min(font_px, h);
      if (tw + 4 > w) px = font_px * (w - 4) / tw;
      tw *= px / font_px;
      const float min_px = std::max(7.0f, fonts.ui_px * 0.55f);
      if (px >= min_px) {
        scene::Rgba tc = scene::TextOn(inst.fill);
        dl->AddText(font, px, ImVec2(x + (w - tw) * 0.5f, y + (h - px) * 0.5f), ToImU32(tc),
                    text->c_str());
        if (ui.dump != nullptr) {
          ui.dump->back().text = *text;
          ui.dump->back().text_px = px * fb_scale.y;
        }
      }
      if (show_case && b.hs_case > 0 && w >= fonts.ui_px * 2.2f && h >= fonts.ui_px * 1.9f) {
        char tag[16];
        std::snprintf(tag, sizeof tag, "C%d", b.hs_case);
        const float tp = fonts.ui_px * 0.72f;
        dl->AddText(fonts.ui, tp, ImVec2(x + bw + 2, y + bw + 1), ToImU32(scene::TextOn(inst.fill)),
                    tag);
      }
    }
    dense.Flush(&m_dense);
    // The selected and hovered cells last: their rings over their neighbours.
    m_instances.insert(m_instances.end(), marked_instances.begin(), marked_instances.end());
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

  // [SECTION] Brackets and labels
  for (const scene::Bracket& br : sc.brackets) {
    const float y = Y(br.y) - 4 * ui.scale, x0 = X(br.x0) + 2, x1 = std::max(X(br.x1) - 2, x0 + 4);
    const float lift = 0.3f * sy, w = 3 * ui.scale;
    ui.renderer.AddLine(x0, y, x0, y - lift, w, pal.bracket);
    ui.renderer.AddLine(x0 - w * 0.5f, y - lift, x1 + w * 0.5f, y - lift, w, pal.bracket);
    ui.renderer.AddLine(x1, y - lift, x1, y, w, pal.bracket);
    if (ui.text != nullptr) ui.text->Bracket(x0, x1, y - lift, br.text);
  }
  for (const scene::Label& l : sc.labels) {
    const float cy = Y(l.y);
    switch (l.role) {
      case scene::LabelRole::kRowTag: {
        // Each tag as large as the gutter and the row allow ("input" need not shrink with
        // "down-sweep round 1 · stride 4"); a long one that would shrink takes two lines at a
        // readable size instead, where the row is tall enough.
        const float row_h = sy * scene::kCellH;
        const float room = std::max(gutter - 2 * pad, 10.0f);
        const float full = ImGui::GetFontSize();
        const float full_w = ImGui::GetFont()->CalcTextSizeA(full, FLT_MAX, 0, l.text.c_str()).x;
        float px = std::min(full * std::min(1.0f, room / std::max(full_w, 1.0f)), row_h * 0.95f);
        std::vector<std::string> lines = {l.text};
        if (px < full * 0.999f && l.text.find(" · ") != std::string::npos) {
          auto fits = [&](const std::vector<std::string>& ls, float at) {
            if (static_cast<float>(ls.size()) * at * 1.05f > row_h * 0.95f) return false;
            for (const std::string& line : ls)
              if (ImGui::GetFont()->CalcTextSizeA(at, FLT_MAX, 0, line.c_str()).x > room)
                return false;
            return true;
          };
          for (float at = ImGui::GetFontSize(); at > px * 1.1f; at *= 0.92f) {
            std::vector<std::string> wrapped = WrapAtDots(l.text, room, at);
            if (wrapped.size() > 1 && fits(wrapped, at)) {
              px = at;
              lines = std::move(wrapped);
              break;
            }
          }
        }
        if (px < 6) break;  // a row thinner than any text
        const float line_h = px * 1.05f;
        float y = cy - line_h * static_cast<float>(lines.size()) * 0.5f;
        for (const std::string& line : lines) {
          const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(px, FLT_MAX, 0, line.c_str());
          dl->AddText(ImGui::GetFont(), px, ImVec2(ox - pad - ts.x, y + (line_h - ts.y) * 0.5f),
                      ToImU32(scene::Dim(pal, pal.text, l.emphasis)), line.c_str());
          y += line_h;
        }
        break;
      }
      case scene::LabelRole::kRowTitle: {
        // Right-aligned to the columns, in as many lines as the gutter needs, smaller (down to
        // 70 %) before it wraps further.
        const float room = std::max(gutter - 1.5f * pad, 10.0f);
        const float gap = sy * scene::kArrowGap;  // the room between the rows it sits between
        float px = std::min(ImGui::GetFontSize() * 0.85f, gap * 0.9f);
        std::vector<std::string> lines = WrapAtDots(l.text, room, px);
        while (lines.size() > 1 && px * 1.05f * static_cast<float>(lines.size()) > gap * 0.95f &&
               px > 6) {
          px *= 0.9f;
          lines = WrapAtDots(l.text, room, px);
        }
        if (px < 6 || px * 1.05f * static_cast<float>(lines.size()) > gap * 1.2f) break;
        const float line_h = px * 1.05f;
        float y = cy - line_h * static_cast<float>(lines.size()) * 0.5f;
        const ImU32 color = ToImU32(scene::Dim(pal, pal.text_dim, l.emphasis));
        for (const std::string& line : lines) {
          const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(px, FLT_MAX, 0, line.c_str());
          const float s = ts.x > room ? room / ts.x : 1.0f;  // one long piece: shrink it
          dl->AddText(ImGui::GetFont(), px * s, ImVec2(ox - pad - ts.x * s, y), color, line.c_str());
          y += line_h;
        }
        break;
      }
      case scene::LabelRole::kColumnTag: {
        const float ty = Y(sc.rows.front().y) - fonts.ui_px * 1.2f;
        dl->AddText(ImVec2(X(l.x) + 2, ty), ToImU32(pal.text_dim), l.text.c_str());
        break;
      }
      case scene::LabelRole::kBracket:
      case scene::LabelRole::kCheck: {
        const float ty = Y(sc.rows.front().y) - 0.3f * sy - 4 * ui.scale - fonts.ui_px * 1.3f;
        dl->AddText(ImVec2(X(l.x), ty), ToImU32(l.ok ? pal.ok : pal.bad), l.text.c_str());
        if (ui.text != nullptr) {
          const ImVec2 size = ImGui::CalcTextSize(l.text.c_str());
          ui.text->Text(l.role == scene::LabelRole::kBracket ? "bracket" : "check", l.text,
                        {X(l.x), ty, size.x, size.y});
        }
        break;
      }
    }
  }

  // [SECTION] Interaction: hover, select, edit an input cell in place, zoom and pan
  ImGuiIO& io = ImGui::GetIO();
  const bool hovered = !vs.ignore_mouse && ImGui::IsWindowHovered() && io.MousePos.y >= top;
  if (hovered) {
    const float lx = (io.MousePos.x - ox) / sx, ly = (io.MousePos.y - oy) / sy;
    const scene::Box* hit = sc.BoxAt(lx, ly);
    if (hit != nullptr) {
      vs.next_hovered = hit->cell;
      vs.selected_algorithm = index;
      if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && hit->is_input) {
        m_editing = hit->cell.pos;
        m_edit_text = hit->text;
        m_focus_editor = kFocusFrames;
      } else if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        vs.selected =
            (vs.selected && *vs.selected == hit->cell) ? std::nullopt : std::optional(hit->cell);
      }
    }
    WheelZoomAndDrag(vs, io, base_x, 64.0f);
  }
  if (m_editing) {
    const scene::Box* box = sc.FindBox({scene::kInputRound, 0, *m_editing});
    if (box == nullptr) {
      m_editing.reset();
    } else {
      // The editor sits on the cell, opaque (the old value does not show through), with what is
      // wrong with the text right under it: the error beside what was edited.
      const float ex = X(box->rect.x), ey = Y(box->rect.y);
      dl->AddRectFilled(ImVec2(ex, ey), ImVec2(ex + box->rect.w * sx, ey + box->rect.h * sy),
                        ToImU32(pal.background));
      const float frame_h = ImGui::GetFrameHeight();
      ImGui::SetCursorScreenPos(ImVec2(ex, ey + std::max(0.0f, (box->rect.h * sy - frame_h) * 0.5f)));
      ImGui::SetNextItemWidth(std::max(box->rect.w * sx, fonts.ui_px * 4));
      // Asked for every frame until the editor has the keyboard: ImGui 1.86 may drop a request
      // made in the frame after Enter let go of the field (a bad value), and the next key
      // typed would go nowhere. A field that a modal keeps from the keyboard stops asking after
      // kFocusFrames frames (the app may sleep again).
      if (m_focus_editor > 0) ImGui::SetKeyboardFocusHere();
      ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_FrameBg);
      const scene::Rgba base = pal.background;
      bg = ImVec4(base.r * (1 - bg.w) + bg.x * bg.w, base.g * (1 - bg.w) + bg.y * bg.w,
                  base.b * (1 - bg.w) + bg.z * bg.w, 1.0f);
      ImGui::PushStyleColor(ImGuiCol_FrameBg, bg);
      const bool enter = ImGui::InputText(
          "##edit_cell", &m_edit_text,
          ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
      ImGui::PopStyleColor();
      Tip(ui, "This cell's new value: Enter applies it, Esc cancels");
      if (m_focus_editor > 0 && ImGui::IsItemActive()) {
        m_focus_editor = 0;
      } else if (m_focus_editor > 0) {
        --m_focus_editor;
        vs.focus_pending = true;
      }
      const bool left_field = ImGui::IsItemDeactivated() && !enter;
      const float below = ImGui::GetItemRectMax().y + 2;
      ParsedValues v = ParseValues(m_edit_text, app.Type());
      std::string problem = v.Ok() && v.values.size() != 1 ? "type one value" : v.error;
      if (vs.text_escape) {  // Escape cancels a cell's edit
        vs.text_escape = false;
        m_editing.reset();
      } else if (enter && problem.empty()) {
        app.SetCell(*m_editing, v.values[0]);
        m_editing.reset();
      } else if (enter) {
        m_focus_editor = kFocusFrames;  // Enter on a bad value: stay, the error says why
      } else if (left_field) {
        // A click elsewhere applies a good value and drops a bad one.
        if (problem.empty()) app.SetCell(*m_editing, v.values[0]);
        m_editing.reset();
      }
      if (m_editing && !problem.empty() && m_edit_text != box->text) {
        const std::string line = "✗ " + problem;
        const ImVec2 size = ImGui::CalcTextSize(line.c_str());
        dl->AddRectFilled(ImVec2(ex - 2, below), ImVec2(ex + size.x + 6, below + size.y + 4),
                          ToImU32(pal.background));
        dl->AddText(ImVec2(ex + 2, below + 2), ToImU32(pal.bad), line.c_str());
        if (ui.text != nullptr) ui.text->Text("error", line, {ex + 2, below + 2, size.x, size.y});
      }
    }
  }
  dl->PopClipRect();
  ui.renderer.NoClip();
  ImGui::SetWindowFontScale(1);
  ImGui::PopFont();
  ImGui::End();
}

float ArrayView::NeededWidth(const UiContext& ui) const {
  if (!m_have_scene || m_scene.columns > 64) return 0;
  const float pad = 10 * ui.scale;
  const float cell = std::max(std::max(m_widest_text, 0.0f) + 10 * ui.scale, ui.fonts.ui_px * 1.6f);
  return m_widest_tag + 4 * pad + static_cast<float>(m_scene.columns) * cell;
}

}  // namespace scanviz
