// What a trace means: each cell's classification, its invariant window, the Hillis-Steele cases,
// the work and depth counters, and the self-check that every value equals its window.
//
// Everything here is derived from a Trace (the recorded actions and snapshots) and the chapters'
// invariants; nothing re-runs the scan.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/cell.h"
#include "core/trace.h"

namespace scanviz {

BoxStyle StyleOf(CellClass c);
const char* ToString(CellClass c);  // "undefined", "unchanged", "loaded", ...
// A short tag for the CLI's tables: "?", ".", "ld", "cp", "id"; a cell the operator wrote is
// tagged with the operator ("+", "mx", "mn", "ls") and a swap-and-combine with "sw" before it.
std::string ShortLabel(CellClass c, OpKind op);

struct CellInfo {
  CellClass cls = CellClass::kUndefined;
  Window window;
  int writer = -1;       // thread that wrote the cell this round, or -1
  bool padding = false;  // a cell that exists only because the block is padded (array.real)
  // The one cell check: whether the stored value equals the combination of its window (exactly
  // for integers and for max, min and last; within the documented float32 tolerance for add).
  // Everything that shows a check mark reads it. True for undefined cells, which claim nothing.
  bool ok = true;
  double expected = 0;  // the window's combination
};

struct RoundInfo {
  std::vector<std::vector<CellInfo>> cells;  // [array][cell]
  // Hillis-Steele's Case 1/2/3 of each position of the array the round writes (the registry's
  // cell_case; empty where it does not apply).
  std::vector<int> hs_case;
  int operator_applications = 0;  // in this round
  int cumulative_work = 0;        // through this round
  int active_threads = 0;         // threads whose action was not idle
  int depth = 0;                  // operator rounds completed through this round
};

// Where an int32 sum wrapped: the first cell (earliest round, lowest array, lowest position)
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
  int barriers = 0;  // __syncthreads(): one at the end of every block-level round
  std::vector<std::string> violations;  // self-check failures, empty when the trace is right
  std::optional<Overflow> overflow;
  bool Ok() const { return violations.empty(); }
};

// The window the chapters' invariant assigns to cell `pos` of array `array` after round `round`,
// independent of the recorded values (invalid for a cell nothing has written).
Window ExpectedWindow(const Trace& trace, int round, int array, int pos);

// Combines the (identity-padded) input over a window with the trace's operator and type.
double FoldWindow(const Trace& trace, const Window& w);

// The sequential reference: inclusive or exclusive scan of trace.input with its operator.
std::vector<double> SequentialScan(const TraceMeta& meta, const std::vector<double>& input,
                                   bool inclusive);

TraceAnalysis Analyze(const Trace& trace);

}  // namespace scanviz
