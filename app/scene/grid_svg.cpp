#include "scene/grid_svg.h"

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "core/analysis.h"

namespace scanviz::scene {

namespace {

constexpr float kRowPx = 40;         // SVG units per layout unit of height (a row is one)
constexpr float kMaxColumn = 52;     // the widest a column of the input gets
constexpr float kCellsWidth = 1400;  // the cells' width before columns shrink below kMaxColumn
constexpr float kMargin = 16;
constexpr float kHeadingPx = 22, kTitlePx = 17, kBandPx = 15, kValuePx = 19, kCaptionPx = 16;
constexpr float kMinValuePx = 9;  // a value that would be smaller is left out
// Cells narrower than this are merged into a run of their row's colour (a border would hide
// them); the blocks and rows not produced yet, which write no value, below a value's width.
constexpr float kDense = 8, kPlainDense = 28;

class GridWriter {
 public:
  GridWriter(const GridTrace& grid, int step, const GridSvgOptions& options, std::ostream& out)
      : m_grid(grid),
        m_scene(BuildGridScene(grid, step)),
        m_options(options),
        m_p(MakePalette(options.theme)),
        m_out(out) {
    const float n = static_cast<float>(std::max(m_scene.n, 1));
    m_column = std::min(kMaxColumn, kCellsWidth / n);
    float widest = 0;
    for (const GridRow& r : m_scene.rows)
      widest = std::max(widest, svg::TextWidth(r.title, kTitlePx));
    m_gutter = widest + 2 * kMargin;
    m_width = 2 * kMargin + m_gutter + n * m_column;
    if (options.heading) {
      const std::string heading = GridHeading(grid, m_scene.step);
      const size_t cut = heading.find("  ·  step ");
      for (const std::string& part :
           {heading.substr(0, cut), cut == std::string::npos ? "" : heading.substr(cut + 5)})
        for (const std::string& line : svg::WrapAtDots(part, m_width - 2 * kMargin, kHeadingPx))
          if (!line.empty()) m_heading.push_back(line);
    }
    m_top = kMargin + static_cast<float>(m_heading.size()) * kHeadingPx * 1.35f;
    if (!options.verdict.empty()) {
      m_verdict = svg::WrapAtDots(options.verdict, m_width - 2 * kMargin, kCaptionPx);
      m_top += kCaptionPx * (1.3f * static_cast<float>(m_verdict.size()) + 0.2f);
    }
    if (options.selected) m_top += kCaptionPx * 2.6f;  // the bracket and its caption
    m_top += kMargin * 0.5f;
  }

  void Write() {
    for (size_t i = 0; i < m_heading.size(); ++i)
      svg::Text(m_body, kMargin, kMargin + kHeadingPx * (1.35f * static_cast<float>(i) + 0.5f),
                m_heading[i], kHeadingPx, m_p.text, svg::Anchor::kStart, "title");
    if (!m_verdict.empty()) {  // the view's colours: a problem in bad, else dimmed
      const float y =
          kMargin + kHeadingPx * 1.35f * static_cast<float>(m_heading.size()) + kCaptionPx * 0.5f;
      const bool bad = m_options.verdict.rfind("✗", 0) == 0;
      svg::Lines(m_body, kMargin, y, m_verdict, kCaptionPx, kCaptionPx * 1.3f,
                 bad ? m_p.bad : m_p.text_dim, svg::Anchor::kStart, "verdict");
    }
    Bands();
    // The block boundaries over the runs (where they show where a block ends) but under the cells
    // (whose borders show it, and whose values they would cross).
    svg::Body runs, cells;
    for (const GridRow& r : m_scene.rows) Cells(r, runs, cells);
    m_body.Append(runs);
    Boundaries();
    m_body.Append(cells);
    Titles();
    if (m_options.selected) Selection(*m_options.selected);
    svg::Document(m_out, m_width, m_top + m_scene.height * kRowPx + kMargin, m_p,
                  m_options.transparent, m_body);
  }

