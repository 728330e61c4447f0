// The scene for the chapters' worked example [3,1,7,0,4,1,6,3], round by round, without GL.
#include "scene/scene.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <set>
#include <sstream>
#include <utility>

#include "core/registry.h"
#include "core/simulator.h"
#include "scene/palette.h"
#include "scene/svg.h"
#include "scene/svg_doc.h"
#include "support/broken_traces.h"

namespace scanviz::scene {
namespace {

const std::vector<double> kExample = {3, 1, 7, 0, 4, 1, 6, 3};

Trace MakeTrace(Algorithm a, std::vector<double> input = kExample) {
  ScanRequest r;
  r.algorithm = a;
  r.input = std::move(input);
  return Simulate(r);
}

struct Built {
  Trace trace;
  TraceAnalysis analysis;
  Scene scene;
};

Built Build(Algorithm a, ViewOptions o, std::vector<double> input = kExample) {
  Built b;
  b.trace = MakeTrace(a, std::move(input));
  b.analysis = Analyze(b.trace);
  b.scene = BuildScene(b.trace, b.analysis, o);
  return b;
}

int CellAt(float x) {
  return static_cast<int>(x / kCellW);
}

// Arrows of one round as (from, to) position pairs.
std::set<std::pair<int, int>> ArrowsOf(const Scene& s, int round) {
  std::set<std::pair<int, int>> out;
  for (const Arrow& a : s.arrows) {
    if (a.round == round) out.insert({CellAt(a.x0), CellAt(a.x1)});
  }
  return out;
}

TEST(Scene, BlellochUpSweep1DashedAtOddPositionsWithArrows) {
  ViewOptions o;
  o.current_round = 1;
  Built b = Build(Algorithm::kBlelloch, o);
  for (int i = 0; i < 8; ++i) {
    const Box* box = b.scene.FindBox({1, 0, i});
    ASSERT_NE(box, nullptr) << i;
    if (i % 2 == 1) {
      EXPECT_EQ(box->style, BoxStyle::kDashed) << i;
      EXPECT_EQ(box->cls, CellClass::kAdded) << i;
      EXPECT_FALSE(box->idle);
    } else {
      EXPECT_EQ(box->style, BoxStyle::kDotted) << i;
      EXPECT_TRUE(box->idle);
    }
    EXPECT_EQ(box->emphasis, Emphasis::kCurrent);
  }
  EXPECT_EQ(b.scene.FindBox({1, 0, 1})->text, "4");
  EXPECT_EQ(b.scene.FindBox({1, 0, 7})->text, "9");
  std::set<std::pair<int, int>> expected = {{0, 1}, {1, 1}, {2, 3}, {3, 3},
                                            {4, 5}, {5, 5}, {6, 7}, {7, 7}};
  EXPECT_EQ(ArrowsOf(b.scene, 1), expected);
  // The load round is in the past; no later round is drawn.
  EXPECT_EQ(b.scene.FindBox({0, 0, 0})->emphasis, Emphasis::kPast);
  EXPECT_EQ(b.scene.FindBox({2, 0, 0}), nullptr);
}

TEST(Scene, HillisSteeleRound1CopiesPosition0AndComputesTheRest) {
  ViewOptions o;
  o.current_round = 1;
  Built b = Build(Algorithm::kHillisSteele, o);
  // Round 1 reads buf[0] (pin) and writes buf[1] (pout).
  for (int i = 0; i < 8; ++i) {
    const Box* pin = b.scene.FindBox({1, 0, i});
    const Box* pout = b.scene.FindBox({1, 1, i});
    ASSERT_NE(pin, nullptr);
    ASSERT_NE(pout, nullptr);
    EXPECT_EQ(pin->style, BoxStyle::kDotted);
    if (i == 0) {
      EXPECT_EQ(pout->cls, CellClass::kCopied);
      EXPECT_EQ(pout->style, BoxStyle::kDashed);
      EXPECT_EQ(pout->hs_case, 3);
    } else {
      EXPECT_EQ(pout->cls, CellClass::kComputed);
      EXPECT_EQ(pout->style, BoxStyle::kSolid);
      EXPECT_EQ(pout->hs_case, 1);
    }
  }
  EXPECT_EQ(b.scene.FindBox({1, 1, 2})->text, "8");  // 1 + 7
  EXPECT_LT(b.scene.FindBox({1, 0, 0})->rect.y, b.scene.FindBox({1, 1, 0})->rect.y);
  std::set<std::pair<int, int>> arrows = ArrowsOf(b.scene, 1);
  EXPECT_EQ(arrows.size(), 15u);
  EXPECT_TRUE(arrows.count({0, 0}));
  for (int i = 1; i < 8; ++i) {
    EXPECT_TRUE(arrows.count({i - 1, i})) << i;
    EXPECT_TRUE(arrows.count({i, i})) << i;
  }
  // Round 0: buf[1] is still undefined.
  EXPECT_EQ(b.scene.FindBox({0, 1, 3})->text, "?");
  EXPECT_EQ(b.scene.FindBox({0, 1, 3})->style, BoxStyle::kNone);
}

TEST(Scene, HillisSteeleRound3CasesAndResult) {
  ViewOptions o;
  o.current_round = 3;
  Built b = Build(Algorithm::kHillisSteele, o);
  // Round 3: pin buf[0], pout buf[1]. Case 3 at 0..3, Case 2 at 4..6, Case 1 at 7.
  const int expected_case[8] = {3, 3, 3, 3, 2, 2, 2, 1};
  const char* values[8] = {"3", "4", "11", "11", "15", "16", "22", "25"};
  for (int i = 0; i < 8; ++i) {
    const Box* box = b.scene.FindBox({3, 1, i});
    ASSERT_NE(box, nullptr);
    EXPECT_EQ(box->hs_case, expected_case[i]) << i;
    EXPECT_EQ(box->text, values[i]) << i;
    EXPECT_EQ(box->style, i < 4 ? BoxStyle::kDashed : BoxStyle::kSolid) << i;
  }
  // Every round 0..3 is visible (two rows each) under the input row.
  EXPECT_EQ(b.scene.rows.size(), 1u + 4 * 2);
}

TEST(Scene, BlellochDownSweepSwapAddArrowsAndFinalRow) {
  ViewOptions o;
  o.current_round = 5;  // down-sweep 1, stride 4: the pair (3, 7)
  Built b = Build(Algorithm::kBlelloch, o);
  std::set<std::pair<int, int>> expected = {{7, 3}, {3, 7}, {7, 7}};
  EXPECT_EQ(ArrowsOf(b.scene, 5), expected);
  EXPECT_EQ(b.scene.FindBox({5, 0, 3})->style, BoxStyle::kSolid);
  EXPECT_EQ(b.scene.FindBox({5, 0, 3})->text, "0");
  EXPECT_EQ(b.scene.FindBox({5, 0, 7})->text, "11");
  EXPECT_EQ(b.scene.FindBox({4, 0, 7})->cls, CellClass::kSeeded);

  o.current_round = 7;
  b = Build(Algorithm::kBlelloch, o);
  const char* exclusive[8] = {"0", "3", "4", "11", "11", "15", "16", "22"};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(b.scene.FindBox({7, 0, i})->text, exclusive[i]);
}

TEST(Scene, BlellochPaddingIsMarked) {
  ViewOptions o;
  o.current_round = 0;
  Built b = Build(Algorithm::kBlelloch, o, {3, 1, 7, 0, 4, 1, 6});
  EXPECT_TRUE(b.scene.FindBox({0, 0, 7})->padding);
  EXPECT_FALSE(b.scene.FindBox({0, 0, 6})->padding);
  EXPECT_EQ(b.scene.FindBox({kInputRound, 0, 7}), nullptr);  // the input has 7 cells
  EXPECT_EQ(b.scene.columns, 8);
}

TEST(Scene, OnlyCurrentShowsTheRoundAndWhatItRead) {
  ViewOptions o;
  o.current_round = 2;
  o.only_current = true;
  Built b = Build(Algorithm::kBlelloch, o);
  EXPECT_EQ(b.scene.rows.size(), 3u);  // input, round 1 (read), round 2
  EXPECT_EQ(b.scene.FindBox({0, 0, 0}), nullptr);
  EXPECT_NE(b.scene.FindBox({1, 0, 0}), nullptr);
  EXPECT_NE(b.scene.FindBox({2, 0, 0}), nullptr);
  for (const Arrow& a : b.scene.arrows) EXPECT_EQ(a.round, 2);
}

TEST(Scene, SelectedCellGetsABracketOverItsWindowAndACheck) {
  ViewOptions o;
  o.current_round = 2;
  o.selected = CellRef{2, 0, 3};  // HS round 2 writes buf[0]; position 3 holds in[0..3] = 11
  Built b = Build(Algorithm::kHillisSteele, o);
  ASSERT_EQ(b.scene.brackets.size(), 1u);
  EXPECT_FLOAT_EQ(b.scene.brackets[0].x0, 0.0f);
  EXPECT_FLOAT_EQ(b.scene.brackets[0].x1, 4.0f);
  CellCheck c = CheckCell(b.trace, b.analysis, {2, 0, 3});
  EXPECT_TRUE(c.valid);
  EXPECT_TRUE(c.ok);
  EXPECT_EQ(c.expected, 11);
  EXPECT_EQ(c.expression, "in[0..3]: 3 + 1 + 7 + 0 = 11");
  // Blelloch's exclusive prefix of position 0: the empty window, the identity.
  Built bl =
      Build(Algorithm::kBlelloch, ViewOptions{7, false, false, false, {}, {}, false, nullptr});
  CellCheck e = CheckCell(bl.trace, bl.analysis, {7, 0, 0});
  EXPECT_TRUE(e.valid && e.ok && e.window.Empty());
  // An undefined cell has nothing to check.
  EXPECT_FALSE(CheckCell(b.trace, b.analysis, {0, 1, 0}).valid);
}

TEST(Scene, NoBracketForACellTheFigureDoesNotShow) {
  ViewOptions o;
  o.selected = CellRef{2, 0, 3};
  o.current_round = 1;  // stepped back before round 2 wrote it
  EXPECT_TRUE(Build(Algorithm::kHillisSteele, o).scene.brackets.empty());
  o.current_round = 3;
  o.only_current = true;  // round 2 is hidden
  EXPECT_TRUE(Build(Algorithm::kHillisSteele, o).scene.brackets.empty());
  o.only_current = false;
  EXPECT_EQ(Build(Algorithm::kHillisSteele, o).scene.brackets.size(), 1u);
  o.selected = CellRef{kInputRound, 0, 2};  // the input row is always shown
  o.current_round = 0;
  EXPECT_EQ(Build(Algorithm::kHillisSteele, o).scene.brackets.size(), 1u);
}

TEST(Scene, CompactValuesAreShorterAndSayTheSame) {
  EXPECT_EQ(CompactValue(ElementType::kInt32, -2147483648.0), "−2³¹");
  EXPECT_EQ(CompactValue(ElementType::kInt32, 2147483647.0), "2³¹−1");
  EXPECT_EQ(CompactValue(ElementType::kInt32, 123456789), "1.2e8");
  EXPECT_EQ(CompactValue(ElementType::kInt32, -1000000000), "-1.0e9");
  EXPECT_EQ(CompactValue(ElementType::kInt32, 999999), "1.0e6");  // 9.99999 rounds up a decade
  EXPECT_EQ(CompactValue(ElementType::kInt32, 99999), "");  // 1.0e5 is no shorter
  EXPECT_EQ(CompactValue(ElementType::kInt32, 42), "");            // nothing shorter
  EXPECT_EQ(CompactValue(ElementType::kFloat32, std::numeric_limits<double>::infinity()), "∞");
  EXPECT_EQ(CompactValue(ElementType::kFloat32, -std::numeric_limits<double>::infinity()), "−∞");
  EXPECT_EQ(CompactValue(ElementType::kFloat32, static_cast<float>(1.0f / 3.0f)), "0.333");
  EXPECT_EQ(CompactValue(ElementType::kFloat32, 0.5), "");
  EXPECT_EQ(CompactValue(ElementType::kFloat32, 0.000123), "1.2e-4");
  // Below 1e4 the short form is plain decimals, as the full one is: 1000.25 is "1000", not
  // "1e+03" (%.3g's), and 999.75 is "1000" too.
  EXPECT_EQ(CompactValue(ElementType::kFloat32, 1000.25), "1000");
  EXPECT_EQ(CompactValue(ElementType::kFloat32, 999.75), "1000");
  EXPECT_EQ(CompactValue(ElementType::kFloat32, 1107.25), "1107");
  for (double v = 0.001; v < 1e4; v *= 1.37)
    EXPECT_EQ(CompactValue(ElementType::kFloat32, static_cast<float>(v) + 0.0625).find('e'),
              std::string::npos)
        << v;
}

// Issue #26 item 15: float32 values as long as 3e+38 ran over their cells' borders (the app's
// figure and its SVG): each cell's <text> now fits inside its <rect>, by svg_doc.h's estimate.
TEST(Scene, SvgValuesStayInsideTheirCells) {
  ScanRequest r;
  r.type = ElementType::kFloat32;
  r.input = {3e38, 3e38, 1, 2, 3, 4, 5, 6};
  const Trace trace = Simulate(r);
  const TraceAnalysis analysis = Analyze(trace);
  ViewOptions o;
  o.current_round = 3;
  std::ostringstream os;
  WriteSvg(BuildScene(trace, analysis, o), os);
  const std::string svg = os.str();
  auto attribute = [](const std::string& tag, const std::string& name) {
    const size_t at = tag.find(" " + name + "=\"");
    return at == std::string::npos ? -1.0f : std::stof(tag.substr(at + name.size() + 3));
  };
  int values = 0, long_values = 0;
  for (size_t g = svg.find("<g class=\"cell"); g != std::string::npos;
       g = svg.find("<g class=\"cell", g + 1)) {
    const std::string cell = svg.substr(g, svg.find("</g>", g) - g);
    const size_t text = cell.find("<text");
    if (text == std::string::npos) continue;
    const float width = attribute(cell.substr(cell.find("<rect")), "width");
    const float px = attribute(cell.substr(text), "font-size");
    const size_t open = cell.find('>', text) + 1;
    const std::string value = cell.substr(open, cell.find("</text>", open) - open);
    ++values;
    if (value.find("e") != std::string::npos || value == "inf") ++long_values;
    EXPECT_LE(svg::TextWidth(value, px), width - 4) << value << " at " << px << " in " << width;
  }
  EXPECT_GT(values, 40);
  EXPECT_GT(long_values, 8);
}

TEST(Scene, BoxAtFindsTheCellUnderAPoint) {
  ViewOptions o;
  o.current_round = 1;
  Built b = Build(Algorithm::kBlelloch, o);
  const Box* box = b.scene.FindBox({1, 0, 5});
  const Box* hit =
      b.scene.BoxAt(box->rect.x + 0.5f * box->rect.w, box->rect.y + 0.5f * box->rect.h);
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(hit->cell, (CellRef{1, 0, 5}));
  EXPECT_EQ(b.scene.BoxAt(-5, -5), nullptr);
}

TEST(Scene, SvgHasEveryBoxWithItsDashPattern) {
  ViewOptions o;
  o.current_round = 1;
  Built b = Build(Algorithm::kBlelloch, o);
  std::ostringstream os;
  WriteSvg(b.scene, os);
  const std::string svg = os.str();
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  size_t cells = 0;
  for (size_t p = svg.find("<g class=\"cell"); p != std::string::npos;
       p = svg.find("<g class=\"cell", p + 1)) {
    ++cells;
  }
  EXPECT_EQ(cells, b.scene.boxes.size());
  EXPECT_NE(svg.find("class=\"cell add\" data-round=\"1\" data-buffer=\"0\" data-pos=\"1\"><rect"),
            std::string::npos);
  EXPECT_NE(svg.find("stroke-dasharray=\"8 5\""), std::string::npos);  // dashed
  EXPECT_NE(svg.find("stroke-dasharray=\"2 4\""), std::string::npos);  // dotted
  EXPECT_NE(svg.find("up-sweep round 1 · stride 1"), std::string::npos);
}

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

// Issue #37 item 13: the app draws the current round's arrows in their own colour (yellow on the
// dark theme) and the SVG drew them as every other round's. Every algorithm, every round, every
// theme: the SVG's current arrows are exactly the scene's current round's, in arrow_current.
TEST(Scene, SvgDrawsTheCurrentRoundsArrowsInTheirColour) {
  int checked = 0;
  for (const AlgorithmInfo* a : Algorithms()) {
    const Trace trace = MakeTrace(a->id);
    const TraceAnalysis analysis = Analyze(trace);
    for (int round = 0; round < static_cast<int>(trace.rounds.size()); ++round) {
      ViewOptions o;
      o.current_round = round;
      const Scene scene = BuildScene(trace, analysis, o);
      size_t current = 0;
      for (const Arrow& arrow : scene.arrows) current += arrow.emphasis == Emphasis::kCurrent;
      for (Theme theme : {Theme::kDark, Theme::kLight, Theme::kHighContrast}) {
        SvgOptions look;
        look.theme = theme;
        std::ostringstream os;
        WriteSvg({{&scene, "", std::nullopt}}, look, os);
        const std::string svg = os.str();
        const std::string yellow =
            "stroke=\"" + svg::Color(MakePalette(theme).arrow_current) + "\"";
        EXPECT_EQ(Count(svg, "class=\"arrow current\""), current) << a->key << " round " << round;
        EXPECT_EQ(Count(svg, yellow + " stroke-width=\"1.95\""), current)
            << a->key << " round " << round;
        checked += static_cast<int>(current);
      }
    }
  }
  EXPECT_GT(checked, 50);
}

TEST(Scene, AnExportedSvgHasTheThemeTheHeadingsAndTheSelection) {
  ViewOptions o;
  o.current_round = 2;
  o.selected = CellRef{2, 0, 5};
  Built hs = Build(Algorithm::kHillisSteele, o);
  Built bl = Build(Algorithm::kBlelloch, ViewOptions{});
  const std::string hs_title = FigureHeading(hs.trace, hs.analysis, 2);
  EXPECT_EQ(
      hs_title,
      "Hillis-Steele (inclusive)  ·  round 2 of 3 · stride 2  ·  work 13 of 17  ·  depth 2 of 3");
  SvgOptions dark;
  dark.theme = Theme::kDark;
  std::ostringstream two;
  WriteSvg({{&hs.scene, hs_title, o.selected}, {&bl.scene, "Blelloch", std::nullopt}}, dark, two);
  const std::string svg = two.str();
  EXPECT_NE(svg.find("<rect width=\"100%\" height=\"100%\" fill=\"#1e2127\"/>"), std::string::npos);
  EXPECT_EQ(Count(svg, "<g class=\"cell"), hs.scene.boxes.size() + bl.scene.boxes.size());
  EXPECT_EQ(Count(svg, "class=\"selection\""), 1u);
  EXPECT_NE(svg.find("class=\"selection\""), std::string::npos);
  // The heading wraps at " · " to its pane: two lines here, the second starting with "work".
  EXPECT_EQ(Count(svg, "<text class=\"title\""), 3u);
  EXPECT_NE(svg.find(">work 13 of 17  ·  depth 2 of 3</text>"), std::string::npos);
  // A round title longer than the gutter is wrapped into lines, not run off the left edge.
  EXPECT_NE(svg.find("<tspan"), std::string::npos);
  EXPECT_NE(svg.find(">8 of 8 threads active</tspan>"), std::string::npos);

  // With the cases coloured, each written cell carries its case's tag ("C2"), as on screen: as
  // many tags of each case as the scene has cells of it.
  ViewOptions cases = o;
  cases.color_by_case = true;
  Built hs_cases = Build(Algorithm::kHillisSteele, cases);
  SvgOptions by_case;
  by_case.color_by_case = true;
  std::ostringstream tagged;
  WriteSvg({{&hs_cases.scene, "", std::nullopt}}, by_case, tagged);
  for (int c = 1; c <= 3; ++c) {
    const size_t want = static_cast<size_t>(
        std::count_if(hs_cases.scene.boxes.begin(), hs_cases.scene.boxes.end(),
                      [&](const Box& b) { return b.hs_case == c && !b.is_input; }));
    EXPECT_GT(want, 0u) << c;
    EXPECT_EQ(Count(tagged.str(), ">C" + std::to_string(c) + "</text>"), want) << "case " << c;
  }
  EXPECT_EQ(Count(svg, ">C1</text>"), 0u);  // not without

  SvgOptions clear;
  clear.transparent = true;
  std::ostringstream one;
  WriteSvg({{&hs.scene, "", std::nullopt}}, clear, one);
  EXPECT_EQ(one.str().find("<rect width=\"100%\""), std::string::npos);
  EXPECT_EQ(one.str().find("class=\"title\""), std::string::npos);
  EXPECT_EQ(one.str().find("class=\"selection\""), std::string::npos);
}

// The scene and the inspector on traces that contradict themselves (a loaded file may): every
// round at every player position, every view option, every cell of the broken round checked, and
// references outside the trace. No crash, no read past an array (an ASan build checks that); a
// changed cell is shown with its value and a failed check.
void ExpectSurvives(const Trace& t, const TraceAnalysis& analysis, const std::string& name,
                    int broken_round) {
  const int rounds = static_cast<int>(t.rounds.size());
  for (int current = 0; current < rounds; ++current) {
    ViewOptions o;
    o.current_round = current;
    const Scene s = BuildScene(t, analysis, o);
    ASSERT_FALSE(s.boxes.empty()) << name;
    EXPECT_NE(s.FindBox({current, t.rounds[current].spec.pout, 0}), nullptr) << name << current;
    // Reads and writes outside an array get no arrow: every arrow runs between the rows' cells.
    const auto outside = std::find_if(s.arrows.begin(), s.arrows.end(), [&](const Arrow& a) {
      return !(a.x0 > 0 && a.x0 < s.width && a.x1 > 0 && a.x1 < s.width);
    });
    if (outside != s.arrows.end()) {
      ADD_FAILURE() << name << ", current round " << current << ": an arrow from x " << outside->x0
                    << " to " << outside->x1 << ", outside the rows [0, " << s.width << "]";
    }
  }
  ViewOptions all;
  all.current_round = std::min(broken_round, rounds - 1);
  all.show_future = true;
  all.color_by_case = true;
  EXPECT_FALSE(BuildScene(t, analysis, all).boxes.empty()) << name;
  all.only_current = true;
  EXPECT_FALSE(BuildScene(t, analysis, all).boxes.empty()) << name;
  for (int r : {broken_round - 1, broken_round, broken_round + 1}) {
    if (r < 0 || r >= rounds) continue;
    for (int b = 0; b < t.meta.buffer_count; ++b) {
      for (int i = 0; i < t.meta.padded_n; ++i) {
        const CellCheck c = CheckCell(t, analysis, {r, b, i});
        if (c.valid) {
          EXPECT_FALSE(c.expression.empty()) << name;
        }
        all.selected = CellRef{r, b, i};
        all.current_round = r;
        (void)BuildScene(t, analysis, all);  // draws the bracket of the selected cell
      }
    }
  }
  for (const CellRef& outside :
       {CellRef{-7, 0, 0}, CellRef{rounds, 0, 0}, CellRef{0, 5, 0}, CellRef{0, 0, -1},
        CellRef{0, 0, t.meta.padded_n}, CellRef{kInputRound, 0, t.meta.n}}) {
    EXPECT_FALSE(CheckCell(t, analysis, outside).valid) << name;
    all.selected = outside;
    EXPECT_TRUE(BuildScene(t, analysis, all).brackets.empty()) << name;
  }
  for (int r : {-1, rounds, rounds + 5}) EXPECT_FALSE(RoundTitle(t, r).empty());
}

TEST(SceneBrokenTrace, EveryBrokenTraceIsDrawnAndChecked) {
  int count = 0;
  for (const Trace& good : testing::BrokenTraceSources({1, 2, 3, 5, 8, 13})) {
    for (const testing::BrokenTrace& b : testing::BreakEveryRound(good)) {
      ++count;
      const TraceAnalysis analysis = Analyze(b.trace);
      const int round = std::stoi(b.name.substr(b.name.rfind(' ') + 1));
      ExpectSurvives(b.trace, analysis, b.name, round);
    }
  }
  EXPECT_GT(count, 500);
}

// A changed cell: the box shows the stored value and the inspector's check fails with a cross.
TEST(SceneBrokenTrace, AChangedCellFailsItsCheck) {
  Trace t = MakeTrace(Algorithm::kBlelloch);
  t.rounds[3].buffers[0][7] = 26;  // the up-sweep total, 25, off by one
  const TraceAnalysis analysis = Analyze(t);
  ASSERT_FALSE(analysis.Ok());
  const CellCheck c = CheckCell(t, analysis, {3, 0, 7});
  ASSERT_TRUE(c.valid);
  EXPECT_FALSE(c.ok);
  EXPECT_EQ(c.stored, 26);
  EXPECT_EQ(c.expression, "in[0..7]: 3 + 1 + 7 + 0 + 4 + 1 + 6 + 3 = 25");
  ViewOptions o;
  o.current_round = 3;
  o.selected = CellRef{3, 0, 7};
  const Scene s = BuildScene(t, analysis, o);
  EXPECT_EQ(s.FindBox({3, 0, 7})->text, "26");
  ASSERT_EQ(s.brackets.size(), 1u);
  EXPECT_NE(s.brackets[0].text.find("✗"), std::string::npos) << s.brackets[0].text;
}

// An analysis that is not the trace's (none, or another size's) draws '?' where it knows nothing.
TEST(SceneBrokenTrace, AnAnalysisOfAnotherTraceIsSurvived) {
  const std::vector<Trace> sources = testing::BrokenTraceSources({1, 3, 8, 13});
  for (const Trace& t : sources) {
    const std::string name =
        std::string(ToString(t.meta.algorithm)) + " n=" + std::to_string(t.meta.n);
    ExpectSurvives(t, TraceAnalysis{}, name + " with no analysis", 0);
    for (const Trace& other : sources) {
      ExpectSurvives(t, Analyze(other),
                     name + " with the analysis of n=" + std::to_string(other.meta.n), 1);
    }
  }
}

// The one cell check: the inspector's mark is the analysis' verdict, so a correct float32 trace,
// whose tree order rounds differently from a left-to-right sum, shows a check on every cell of
// every round. (Before, the scene compared with == and marked 17 of 117 Hillis-Steele cells and
// 5 of 160 Blelloch cells of this input wrong.)
TEST(Scene, Float32CellsOfACorrectTraceAllPassTheOneCellCheck) {
  const std::vector<double> tenths = {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f,
                                      0.8f, 0.9f, 1.0f, 1.1f, 1.2f, 1.3f};
  for (const AlgorithmInfo* info : Algorithms()) {
    const Trace t =
        Simulate(ScanRequest{info->id, OpKind::kAdd, ElementType::kFloat32, tenths});
    const TraceAnalysis a = Analyze(t);
    ASSERT_TRUE(a.Ok()) << a.violations.front();
    int checked = 0, inexact = 0;
    for (int r = 0; r < static_cast<int>(t.rounds.size()); ++r) {
      for (int b = 0; b < static_cast<int>(t.arrays.size()); ++b) {
        for (int i = 0; i < t.arrays[static_cast<size_t>(b)].size; ++i) {
          const CellCheck check = CheckCell(t, a, CellRef{r, b, i});
          if (!check.valid) continue;
          ++checked;
          EXPECT_TRUE(check.ok) << info->key << " round " << r << " " << b << ":" << i;
          if (check.expected != check.stored) ++inexact;  // rounded differently, still right
          // The scene's bracket caption says the same.
          ViewOptions o;
          o.current_round = r;
          o.selected = CellRef{r, b, i};
          const Scene s = BuildScene(t, a, o);
          ASSERT_EQ(s.brackets.size(), 1u);
          EXPECT_NE(s.brackets[0].text.find("✓"), std::string::npos) << s.brackets[0].text;
        }
      }
    }
    EXPECT_GT(checked, 20) << info->key;
    EXPECT_GT(inexact, 0) << info->key << ": this input should round somewhere";
  }
}

TEST(Palette, ThemesParseAndTextContrasts) {
  Theme t;
  EXPECT_TRUE(Parse("light", &t));
  EXPECT_EQ(t, Theme::kLight);
  EXPECT_FALSE(Parse("neon", &t));
  Rgba white = TextOn({0, 0, 0, 1});
  EXPECT_GT(white.r, 0.9f);
  Palette p = MakePalette(Theme::kDark);
  Box box;
  box.cls = CellClass::kComputed;
  box.hs_case = 2;
  EXPECT_FLOAT_EQ(FillOf(p, box, false).b, p.computed.b);
  EXPECT_FLOAT_EQ(FillOf(p, box, true).r, p.hs_case[2].r);
}

}  // namespace
}  // namespace scanviz::scene

