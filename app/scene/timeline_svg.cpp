#include "scene/timeline_svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "core/analysis.h"
#include "scene/ticks.h"

namespace scanviz::scene {

namespace {

constexpr float kMargin = 16;
constexpr float kHeadingPx = 22, kPx = 16, kLabelPx = 15;
constexpr float kPlotW = 900, kStatusW = 170;
constexpr float kPlotH = 900;  // the plot's height at most: rows shrink to fit, then share
constexpr float kMaxRowH = 30, kMinRowH = 14;

const char* FlagName(int flag) {
  return flag == 2 ? "P" : flag == 1 ? "A" : "X";
}

const char* SegmentClass(timeline::Segment s) {
  switch (s) {
    case timeline::Segment::kScan:
      return "bar scan";
    case timeline::Segment::kLookBack:
      return "bar look-back";
    case timeline::Segment::kWait:
      return "bar wait";
    case timeline::Segment::kStore:
      return "bar store";
  }
  return "bar";
}

class TimelineWriter {
 public:
  TimelineWriter(const SinglePassTrace& t, std::int64_t cursor, const TimelineSvgOptions& options)
      : m_t(t), m_options(options), m_p(MakePalette(options.theme)) {
    m_span = std::max<std::int64_t>(1, t.Span());
    m_cursor = cursor < 0 ? m_span : std::min(cursor, m_span);
    const int tiles = std::max(1, t.TileCount());
    m_per_row =
        std::max(1, (tiles + std::max(1, options.max_rows) - 1) / std::max(1, options.max_rows));
    m_rows = (tiles + m_per_row - 1) / m_per_row;
    m_row_h = std::clamp(kPlotH / static_cast<float>(m_rows), kMinRowH, kMaxRowH);
    m_left = kMargin + svg::TextWidth("tile " + std::to_string(tiles - 1), kLabelPx) + kMargin;
    m_width = m_left + kPlotW + kPx + kStatusW + kMargin;
  }

  void Write(std::ostream& out) {
    m_y = kMargin;
    if (m_options.heading) {
      Heading();
      Legend();
    }
    m_y += kPx * 1.6f;  // the cursor's caption and the status column's title
    m_top = m_y;
    Plot();
    Axis();
    Cursor();
    StatusColumn();
    svg::Document(out, m_width, m_y + kMargin, m_p, m_options.transparent, m_body);
  }

 private:
  float X(std::int64_t time) const {
    return m_left +
           kPlotW * static_cast<float>(static_cast<double>(time) / static_cast<double>(m_span));
  }
  float RowY(int row) const { return m_top + static_cast<float>(row) * m_row_h; }
  float PlotBottom() const { return RowY(m_rows); }

  void Line(const std::string& text, float px, Rgba color, const char* cls) {
    m_y += svg::Paragraph(m_body, kMargin, m_y, text, m_width - 2 * kMargin, px, color, cls);
  }

  void Heading() {
    const int tiles = m_t.TileCount();
    Line("Single-pass scan, decoupled look-back: " + std::to_string(tiles) +
             (tiles == 1 ? " tile of " : " tiles of ") + std::to_string(m_t.tile_size) +
             ", n = " + std::to_string(m_t.N()),
         kHeadingPx, m_p.text, "title");
    const std::string origin = !m_options.origin.empty() ? m_options.origin
                               : m_t.measured            ? "measured on the GPU"
                                                         : "the simulator's schedule";
    Line("times: " + origin + ", in " + m_t.clock, kPx, m_p.text_dim, "origin");
    Line(timeline::SummaryLine(m_t), kPx, m_p.text, "summary");
  }

