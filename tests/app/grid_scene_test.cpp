// The grid view's layout without a window: the rows of the chapters' example in blocks of 4, the
// block boundaries, what each step leaves empty, each cell's invariant window (checked against
// the trace's stored values), the recursion's bands at 2^16, and the drawing's aggregation.
#include "scene/grid_scene.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "core/grid/grid.h"
#include "kinds/multi_block/grid_boxes.h"
#include "scene/palette.h"

namespace scanviz::scene {
namespace {

using K = GridRowKind;

GridTrace Example(int block_size = 4, Algorithm a = Algorithm::kHillisSteele) {
  GridRequest r;
  r.block_algorithm = a;
  r.block_size = block_size;
  r.input = {3, 1, 7, 0, 4, 1, 6, 3, 5, 2, 8, 1, 9};
  return SimulateGrid(r);
}

GridTrace Random(int n, int block_size) {
  GridRequest r;
  r.block_size = block_size;
  for (int i = 0; i < n; ++i) r.input.push_back((i * 7 + 3) % 10);
  return SimulateGrid(r);
}

std::vector<double> RowValues(const GridScene& sc, int level, K kind) {
  std::vector<double> v;
  for (const GridCell& c : sc.FindRow(level, kind)->cells) v.push_back(c.value);
  return v;
}

TEST(GridScene, TheChaptersExampleHasItsRowsInOrder) {
  const GridTrace g = Example();
  const GridScene sc = BuildGridScene(g, 2);
  std::vector<std::pair<int, K>> rows;
  for (const GridRow& r : sc.rows) rows.push_back({r.level, r.kind});
  const std::vector<std::pair<int, K>> want = {{0, K::kInput},   {0, K::kBlocks},
                                               {0, K::kBlockOutput}, {0, K::kSums},
                                               {1, K::kBlocks},  {0, K::kOffsets},
                                               {0, K::kOutput}};
  EXPECT_EQ(rows, want);
  EXPECT_EQ(RowValues(sc, 0, K::kBlockOutput),
            (std::vector<double>{3, 4, 11, 11, 4, 5, 11, 14, 5, 7, 15, 16, 9}));
  EXPECT_EQ(RowValues(sc, 0, K::kSums), (std::vector<double>{11, 14, 16, 9}));
  EXPECT_EQ(RowValues(sc, 0, K::kOffsets), (std::vector<double>{0, 11, 25, 41}));
  EXPECT_EQ(RowValues(sc, 0, K::kOutput),
            (std::vector<double>{3, 4, 11, 11, 15, 16, 22, 25, 30, 32, 40, 41, 50}));
  // A block spans its elements, the last one the element it holds; a sum spans its block.
  const GridRow& blocks = *sc.FindRow(0, K::kBlocks);
  ASSERT_EQ(blocks.cells.size(), 4u);
  EXPECT_EQ(blocks.cells[3].x, 12);
  EXPECT_EQ(blocks.cells[3].w, 1);
  EXPECT_EQ(sc.FindRow(0, K::kSums)->cells[1].x, 4);
  EXPECT_EQ(sc.FindRow(0, K::kSums)->cells[1].w, 4);
  // The boundaries between the level-0 blocks, through every row.
  std::vector<float> xs;
  for (const GridBoundary& b : sc.boundaries)
    if (b.level == 0) xs.push_back(b.x);
  EXPECT_EQ(xs, (std::vector<float>{4, 8, 12}));
  EXPECT_EQ(sc.bands.size(), 1u);
  EXPECT_EQ(sc.steps.size(), 3u);
}

TEST(GridScene, NoBoundaryCrossesABandsTitle) {
  // Issue #26 item 20: the level-0 boundaries ran through the sums scan's band and its caption.
  const GridScene sc = BuildGridScene(Example(), 2);
  ASSERT_EQ(sc.bands.size(), 1u);
  const GridBand& band = sc.bands[0];
  EXPECT_GT(band.title_y1, band.y0);
  EXPECT_EQ(band.title, "phase 2 · level 1: the 4 sums scanned in one block");
  EXPECT_EQ(band.short_title, "level 1: 4 sums, one block");
  for (const GridBoundary& b : sc.boundaries) {
    const std::vector<Span> spans = BoundarySpans(sc, b, 0.15f);
    ASSERT_EQ(spans.size(), 2u) << "the boundary at " << b.x;
    EXPECT_EQ(spans[0].y0, b.y0 - 0.15f);
    EXPECT_EQ(spans[0].y1, band.y0);
    EXPECT_EQ(spans[1].y0, band.title_y1);
    EXPECT_EQ(spans[1].y1, b.y1 + 0.15f);
  }
  // Seven bands deep at 2^16: no span of any boundary meets any band's title strip.
  const GridScene deep = BuildGridScene(Random(1 << 16, 4), 0);
  for (const GridBoundary& b : deep.boundaries)
    for (const Span& s : BoundarySpans(deep, b, 0.15f))
      for (const GridBand& t : deep.bands)
        EXPECT_TRUE(s.y1 <= t.y0 || s.y0 >= t.title_y1) << "level " << b.level << " at " << b.x;
}

TEST(GridScene, EachStepFillsItsRowsAndLeavesLaterOnesEmpty) {
  const GridTrace g = Example();
  // [step] -> rows filled: block outputs and sums at phase 1, offsets at 2, output at 3.
  const std::vector<std::vector<K>> filled = {
      {K::kInput, K::kBlocks, K::kBlockOutput, K::kSums},
      {K::kInput, K::kBlocks, K::kBlockOutput, K::kSums, K::kOffsets},
      {K::kInput, K::kBlocks, K::kBlockOutput, K::kSums, K::kOffsets, K::kOutput}};
  // The blocks row is lit while its blocks scan (phase 1).
  const std::vector<K> current[] = {
      {K::kBlocks, K::kBlockOutput, K::kSums}, {K::kOffsets}, {K::kOutput}};
  for (int step = 0; step < 3; ++step) {
    const GridScene sc = BuildGridScene(g, step);
    for (const GridRow& r : sc.rows) {
      if (r.level != 0) continue;
      const bool want = std::find(filled[step].begin(), filled[step].end(), r.kind) !=
                        filled[step].end();
      EXPECT_EQ(r.filled, want) << "step " << step << " row " << r.title;
      const bool now = std::find(current[step].begin(), current[step].end(), r.kind) !=
                       current[step].end();
      EXPECT_EQ(r.emphasis == Emphasis::kCurrent, now) << "step " << step << " row " << r.title;
    }
  }
  // An empty row has no check to show.
  EXPECT_FALSE(CheckGridCell(g, BuildGridScene(g, 0), {0, K::kOutput, 3}).valid);
  EXPECT_TRUE(CheckGridCell(g, BuildGridScene(g, 2), {0, K::kOutput, 3}).valid);
}

TEST(GridScene, EachCellHasTheChaptersWindow) {
  const GridTrace g = Example();
  const GridScene sc = BuildGridScene(g, 2);
  struct Case {
    GridCellRef cell;
    int lo, hi;
    double value;
  };
  const Case cases[] = {
      {{0, K::kBlockOutput, 6}, 4, 6, 11},  // block 1's own scan up to element 6
      {{0, K::kSums, 1}, 4, 7, 14},         // the total of block 1
      {{0, K::kOffsets, 2}, 0, 7, 25},      // blocks 0 and 1
      {{0, K::kOutput, 6}, 0, 6, 22},       // the whole prefix
      {{0, K::kSums, 3}, 12, 12, 9},        // the last block holds one element
  };
  for (const Case& c : cases) {
    const GridCellCheck check = CheckGridCell(g, sc, c.cell);
    ASSERT_TRUE(check.valid) << check.name;
    EXPECT_EQ(check.window.lo, c.lo) << check.name;
    EXPECT_EQ(check.window.hi, c.hi) << check.name;
    EXPECT_EQ(check.expected, c.value) << check.name;
    EXPECT_EQ(check.stored, c.value) << check.name;
    EXPECT_TRUE(check.ok) << check.name;
  }
  const GridCellCheck first = CheckGridCell(g, sc, {0, K::kOffsets, 0});
  EXPECT_TRUE(first.window.Empty());
  EXPECT_TRUE(first.ok);
  // Blelloch's exclusive blocks: the block output excludes its own element.
  const GridTrace b = Example(4, Algorithm::kBlelloch);
  const GridCellCheck ex = CheckGridCell(b, BuildGridScene(b, 2), {0, K::kBlockOutput, 6});
  EXPECT_EQ(ex.window.lo, 4);
  EXPECT_EQ(ex.window.hi, 5);
  EXPECT_TRUE(ex.ok);
}

TEST(GridScene, TheCheckReadsTheTracesValue) {
  GridTrace g = Example();
  g.output[6] = 21;  // a wrong value in the trace must show as wrong
  const GridCellCheck check = CheckGridCell(g, BuildGridScene(g, 2), {0, K::kOutput, 6});
  EXPECT_EQ(check.stored, 21);
  EXPECT_EQ(check.expected, 22);
  EXPECT_FALSE(check.ok);
}

TEST(GridScene, TheSumsOfALargeGridAreScannedLevelByLevel) {
  const GridTrace g = Random(1 << 16, 4);  // 16384 blocks: 8 levels
  const GridScene sc = BuildGridScene(g, 0);
  EXPECT_EQ(sc.steps.size(), 15u);
  EXPECT_EQ(sc.bands.size(), 7u);
  // Level 1's block outputs: one element per level-0 block, each spanning 4 columns.
  const GridRow& l1 = *sc.FindRow(1, K::kBlockOutput);
  EXPECT_EQ(l1.cells.size(), 16384u);
  EXPECT_EQ(l1.cells[5].x, 20);
  EXPECT_EQ(l1.cells[5].w, 4);
  EXPECT_FALSE(l1.filled);  // step 0 is level 0's phase 1
  const GridScene last = BuildGridScene(g, 14);
  const GridCellCheck c = CheckGridCell(g, last, {2, K::kOffsets, 3});  // blocks 0..2 of level 2
  ASSERT_TRUE(c.valid);
  EXPECT_EQ(c.window.lo, 0);
  EXPECT_EQ(c.window.hi, 3 * 64 - 1);
  EXPECT_TRUE(c.ok);
  EXPECT_TRUE(CheckGridCell(g, last, {0, K::kOutput, 65535}).ok);
}

// The drawing at 2^16 fitted to a window: a bounded number of boxes however many cells; zoomed
// in, every visible value is written.
TEST(GridBoxes, TwoToTheSixteenIsAFewRunsPerRowAndZoomShowsEveryValue) {
  const Palette pal = MakePalette(Theme::kDark);
  for (int block : {1024, 4}) {
    const GridTrace g = Random(1 << 16, block);
    const GridScene sc = BuildGridScene(g, static_cast<int>(GridSteps(g).size()) - 1);
    GridGeometry fit;
    fit.sx = 1000.0f / 65536;
    fit.sy = 20;
    fit.ox = 100;
    fit.clip_w = 1200;
    fit.clip_h = 20 * sc.height + 100;
    fit.text_w = 16;
    const GridDrawList list = BuildGridBoxes(sc, ElementType::kInt32, fit, pal, std::nullopt);
    EXPECT_GT(list.cells_placed, 3 * 65536) << block;
    // Runs: a few per row; boxes: only cells at least 4 points wide, so a row holds at most the
    // window's width / 4 of them, however many cells it has.
    EXPECT_LE(list.dense.size(), 8 * sc.rows.size()) << block;
    for (const BoxInstance& b : list.boxes) EXPECT_GE(b.w, 4.0f) << block;
    EXPECT_LE(list.boxes.size() + list.dense.size(), 400u) << block;
    for (const GridText& t : list.texts) EXPECT_GE(t.w, fit.text_w) << t.text;

    GridGeometry zoom = fit;
    zoom.sx = 40;  // 40 points a column: 30 columns on screen
    zoom.ox = 100 - 40 * 30000;
    const GridDrawList near = BuildGridBoxes(sc, ElementType::kInt32, zoom, pal, std::nullopt);
    const GridRow& out = *sc.FindRow(0, K::kOutput);
    int shown = 0;
    for (const GridText& t : near.texts)
      if (t.y == zoom.oy + out.y * zoom.sy) {
        ++shown;
        const int index = static_cast<int>(std::lround((t.x - zoom.ox) / zoom.sx));
        EXPECT_EQ(t.text, std::to_string(static_cast<long>(g.output[static_cast<size_t>(index)])));
      }
    EXPECT_GE(shown, 29) << block;
    EXPECT_LE(shown, 32) << block;
  }
}

// A row of cells narrower than a few pixels is drawn as the pixels its cells touch, one by one
// (DenseRows::Add's rule), whether the row is merged cell by cell or as one span.
TEST(GridBoxes, ADenseRowCoversTheSamePixelsAsItsCellsOneByOne) {
  const Palette pal = MakePalette(Theme::kDark);
  for (int block : {1024, 4}) {
    const GridTrace g = Random(1 << 16, block);
    const GridScene sc = BuildGridScene(g, static_cast<int>(GridSteps(g).size()) - 1);
    for (const float ox : {100.0f, -333.3f}) {
      GridGeometry geo;
      geo.sx = 1777.0f / 65536;
      geo.sy = 20;
      geo.ox = ox;
      geo.clip_x = 100;
      geo.clip_w = 1200;
      geo.clip_h = 20 * sc.height + 100;
      geo.text_w = 16;
      const GridDrawList list = BuildGridBoxes(sc, ElementType::kInt32, geo, pal, std::nullopt);
      const float u0 = (geo.clip_x - geo.ox) / geo.sx,
                  u1 = (geo.clip_x + geo.clip_w - geo.ox) / geo.sx;
      int rows = 0;
      for (const GridRow& row : sc.rows) {
        const float y = geo.oy + row.y * geo.sy;
        std::set<long> want, got;
        for (const GridCell& c : row.cells) {
          if (c.x + c.w <= u0 || c.x > u1 || c.w * geo.sx >= 4.0f) continue;
          const float a = geo.ox + c.x * geo.sx, b = a + c.w * geo.sx;
          const long first = static_cast<long>(std::floor(a + 1e-3f));
          const long last = std::max(first + 1, static_cast<long>(std::ceil(b - 1e-3f)));
          for (long p = first; p < last; ++p) want.insert(p);
        }
        if (want.empty()) continue;
        for (const BoxInstance& r : list.dense)
          if (r.y == y)
            for (long p = std::lround(r.x); p < std::lround(r.x + r.w); ++p) got.insert(p);
        EXPECT_EQ(got, want) << row.title << " B=" << block << " ox=" << ox;
        ++rows;
      }
      EXPECT_GE(rows, 3) << block;
    }
  }
}

}  // namespace
}  // namespace scanviz::scene

