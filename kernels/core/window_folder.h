// Answers "what must a cell covering input window [lo, hi] hold?" in O(1): the analysis's check
// of every cell's invariant, and the grid's (core/grid/grid.cpp). Header-only, internal to core.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "core/cell.h"
#include "core/trace.h"

namespace scanviz {
namespace window_detail {

// A double-double: hi + lo holds a sum of doubles with about 106 bits, so that the difference of two
// prefix sums is the window's sum even when the prefix dwarfs the window (1e10 then 0.001: a plain
// double's 1e10 + 0.001 - 1e10 is 0.00099945).
struct DoubleDouble {
  double hi = 0, lo = 0;
};

// s + e == a + b exactly (Knuth's TwoSum).
inline DoubleDouble TwoSum(double a, double b) {
  const double s = a + b;
  const double bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}

inline DoubleDouble Plus(DoubleDouble a, double x) {
  const DoubleDouble s = TwoSum(a.hi, x);
  return TwoSum(s.hi, s.lo + a.lo);
}

// b - a, rounded once to a double.
inline double Difference(DoubleDouble b, DoubleDouble a) {
  const DoubleDouble d = TwoSum(b.hi, -a.hi);
  return d.hi + (d.lo + (b.lo - a.lo));
}

// Answers "what must a cell with this window hold?" in O(1) per cell, so that analysing a trace
// of n = 1024 costs O(n log n) per round rather than O(n^2): prefix sums for add (wrapping int32
// sums are exact modulo 2^32, float32 sums are kept as double-doubles and compared with a
// tolerance), a sparse table for max, min and last.
}  // namespace window_detail

class WindowFolder {
 public:
  explicit WindowFolder(const Trace& trace) : WindowFolder(trace.meta, trace.input) {}
  // Over `input` (meta.n values) and meta.padded_n - n identities after it.
  WindowFolder(const TraceMeta& meta, const std::vector<double>& input)
      : m_meta(meta), m_size(std::max(meta.padded_n, meta.n)) {
    const int size = m_size;
    std::vector<double> x(size, meta.identity);
    for (int i = 0; i < meta.n; ++i) x[i] = input[i];
    if (m_meta.op == OpKind::kAdd) {
      // Prefix sums of the finite inputs; infinities and NaNs are counted instead (a prefix
      // holding inf would make every later window's difference NaN).
      m_exact.assign(size + 1, window_detail::DoubleDouble{});
      m_magnitude.assign(size + 1, 0);
      m_special.assign(size + 1, Special{});
      for (int i = 0; i < size; ++i) {
        const bool finite = std::isfinite(x[i]);
        m_exact[i + 1] = window_detail::Plus(m_exact[i], finite ? x[i] : 0.0);
        m_magnitude[i + 1] = m_magnitude[i] + (finite ? std::fabs(x[i]) : 0.0);
        m_special[i + 1] = m_special[i];
        if (std::isnan(x[i])) {
          ++m_special[i + 1].nan;
        } else if (!finite) {
          ++(x[i] > 0 ? m_special[i + 1].plus_inf : m_special[i + 1].minus_inf);
        }
      }
      // Only int32 values go through an integer: a float32 of 1e19 cast to int64 is undefined.
      if (m_meta.type == ElementType::kInt32) {
        m_wrapped.assign(size + 1, 0);
        for (int i = 0; i < size; ++i) {
          m_wrapped[i + 1] =
              m_wrapped[i] + static_cast<std::uint32_t>(static_cast<std::int64_t>(x[i]));
        }
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
  bool Matches(Window w, double stored) const {
    w = Clamp(w);
    if (m_meta.op != OpKind::kAdd) return stored == Fold(w);
    if (m_meta.type == ElementType::kInt32) return stored == Fold(w);
    // float32 addition is not associative: the tree order rounds differently from a
    // left-to-right sum. Allow a few float32 ulps of the window's magnitude per term.
    const double exact = w.Empty() ? 0.0 : window_detail::Difference(m_exact[w.hi + 1], m_exact[w.lo]);
    const double magnitude = w.Empty() ? 0.0 : m_magnitude[w.hi + 1] - m_magnitude[w.lo];
    // A window whose terms add up past float32's range may overflow on the way, in any order:
    // inf, -inf or NaN (inf + -inf) is then what float32 arithmetic gives, as int32 wraps.
    const bool may_overflow = magnitude > std::numeric_limits<float>::max();
    if (const std::optional<double> special = SpecialSum(w)) {
      // An infinite or NaN input: inf, -inf or NaN whatever the order (NaN also when the finite
      // terms overflow the other way on the way).
      if (may_overflow && !std::isfinite(stored)) return true;
      return std::isnan(*special) ? std::isnan(stored) : stored == *special;
    }
    if (!std::isfinite(stored)) return may_overflow;
    return std::fabs(stored - exact) <= 1.2e-7 * (1.0 + magnitude) * (w.hi - w.lo + 2);
  }

  // The window's combination in the trace's arithmetic (int32 add wraps; float32 add in double).
  double Fold(Window w) const {
    w = Clamp(w);
    if (w.Empty()) return m_meta.identity;
    if (m_meta.op == OpKind::kAdd) {
      if (m_meta.type == ElementType::kFloat32) {
        if (const std::optional<double> special = SpecialSum(w)) return *special;
        return window_detail::Difference(m_exact[w.hi + 1], m_exact[w.lo]);
      }
      return static_cast<double>(static_cast<std::int32_t>(m_wrapped[w.hi + 1] - m_wrapped[w.lo]));
    }
    const int length = w.hi - w.lo + 1;
    int level = 0;
    while ((2 << level) <= length) ++level;
    return Combine(m_table[level][w.lo], m_table[level][w.hi - (1 << level) + 1]);
  }

  // The exact (unwrapped) int64 sum of an int32 window.
  long long ExactSum(Window w) const {
    w = Clamp(w);
    return w.Empty() ? 0 : static_cast<long long>(window_detail::Difference(m_exact[w.hi + 1], m_exact[w.lo]));
  }

 private:
  struct Special {
    int plus_inf = 0, minus_inf = 0, nan = 0;
  };

  // The sum of a window holding an infinite or NaN input (float32 add), else nothing.
  std::optional<double> SpecialSum(Window w) const {
    if (w.Empty() || m_special.empty()) return std::nullopt;
    const Special& a = m_special[w.lo];
    const Special& b = m_special[w.hi + 1];
    const int plus = b.plus_inf - a.plus_inf, minus = b.minus_inf - a.minus_inf;
    if (b.nan > a.nan || (plus > 0 && minus > 0)) return std::nan("");
    if (plus > 0) return std::numeric_limits<double>::infinity();
    if (minus > 0) return -std::numeric_limits<double>::infinity();
    return std::nullopt;
  }

  // Positions past the padded input hold the identity too (a warp's spare lanes of t cover
  // whole warps that do not exist): drop them from the window.
  Window Clamp(Window w) const {
    if (w.hi >= m_size) w.hi = m_size - 1;
    if (w.Empty()) return EmptyWindow();
    return w;
  }

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

  TraceMeta m_meta;
  int m_size;                                // positions covered: the input and its padding
  std::vector<window_detail::DoubleDouble> m_exact;         // add: prefix sums (exact for int32 sums)
  std::vector<double> m_magnitude;           // add: prefix sums of |x| (finite x)
  std::vector<Special> m_special;            // add: prefix counts of inf, -inf and NaN inputs
  std::vector<std::uint32_t> m_wrapped;      // int32 add: prefix sums modulo 2^32
  std::vector<std::vector<double>> m_table;  // max/min/last: m_table[k][i] combines [i, i + 2^k)
};


}  // namespace scanviz
