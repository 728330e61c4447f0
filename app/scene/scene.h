// The scene: a trace and a player position turned into drawable primitives (boxes with the
// chapters' border styles, value labels, arrows, brackets, row labels), in abstract layout units.
//
// Layout units: a cell is kCellW wide and kCellH tall; x grows right, y grows down. The renderer
// maps units to pixels (with separate x and y scales, so n = 1024 fits a window); the SVG writer
// maps them to SVG user units. Nothing here knows about GL or ImGui.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "core/analysis.h"
#include "core/trace.h"

namespace scanviz::scene {

inline constexpr float kCellW = 1.0f;
inline constexpr float kCellH = 1.0f;
inline constexpr float kArrowGap = 1.0f;  // vertical room between two rows joined by arrows
inline constexpr float kBandGap = 0.7f;   // vertical room between two rounds' bands

// A cell of the trace: the snapshot of array `buffer` (an index into the trace's arrays) after
// `round`, at `pos`. Round -1 is the input row (global memory), whose buffer is 0.
struct CellRef {
  int round = 0;
  int buffer = 0;
  int pos = 0;
  bool operator==(const CellRef&) const = default;
};
inline constexpr int kInputRound = -1;

struct ViewOptions {
  int current_round = 0;            // the player's position
  bool only_current = false;        // show only the current round (plus what it read)
  bool show_future = false;         // also show rounds after the current one (dimmed)
  bool color_by_case = false;       // Hillis-Steele: tag the written row's cells with Case 1/2/3
  std::optional<CellRef> selected;  // draws its invariant window as a bracket over the input
  // The Quiz mode's question: these cells are drawn blank (no value), and with `blank_how` their
  // box style, the arrows of their rounds and the rounds' active-thread counts are left out too,
  // since those would give away a class or an active-threads answer.
  std::vector<CellRef> blanks;
  bool blank_how = false;
  // The mistakes lab: [round][array][cell], 1 where a broken run's cell differs from the correct
  // run's (teach/mistake_report.h); those boxes get `differs`. Null: no comparison.
  const std::vector<std::vector<std::vector<std::uint8_t>>>* differs = nullptr;
};

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
  bool Contains(float px, float py) const { return px >= x && px < x + w && py >= y && py < y + h; }
};

// How the renderer should emphasise a primitive relative to the player's position.
enum class Emphasis : std::uint8_t { kPast, kCurrent, kFuture };

struct Box {
  Rect rect;
  CellRef cell;
  CellClass cls = CellClass::kUndefined;
  BoxStyle style = BoxStyle::kNone;
  Emphasis emphasis = Emphasis::kPast;
  bool is_input = false;         // the global-memory input row
  Space space = Space::kGlobal;  // where the cell lives: registers are drawn per lane
  bool padding = false;          // a cell that exists only because the block is padded
  bool idle = false;             // not written in its round (dotted or '?')
  bool written = false;          // some thread wrote it in its round
  int hs_case = 0;               // Hillis-Steele Case 1/2/3 of a written cell (0: none)
  bool differs = false;          // differs from the correct run (ViewOptions::differs)
  std::string text;              // the value, or "?"
  std::string compact;           // a shorter form of the value for a narrow cell, or empty
};

// A shorter way to write a value when a cell is too narrow for it: the int32 extremes (the
// identities of max and min) as −2³¹ and 2³¹−1, infinities as ∞ and −∞, large or long numbers
// with two or three significant digits (1.2e8, 0.333). Empty when nothing is shorter than
// FormatValue's text.
std::string CompactValue(ElementType type, double v);

// kColumnTag: above the input row, at x, naming a group of columns ("warp 1").
enum class LabelRole : std::uint8_t { kRowTitle, kRowTag, kBracket, kCheck, kColumnTag };

struct Label {
  float x = 0, y = 0;  // anchor: left edge, vertical centre
  std::string text;
  LabelRole role = LabelRole::kRowTitle;
  Emphasis emphasis = Emphasis::kPast;
  bool ok = true;  // kCheck: whether the value matched its window
};

struct Arrow {
  float x0 = 0, y0 = 0, x1 = 0,
        y1 = 0;  // from the bottom of the read cell to the top of the written
  int round = 0;
  int thread = 0;
  Emphasis emphasis = Emphasis::kPast;
};

struct Bracket {
  float x0 = 0, x1 = 0, y = 0;  // spans [x0, x1] just above y, opening downward
  std::string text;
};

// One drawn row: a buffer after a round (or the input).
struct Row {
  int round = 0;
  int buffer = 0;
  float y = 0;
  Emphasis emphasis = Emphasis::kPast;
  Space space = Space::kGlobal;
};

// A vertical line between two groups of columns (the warps of a block), from y0 to y1.
struct Divider {
  float x = 0, y0 = 0, y1 = 0;
};

struct Scene {
  float width = 0, height = 0;  // extent in layout units (cells only; row titles sit above rows)
  int columns = 0;              // cells per row (padded_n)
  std::vector<Row> rows;
  std::vector<Box> boxes;
  std::vector<Label> labels;
  std::vector<Arrow> arrows;
  std::vector<Bracket> brackets;
  std::vector<Divider> dividers;

  const Box* FindBox(const CellRef& c) const;
  const Box* BoxAt(float x, float y) const;  // the box under a layout point, or null
};

Scene BuildScene(const Trace& trace, const TraceAnalysis& analysis, const ViewOptions& options);

// What the inspector shows for a cell: its invariant window, the combination of the input over
// it, and whether the stored value equals that combination (the analysis' verdict).
struct CellCheck {
  bool valid = false;  // false for '?' cells
  Window window;
  std::string expression;  // "3 + 1 + 7 = 11" (shortened for long windows)
  double expected = 0;
  double stored = 0;
  bool ok = false;
};
CellCheck CheckCell(const Trace& trace, const TraceAnalysis& analysis, const CellRef& cell);

// The analysis of a cell of the trace, or null when `cell` names no cell of it (a selection
// from the command line, or one left over from a longer input). Never the input row.
const CellInfo* FindCellInfo(const Trace& trace, const TraceAnalysis& analysis,
                             const CellRef& cell);

// Whether `cell` names a cell of the trace: an input position below n, or a cell FindCellInfo finds.
bool HasCell(const Trace& trace, const TraceAnalysis& analysis, const CellRef& cell);

// Writes the scene as a standalone SVG document (dotted, dashed and solid borders as
// stroke-dasharray, padding hatched, arrows with heads), in the light theme. scene/svg.h writes
// an exported figure: another theme, no background, two panes, titles.
void WriteSvg(const Scene& scene, std::ostream& out);

// The figure's heading, as the app draws it over the rounds: "Blelloch (exclusive)  ·  down-sweep
// round 1 · stride 4 · round 4 of 6  ·  work 10 of 14  ·  depth 4 of 6". hide_work: "work ? of
// 14", for a quiz's class or threads question, whose answer the work so far counts.
std::string FigureHeading(const Trace& trace, const TraceAnalysis& analysis, int round,
                          bool hide_work = false);

}  // namespace scanviz::scene
