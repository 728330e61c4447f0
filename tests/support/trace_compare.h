// Cell-by-cell, action-by-action comparison of two traces, reporting the first difference.
//
// Two comparisons, for two questions:
//   FirstDifference:       do the traces record the same run? The backend that ran them and the
//                          identity (a function of op and type) are left out, so a GPU trace can
//                          be compared with the simulator's.
//   FirstDifferenceInFile: does a round trip through a trace file keep everything the file holds?
//                          Every field of docs/trace-format.md, the backend included. Round-trip
//                          tests use this one: a writer that drops a field must not pass.
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
        x.spec.pin != y.spec.pin || x.spec.pout != y.spec.pout || x.spec.phase_round != y.spec.phase_round ||
        x.spec.level != y.spec.level || x.spec.block != y.spec.block) {
      d << "round " << r << ": specs differ";
      return d.str();
    }
    // Shapes first, so that a malformed trace is reported rather than read past its end.
    if (x.buffers.size() != y.buffers.size() || x.defined.size() != x.buffers.size() ||
        y.defined.size() != y.buffers.size()) {
      d << "round " << r << ": buffer counts differ";
      return d.str();
    }
    for (size_t buf = 0; buf < x.buffers.size(); ++buf) {
      if (x.buffers[buf].size() != y.buffers[buf].size() ||
          x.defined[buf].size() != x.buffers[buf].size() ||
          y.defined[buf].size() != y.buffers[buf].size()) {
        d << "round " << r << " buf[" << buf << "]: lengths differ";
        return d.str();
      }
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

// Empty when the traces agree on every field a trace file holds: FirstDifference, plus the format
// version, identity, conversion flag and every backend field. (Cells no thread has written are
// null in the file: their values are not compared, their definedness is.)
inline std::string FirstDifferenceInFile(const Trace& a, const Trace& b) {
  const TraceMeta& x = a.meta;
  const TraceMeta& y = b.meta;
  std::ostringstream d;
  d.precision(17);
  if (x.format_version != y.format_version) {
    d << "version: " << x.format_version << " vs " << y.format_version;
  } else if (x.identity != y.identity) {
    d << "meta.identity: " << x.identity << " vs " << y.identity;
  } else if (x.converted != y.converted) {
    d << "meta.converted: " << (x.converted ? "true" : "false") << " vs "
      << (y.converted ? "true" : "false");
  } else if (x.backend.kind != y.backend.kind) {
    d << "meta.backend.kind: " << ToString(x.backend.kind) << " vs " << ToString(y.backend.kind);
  } else if (x.backend.device_name != y.backend.device_name) {
    d << "meta.backend.device: \"" << x.backend.device_name << "\" vs \"" << y.backend.device_name
      << "\"";
  } else if (x.backend.compute_major != y.backend.compute_major) {
    d << "meta.backend.compute_major: " << x.backend.compute_major << " vs "
      << y.backend.compute_major;
  } else if (x.backend.compute_minor != y.backend.compute_minor) {
    d << "meta.backend.compute_minor: " << x.backend.compute_minor << " vs "
      << y.backend.compute_minor;
  } else if (x.backend.driver_version != y.backend.driver_version) {
    d << "meta.backend.driver_version: " << x.backend.driver_version << " vs "
      << y.backend.driver_version;
  } else if (x.backend.runtime_version != y.backend.runtime_version) {
    d << "meta.backend.runtime_version: " << x.backend.runtime_version << " vs "
      << y.backend.runtime_version;
  } else {
    return FirstDifference(a, b);
  }
  return d.str();
}

}  // namespace scanviz::testing
