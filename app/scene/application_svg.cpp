#include "scene/application_svg.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "scene/application_scene.h"
#include "scene/applications/scene_entry.h"

namespace scanviz::scene {

namespace {

using application_scene::RowKind;

constexpr float kMargin = 16;
constexpr float kHeadingPx = 22, kLinePx = 16, kNarrationPx = 17;
constexpr float kPx = 20;  // the figure's values and row titles
constexpr int kLanes = 3;  // lines of labels under an allocation's pool
constexpr float kRowH = kPx * 1.7f, kGap = kPx * 0.45f, kArrowsH = kPx * 4.5f;
constexpr float kMinWidth = 720;  // room for the heading and the narration beside a short row

const char* KindName(RowKind k) {
  switch (k) {
    case RowKind::kInput:
      return "input";
    case RowKind::kBit:
      return "bit";
    case RowKind::kFlags:
      return "flags";
    case RowKind::kScan:
      return "scan";
    case RowKind::kOutput:
      return "output";
    case RowKind::kPool:
      return "pool";
  }
  return "";
}

// The view's colours by role, from the palette's Okabe-Ito set: a flag of 1 orange, the zeros
// sky blue, the ones reddish purple, what the scatter wrote bluish green.
struct Roles {
  Rgba flagged, zeros, ones, kept;
};
Roles RolesOf(const Palette& p) {
  return {p.added, p.loaded, p.hs_case[2], p.seeded};
}

// "t3 [11, 11)": a slice's thread and range, in `format`'s order (the thread first).
std::string SliceLabel(const application_scene::Slice& s, const char* format) {
  char label[64];
  std::snprintf(label, sizeof label, format, s.thread, s.begin, s.end);
  return label;
}

class ApplicationWriter {
 public:
  ApplicationWriter(const ApplicationTrace& t, int step, const ApplicationSvgOptions& options)
      : m_t(t),
        m_l(application_scene::Build(t, step)),
        m_step(application_scene::StepAt(t, step)),
        m_options(options),
        m_p(MakePalette(options.theme)),
        m_roles(RolesOf(m_p)),
        m_cols(application_scene::Visible(m_l.n, options.max_cells)) {
    size_t widest_value = 1;
    float widest_title = 0;
    for (const application_scene::Row& r : m_l.rows) {
      widest_title = std::max(widest_title, svg::TextWidth(r.title, kPx));
      for (const std::string& s : r.text) widest_value = std::max(widest_value, s.size());
    }
    m_cell = std::max(kPx * 2.6f, static_cast<float>(widest_value) * kPx * 0.62f + kPx * 0.8f);
    m_left = kMargin + widest_title + kPx;
    int slots = m_cols.Slots();
    for (const application_scene::Row& r : m_l.rows)
      if (r.kind == RowKind::kOutput)
        slots = std::max(
            slots, application_scene::Visible(static_cast<int>(r.values.size()), options.max_cells)
                       .Slots());
    m_width = std::max(kMinWidth, m_left + m_cell * static_cast<float>(slots) + kMargin);
  }

  void Write(std::ostream& out) {
    m_y = kMargin;
    if (m_options.heading) Heading();
    if (m_options.narration) {
      Paragraph(m_l.narration, kNarrationPx, m_p.text, "narration");
    }
    m_y += kPx * 1.2f;  // the index ruler
    Ruler();
    Rows();
    svg::Document(out, m_width, m_y + kMargin, m_p, m_options.transparent, m_body);
  }

 private:
  float SlotX(int slot) const { return m_left + m_cell * static_cast<float>(slot); }

  // Wrapped lines of text from m_y down, a little room under them.
  void Paragraph(const std::string& text, float px, Rgba color, const char* cls) {
    if (text.empty()) return;
    m_y += svg::Paragraph(m_body, kMargin, m_y, text, m_width - 2 * kMargin, px, color, cls);
    m_y += px * 0.4f;
  }

  // "stream compaction (compact) · --keep odd · n = 8 ...", then the pass and step, then the note.
  void Heading() {
    for (const std::string& line :
         svg::WrapAtDots(application_scene::Heading(m_t), m_width - 2 * kMargin, kHeadingPx)) {
      svg::Text(m_body, kMargin, m_y + kHeadingPx * 0.6f, line, kHeadingPx, m_p.text,
                svg::Anchor::kStart, "title");
      m_y += kHeadingPx * 1.35f;
    }
    // A radix sort's title already names the pass: the step alone after it.
    std::string pass = m_l.title + "  ·  ";
    if (!application_scene::SceneOf(m_t.application).title_names_pass)
      pass += "pass " + std::to_string(m_step.pass + 1) + " of " + std::to_string(m_l.pass_count) +
              " · ";
    pass += "step " + std::to_string(static_cast<int>(m_step.step) + 1) +
            " of 3: " + application_scene::Name(m_step.step, m_t.application);
    Paragraph(pass, kLinePx, m_p.text, "pass");
    Paragraph(m_l.note, kLinePx, m_p.text_dim, "note");
  }