 private:
  float X(float u) const { return kMargin + m_gutter + u * m_column; }
  float Y(float u) const { return m_top + u * kRowPx; }
  static float Height(const GridRow& r) { return r.kind == GridRowKind::kBlocks ? 1.1f : 1.0f; }

  // The sums scan's levels, each on a band, and the current step's rows on the current band.
  void Bands() {
    for (const GridBand& b : m_scene.bands) {
      const float inset = 4 * static_cast<float>(b.level);
      svg::Rect(m_body, kMargin * 0.5f + inset, Y(b.y0), m_width - kMargin - 2 * inset,
                (b.y1 - b.y0) * kRowPx, svg::Fill(m_p.register_strip), "band");
    }
    for (const GridRow& r : m_scene.rows) {
      if (r.emphasis != Emphasis::kCurrent || r.kind == GridRowKind::kBlocks) continue;
      const float extra = 0.18f * kRowPx;
      svg::Rect(m_body, kMargin * 0.5f, Y(r.y) - extra, m_width - kMargin, kRowPx + 2 * extra,
                svg::Fill(m_p.current_band), "current");
    }
  }

  // A row's cells: a box each with its value, or runs of cells too narrow for a border.
  void Cells(const GridRow& r, svg::Body& runs, svg::Body& cells) {
    const Rgba fill = Dim(m_p, GridRowFill(m_p, r), r.emphasis);
    const Rgba border = Dim(m_p, m_p.border, r.emphasis);
    const char* dash = !r.filled ? "2 4" : r.kind == GridRowKind::kBlocks ? "8 5" : "";
    const float y = Y(r.y), h = Height(r) * kRowPx;
    const std::string kind = ToString(r.kind);
    const float dense = !r.filled || r.kind == GridRowKind::kBlocks ? kPlainDense : kDense;
    float run_x0 = 0, run_x1 = -1;
    auto flush = [&]() {
      if (run_x1 > run_x0)
        svg::Rect(runs, run_x0, y, run_x1 - run_x0, h, svg::Fill(fill), "run " + kind);
      run_x1 = -1;
    };
    for (const GridCell& c : r.cells) {
      const float x = X(c.x), w = c.w * m_column;
      if (w < dense) {
        if (run_x1 < run_x0) run_x0 = x;
        run_x1 = x + w;
        continue;
      }
      flush();
      cells << "<g class=\"cell " << kind << "\" data-level=\"" << r.level << "\" data-index=\""
            << c.index << "\">";
      svg::Rect(cells, x, y, w, h, svg::FillAndOutline(fill, border, r.filled ? 1.5f : 1.2f, dash));
      std::string text;
      if (r.kind == GridRowKind::kBlocks) {
        text = "block " + std::to_string(c.index);
        if (svg::TextWidth(text, kValuePx * 0.8f) > w - 4) text = std::to_string(c.index);
      } else if (r.filled) {
        text = FormatValue(m_grid.type, c.value);
      }
      const float px =
          std::min(r.kind == GridRowKind::kBlocks ? kValuePx * 0.8f : kValuePx,
                   kValuePx * (w - 4) / std::max(svg::TextWidth(text, kValuePx), 1.0f));
      if (!text.empty() && px >= kMinValuePx)
        svg::Text(cells, x + w / 2, y + h / 2, text, px, TextOn(fill), svg::Anchor::kMiddle);
      cells << "</g>\n";
    }
    flush();
  }

  // A line between two blocks of a level, over that level's rows (where blocks are wide enough to
  // tell apart), broken where a band's title lies across it.
  void Boundaries() {
    for (const GridBoundary& b : m_scene.boundaries) {
      float unit = 1;
      for (int d = 0; d <= b.level; ++d) unit *= static_cast<float>(m_scene.block_size);
      if (unit * m_column < 6) continue;
      for (const Span& s : BoundarySpans(m_scene, b, 0.15f))
        svg::Line(m_body, X(b.x), Y(s.y0), X(b.x), Y(s.y1), m_p.text_dim, 2, "boundary");
    }
  }

