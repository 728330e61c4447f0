// What the element type does to a scan: float32 rounding (the tree adds in a different order from
// a left-to-right loop) and int32 wrap-around (a sum too large for 32 bits).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/analysis.h"
#include "core/trace.h"

namespace scanviz::teach {

// [SECTION] float32

struct FloatCell {
  int position = 0;
  double parallel = 0;    // the trace's result
  double sequential = 0;  // the same scan as a left-to-right float32 loop
  double abs_diff = 0;    // |parallel - sequential|
  std::int64_t ulps = 0;  // float32 values between them (0: identical; -1: a NaN is involved)
};

struct FloatDiagnostics {
  bool applicable = false;       // float32 add only: max and min never round
  std::vector<FloatCell> cells;  // one per result position
  int differing = 0;             // cells with ulps != 0
  int worst = -1;                // position of the largest ulps distance, -1 if none differ
  std::string explanation;       // one paragraph with this trace's numbers
};

// Distance in units in the last place between two float32 values: how many representable floats
// lie between them (+0 and -0 count as one value). -1 if either is NaN.
std::int64_t UlpDistance(float a, float b);

FloatDiagnostics DiagnoseFloat(const Trace& trace);

// [SECTION] int32

struct WrappedCell {
  int round = 0;
  int buffer = 0;
  int position = 0;
  Window window;
  std::int64_t exact = 0;    // the window's true sum
  double stored = 0;         // what the int32 cell holds: exact reduced modulo 2^32
  bool written_now = false;  // written in this round (false: a wrapped value carried over)
};

struct IntDiagnostics {
  bool applicable = false;         // int32 add only
  std::vector<WrappedCell> cells;  // every wrapped cell of every round, in trace order
  int results_wrapped = 0;         // result positions whose value wrapped
  std::string explanation;
};

// `analysis` must be Analyze(trace): its windows say what each cell should hold.
IntDiagnostics DiagnoseInt(const Trace& trace, const TraceAnalysis& analysis);

}  // namespace scanviz::teach