  void Ruler() {
    for (size_t k = 0; k < m_cols.index.size(); ++k) {
      const int i = m_cols.index[k];
      if (m_cols.index.size() > 40 && i % 8 != 0 && k + 1 != m_cols.index.size()) continue;
      svg::Text(m_body, SlotX(m_cols.Slot(i)) + 2, m_y - kPx * 0.45f, std::to_string(i),
                kPx * 0.65f, m_p.text_dim, svg::Anchor::kStart, "index");
    }
  }

  void Rows() {
    float scan_bottom = m_y, output_top = -1;
    for (const application_scene::Row& r : m_l.rows) {
      if (r.kind == RowKind::kOutput || r.kind == RowKind::kPool) {
        m_y += kArrowsH;
        output_top = m_y;
      }
      svg::Text(m_body, kMargin, m_y + kRowH / 2, r.title, kPx, m_p.text, svg::Anchor::kStart,
                "row-title");
      if (r.kind == RowKind::kPool) {
        Pool(scan_bottom);
        continue;
      }
      Cells(r);
      if (r.kind != RowKind::kOutput) scan_bottom = m_y + kRowH;
      m_y += kRowH + kGap;
    }
    if (output_top >= 0 && !m_l.arrows.empty()) Arrows(scan_bottom, output_top);
  }

  Rgba FillOf(const application_scene::Row& r, int i) const {
    if (r.kind == RowKind::kOutput) return m_roles.kept;
    if (r.kind == RowKind::kBit)
      return r.values[static_cast<size_t>(i)] != 0 ? m_roles.ones : m_roles.zeros;
    return m_roles.flagged;
  }

  void Cells(const application_scene::Row& r) {
    const int count = static_cast<int>(r.values.size());
    const application_scene::Columns c =
        r.kind == RowKind::kOutput ? application_scene::Visible(count, m_options.max_cells)
                                   : m_cols;
    for (const int i : c.index) {
      const float x = SlotX(c.Slot(i));
      const bool lit = r.lit[static_cast<size_t>(i)] != 0 || r.kind == RowKind::kBit;
      Rgba fill = lit ? FillOf(r, i) : m_p.input;
      if (!lit) fill.a = 0.35f;
      m_body << "<g class=\"cell " << KindName(r.kind) << "\" data-index=\"" << i << "\">";
      svg::Rect(m_body, x + 1, m_y, m_cell - 2, kRowH, svg::FillAndOutline(fill, m_p.border, 1));
      svg::Text(m_body, x + m_cell / 2, m_y + kRowH / 2, r.text[static_cast<size_t>(i)], kPx,
                lit ? TextOn(fill) : m_p.text, svg::Anchor::kMiddle);
      m_body << "</g>\n";
    }
    if (c.gap_after >= 0)
      svg::Text(m_body, SlotX(c.gap_after + 1) + 2, m_y + kRowH / 2,
                "…" + std::to_string(count - static_cast<int>(c.index.size())), kPx * 0.8f,
                m_p.text_dim, svg::Anchor::kStart, "gap");
  }

  // The scatter: a line from each element (under the last row above the output) to its cell.
  void Arrows(float from_y, float to_y) {
    const application_scene::Columns out_cols = application_scene::Visible(
        static_cast<int>(m_l.rows.back().values.size()), m_options.max_cells);
    int hidden = 0;
    for (const application_scene::Arrow& a : m_l.arrows) {
      const int s0 = m_cols.Slot(a.from), s1 = out_cols.Slot(a.to);
      if (s0 < 0 || s1 < 0) {
        ++hidden;
        continue;
      }
      const Rgba c = !application_scene::SceneOf(m_t.application).grouped ? m_roles.kept
                     : a.zero                                             ? m_roles.zeros
                                                                          : m_roles.ones;
      svg::Arrow(m_body, SlotX(s0) + m_cell / 2, from_y + 2, SlotX(s1) + m_cell / 2, to_y - 2, c, 2,
                 kPx * 0.55f, "arrow");
    }
    if (hidden > 0) {
      svg::Text(
          m_body, m_left, m_y + kPx * 0.5f,
          std::to_string(hidden) + " arrows not drawn: their element or destination is in a gap",
          kPx * 0.8f, m_p.text_dim, svg::Anchor::kStart, "note");
      m_y += kPx * 1.2f;
    }
  }

