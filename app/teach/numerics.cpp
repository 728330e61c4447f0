#include "teach/numerics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "teach/narration_text.h"
#include "teach/teach_registry.h"

namespace scanviz::teach {
namespace {

// Maps a float's bits onto a line where consecutive floats are consecutive integers: positive
// floats keep their bit pattern, negative ones are mirrored below zero, and -0 meets +0.
std::int64_t OrderedBits(float f) {
  std::int32_t bits = 0;  // std::bit_cast, which the web build's libc++ lacks
  std::memcpy(&bits, &f, sizeof bits);
  return bits >= 0 ? static_cast<std::int64_t>(bits)
                   : -static_cast<std::int64_t>(bits & 0x7fffffff);
}

std::string Sci(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

std::string Num(long long v) {
  return std::to_string(v);
}

}  // namespace

std::int64_t UlpDistance(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return -1;
  const std::int64_t d = OrderedBits(a) - OrderedBits(b);
  return d < 0 ? -d : d;
}

FloatDiagnostics DiagnoseFloat(const Trace& trace) {
  FloatDiagnostics out;
  const TraceMeta& meta = trace.meta;
  out.applicable = meta.type == ElementType::kFloat32 && meta.op == OpKind::kAdd;
  if (!out.applicable) {
    out.explanation =
        "Only a float32 add scan can round differently from a sequential loop: max "
        "and min pick one of their operands and never round, and int32 addition "
        "is exact (modulo 2^32).";
    return out;
  }
  const std::vector<double> parallel = trace.Result();
  const std::vector<double> sequential = SequentialScan(meta, trace.input, trace.Inclusive());
  std::int64_t worst_ulps = 0;
  for (size_t i = 0; i < parallel.size() && i < sequential.size(); ++i) {
    FloatCell c;
    c.position = static_cast<int>(i);
    c.parallel = parallel[i];
    c.sequential = sequential[i];
    c.abs_diff = std::fabs(c.parallel - c.sequential);
    c.ulps = UlpDistance(static_cast<float>(c.parallel), static_cast<float>(c.sequential));
    if (c.ulps != 0) ++out.differing;
    if (c.ulps > worst_ulps) {
      worst_ulps = c.ulps;
      out.worst = c.position;
    }
    out.cells.push_back(c);
  }

  const std::string order = Teach(meta.algorithm).float_grouping;
  std::string para =
      "Float addition rounds after every step, so it is not associative: (a + b) + c can differ "
      "from a + (b + c). The sequential loop adds the inputs one at a time from the left; " +
      order + ", so the same terms are grouped differently and rounded at different moments. ";
  // A sum past float32's largest value (3.4e38) is infinite in every order: equal to the loop's,
  // and nowhere near the true sum. Said, rather than "no grouping lost any digits".
  long long overflowed = 0;
  for (const FloatCell& c : out.cells) overflowed += std::isfinite(c.parallel) ? 0 : 1;
  const std::string overflow_note =
      overflowed == 0 ? ""
                      : " " + Num(overflowed) +
                            " of the results passed float32's largest value, "
                            "3.4e38, and are infinite in every order: equal, and not the true sum.";
  if (out.differing == 0 && overflowed == 0) {
    para += "For this input every one of the " + Num(static_cast<long long>(out.cells.size())) +
            " results matches the sequential loop bit for bit: no grouping lost any digits.";
  } else if (out.differing == 0) {
    para += "For this input every one of the " + Num(static_cast<long long>(out.cells.size())) +
            " results matches the sequential loop bit for bit." + overflow_note;
  } else {
    const FloatCell& w = out.cells[out.worst];
    para += Num(out.differing) + " of the " + Num(static_cast<long long>(out.cells.size())) +
            " results differ. The largest difference is at position " + Num(w.position) +
            ": the parallel scan gives " + Sci(w.parallel) + ", the loop " + Sci(w.sequential) +
            ", " + Sci(w.abs_diff) + " apart, " + Num(w.ulps) + (w.ulps == 1 ? " ulp" : " ulps") +
            ". Neither order is the wrong one; both are roundings of the exact sum, and large "
            "terms that cancel make the difference largest." +
            overflow_note;
  }
  out.explanation = para;
  return out;
}

IntDiagnostics DiagnoseInt(const Trace& trace, const TraceAnalysis& analysis) {
  IntDiagnostics out;
  const TraceMeta& meta = trace.meta;
  out.applicable = meta.type == ElementType::kInt32 && meta.op == OpKind::kAdd;
  if (!out.applicable) {
    out.explanation =
        "Only an int32 add scan can wrap around: max and min return one of their "
        "operands, and float32 sums round instead of wrapping.";
    return out;
  }
  // Exact prefix sums of the identity-padded input: the true value of any window in O(1). A
  // window may reach past the padded input (the warp shuffle's warp totals, padded to whole
  // warps: n = 200 has windows up to 255 over 224 cells), where every input is the identity.
  const int size = std::max(meta.n, meta.padded_n);
  std::vector<std::int64_t> prefix(static_cast<size_t>(size) + 1, 0);
  for (int i = 0; i < size; ++i)
    prefix[i + 1] = prefix[i] + (i < meta.n ? static_cast<std::int64_t>(trace.input[i]) : 0);
  const auto prefix_at = [&](int i) { return prefix[static_cast<size_t>(std::clamp(i, 0, size))]; };

  for (size_t r = 0; r < trace.rounds.size() && r < analysis.rounds.size(); ++r) {
    const Round& round = trace.rounds[r];
    for (size_t b = 0; b < round.buffers.size(); ++b) {
      for (size_t p = 0; p < round.buffers[b].size(); ++p) {
        const CellInfo& info = analysis.rounds[r].cells[b][p];
        if (!info.window.valid) continue;
        const std::int64_t exact =
            info.window.Empty() ? 0 : prefix_at(info.window.hi + 1) - prefix_at(info.window.lo);
        const double stored = round.buffers[b][p];
        if (static_cast<double>(exact) == stored) continue;
        out.cells.push_back(WrappedCell{static_cast<int>(r), static_cast<int>(b),
                                        static_cast<int>(p), info.window, exact, stored,
                                        info.cls != CellClass::kUnchanged});
      }
    }
  }
  // The result is the first n cells of the last round's output buffer.
  if (!trace.rounds.empty()) {
    const int last = static_cast<int>(trace.rounds.size()) - 1;
    const int pout = std::max(0, trace.rounds.back().spec.pout);
    for (const WrappedCell& c : out.cells)
      if (c.round == last && c.buffer == pout && c.position < meta.n) ++out.results_wrapped;
  }

  std::string para =
      "An int32 holds -2147483648 to 2147483647. The GPU's integer add does not stop or signal "
      "when a sum leaves that range: it keeps the low 32 bits, so the value wraps around by 2^32. ";
  if (out.cells.empty()) {
    para += "No sum in this trace leaves the range: every cell holds its window's true sum.";
  } else {
    const WrappedCell& first = out.cells.front();
    para += "Here " + Num(static_cast<long long>(out.cells.size())) +
            " cells (over all rounds) hold a wrapped value. The first is position " +
            Num(first.position) + " of buf[" + Num(first.buffer) + "] in round " +
            Num(first.round) + ": its window's true sum is " + Num(first.exact) + " but it holds " +
            text::Value(meta, first.stored) + ". " + Num(out.results_wrapped) + " of the " +
            Num(meta.n) +
            " results are wrapped. Wrapping arithmetic is still associative (modulo 2^32), so "
            "the parallel result equals a sequential int32 loop's bit for bit; it is the true "
            "sum that does not fit. Use a wider type when totals can grow this large.";
  }
  out.explanation = para;
  return out;
}

}  // namespace scanviz::teach
