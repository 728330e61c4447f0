#include "scene/grid_scene.h"

#include <algorithm>
#include <sstream>

#include "core/analysis.h"
#include "core/registry.h"
#include "core/window_folder.h"

namespace scanviz::scene {

namespace {

constexpr float kRowGap = 0.45f;    // between two rows
constexpr float kBlocksH = 1.1f;    // the blocks row's boxes
constexpr float kBandPad = 0.35f;   // a level's band around its rows
constexpr float kBandTitle = 0.75f; // room for the band's title above its first row
constexpr int kMaxTerms = 8;        // an expression longer than this is shortened

// Columns of the grid's input that element `index` of level `level` covers: [first, end).
struct Columns {
  long first = 0, end = 0;
};
Columns ElementSpan(int n, long unit, long index) {
  return {std::min<long>(index * unit, n), std::min<long>((index + 1) * unit, n)};
}

class Builder {
 public:
  Builder(const GridTrace& grid, int step) : m_grid(grid) {
    m_scene.n = grid.N();
    m_scene.block_size = grid.block_size;
    m_scene.steps = GridSteps(grid);
    m_scene.step = std::clamp(step, 0, static_cast<int>(m_scene.steps.size()) - 1);
    m_levels = GridLevels(grid);
  }

  GridScene Build() {
    GridRow& input = AddRow(GridRowKind::kInput, 0, "input", -1);
    Values(&input, m_grid.input, 1);
    AddLevel(0);
    m_scene.width = static_cast<float>(m_scene.n);
    m_scene.height = m_y - kRowGap;
    return std::move(m_scene);
  }

 private:
  int Count() const { return static_cast<int>(m_levels.size()); }
  int StepOf(int level, int phase) const { return GridStepIndex(Count(), level, phase); }
  long Unit(int level) const {  // input columns per element of `level`
    long u = 1;
    for (int d = 0; d < level; ++d) u *= m_grid.block_size;
    return u;
  }
  static std::string Prefix(int level) {
    return level == 0 ? std::string() : "level " + std::to_string(level) + " · ";
  }

  GridRow& AddRow(GridRowKind kind, int level, std::string title, int step, float h = kCellH) {
    GridRow row;
    row.kind = kind;
    row.level = level;
    row.y = m_y;
    row.title = std::move(title);
    row.step = step;
    row.filled = step <= m_scene.step;
    row.emphasis = step == m_scene.step ? Emphasis::kCurrent
                   : row.filled         ? Emphasis::kPast
                                        : Emphasis::kFuture;
    m_y += h + kRowGap;
    m_scene.rows.push_back(std::move(row));
    return m_scene.rows.back();
  }

  // One cell per value, element j spanning `unit` columns.
  void Values(GridRow* row, const std::vector<double>& values, long unit) {
    row->cells.reserve(values.size());
    for (size_t j = 0; j < values.size(); ++j) {
      const Columns s = ElementSpan(m_scene.n, unit, static_cast<long>(j));
      row->cells.push_back({static_cast<int>(j), static_cast<float>(s.first),
                            static_cast<float>(s.end - s.first), values[j]});
    }
  }