  // A swatch and a name for each segment, then the reads' three flags.
  void Legend() {
    float x = kMargin;
    const float sw = kPx * 0.9f, cy = m_y + kPx * 0.6f;
    for (timeline::Segment s : {timeline::Segment::kScan, timeline::Segment::kLookBack,
                                timeline::Segment::kWait, timeline::Segment::kStore}) {
      svg::Rect(m_body, x, cy - sw / 2, sw, sw, svg::Fill(SegmentColor(m_p, s)), "swatch");
      svg::Text(m_body, x + sw + 5, cy, timeline::Name(s), kPx, m_p.text);
      x += sw + 5 + svg::TextWidth(timeline::Name(s), kPx) + kPx;
    }
    svg::Text(m_body, x, cy, "reads:", kPx, m_p.text);
    x += svg::TextWidth("reads: ", kPx);
    // Each read's mark, a stroke in its flag's colour as the plot draws it, then its name in the
    // text colour (the flag colours as text were 2.2:1 to 3.3:1 on the light theme).
    for (const char* name : {"X not ready", "A aggregate", "P inclusive prefix"}) {
      const int flag = name[0] == 'P' ? 2 : name[0] == 'A' ? 1 : 0;
      svg::Line(m_body, x + 2, cy - kPx * 0.5f, x + 2, cy + kPx * 0.5f, FlagColor(m_p, flag), 3);
      svg::Text(m_body, x + 8, cy, name, kPx, m_p.text);
      x += 8 + svg::TextWidth(name, kPx) + kPx * 0.6f;
    }
    m_y += kPx * 1.6f;
  }

  void Plot() {
    svg::Rect(m_body, m_left, m_top, kPlotW, PlotBottom() - m_top, svg::Outline(m_p.text_dim, 1),
              "frame");
    const timeline::Layout layout = timeline::Aggregate(timeline::Build(m_t), m_per_row);
    const float pad = m_row_h * 0.18f;
    for (const timeline::Bar& b : layout.bars) {  // b.tile: a tile, or (aggregated) its row
      const float x0 = X(b.from), x1 = std::max(X(b.to), x0 + 1);
      svg::Rect(m_body, x0, RowY(b.tile) + pad, x1 - x0, m_row_h - 2 * pad,
                svg::Fill(SegmentColor(m_p, b.kind)), SegmentClass(b.kind));
    }
    // Reads: a tick, and (few enough to follow) a faint line up to the tile read.
    const bool lines = layout.marks.size() <= 4000;
    for (const timeline::Mark& m : layout.marks) {
      const float x = X(m.time), y0 = RowY(m.tile);
      const Rgba c = FlagColor(m_p, m.flag);
      if (lines) {
        Rgba faint = c;
        faint.a = 0.45f;
        svg::Line(m_body, x, y0 + m_row_h / 2, x, RowY(m.predecessor) + m_row_h / 2, faint, 1);
      }
      // On a halo of the background: an A read on the (orange) look-back bar shows.
      svg::Line(m_body, x, y0, x, y0 + m_row_h, m_p.background, 5);
      svg::Line(m_body, x, y0, x, y0 + m_row_h, c, 2.5f, std::string("read ") + FlagName(m.flag));
    }
    const float px = std::min(kLabelPx, m_row_h * 0.85f);
    const int every = std::max(1, static_cast<int>(std::ceil(px * 1.1f / m_row_h)));
    for (int row = 0; row < m_rows; row += every)  // with tiles a row: the row's first tile
      svg::Text(m_body, kMargin, RowY(row) + m_row_h / 2, "tile " + std::to_string(row * m_per_row),
                px, m_p.text, svg::Anchor::kStart, "tile-label");
  }

