#include "core/analysis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace scanviz {
namespace {

constexpr int kMaxReportedViolations = 20;

int TrailingOnes(int i) {
  int t = 0;
  while (i & 1) {
    ++t;
    i >>= 1;
  }
  return t;
}

int Log2(int power_of_two) {
  int k = 0;
  while ((1 << k) < power_of_two) ++k;
  return k;
}

Window Range(int lo, int hi) {
  return Window{lo < 0 ? 0 : lo, hi, true};
}
Window EmptyWindow() {
  return Window{0, -1, true};
}

CellClass ClassOf(ActionKind kind, Algorithm algorithm) {
  switch (kind) {
    case ActionKind::kLoad:
      return CellClass::kLoaded;
    case ActionKind::kCopy:
      return CellClass::kCopied;
    case ActionKind::kAdd:
      return algorithm == Algorithm::kHillisSteele ? CellClass::kComputed : CellClass::kAdded;
    case ActionKind::kSeed:
      return CellClass::kSeeded;
    case ActionKind::kSwapAdd:
      return CellClass::kSwapAdded;
    case ActionKind::kAddInput:
      return CellClass::kAdded;
    case ActionKind::kIdle:
      break;
  }
  return CellClass::kUnchanged;
}

// Answers "what must a cell with this window hold?" in O(1) per cell, so that analysing a trace
// of n = 1024 costs O(n log n) per round rather than O(n^2): prefix sums for add (wrapping int32
// sums are exact modulo 2^32, float32 sums are compared in double with a tolerance), a sparse
// table for max, min and last.
class WindowFolder {
 public:
  explicit WindowFolder(const Trace& trace) : m_meta(trace.meta) {
    const int size = std::max(trace.meta.padded_n, trace.meta.n);
    std::vector<double> x(size, trace.meta.identity);
    for (int i = 0; i < trace.meta.n; ++i) x[i] = trace.input[i];
    if (m_meta.op == OpKind::kAdd) {
      m_exact.assign(size + 1, 0);
      m_wrapped.assign(size + 1, 0);
      m_magnitude.assign(size + 1, 0);
      for (int i = 0; i < size; ++i) {
        m_exact[i + 1] = m_exact[i] + x[i];
        m_magnitude[i + 1] = m_magnitude[i] + std::fabs(x[i]);
        m_wrapped[i + 1] =
            m_wrapped[i] + static_cast<std::uint32_t>(static_cast<std::int64_t>(x[i]));
      }
      return;
    }
    m_table.push_back(x);
    for (int width = 2; width <= size; width *= 2) {
      const std::vector<double>& prev = m_table.back();
      std::vector<double> next(size - width + 1);
      for (int i = 0; i + width <= size; ++i) next[i] = Combine(prev[i], prev[i + width / 2]);
      m_table.push_back(std::move(next));
    }
  }

  // True when `stored` is what a cell covering window w must hold.
  bool Matches(const Window& w, double stored) const {
    if (m_meta.op != OpKind::kAdd) return stored == Fold(w);
    if (m_meta.type == ElementType::kInt32) return stored == Fold(w);
    // float32 addition is not associative: the tree order rounds differently from a
    // left-to-right sum. Allow a few float32 ulps of the window's magnitude per term.
    const double exact = w.Empty() ? 0.0 : m_exact[w.hi + 1] - m_exact[w.lo];
    const double magnitude = 1.0 + (w.Empty() ? 0.0 : m_magnitude[w.hi + 1] - m_magnitude[w.lo]);
    return std::fabs(stored - exact) <= 1.2e-7 * magnitude * (w.hi - w.lo + 2);
  }

  // The window's combination in the trace's arithmetic (int32 add wraps; float32 add in double).
  double Fold(const Window& w) const {
    if (w.Empty()) return m_meta.identity;
    if (m_meta.op == OpKind::kAdd) {
      if (m_meta.type == ElementType::kFloat32) return m_exact[w.hi + 1] - m_exact[w.lo];
      return static_cast<double>(static_cast<std::int32_t>(m_wrapped[w.hi + 1] - m_wrapped[w.lo]));
    }
    const int length = w.hi - w.lo + 1;
    int level = 0;
    while ((2 << level) <= length) ++level;
    return Combine(m_table[level][w.lo], m_table[level][w.hi - (1 << level) + 1]);
  }