  void AddLevel(int d) {
    const GridTrace& level = *m_levels[static_cast<size_t>(d)];
    const long unit = Unit(d), block_unit = unit * level.block_size;
    const float top = m_y;
    const int p1 = StepOf(d, 1);
    if (d > 0) m_y += kBandPad + kBandTitle;
    const float rows_top = m_y;
    GridRow& blocks = AddRow(GridRowKind::kBlocks, d, Prefix(d) + "blocks", -1, kBlocksH);
    blocks.emphasis = p1 == m_scene.step ? Emphasis::kCurrent : Emphasis::kPast;
    for (int b = 0; b < level.BlockCount(); ++b) {
      const Columns s = ElementSpan(m_scene.n, block_unit, b);
      blocks.cells.push_back(
          {b, static_cast<float>(s.first), static_cast<float>(s.end - s.first), 0.0});
    }
    if (level.BlockCount() == 1) {
      if (d == 0) Values(&AddRow(GridRowKind::kOutput, 0, "output (one block)", p1), level.output, 1);
      Close(d, top, rows_top, level);
      return;
    }
    Values(&AddRow(GridRowKind::kBlockOutput, d, Prefix(d) + "phase 1 · block outputs", p1),
           level.block_output, unit);
    Values(&AddRow(GridRowKind::kSums, d, Prefix(d) + "phase 1 · sums", p1), level.sums,
           block_unit);
    AddLevel(d + 1);
    const GridTrace& inner = *m_levels[static_cast<size_t>(d) + 1];
    const int offsets_step = inner.BlockCount() == 1 ? StepOf(d + 1, 1) : StepOf(d + 1, 3);
    Values(&AddRow(GridRowKind::kOffsets, d,
                   Prefix(d) + (d == 0 ? "phase 2 · offsets" : "offsets"), offsets_step),
           level.Offsets(), block_unit);
    if (d == 0) {
      Values(&AddRow(GridRowKind::kOutput, 0, "phase 3 · output", StepOf(0, 3)), level.output, 1);
    }
    Close(d, top, rows_top, level);
  }

  // The level's block boundaries over its rows, and a deeper level's band.
  void Close(int d, float top, float rows_top, const GridTrace& level) {
    const long block_unit = Unit(d) * level.block_size;
    const float y0 = d == 0 ? 0.0f : rows_top, y1 = m_y - kRowGap;
    for (long b = 1; b < level.BlockCount(); ++b)
      m_scene.boundaries.push_back({d, static_cast<float>(b * block_unit), y0, y1});
    if (d == 0) return;
    m_y += kBandPad;
    const std::string n = std::to_string(level.N()), blocks = std::to_string(level.BlockCount());
    const std::string name = "level " + std::to_string(d) + ": ";
    const bool one = level.BlockCount() == 1;
    m_scene.bands.push_back({d, top, m_y - kRowGap * 0.5f, rows_top,
                             "phase 2 · " + name + "the " + n + " sums scanned " +
                                 (one ? "in one block" : "as a grid of " + blocks + " blocks"),
                             name + n + " sums, " + (one ? "one block" : blocks + " blocks")});
  }