  void Axis() {
    const float y = PlotBottom();
    for (double tick : NiceTicks(0, static_cast<double>(m_span), 6)) {
      if (tick > static_cast<double>(m_span) * 1.0001) break;
      const float x = X(static_cast<std::int64_t>(tick));
      svg::Line(m_body, x, y, x, y + kPx * 0.4f, m_p.text_dim, 1);
      char label[32];
      std::snprintf(label, sizeof label, "%g", tick);
      svg::Text(m_body, x, y + kPx * 1.1f, label, kLabelPx, m_p.text, svg::Anchor::kMiddle, "tick");
    }
    std::string unit = m_t.measured ? "ns since the first tile started (%globaltimer)"
                                    : "simulated steps (not measured)";
    if (m_per_row > 1)
      unit += "  ·  " + std::to_string(m_per_row) + " tiles a row, reads not drawn";
    svg::Text(m_body, m_left + kPlotW / 2, y + kPx * 2.5f, unit, kLabelPx, m_p.text_dim,
              svg::Anchor::kMiddle, "unit");
    m_y = y + kPx * 3.2f;
  }

  // The cursor over the plot, its caption above it ("at 6 steps: 3 P, 4 A, 1 X").
  void Cursor() {
    const float x = X(m_cursor);
    svg::Line(m_body, x, m_top - kPx * 0.3f, x, PlotBottom(), m_p.text, 2, "cursor");
    const std::string caption = timeline::Caption(m_t, m_cursor);
    const float w = svg::TextWidth(caption, kPx);
    svg::Text(m_body, std::max(m_left, std::min(x + kPx * 0.3f, m_left + kPlotW - w)),
              m_top - kPx * 0.9f, caption, kPx, m_p.text, svg::Anchor::kStart, "caption");
  }

  // Beside every row, what its (first) tile's status word held at the cursor: "P 11".
  void StatusColumn() {
    const float sx = m_left + kPlotW + kPx;
    svg::Text(m_body, sx, m_top - kPx * 0.9f, "status words then", kPx, m_p.text,
              svg::Anchor::kStart, "status-title");
    const std::vector<timeline::Status> status = timeline::StatusAt(m_t, m_cursor);
    const float pad = m_row_h * 0.09f;
    for (int row = 0;
         row < m_rows && static_cast<size_t>(row) * static_cast<size_t>(m_per_row) < status.size();
         ++row) {
      const int k = row * m_per_row;
      const timeline::Status& s = status[static_cast<size_t>(k)];
      const Rgba fill = FlagColor(m_p, s.flag);
      m_body << "<g class=\"status " << FlagName(s.flag) << "\" data-tile=\"" << k << "\">";
      svg::Rect(m_body, sx, RowY(row) + pad, kStatusW, m_row_h - 2 * pad, svg::Fill(fill));
      std::string text = FlagName(s.flag);
      if (s.flag != 0) text += "  " + FormatValue(m_t.type, s.value);
      if (m_row_h >= kLabelPx * 1.05f)
        svg::Text(m_body, sx + kPx * 0.4f, RowY(row) + m_row_h / 2, text, kLabelPx, TextOn(fill));
      m_body << "</g>\n";
    }
  }

  const SinglePassTrace& m_t;
  const TimelineSvgOptions& m_options;
  const Palette m_p;
  std::int64_t m_span = 1, m_cursor = 0;
  int m_per_row = 1, m_rows = 1;
  float m_row_h = kMaxRowH, m_left = 0, m_width = 0, m_y = 0, m_top = 0;
  svg::Body m_body;  // written before the height is known; the header goes first
};

}  // namespace

Rgba SegmentColor(const Palette& p, timeline::Segment s) {
  switch (s) {
    case timeline::Segment::kScan:
      return p.loaded;
    case timeline::Segment::kLookBack:
      return p.added;
    case timeline::Segment::kWait:
      return p.bad;
    case timeline::Segment::kStore:
      return p.seeded;
  }
  return p.loaded;
}

Rgba FlagColor(const Palette& p, int flag) {
  return flag == 2 ? p.seeded : flag == 1 ? p.added : p.arrow;
}

void WriteTimelineSvg(const SinglePassTrace& trace, std::int64_t cursor,
                      const TimelineSvgOptions& options, std::ostream& out) {
  TimelineWriter(trace, cursor, options).Write(out);
}

}  // namespace scanviz::scene