namespace scanviz::scene {
namespace {

// The mistakes lab: the cells a comparison marks, and only those, are drawn as differing.
TEST(Scene, MarksTheCellsThatDifferFromTheCorrectRun) {
  std::vector<std::vector<std::vector<std::uint8_t>>> differs(4);
  for (auto& round : differs) round.assign(2, std::vector<std::uint8_t>(8, 0));
  differs[1][1][2] = 1;
  ViewOptions o;
  o.current_round = 3;
  o.differs = &differs;
  Built hs = Build(Algorithm::kHillisSteele, o);
  int marked = 0;
  for (const Box& b : hs.scene.boxes) {
    if (!b.differs) continue;
    ++marked;
    EXPECT_EQ(b.cell, (CellRef{1, 1, 2}));
  }
  EXPECT_EQ(marked, 1);
  // Without a comparison nothing is marked, and a short table does not read past its end.
  differs.resize(1);
  Built none = Build(Algorithm::kHillisSteele, o);
  for (const Box& b : none.scene.boxes) EXPECT_FALSE(b.differs);
}

// Issue #26 item 5: a quiz question on how cells were written showed the blanks in their
// classes' fill colours (orange copied, blue computed): the answer. Every asked box is drawn
// alike; the cells not asked keep theirs.
TEST(Scene, AskedHowBlanksAreDrawnAlike) {
  ViewOptions o;
  o.current_round = 2;
  for (int i = 0; i < 8; ++i) o.blanks.push_back(CellRef{2, 0, i});
  o.blank_how = true;
  const Built b = Build(Algorithm::kHillisSteele, o);
  std::set<std::pair<int, int>> looks;  // (class, style) of the asked boxes
  int asked = 0;
  bool other_classes = false;
  for (const Box& box : b.scene.boxes) {
    if (box.cell.round == 2 && box.cell.buffer == 0 && !box.is_input) {
      looks.insert({static_cast<int>(box.cls), static_cast<int>(box.style)});
      ++asked;
    } else if (box.cls == CellClass::kComputed || box.cls == CellClass::kCopied) {
      other_classes = true;
    }
  }
  EXPECT_EQ(asked, 8);
  EXPECT_EQ(looks.size(), 1u);  // round 2 copies two cells and computes six: one look for all
  EXPECT_TRUE(other_classes);   // round 1, not asked, keeps its classes
}

}  // namespace
}  // namespace scanviz::scene
