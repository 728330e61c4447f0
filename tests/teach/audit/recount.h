// The narration audit's own arithmetic (issue #37): what a trace did, recomputed from its recorded
// actions, snapshots and input without the narration's helpers nor the analysis, so that a
// sentence is checked against a second computation, not against the code that wrote it.
#pragma once

#include <set>
#include <vector>

#include "core/trace.h"

namespace scanviz::audit {

// a . b as the kernel computes it in the trace's type: int32 add wraps modulo 2^32, float32 rounds
// after every operation.
double Apply(OpKind op, ElementType type, double a, double b);
double Identity(OpKind op, ElementType type);

// The operator over input[lo..hi] (positions past the input are the identity), left to right.
double Fold(OpKind op, ElementType type, const std::vector<double>& input, int lo, int hi);

// The sequential loop's scan, inclusive or exclusive.
std::vector<double> SequentialScan(OpKind op, ElementType type, const std::vector<double>& input,
                                   bool inclusive);

// The inputs a cell covers: lo..hi (empty when hi < lo), or not a window at all (two windows that
// do not meet end to end, a cell never written).
struct Win {
  int lo = 0, hi = -1;
  bool valid = false;
  bool Empty() const { return hi < lo; }
};

// Two windows that meet end to end, as one; else not a window.
Win Union(const Win& a, const Win& b);

// Each cell's window after each round, by replaying the actions: [round][array][cell]. A load
// covers its element (a padding cell none), a copy its source's window, a combination the union
// of its operands' windows, a seed nothing; reads see the round's start.
using Windows = std::vector<std::vector<std::vector<Win>>>;
Windows TrackWindows(const Trace& trace);

// The threads whose action in the round is not idle.
std::set<int> ActiveThreads(const Round& round);
// Operator applications in a round: each combination (add, swap-add, add-input) is one.
int Applications(const Round& round);
int TotalWork(const Trace& trace);
int OperatorRounds(const Trace& trace);  // rounds with at least one application

}  // namespace scanviz::audit