  // The exact (unwrapped) int64 sum of an int32 window.
  long long ExactSum(const Window& w) const {
    return w.Empty() ? 0 : static_cast<long long>(m_exact[w.hi + 1] - m_exact[w.lo]);
  }

 private:
  // The sparse table answers a window with two overlapping halves, which is right for any
  // operator with x . x = x: max, min, and last (the right half wins unless it is all zeros, and
  // then the overlap is zeros too). The left operand always covers earlier inputs.
  double Combine(double a, double b) const {
    switch (m_meta.op) {
      case OpKind::kMax:
        return std::max(a, b);
      case OpKind::kMin:
        return std::min(a, b);
      case OpKind::kLast:
        return b != 0 ? b : a;
      case OpKind::kAdd:
        break;
    }
    return a + b;  // not reached: add uses the prefix sums
  }

  const TraceMeta& m_meta;
  std::vector<double> m_exact;               // add: prefix sums in double (exact for int32 sums)
  std::vector<double> m_magnitude;           // add: prefix sums of |x|
  std::vector<std::uint32_t> m_wrapped;      // int32 add: prefix sums modulo 2^32
  std::vector<std::vector<double>> m_table;  // max/min/last: m_table[k][i] combines [i, i + 2^k)
};

}  // namespace

BoxStyle StyleOf(CellClass c) {
  switch (c) {
    case CellClass::kUndefined:
      return BoxStyle::kNone;
    case CellClass::kUnchanged:
      return BoxStyle::kDotted;
    case CellClass::kLoaded:
    case CellClass::kCopied:
    case CellClass::kAdded:
    case CellClass::kSeeded:
      return BoxStyle::kDashed;
    case CellClass::kComputed:
    case CellClass::kSwapAdded:
      return BoxStyle::kSolid;
  }
  return BoxStyle::kNone;
}

const char* ToString(CellClass c) {
  constexpr const char* kNames[] = {"undefined", "unchanged", "loaded", "copied",
                                    "computed",  "add",       "seed",   "swap-and-add"};
  return kNames[static_cast<int>(c)];
}

const char* ShortLabel(CellClass c) {
  constexpr const char* kLabels[] = {"?", ".", "ld", "cp", "+", "+", "id", "sw+"};
  return kLabels[static_cast<int>(c)];
}

int HillisSteeleCase(int i, int stride) {
  if (stride <= 0) return 0;
  if (i >= 2 * stride - 1) return 1;
  if (i >= stride) return 2;
  return 3;
}

Window ExpectedWindow(const Trace& trace, int round, int buffer, int pos) {
  const Round& r = trace.rounds.at(round);
  if (!r.defined.at(buffer).at(pos)) return Window{};
  const RoundSpec& spec = r.spec;
  if (spec.phase == Phase::kLoad) return Range(pos, pos);
  if (spec.phase == Phase::kConvert) {
    // After the conversion the written buffer holds the other flavour of prefix; Hillis-Steele's
    // read buffer still holds the inclusive scan.
    const bool exclusive = trace.meta.algorithm == Algorithm::kHillisSteele && buffer == spec.pout;
    if (pos >= trace.meta.n) return Range(0, pos - 1);  // Blelloch padding: the map skips it
    return exclusive ? (pos == 0 ? EmptyWindow() : Range(0, pos - 1)) : Range(0, pos);
  }
  if (trace.meta.algorithm == Algorithm::kHillisSteele) {
    // After the round with stride s, pout[i] covers up to 2s elements ending at i; pin still
    // holds the previous round's windows of up to s elements.
    const int reach = buffer == spec.pout ? 2 * spec.stride : spec.stride;
    return Range(pos - reach + 1, pos);
  }
  const int padded = trace.meta.padded_n;
  const int t = TrailingOnes(pos);
  if (spec.phase == Phase::kUpSweep) {
    // A node is complete up to the level reached so far: 2^min(t, levels) elements ending at pos.
    const int levels = Log2(2 * spec.stride);
    const int k = t < levels ? t : levels;
    return Range(pos - (1 << k) + 1, pos);
  }
  // Seed and down-sweep: nodes visited so far ((pos + 1) divisible by the stride, the seed acting
  // as stride n') hold everything before their subtree; the others still hold their up-sweep sum.
  const int stride = spec.phase == Phase::kSeed ? padded : spec.stride;
  if ((pos + 1) % stride == 0) {
    if (pos - stride < 0) return EmptyWindow();
    return Range(0, pos - stride);
  }
  return Range(pos - (1 << t) + 1, pos);
}

