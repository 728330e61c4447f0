// The exported figures of the grid, the applications and the single-pass timeline, read back as
// XML from traces the simulator made: each document well-formed, holding the rows the views draw
// with their values as text (the chapters' example [3,1,7,0,4,1,6,3] in blocks of 4: sums 11 and
// 14, offsets 0 and 11; compaction of its odd elements: 3 1 7 1 3), one timeline row per tile,
// its text escaped; the theme's background or none; large inputs kept small.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "core/applications/applications.h"
#include "core/grid/grid.h"
#include "core/grid/grid_steps.h"
#include "core/grid/single_pass.h"
#include "scene/application_svg.h"
#include "scene/grid_svg.h"
#include "scene/timeline_svg.h"
#include "support/application_traces.h"
#include "support/xml_check.h"

namespace scanviz::scene {
namespace {

using scanviz::testing::KeepOdd;
using scanviz::testing::ParseXml;
using scanviz::testing::SimulatedApplication;
using scanviz::testing::TextsOf;
using scanviz::testing::XmlDocument;
using scanviz::testing::XmlNode;
using Texts = std::vector<std::string>;

const std::vector<double> kExample = {3, 1, 7, 0, 4, 1, 6, 3};

// The document parsed, with its well-formedness checked (a failure names the byte).
XmlDocument Parsed(const std::string& svg) {
  XmlDocument doc = ParseXml(svg);
  EXPECT_EQ(doc.error, "") << svg.substr(0, 2000);
  EXPECT_EQ(doc.root.name, "svg");
  return doc;
}

// The texts of the <g class="cell KIND"> groups, in document order.
Texts CellTexts(const XmlNode& root, const std::string& kind) {
  Texts out;
  for (const XmlNode* n : scanviz::testing::ByClass(root, kind))
    if (n->name == "g" && n->HasClass("cell")) out.push_back(n->AllText());
  return out;
}

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

// [SECTION] The reader itself

TEST(XmlCheck, RejectsWhatIsNotWellFormed) {
  EXPECT_EQ(ParseXml("<svg><g><text>a &amp; b</text></g></svg>\n").error, "");
  EXPECT_NE(ParseXml("<svg><g></svg>").error, "");                 // unbalanced
  EXPECT_NE(ParseXml("<svg><text>a & b</text></svg>").error, "");  // a bare '&'
  EXPECT_NE(ParseXml("<svg x=1></svg>").error, "");                // unquoted
  EXPECT_NE(ParseXml("<svg x=\"1\" x=\"2\"></svg>").error, "");    // twice
  EXPECT_NE(ParseXml("<svg></svg><svg></svg>").error, "");         // two roots
  EXPECT_NE(ParseXml("<svg><text>a < b</text></svg>").error, "");
}

// [SECTION] The multi-block scan

GridTrace Grid(std::vector<double> input, int block_size = 4) {
  GridRequest r;
  r.block_size = block_size;
  r.input = std::move(input);
  EXPECT_EQ(ValidateGridRequest(r), "");
  return SimulateGrid(r);
}

int LastStep(const GridTrace& g) {
  return static_cast<int>(GridSteps(g).size()) - 1;
}

std::string GridSvg(const GridTrace& g, int step, const GridSvgOptions& o = {}) {
  std::ostringstream os;
  WriteGridSvg(g, step, o, os);
  return os.str();
}

TEST(GridSvg, TheChaptersExampleHoldsItsSumsOffsetsAndOutputAsText) {
  const GridTrace g = Grid(kExample);
  const XmlDocument doc = Parsed(GridSvg(g, LastStep(g)));
  EXPECT_EQ(CellTexts(doc.root, "input"), (Texts{"3", "1", "7", "0", "4", "1", "6", "3"}));
  // The two blocks, then the one block a level down that scans their sums.
  EXPECT_EQ(CellTexts(doc.root, "blocks"), (Texts{"block 0", "block 1", "block 0"}));
  EXPECT_EQ(CellTexts(doc.root, "block-output"),
            (Texts{"3", "4", "11", "11", "4", "5", "11", "14"}));
  EXPECT_EQ(CellTexts(doc.root, "sums"), (Texts{"11", "14"}));
  EXPECT_EQ(CellTexts(doc.root, "offsets"), (Texts{"0", "11"}));
  EXPECT_EQ(CellTexts(doc.root, "output"), (Texts{"3", "4", "11", "11", "15", "16", "22", "25"}));
  // The rows titled with their phases, as the grid view titles them, and the heading.
  const Texts titles = TextsOf(doc.root, "row-title");
  for (const char* t : {"input", "blocks", "phase 1 · block outputs", "phase 1 · sums",
                        "phase 2 · offsets", "phase 3 · output"})
    EXPECT_NE(std::find(titles.begin(), titles.end(), t), titles.end()) << t;
  // The heading: the scan, then (on a line of its own) the step.
  const Texts heading = TextsOf(doc.root, "title");
  ASSERT_GE(heading.size(), 2u);
  EXPECT_EQ(heading.front().rfind("Multi-block (Hillis-Steele blocks of 4, inclusive)", 0), 0u);
  EXPECT_NE(std::find_if(heading.begin(), heading.end(),
                         [](const std::string& s) { return s.rfind("step 3 of 3", 0) == 0; }),
            heading.end());
  // Between the two blocks: above and below the sums scan's caption, which it does not cross.
  EXPECT_EQ(TextsOf(doc.root, "boundary").size(), 2u);
}

TEST(GridSvg, RowsNotProducedYetAreDrawnEmptyAndDotted) {
  const GridTrace g = Grid(kExample);
  const std::string svg = GridSvg(g, 0);  // phase 1: the block scans only
  const XmlDocument doc = Parsed(svg);
  EXPECT_EQ(CellTexts(doc.root, "sums"), (Texts{"11", "14"}));
  EXPECT_EQ(CellTexts(doc.root, "offsets"), (Texts{"", ""}));
  EXPECT_EQ(CellTexts(doc.root, "output"), Texts(8, ""));
  EXPECT_NE(svg.find("stroke-dasharray=\"2 4\""), std::string::npos);
  EXPECT_EQ(TextsOf(doc.root, "current").size(), 2u);  // block outputs and sums: this step's
}

TEST(GridSvg, ThemeBackgroundTransparencyAndTheSelectedCellsWindow) {
  const GridTrace g = Grid(kExample);
  GridSvgOptions dark;
  dark.theme = Theme::kDark;
  dark.selected = GridCellRef{0, GridRowKind::kSums, 1};
  const std::string svg = GridSvg(g, LastStep(g), dark);
  const XmlDocument doc = Parsed(svg);
  EXPECT_NE(svg.find("<rect width=\"100%\" height=\"100%\" fill=\"#1e2127\"/>"), std::string::npos);
  EXPECT_EQ(TextsOf(doc.root, "selection").size(), 1u);
  EXPECT_EQ(TextsOf(doc.root, "bracket").size(), 1u);
  EXPECT_EQ(TextsOf(doc.root, "caption"),
            (Texts{"sums[1]: the total of block 1  ·  in[4..7]: 4 + 1 + 6 + 3 = 14  ✓"}));

  GridSvgOptions clear;
  clear.transparent = true;
  clear.heading = false;
  const std::string bare = GridSvg(g, LastStep(g), clear);
  Parsed(bare);
  EXPECT_EQ(bare.find("<rect width=\"100%\""), std::string::npos);
  EXPECT_EQ(bare.find("class=\"title\""), std::string::npos);
}

TEST(GridSvg, ALargeGridIsRunsNotACellPerElementAndShowsTheSumsScansLevels) {
  std::vector<double> input;
  for (int i = 0; i < 4096; ++i) input.push_back((i * 7 + 3) % 10);
  const GridTrace g = Grid(input, 4);
  const std::string svg = GridSvg(g, LastStep(g));
  const XmlDocument doc = Parsed(svg);
  EXPECT_LT(svg.size(), 400000u);
  // The input's 4096 columns are a fraction of a unit each: runs, not cells; the sums a few
  // levels down are wide enough for a box each.
  EXPECT_TRUE(CellTexts(doc.root, "input").empty());
  EXPECT_EQ(Count(svg, "class=\"run input\""), 1u);
  EXPECT_LT(Count(svg, "<g class=\"cell"), 2000u);
  EXPECT_EQ(TextsOf(doc.root, "band-title").size(), TextsOf(doc.root, "band").size());
  EXPECT_GE(TextsOf(doc.root, "band").size(), 3u);  // 1024 sums, 256, 64, ...
}

// [SECTION] The applications

std::string ApplicationSvg(const ApplicationTrace& t, int step,
                           const ApplicationSvgOptions& o = {}) {
  std::ostringstream os;
  WriteApplicationSvg(t, step, o, os);
  return os.str();
}

TEST(ApplicationSvg, CompactionOfTheOddElementsHoldsTheKeptOnesAndAnArrowEach) {
  const ApplicationTrace t = SimulatedApplication(ApplicationKind::kCompact, kExample, KeepOdd());
  const XmlDocument doc = Parsed(ApplicationSvg(t, 2));
  EXPECT_EQ(CellTexts(doc.root, "input"), (Texts{"3", "1", "7", "0", "4", "1", "6", "3"}));
  EXPECT_EQ(CellTexts(doc.root, "flags"), (Texts{"1", "1", "1", "0", "0", "1", "0", "1"}));
  EXPECT_EQ(CellTexts(doc.root, "scan"), (Texts{"0", "1", "2", "3", "3", "3", "4", "4"}));
  EXPECT_EQ(CellTexts(doc.root, "output"), (Texts{"3", "1", "7", "1", "3"}));
  EXPECT_EQ(TextsOf(doc.root, "arrow").size(), 5u);
  EXPECT_EQ(TextsOf(doc.root, "row-title"), (Texts{"input", "flags", "scan", "kept"}));
  EXPECT_EQ(TextsOf(doc.root, "title").at(0).rfind("stream compaction", 0), 0u);
  EXPECT_NE(TextsOf(doc.root, "narration").at(0).find("step 3 · scatter"), std::string::npos);

  // The flag step: no scan, no output, no arrows yet.
  const XmlDocument flag = Parsed(ApplicationSvg(t, 0));
  EXPECT_EQ(TextsOf(flag.root, "row-title"), (Texts{"input", "flags"}));
  EXPECT_TRUE(TextsOf(flag.root, "arrow").empty());
}

TEST(ApplicationSvg, SplitAllocationAndALongRow) {
  const ApplicationTrace split =
      SimulatedApplication(ApplicationKind::kSplit, kExample);  // bit 0: the even ones first
  const XmlDocument s = Parsed(ApplicationSvg(split, 2));
  EXPECT_EQ(CellTexts(s.root, "bit"), (Texts{"1", "1", "1", "0", "0", "1", "0", "1"}));
  EXPECT_EQ(CellTexts(s.root, "output"), (Texts{"0", "4", "6", "3", "1", "7", "1", "3"}));
  EXPECT_EQ(TextsOf(s.root, "arrow").size(), 8u);

  const ApplicationTrace alloc = SimulatedApplication(ApplicationKind::kAllocate, kExample);
  const XmlDocument a = Parsed(ApplicationSvg(alloc, 2));
  EXPECT_EQ(TextsOf(a.root, "slice").size(), 7u);  // thread 3 asks for nothing: a tick
  EXPECT_EQ(TextsOf(a.root, "pool-size"), (Texts{"25 cells"}));

  std::vector<double> many;
  for (int i = 0; i < 1000; ++i) many.push_back(i % 3);
  ApplicationSvgOptions narrow;
  narrow.max_cells = 16;
  const std::string svg =
      ApplicationSvg(SimulatedApplication(ApplicationKind::kCompact, many), 2, narrow);
  const XmlDocument big = Parsed(svg);
  EXPECT_EQ(CellTexts(big.root, "input").size(), 16u);
  EXPECT_EQ(TextsOf(big.root, "gap").at(0), "…984");
  EXPECT_LT(svg.size(), 100000u);
}

// [SECTION] The single-pass timeline

SinglePassTrace SinglePass(int n = 32, int tile_size = 4) {
  SinglePassRequest r;
  r.tile_size = tile_size;
  const std::vector<double> first = {3, 1, 7, 0, 4, 1, 6, 3, 5, 2, 8, 1, 9, 2, 2, 2,
                                     1, 1, 1, 1, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6};
  for (int i = 0; i < n; ++i) r.input.push_back(first[static_cast<size_t>(i) % first.size()]);
  EXPECT_EQ(ValidateSinglePassRequest(r), "");
  return SimulateSinglePass(r);
}

std::string TimelineSvg(const SinglePassTrace& t, std::int64_t cursor,
                        const TimelineSvgOptions& o = {}) {
  std::ostringstream os;
  WriteTimelineSvg(t, cursor, o, os);
  return os.str();
}

TEST(TimelineSvg, ARowPerTileWithItsBarsAndTheStatusWordsAtTheCursor) {
  const SinglePassTrace t = SinglePass();
  ASSERT_EQ(t.TileCount(), 8);
  const XmlDocument doc = Parsed(TimelineSvg(t, -1));  // the end
  Texts labels;
  for (int k = 0; k < 8; ++k) labels.push_back("tile " + std::to_string(k));
  EXPECT_EQ(TextsOf(doc.root, "tile-label"), labels);
  for (const char* kind : {"scan", "look-back", "wait", "store"})
    EXPECT_FALSE(TextsOf(doc.root, kind).empty()) << kind;  // tile 2 waits on tile 1's X
  EXPECT_GT(TextsOf(doc.root, "read").size(), 0u);
  EXPECT_EQ(TextsOf(doc.root, "cursor").size(), 1u);
  // At the end every tile has published its inclusive prefix: tile 0's is 11, the last the total.
  const Texts status = TextsOf(doc.root, "status");
  ASSERT_EQ(status.size(), 8u);
  EXPECT_EQ(status[0], "P  11");
  EXPECT_EQ(status[7], "P  " + std::to_string(static_cast<int>(t.output.back())));
  EXPECT_NE(TextsOf(doc.root, "caption").at(0).find(": 8 P, 0 A, 0 X"), std::string::npos);
  // At 0 nothing has published.
  const XmlDocument start = Parsed(TimelineSvg(t, 0));
  EXPECT_EQ(TextsOf(start.root, "status"), Texts(8, "X"));
}

TEST(TimelineSvg, EscapesItsTextAndSharesRowsWhenTilesAreMany) {
  SinglePassTrace t = SinglePass();
  t.clock = "<steps> & \"ticks\"";  // a file's clock name is anyone's text
  const std::string svg = TimelineSvg(t, 3);
  const XmlDocument doc = Parsed(svg);
  EXPECT_NE(svg.find("&lt;steps&gt; &amp; &quot;ticks&quot;"), std::string::npos);
  EXPECT_NE(TextsOf(doc.root, "origin").at(0).find("<steps> & \"ticks\""), std::string::npos);

  const SinglePassTrace many = SinglePass(4096, 4);  // 1024 tiles
  TimelineSvgOptions o;
  o.max_rows = 64;
  o.theme = Theme::kHighContrast;
  const std::string big = TimelineSvg(many, -1, o);
  const XmlDocument b = Parsed(big);
  EXPECT_EQ(TextsOf(b.root, "status").size(), 64u);
  EXPECT_LE(TextsOf(b.root, "tile-label").size(), 64u);
  EXPECT_EQ(TextsOf(b.root, "tile-label").at(1), "tile 16");
  EXPECT_TRUE(TextsOf(b.root, "read").empty());  // too many to draw
  EXPECT_NE(TextsOf(b.root, "unit").at(0).find("16 tiles a row"), std::string::npos);
  EXPECT_LT(big.size(), 200000u);
}

}  // namespace
}  // namespace scanviz::scene