  // The rows' titles in the gutter, right-aligned, and each band's title at its top left.
  void Titles() {
    for (const GridRow& r : m_scene.rows)
      svg::Text(m_body, kMargin + m_gutter - kMargin, Y(r.y) + Height(r) * kRowPx / 2, r.title,
                kTitlePx, r.emphasis == Emphasis::kCurrent ? m_p.text : m_p.text_dim,
                svg::Anchor::kEnd, "row-title");
    for (const GridBand& b : m_scene.bands)
      svg::Text(m_body, kMargin, Y(b.y0) + 0.4f * kRowPx, b.title, kBandPx, m_p.text_dim,
                svg::Anchor::kStart, "band-title");
  }

  // The selected cell ringed and, when it holds a value, its window bracketed over the input with
  // the view's caption: "sums[1]: the total of block 1  ·  in[4..7]: 4 + 1 + 6 + 3 = 14  ✓".
  void Selection(const GridCellRef& ref) {
    const GridRow* row = m_scene.FindRow(ref.level, ref.kind);
    const GridCell* cell = m_scene.FindCell(ref);
    if (row == nullptr || cell == nullptr) return;
    svg::Rect(m_body, X(cell->x) - 3, Y(row->y) - 3, cell->w * m_column + 6,
              Height(*row) * kRowPx + 6, svg::Outline(m_p.selection, 3), "selection");
    const GridCellCheck check = CheckGridCell(m_grid, m_scene, ref);
    const float y = Y(0) - 4, lift = 0.3f * kRowPx;
    if (!check.valid) {  // a block, or a cell the step has not produced: said, no window
      const GridTrace* level = GridLevel(m_grid, ref.level);
      std::string what = "not produced yet at this step";
      if (ref.kind == GridRowKind::kBlocks && level != nullptr && ref.index < level->BlockCount())
        what = "block " + std::to_string(ref.index) + ": elements " +
               std::to_string(level->BlockBegin(ref.index)) + ".." +
               std::to_string(level->BlockBegin(ref.index) + level->BlockCount(ref.index) - 1);
      svg::Text(m_body, X(0), y - lift - kCaptionPx, what, kCaptionPx, m_p.text,
                svg::Anchor::kStart, "caption");
      return;
    }
    const float x0 = check.window.Empty() ? X(0) : X(static_cast<float>(check.window.lo)) + 1;
    const float x1 = check.window.Empty() ? x0 + 4 : X(static_cast<float>(check.window.hi + 1)) - 1;
    m_body.Grow(x0 - 1.5f, y - lift - 1.5f, x1 + 1.5f, y);
    m_body << "<path class=\"bracket\" d=\"M" << x0 << ',' << y << " L" << x0 << ',' << y - lift
           << " L" << x1 << ',' << y - lift << " L" << x1 << ',' << y
           << "\" fill=\"none\" stroke=\"" << svg::Color(m_p.bracket)
           << "\" stroke-width=\"3\"/>\n";
    const std::string caption =
        check.name + ": " + check.meaning + "  ·  " + check.expression + (check.ok ? "  ✓" : "  ✗");
    const float cx = std::clamp(
        x0, kMargin, std::max(kMargin, m_width - kMargin - svg::TextWidth(caption, kCaptionPx)));
    svg::Text(m_body, cx, y - lift - kCaptionPx, caption, kCaptionPx, check.ok ? m_p.ok : m_p.bad,
              svg::Anchor::kStart, "caption");
  }

  const GridTrace& m_grid;
  const GridScene m_scene;
  const GridSvgOptions& m_options;
  const Palette m_p;
  std::ostream& m_out;
  svg::Body m_body;  // written before the document's size is known
  float m_column = kMaxColumn, m_gutter = 0, m_width = 0, m_top = 0;
  std::vector<std::string> m_heading;
  std::vector<std::string> m_verdict;  // CheckGrid's verdict, wrapped at its dots
};

}  // namespace

void WriteGridSvg(const GridTrace& grid, int step, const GridSvgOptions& options,
                  std::ostream& out) {
  GridWriter(grid, step, options, out).Write();
}

}  // namespace scanviz::scene
