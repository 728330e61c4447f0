// A multi-block trace as text for scanviz-cli: the grid's three phases with the global arrays
// between them, each block's result and total, the sums' scan (recursively), the offsets added.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "core/grid/grid.h"

namespace scanviz {

struct GridTableOptions {
  int width = 100;  // wrap long rows at this many columns
  // Rows longer than this many values print their first and last values around "…"; the JSON
  // (--json) always holds every value.
  int max_values = 64;
  bool blocks = true;  // one row per block in phase 1 (off past max_values blocks)
};

// What one block's trace did: the rounds that apply the operator (as the chapters count them)
// and the trace's steps, which add the load and, for some algorithms, the seed or the conversion.
// Read off the recorded actions, so a block smaller than the block size counts its own rounds.
struct BlockShape {
  int rounds = 0;
  int steps = 0;
  bool operator==(const BlockShape&) const = default;
};
BlockShape ShapeOf(const Trace& block);

void PrintGridTable(const GridTrace& grid, std::ostream& out, const GridTableOptions& options = {});

// One labelled row of values, abbreviated and wrapped by the options (the single-pass table too).
void PrintValueRow(ElementType type, const std::string& label, const std::vector<double>& values,
                   std::ostream& out, const GridTableOptions& options);

}  // namespace scanviz
