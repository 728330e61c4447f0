// The trace as a text table that reads like the chapters' figures, for scanviz-cli.
#pragma once

#include <iosfwd>

#include "core/analysis.h"
#include "core/trace.h"

namespace scanviz {

struct TableOptions {
  int width = 100;       // wrap long arrays into chunks that fit this many columns
  bool windows = false;  // add each cell's invariant window
  bool legend = true;
};

void PrintTraceTable(const Trace& trace, const TraceAnalysis& analysis, std::ostream& out,
                     const TableOptions& options = {});

}  // namespace scanviz
