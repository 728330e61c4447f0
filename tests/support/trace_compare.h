// Cell-by-cell, action-by-action comparison of two traces, reporting the first difference.
#pragma once

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "core/trace.h"

namespace scanviz::testing {

// Empty when the traces record the same run (the backend that ran them aside).
inline std::string FirstDifference(const Trace& a, const Trace& b) {
  std::ostringstream d;
  if (a.meta.algorithm != b.meta.algorithm || a.meta.op != b.meta.op ||
      a.meta.type != b.meta.type || a.meta.n != b.meta.n || a.meta.padded_n != b.meta.padded_n ||
      a.meta.block_size != b.meta.block_size || a.meta.buffer_count != b.meta.buffer_count)
    return "metadata differs";
  if (a.input != b.input) return "inputs differ";
  if (a.arrays != b.arrays) return "arrays differ";
  if (a.rounds.size() != b.rounds.size())
    return "round counts differ: " + std::to_string(a.rounds.size()) + " vs " +
           std::to_string(b.rounds.size());
  for (size_t r = 0; r < a.rounds.size(); ++r) {
    const Round& x = a.rounds[r];
    const Round& y = b.rounds[r];
    if (x.spec.phase != y.spec.phase || x.spec.stride != y.spec.stride ||
        x.spec.pin != y.spec.pin || x.spec.pout != y.spec.pout || x.spec.step != y.spec.step ||
        x.spec.level != y.spec.level || x.spec.block != y.spec.block) {
      d << "round " << r << ": specs differ";
      return d.str();
    }
    for (size_t buf = 0; buf < x.buffers.size(); ++buf) {
      for (size_t i = 0; i < x.buffers[buf].size(); ++i) {
        if (x.defined[buf][i] != y.defined[buf][i]) {
          d << "round " << r << " buf[" << buf << "][" << i << "]: defined "
            << int(x.defined[buf][i]) << " vs " << int(y.defined[buf][i]);
          return d.str();
        }
        // Bit-for-bit, including float32 rounding: same operations in the same order.
        if (x.defined[buf][i] && x.buffers[buf][i] != y.buffers[buf][i]) {
          d.precision(17);
          d << "round " << r << " buf[" << buf << "][" << i << "]: " << x.buffers[buf][i] << " vs "
            << y.buffers[buf][i];
          return d.str();
        }
      }
    }
    if (x.actions.size() != y.actions.size()) return "thread counts differ";
    for (size_t t = 0; t < x.actions.size(); ++t) {
      const ThreadAction& p = x.actions[t];
      const ThreadAction& q = y.actions[t];
      bool same = p.kind == q.kind;
      for (int k = 0; k < 2; ++k) {
        same = same && p.read[k] == q.read[k] && p.write[k] == q.write[k];
        // The array of an access that did not happen is not part of the run.
        same = same && (p.read[k] < 0 || p.read_array[k] == q.read_array[k]);
        same = same && (p.write[k] < 0 || p.write_array[k] == q.write_array[k]);
      }
      if (!same) {
        d << "round " << r << " thread " << t << ": " << ToString(p.kind) << " vs "
          << ToString(q.kind);
        return d.str();
      }
    }
  }
  return {};
}

}  // namespace scanviz::testing
