// What a trace means: each cell's classification, its invariant window, the Hillis-Steele cases,
// the work and depth counters, and the self-check that every value equals its window.
//
// Everything here is derived from a Trace (the recorded actions and snapshots) and the chapters'
// invariants; nothing re-runs the scan.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/trace.h"

namespace scanviz {

// What happened to a cell in a round, from the actions recorded for that round.
enum class CellClass : std::uint8_t {
  kUndefined,  // never written yet ('?')
  kUnchanged,  // not written this round
  kLoaded,     // written by the load
  kCopied,     // Hillis-Steele: copied from pin (no left neighbour at this stride)
  kComputed,   // Hillis-Steele: a new combination pin[i - s] + pin[i]
  kAdded,      // Blelloch up-sweep: buf[i] = buf[i - s] + buf[i]
  kSeeded,     // Blelloch: the root set to the identity
  kSwapAdded,  // Blelloch down-sweep: written by swap-and-add (either end of the pair)
};

// The chapters' box styles: dotted unchanged; dashed copied (Hillis-Steele) or add (Blelloch);
// solid computed (Hillis-Steele) or swap-and-add (Blelloch).
enum class BoxStyle : std::uint8_t { kNone, kDotted, kDashed, kSolid };
BoxStyle StyleOf(CellClass c);
const char* ToString(CellClass c);  // "undefined", "unchanged", "loaded", ...
const char* ShortLabel(
    CellClass c);  // two-character tag for tables: "?", ".", "ld", "cp", "+", ...

// The contiguous range of input positions [lo, hi] whose combination a cell must hold. An empty
// window (hi < lo) means the identity (Blelloch's exclusive prefix of position 0). Positions >= n
// are Blelloch padding, whose input is the identity.
struct Window {
  int lo = 0;
  int hi = -1;
  bool valid = false;  // false for undefined cells
  bool Empty() const { return hi < lo; }
  bool operator==(const Window&) const = default;
};

// Hillis-Steele's three cases for position i in a round with stride s (round r, s = 2^(r-1)):
// Case 1 full window (i >= 2s - 1), Case 2 partial window (s <= i < 2s - 1), Case 3 no left
// neighbour (i < s). 0 where not applicable.
int HillisSteeleCase(int i, int stride);

struct CellInfo {
  CellClass cls = CellClass::kUndefined;
  Window window;
  int writer = -1;       // thread that wrote the cell this round, or -1
  bool padding = false;  // Blelloch cell past n (holds the identity after the load)
};

struct RoundInfo {
  std::vector<std::vector<CellInfo>> cells;  // [buffer][cell]
  std::vector<int> hs_case;                  // Hillis-Steele scan rounds: [position]
  int operator_applications = 0;             // in this round
  int cumulative_work = 0;                   // through this round
  int active_threads = 0;                    // threads whose action was not idle
  int depth = 0;                             // operator rounds completed through this round
};

// Where an int32 sum wrapped: the first cell (earliest round, lowest buffer, lowest position)
// whose stored value differs from the exact sum of its window.
struct Overflow {
  int round = 0;
  int buffer = 0;
  int position = 0;
  long long exact = 0;
  double stored = 0;
};

struct TraceAnalysis {
  std::vector<RoundInfo> rounds;
  int work = 0;      // operator applications in total
  int depth = 0;     // rounds that applied the operator
  int barriers = 0;  // algorithmic __syncthreads(): one at the end of every recorded round
  std::vector<std::string> violations;  // self-check failures, empty when the trace is right
  std::optional<Overflow> overflow;
  bool Ok() const { return violations.empty(); }
};

// The window the chapters' invariant assigns to cell `pos` of `buffer` after round `round`,
// independent of the recorded values.
Window ExpectedWindow(const Trace& trace, int round, int buffer, int pos);

// Combines the (identity-padded) input over a window with the trace's operator and type.
double FoldWindow(const Trace& trace, const Window& w);

// The sequential reference: inclusive or exclusive scan of trace.input with its operator.
std::vector<double> SequentialScan(const TraceMeta& meta, const std::vector<double>& input,
                                   bool inclusive);

TraceAnalysis Analyze(const Trace& trace);

// Formats a value of the trace's element type for display ("7", "-3", "1.5", "-inf").
std::string FormatValue(ElementType type, double v);

}  // namespace scanviz
