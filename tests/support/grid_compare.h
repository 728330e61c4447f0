// Block-by-block comparison of two grid traces (core/grid/), reporting the first difference:
// every block's trace (as trace_compare.h's FirstDifference), the block sums, the offsets (the
// recursion's own grids) and the output. The backend that ran them is left out.
#pragma once

#include <string>

#include "core/grid/grid.h"
#include "support/trace_compare.h"

namespace scanviz::testing {

inline std::string FirstGridDifference(const GridTrace& a, const GridTrace& b,
                                       const std::string& where) {
  if (a.BlockCount() != b.BlockCount()) return where + "block counts differ";
  for (int k = 0; k < a.BlockCount(); ++k) {
    const std::string d =
        FirstDifference(a.blocks[static_cast<size_t>(k)], b.blocks[static_cast<size_t>(k)]);
    if (!d.empty()) return where + "block " + std::to_string(k) + ": " + d;
  }
  if (a.block_output != b.block_output) return where + "phase 1's outputs differ";
  if (a.sums != b.sums) return where + "the block sums differ";
  if (a.sums_scan.size() != b.sums_scan.size()) return where + "phase 2 differs in shape";
  for (size_t k = 0; k < a.sums_scan.size(); ++k) {
    const std::string d =
        FirstGridDifference(a.sums_scan[k], b.sums_scan[k],
                            where + "phase 2 level " + std::to_string(a.depth + 1) + ": ");
    if (!d.empty()) return d;
  }
  if (a.output != b.output) return where + "the outputs differ";
  return {};
}

}  // namespace scanviz::testing