  const GridTrace& m_grid;
  std::vector<const GridTrace*> m_levels;
  GridScene m_scene;
  float m_y = 0;
};

const char* Separator(OpKind op) { return op == OpKind::kAdd ? " + " : ", "; }

}  // namespace

const char* ToString(GridRowKind kind) {
  switch (kind) {
    case GridRowKind::kInput:
      return "input";
    case GridRowKind::kBlocks:
      return "blocks";
    case GridRowKind::kBlockOutput:
      return "block-output";
    case GridRowKind::kSums:
      return "sums";
    case GridRowKind::kOffsets:
      return "offsets";
    case GridRowKind::kOutput:
      return "output";
  }
  return "";
}

const GridRow* GridScene::FindRow(int level, GridRowKind kind) const {
  for (const GridRow& r : rows)
    if (r.level == level && r.kind == kind) return &r;
  return nullptr;
}

std::optional<GridCellRef> GridScene::CellAt(float x, float y) const {
  for (const GridRow& r : rows) {
    const float h = r.kind == GridRowKind::kBlocks ? kBlocksH : kCellH;
    if (y < r.y || y >= r.y + h) continue;
    // Cells are sorted by x: the last one starting at or before x.
    auto it = std::upper_bound(r.cells.begin(), r.cells.end(), x,
                               [](float v, const GridCell& c) { return v < c.x; });
    if (it == r.cells.begin()) return std::nullopt;
    --it;
    if (x >= it->x + it->w) return std::nullopt;
    return GridCellRef{r.level, r.kind, it->index};
  }
  return std::nullopt;
}

const GridCell* GridScene::FindCell(const GridCellRef& ref) const {
  const GridRow* row = FindRow(ref.level, ref.kind);
  if (row == nullptr || ref.index < 0 || ref.index >= static_cast<int>(row->cells.size()))
    return nullptr;
  return &row->cells[static_cast<size_t>(ref.index)];
}

GridScene BuildGridScene(const GridTrace& grid, int step) { return Builder(grid, step).Build(); }

std::vector<Span> BoundarySpans(const GridScene& scene, const GridBoundary& b, float extend) {
  std::vector<Span> spans = {{b.y0 - extend, b.y1 + extend}};
  for (const GridBand& band : scene.bands) {
    std::vector<Span> cut;
    for (const Span& s : spans) {
      if (s.y1 <= band.y0 || s.y0 >= band.title_y1) {
        cut.push_back(s);
        continue;
      }
      if (s.y0 < band.y0) cut.push_back({s.y0, band.y0});
      if (s.y1 > band.title_y1) cut.push_back({band.title_y1, s.y1});
    }
    spans = std::move(cut);
  }
  return spans;
}

Rgba GridRowFill(const Palette& pal, const GridRow& row) {
  if (!row.filled) return pal.undefined;
  switch (row.kind) {
    case GridRowKind::kInput:
      return pal.input;
    case GridRowKind::kBlocks:
      return pal.loaded;
    case GridRowKind::kBlockOutput:
      return pal.computed;
    case GridRowKind::kSums:
      return pal.added;
    case GridRowKind::kOffsets:
      return pal.seeded;
    case GridRowKind::kOutput:
      return pal.swap_added;
  }
  return pal.undefined;
}

const GridTrace* GridLevel(const GridTrace& grid, int level) {
  const std::vector<const GridTrace*> levels = GridLevels(grid);
  return level >= 0 && level < static_cast<int>(levels.size())
             ? levels[static_cast<size_t>(level)]
             : nullptr;
}

namespace {

// The cell's window of input columns, its name and its meaning in the chapters' terms; false for
// a row with no window (the blocks). `level` is the grid of the cell's level.
bool DescribeGridCell(const GridTrace& grid, const GridTrace& level, const GridCellRef& ref,
                      GridCellCheck* check) {
  long unit = 1;
  for (int d = 0; d < ref.level; ++d) unit *= grid.block_size;
  const long block_unit = unit * grid.block_size;
  const int n = grid.N();
  auto columns = [&](long first, long last_exclusive) {  // a window of input columns
    last_exclusive = std::min<long>(last_exclusive, n);
    return last_exclusive <= first
               ? EmptyWindow()
               : Range(static_cast<int>(first), static_cast<int>(last_exclusive - 1));
  };
  const int j = ref.index;
  const std::string at = '[' + std::to_string(j) + ']';
  const std::string lv = ref.level == 0 ? "" : "level " + std::to_string(ref.level) + " · ";
  switch (ref.kind) {
    case GridRowKind::kInput:
      check->window = columns(j, j + 1);
      check->name = "input" + at;
      check->meaning = "an input element";
      return true;
    case GridRowKind::kBlockOutput: {
      const int b = j / grid.block_size;
      const long first = static_cast<long>(b) * block_unit;
      const long end = (static_cast<long>(j) + (level.Inclusive() ? 1 : 0)) * unit;
      check->window = columns(first, end);
      check->name = lv + "block output" + at;
      check->meaning = std::string("block ") + std::to_string(b) + "'s own " +
                       (level.Inclusive() ? "inclusive" : "exclusive") + " scan up to it";
      return true;
    }
    case GridRowKind::kSums:
      check->window =
          columns(static_cast<long>(j) * block_unit, (static_cast<long>(j) + 1) * block_unit);
      check->name = lv + "sums" + at;
      check->meaning = "the total of block " + std::to_string(j);
      return true;
    case GridRowKind::kOffsets:
      check->window = columns(0, static_cast<long>(j) * block_unit);
      check->name = lv + "offsets" + at;
      check->meaning = j == 0 ? "nothing before block 0: the identity"
                              : "the total of blocks 0.." + std::to_string(j - 1);
      return true;
    case GridRowKind::kOutput: {
      const long end = (static_cast<long>(j) + (level.Inclusive() ? 1 : 0)) * unit;
      check->window = columns(0, end);
      check->name = lv + "output" + at;
      check->meaning = std::string("the ") + (level.Inclusive() ? "inclusive" : "exclusive") +
                       " scan of the whole prefix";
      return true;
    }
    case GridRowKind::kBlocks:
      return false;
  }
  return true;
}

// The combination of the grid's input over `window`, written out: "in[0..2]: 3 + 1 + 7 = 11",
// shortened past kMaxTerms terms.
std::string GridExpression(const GridTrace& grid, const Window& window, const std::string& result) {
  if (window.Empty()) return "identity " + result;
  std::ostringstream os;
  auto term = [&](int p) { return FormatValue(grid.type, grid.input[static_cast<size_t>(p)]); };
  const char* sep = Separator(grid.op);
  const int count = window.hi - window.lo + 1;
  if (grid.op != OpKind::kAdd) os << ToString(grid.op) << "(";
  if (count <= kMaxTerms) {
    for (int p = window.lo; p <= window.hi; ++p) os << (p > window.lo ? sep : "") << term(p);
  } else {
    os << term(window.lo) << sep << term(window.lo + 1) << sep << "…" << sep << term(window.hi);
  }
  if (grid.op != OpKind::kAdd) os << ")";
  os << " = " << result;
  std::string expression =
      "in[" + std::to_string(window.lo) + ".." + std::to_string(window.hi) + "]: " + os.str();
  if (count > kMaxTerms) expression += "  (" + std::to_string(count) + " terms)";
  return expression;
}

}  // namespace

GridCellCheck CheckGridCell(const GridTrace& grid, const GridScene& scene, const GridCellRef& ref) {
  GridCellCheck check;
  const GridRow* row = scene.FindRow(ref.level, ref.kind);
  const GridCell* cell = scene.FindCell(ref);
  const GridTrace* level = GridLevel(grid, ref.level);
  if (row == nullptr || cell == nullptr || level == nullptr || ref.kind == GridRowKind::kBlocks)
    return check;
  if (!row->filled && ref.kind != GridRowKind::kInput) return check;
  if (!DescribeGridCell(grid, *level, ref, &check)) return check;
  TraceMeta meta;  // the grid's input as one array, for the window's fold
  meta.op = grid.op;
  meta.type = grid.type;
  meta.identity = grid.identity;
  meta.n = meta.padded_n = grid.N();
  const WindowFolder folder(meta, grid.input);
  check.valid = true;
  check.stored = cell->value;
  check.expected = folder.Fold(check.window);
  check.ok = folder.Matches(check.window, check.stored);
  check.expression = GridExpression(grid, check.window, FormatValue(grid.type, check.expected));
  return check;
}

std::string GridStepTitle(const GridTrace& grid, int step) {
  const std::vector<GridStep> steps = GridSteps(grid);
  if (step < 0 || step >= static_cast<int>(steps.size())) return {};
  const GridStep s = steps[static_cast<size_t>(step)];
  const int count = static_cast<int>(GridLevels(grid).size());
  if (s.level == 0) return s.phase == 1 ? "phase 1 · block scan" : "phase 3 · add offsets";
  const std::string what = s.phase == 1 ? "block scan" : "add offsets";
  if (count == 2) return "phase 2 · sums scan (one block)";
  return "phase 2 · sums scan · level " + std::to_string(s.level) + " phase " +
         std::to_string(s.phase) + " · " + what;
}

std::string GridHeading(const GridTrace& grid, int step) {
  const int steps = static_cast<int>(GridSteps(grid).size());
  std::string h = std::string("Multi-block (") + DisplayName(grid.block_algorithm) +
                  " blocks of " + std::to_string(grid.block_size) + ", " +
                  (grid.Inclusive() ? "inclusive" : "exclusive") + ")  ·  n = " +
                  std::to_string(grid.N()) + "  ·  " + std::to_string(grid.BlockCount()) +
                  (grid.BlockCount() == 1 ? " block" : " blocks") + "  ·  step " +
                  std::to_string(step + 1) + " of " + std::to_string(steps) + ": " +
                  GridStepTitle(grid, step);
  return h;
}

}  // namespace scanviz::scene
