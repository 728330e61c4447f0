// The trace as a text table that reads like the chapters' figures, for scanviz-cli.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>

#include "core/analysis.h"
#include "core/trace.h"

namespace scanviz {

struct TableOptions {
  int width = 100;       // wrap long arrays into chunks that fit this many columns
  bool windows = false;  // add each cell's invariant window
  bool legend = true;
  // Called after each round's table (scanviz-cli trace --narrate prints the round's narration).
  std::function<void(std::size_t round, std::ostream& out)> after_round;
};

void PrintTraceTable(const Trace& trace, const TraceAnalysis& analysis, std::ostream& out,
                     const TableOptions& options = {});

}  // namespace scanviz
