// A plain left-to-right scan in the element type, written here and nowhere in the code under test:
// the reference the grid-sized scans (multi-block, single-pass) must equal.
#pragma once

#include <vector>

#include "core/ops.h"

namespace scanviz::testing {

inline std::vector<double> SequentialScan(OpKind op_kind, ElementType type,
                                          const std::vector<double>& input, bool inclusive) {
  return DispatchOp(op_kind, type, [&](auto op) {
    using T = typename decltype(op)::Value;
    std::vector<double> out;
    T acc = decltype(op)::Identity();
    for (double x : input) {
      if (!inclusive) out.push_back(static_cast<double>(acc));
      acc = op(acc, static_cast<T>(x));
      if (inclusive) out.push_back(static_cast<double>(acc));
    }
    return out;
  });
}

}  // namespace scanviz::testing