double FoldWindow(const Trace& trace, const Window& w) {
  return DispatchOp(trace.meta.op, trace.meta.type, [&](auto op) {
    using T = typename decltype(op)::Value;
    T acc = decltype(op)::Identity();
    for (int i = w.lo; i <= w.hi; ++i) {
      const T x = i < trace.meta.n ? static_cast<T>(trace.input[i]) : decltype(op)::Identity();
      acc = op(acc, x);
    }
    return static_cast<double>(acc);
  });
}

std::vector<double> SequentialScan(const TraceMeta& meta, const std::vector<double>& input,
                                   bool inclusive) {
  return DispatchOp(meta.op, meta.type, [&](auto op) {
    using T = typename decltype(op)::Value;
    std::vector<double> out(input.size());
    T acc = decltype(op)::Identity();
    for (size_t i = 0; i < input.size(); ++i) {
      if (!inclusive) out[i] = static_cast<double>(acc);
      acc = op(acc, static_cast<T>(input[i]));
      if (inclusive) out[i] = static_cast<double>(acc);
    }
    return out;
  });
}

TraceAnalysis Analyze(const Trace& trace) {
  TraceAnalysis result;
  const TraceMeta& meta = trace.meta;
  int violation_count = 0;
  auto violate = [&](const std::string& message) {
    if (++violation_count <= kMaxReportedViolations) result.violations.push_back(message);
  };

  const std::vector<RoundSpec> schedule = RoundSchedule(meta.algorithm, meta.n, meta.converted);
  if (trace.rounds.size() != schedule.size()) {
    violate("the trace has " + std::to_string(trace.rounds.size()) + " rounds; a " +
            DisplayName(meta.algorithm) + " scan of " + std::to_string(meta.n) + " elements has " +
            std::to_string(schedule.size()));
  }

  const WindowFolder folder(trace);
  result.rounds.resize(trace.rounds.size());
  for (size_t ri = 0; ri < trace.rounds.size(); ++ri) {
    const Round& round = trace.rounds[ri];
    RoundInfo& info = result.rounds[ri];
    const std::string where = "round " + std::to_string(ri);
    if (ri < schedule.size()) {
      const RoundSpec& want = schedule[ri];
      if (round.spec.phase != want.phase || round.spec.stride != want.stride ||
          round.spec.pin != want.pin || round.spec.pout != want.pout) {
        violate(where + ": is " + ToString(round.spec.phase) + " stride " +
                std::to_string(round.spec.stride) + ", expected " + ToString(want.phase) +
                " stride " + std::to_string(want.stride));
      }
    }

    info.cells.assign(meta.buffer_count, std::vector<CellInfo>(meta.padded_n));
    for (int b = 0; b < meta.buffer_count; ++b) {
      for (int i = 0; i < meta.padded_n; ++i) {
        CellInfo& c = info.cells[b][i];
        c.cls = round.defined[b][i] ? CellClass::kUnchanged : CellClass::kUndefined;
        c.padding = meta.algorithm == Algorithm::kBlelloch && i >= meta.n;
      }
    }
    for (int tid = 0; tid < static_cast<int>(round.actions.size()); ++tid) {
      const ThreadAction& a = round.actions[tid];
      if (a.kind == ActionKind::kIdle) continue;
      ++info.active_threads;
      info.operator_applications += OperatorApplications(a.kind);
      for (int w : a.write) {
        if (w < 0) continue;
        if (w >= meta.padded_n || round.spec.pout < 0) {
          violate(where + ": thread " + std::to_string(tid) + " wrote outside the buffer");
          continue;
        }
        CellInfo& c = info.cells[round.spec.pout][w];
        if (c.writer >= 0) {
          violate(where + ": threads " + std::to_string(c.writer) + " and " + std::to_string(tid) +
                  " both wrote position " + std::to_string(w));
        }
        c.writer = tid;
        c.cls = ClassOf(a.kind, meta.algorithm);
      }
    }
    result.work += info.operator_applications;
    if (info.operator_applications > 0) ++result.depth;
    info.cumulative_work = result.work;
    info.depth = result.depth;
    if (round.spec.phase == Phase::kScan) {
      info.hs_case.resize(meta.n);
      for (int i = 0; i < meta.n; ++i) info.hs_case[i] = HillisSteeleCase(i, round.spec.stride);
    }

    // The invariant: every defined cell holds the combination of its window. Cells no thread
    // wrote this round must also still hold last round's value.
    for (int b = 0; b < meta.buffer_count; ++b) {
      for (int i = 0; i < meta.padded_n; ++i) {
        CellInfo& c = info.cells[b][i];
        if (c.cls == CellClass::kUndefined) continue;
        c.window = ExpectedWindow(trace, static_cast<int>(ri), b, i);
        const double stored = round.buffers[b][i];
        if (!folder.Matches(c.window, stored)) {
          const double expected = folder.Fold(c.window);
          std::ostringstream msg;
          msg << where << " buf[" << b << "][" << i << "] = " << FormatValue(meta.type, stored)
              << ", but its window ";
          if (c.window.Empty())
            msg << "(empty)";
          else
            msg << "[" << c.window.lo << ".." << c.window.hi << "]";
          msg << " combines to " << FormatValue(meta.type, expected);
          violate(msg.str());
        }
        if (c.cls == CellClass::kUnchanged && ri > 0 && trace.rounds[ri - 1].defined[b][i] &&
            trace.rounds[ri - 1].buffers[b][i] != stored) {
          violate(where + " buf[" + std::to_string(b) + "][" + std::to_string(i) +
                  "] changed, but no thread recorded a write to it");
        }
        // Where an int32 sum wrapped: the exact sum of the window differs from the stored value.
        if (!result.overflow && meta.type == ElementType::kInt32 && meta.op == OpKind::kAdd) {
          const long long exact = folder.ExactSum(c.window);
          if (static_cast<double>(exact) != stored)
            result.overflow = Overflow{static_cast<int>(ri), b, i, exact, stored};
        }
      }
    }
  }
  result.barriers = static_cast<int>(trace.rounds.size());

  if (!trace.rounds.empty() && violation_count == 0) {
    const std::vector<double> got = trace.Result();
    const std::vector<double> want = SequentialScan(meta, trace.input, trace.Inclusive());
    for (size_t i = 0; i < want.size() && i < got.size(); ++i) {
      const bool same =
          meta.type == ElementType::kFloat32 && meta.op == OpKind::kAdd
              ? folder.Matches(trace.Inclusive() ? Window{0, static_cast<int>(i), true}
                                                 : Window{0, static_cast<int>(i) - 1, true},
                               got[i])
              : got[i] == want[i];
      if (!same) {
        violate("result[" + std::to_string(i) + "] = " + FormatValue(meta.type, got[i]) +
                ", the sequential scan gives " + FormatValue(meta.type, want[i]));
      }
    }
  }
  if (violation_count > kMaxReportedViolations) {
    result.violations.push_back("... and " +
                                std::to_string(violation_count - kMaxReportedViolations) + " more");
  }
  return result;
}

std::string FormatValue(ElementType type, double v) {
  char buf[40];
  if (type == ElementType::kInt32) {
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
  } else if (std::isinf(v)) {
    return v < 0 ? "-inf" : "inf";
  } else {
    std::snprintf(buf, sizeof buf, "%.7g", v);
  }
  return buf;
}

}  // namespace scanviz