#include <algorithm>

#include "core/grid/grid_steps.h"
#include "teach/grid_teach.h"

namespace scanviz::teach {
namespace {

// The code tab's listing is the grid's loop as built, and each step lights its own phase's lines.
TEST(GridTeach, EachStepLightsItsPhasesLinesAndIsToldWithTheTracesValues) {
  GridRequest r;
  r.block_size = 4;
  r.input = {3, 1, 7, 0, 4, 1, 6, 3, 5, 2, 8, 1, 9};
  const GridTrace g = SimulateGrid(r);
  const CodeListing listing = GridListing();
  ASSERT_FALSE(listing.lines.empty()) << "the [kernel:multi-block] markers are missing";
  auto lit_text = [&](int step) {
    std::string text;
    for (int i : GridHighlightedLines(listing, g, step))
      text += listing.lines[static_cast<size_t>(i)].text + "\n";
    return text;
  };
  EXPECT_NE(lit_text(0).find("exec.ScanBlocks"), std::string::npos) << lit_text(0);
  EXPECT_EQ(lit_text(0).find("AddOffsets"), std::string::npos) << lit_text(0);
  EXPECT_NE(lit_text(1).find("Run(exec, sums"), std::string::npos) << lit_text(1);
  EXPECT_NE(lit_text(2).find("exec.AddOffsets"), std::string::npos) << lit_text(2);
  EXPECT_EQ(lit_text(2).find("ScanBlocks"), std::string::npos) << lit_text(2);
  // The narration quotes the trace: block 1's scan, the offsets, element 7's sum.
  auto told = [&](int step) {
    std::string text;
    for (const std::string& p : NarrateGridStep(g, step).paragraphs) text += p + "\n";
    return text;
  };
  EXPECT_NE(told(0).find("[4, 1, 6, 3] becomes [4, 5, 11, 14]"), std::string::npos) << told(0);
  EXPECT_NE(told(1).find("offsets = [0, 11, 25, 41]"), std::string::npos) << told(1);
  EXPECT_NE(told(2).find("= 11 + 14 = 25"), std::string::npos) << told(2);
}

// The narration's numbers, recomputed here from the trace, whether n is a multiple of the block
// size or not (n = 4, 8, 12, 16 and 5, 13, 17 with B = 4): the block count, the last block's
// size (told only when it is short), the one-block case, phase 3's worked element and phase 2's
// offsets[b].
TEST(GridTeach, TheNarrationsNumbersHoldWhetherOrNotTheBlockSizeDividesN) {
  for (int n : {4, 8, 12, 16, 5, 13, 17}) {
    GridRequest r;
    r.block_size = 4;
    for (int i = 0; i < n; ++i) r.input.push_back((i * 7) % 5 + 1);
    const GridTrace g = SimulateGrid(r);
    auto told = [&](int step) {
      std::string text;
      for (const std::string& p : NarrateGridStep(g, step).paragraphs) text += p + "\n";
      return text;
    };
    const int blocks = (n + 3) / 4, last = n - 4 * (blocks - 1);
    ASSERT_EQ(g.BlockCount(), blocks) << n;
    std::string cut = "The " + std::to_string(n) + " elements are cut into " +
                      std::to_string(blocks) + (blocks == 1 ? " block" : " blocks") + " of 4";
    if (n % 4 != 0) cut += " (the last holds " + std::to_string(last) + ")";
    // One block is not cut (issue #37): it is filled, or holds fewer elements than its size.
    if (blocks == 1) cut = "The " + std::to_string(n) + " elements fill one block of 4";
    EXPECT_NE(told(0).find(cut + ". Each block"), std::string::npos) << n << ": " << told(0);
    if (blocks == 1) {
      EXPECT_NE(told(0).find("One block holds the whole input"), std::string::npos) << told(0);
      EXPECT_EQ(told(0).find("sums["), std::string::npos) << told(0);
      continue;
    }
    EXPECT_EQ(told(0).find("One block holds"), std::string::npos) << n << ": " << told(0);
    // Block 1's last element (i), whole or short: offsets[1] is block 0's total.
    const int i = std::min(n, 8) - 1;
    double block0 = 0, prefix = 0, block1 = 0;
    for (int k = 0; k <= i; ++k) {
      (k < 4 ? block0 : block1) += r.input[static_cast<size_t>(k)];
      prefix += r.input[static_cast<size_t>(k)];
    }
    const std::string worked =
        "Element " + std::to_string(i) + " of block 1: offsets[1] + block output[" +
        std::to_string(i) + "] = " + FormatValue(g.type, block0) + " + " +
        FormatValue(g.type, block1) + " = " + FormatValue(g.type, prefix) + ".";
    const int phase3 = static_cast<int>(GridSteps(g).size()) - 1;
    EXPECT_NE(told(phase3).find(worked), std::string::npos) << n << ": " << told(phase3);
    // Phase 2 (one block of sums): offsets[b] (b = 2 past two blocks) totals the blocks before b.
    if (GridLevels(g).size() != 2) continue;
    const int b = blocks > 2 ? 2 : 1;
    double before = 0;
    for (int k = 0; k < 4 * b; ++k) before += r.input[static_cast<size_t>(k)];
    const std::string offsets = "offsets[" + std::to_string(b) + "] = ";
    const size_t at = told(1).find(offsets);
    ASSERT_NE(at, std::string::npos) << n << ": " << told(1);
    const std::string rest = told(1).substr(at);
    EXPECT_NE(rest.find(" = " + FormatValue(g.type, before) + ". Block 0"), std::string::npos)
        << n << ": " << told(1);
  }
}

}  // namespace
}  // namespace scanviz::teach