  // An allocation's pool: one bar, each thread's slice [offset, offset + size) in proportion, an
  // arrow up to it from the thread's offset in the scan row; an empty slice a tick. A slice too
  // narrow for its range is named under the bar, as is an empty one, each in the first of three
  // lanes where it clears the label before it: one lane dropped the labels that a picture at
  // another width shows ("t4" beside an empty slice's, issue #37 item 13).
  void Pool(float scan_bottom) {
    const float width =
        std::max(m_cell * static_cast<float>(m_cols.Slots()), m_width - m_left - kMargin);
    const float scale = m_l.pool > 0 ? width / static_cast<float>(m_l.pool) : 0;
    std::array<float, kLanes> lane_end;
    lane_end.fill(-1e9f);
    for (size_t k = 0; k < m_l.slices.size(); ++k) {
      const application_scene::Slice& s = m_l.slices[k];
      const float x0 = m_left + scale * static_cast<float>(s.begin);
      const float x1 = m_left + scale * static_cast<float>(s.end);
      // Where the next slice starts: a label under the bar names its range if it ends before.
      const float next = k + 1 < m_l.slices.size()
                             ? m_left + scale * static_cast<float>(m_l.slices[k + 1].end)
                             : m_width;
      const int slot = m_cols.Slot(s.thread);
      if (slot >= 0)
        svg::Arrow(m_body, SlotX(slot) + m_cell / 2, scan_bottom + 2, x0 + 1, m_y - 2, m_p.arrow,
                   1.5f, kPx * 0.45f, "arrow");
      const std::string label = SliceLabel(s, "t%d [%d, %d)");
      if (s.end <= s.begin) {
        svg::Line(m_body, x0, m_y - kPx * 0.3f, x0, m_y + kRowH + kPx * 1.8f, m_p.text, 2, "empty");
        if (m_l.n <= 64) UnderBar(x0 + 3, {label + " empty"}, m_p.text, lane_end);
        continue;
      }
      const Rgba c = s.thread % 2 == 0 ? m_roles.zeros : m_roles.flagged;
      svg::Rect(m_body, x0, m_y, std::max(x1 - x0, 0.5f), kRowH,
                x1 - x0 >= 3 ? svg::FillAndOutline(c, m_p.border, 1) : svg::Fill(c), "slice");
      if (svg::TextWidth(label, kPx * 0.8f) <= x1 - x0 - 4) {
        svg::Text(m_body, (x0 + x1) / 2, m_y + kRowH / 2, label, kPx * 0.8f, TextOn(c),
                  svg::Anchor::kMiddle, "slice-label");
      } else if (x1 - x0 >= 1) {  // too narrow: its range under the bar, or its thread
        const bool range = x0 + svg::TextWidth(label, kPx * 0.7f) <= next;
        UnderBar(x0, {range ? label : SliceLabel(s, "t%d")}, m_p.text_dim, lane_end);
      }
    }
    const float below = m_y + kRowH + kPx * (0.5f + 0.9f * kLanes);
    svg::Text(m_body, m_left + width, below, std::to_string(m_l.pool) + " cells", kPx * 0.8f,
              m_p.text_dim, svg::Anchor::kEnd, "pool-size");
    m_y = below + kPx * 0.5f + kGap;
  }

  // A label under the pool's bar at x, in the first lane whose last label it clears (none: not
  // drawn, the bar's slices then too many to name).
  void UnderBar(float x, const std::string& text, Rgba color, std::array<float, kLanes>& lane_end) {
    for (int lane = 0; lane < kLanes; ++lane) {
      if (x < lane_end[static_cast<size_t>(lane)]) continue;
      svg::Text(m_body, x, m_y + kRowH + kPx * (0.5f + 0.9f * static_cast<float>(lane)), text,
                kPx * 0.7f, color, svg::Anchor::kStart, "slice-label");
      lane_end[static_cast<size_t>(lane)] = x + svg::TextWidth(text, kPx * 0.7f) + 2;
      return;
    }
  }

  const ApplicationTrace& m_t;
  const application_scene::PassLayout m_l;
  const application_scene::StepRef m_step;
  const ApplicationSvgOptions& m_options;
  const Palette m_p;
  const Roles m_roles;
  const application_scene::Columns m_cols;
  float m_cell = kPx * 2.6f, m_left = 0, m_width = kMinWidth, m_y = 0;
  svg::Body m_body;  // written before the size is known; the header goes first
};

}  // namespace

void WriteApplicationSvg(const ApplicationTrace& trace, int step,
                         const ApplicationSvgOptions& options, std::ostream& out) {
  if (trace.passes.empty()) {  // nothing ran: an empty figure, still a document
    svg::Begin(out, kMinWidth, 2 * kMargin, MakePalette(options.theme), options.transparent);
    svg::End(out);
    return;
  }
  ApplicationWriter(trace, step, options).Write(out);
}

}  // namespace scanviz::scene
