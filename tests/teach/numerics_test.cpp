// Numeric diagnostics: float32 results that really differ from a left-to-right loop, with their
// ulps checked independently, and int32 sums that really wrap.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "core/simulator.h"
#include "teach/numerics.h"

namespace scanviz::teach {
namespace {

Trace Sim(Algorithm a, ElementType type, const std::vector<double>& input,
          OpKind op = OpKind::kAdd) {
  return Simulate(ScanRequest{a, op, type, input});
}

// Counts the float steps from a up to b (a <= b) one nextafter at a time: slow but obviously right.
std::int64_t StepCount(float a, float b) {
  std::int64_t steps = 0;
  while (a < b) {
    a = std::nextafter(a, std::numeric_limits<float>::infinity());
    ++steps;
  }
  return steps;
}

TEST(Numerics, UlpDistance) {
  EXPECT_EQ(UlpDistance(1.0f, 1.0f), 0);
  EXPECT_EQ(UlpDistance(1.0f, std::nextafter(1.0f, 2.0f)), 1);
  EXPECT_EQ(UlpDistance(0.0f, -0.0f), 0);
  const float tiny = std::numeric_limits<float>::denorm_min();
  EXPECT_EQ(UlpDistance(-tiny, tiny), 2);
  EXPECT_EQ(UlpDistance(-1.5f, 1.5f), 2 * UlpDistance(0.0f, 1.5f));
  std::uint32_t one_bits;
  const float one = 1.0f;
  std::memcpy(&one_bits, &one, sizeof one);
  EXPECT_EQ(UlpDistance(0.0f, 1.0f), static_cast<std::int64_t>(one_bits));  // 0x3f800000
  EXPECT_EQ(UlpDistance(1e8f, 100000008.0f), 1);
  EXPECT_EQ(UlpDistance(3.0f, 2.0f), StepCount(2.0f, 3.0f));
  EXPECT_EQ(UlpDistance(std::nanf(""), 1.0f), -1);
}

// 1e8 + 4 is a tie that rounds back to 1e8 (float32 spacing is 8 there), so the loop never grows;
// the tree adds 4 + 4 first and gets 1e8 + 8.
TEST(Numerics, Float32TreeGroupsDifferently) {
  const std::vector<double> input = {1e8, 4, 4, 4};
  const Trace t = Sim(Algorithm::kHillisSteele, ElementType::kFloat32, input);
  const FloatDiagnostics d = DiagnoseFloat(t);
  ASSERT_TRUE(d.applicable);
  ASSERT_EQ(d.cells.size(), 4u);
  float loop = 0;
  for (int i = 0; i < 4; ++i) {
    loop += static_cast<float>(input[i]);
    const FloatCell& c = d.cells[i];
    EXPECT_EQ(c.sequential, loop) << i;
    EXPECT_EQ(c.parallel, t.Result()[i]) << i;
    EXPECT_EQ(c.abs_diff, std::fabs(c.parallel - c.sequential)) << i;
    const float lo = static_cast<float>(std::min(c.parallel, c.sequential));
    const float hi = static_cast<float>(std::max(c.parallel, c.sequential));
    EXPECT_EQ(c.ulps, StepCount(lo, hi)) << i;
  }
  EXPECT_EQ(d.cells[3].sequential, 1e8);
  EXPECT_EQ(d.cells[3].parallel, 100000008.0);
  EXPECT_EQ(d.cells[3].abs_diff, 8.0);
  EXPECT_EQ(d.cells[3].ulps, 1);
  EXPECT_EQ(d.differing, 2);  // positions 2 and 3
  EXPECT_GE(d.worst, 2);
  EXPECT_NE(d.explanation.find("not associative"), std::string::npos) << d.explanation;
  EXPECT_NE(d.explanation.find("2 of the 4 results differ"), std::string::npos) << d.explanation;
}

// Cancellation: the loop keeps the last 1, the tree rounds both 1s away: 0 against 1.
TEST(Numerics, Float32CancellationIsManyUlps) {
  const Trace t = Sim(Algorithm::kHillisSteele, ElementType::kFloat32, {1e8, 1, -1e8, 1});
  const FloatDiagnostics d = DiagnoseFloat(t);
  ASSERT_EQ(d.cells.size(), 4u);
  EXPECT_EQ(d.cells[3].sequential, 1.0);
  EXPECT_EQ(d.cells[3].parallel, 0.0);
  EXPECT_EQ(d.cells[3].abs_diff, 1.0);
  EXPECT_EQ(d.cells[3].ulps, 0x3f800000);
  EXPECT_EQ(d.worst, 3);
}

// Issue #26 item 15: with 3e38 3e38 1 2 ... six of eight results are infinite, and the tab said
// "no grouping lost any digits". It says they overflowed.
TEST(Numerics, Float32OverflowIsSaidNotCalledExact) {
  const Trace t =
      Sim(Algorithm::kHillisSteele, ElementType::kFloat32, {3e38, 3e38, 1, 2, 3, 4, 5, 6});
  const FloatDiagnostics d = DiagnoseFloat(t);
  ASSERT_EQ(d.cells.size(), 8u);
  EXPECT_EQ(d.explanation.find("no grouping lost any digits"), std::string::npos) << d.explanation;
  EXPECT_NE(d.explanation.find("7 of the results passed float32's largest value"),
            std::string::npos)
      << d.explanation;
  // Finite sums keep the old sentence.
  const FloatDiagnostics small =
      DiagnoseFloat(Sim(Algorithm::kHillisSteele, ElementType::kFloat32, {1, 2, 3, 4}));
  EXPECT_NE(small.explanation.find("no grouping lost any digits"), std::string::npos);
}

TEST(Numerics, Float32BlellochComparesWithTheExclusiveLoop) {
  const std::vector<double> input = {1e8, 4, 4, 4, 4};
  const Trace t = Sim(Algorithm::kBlelloch, ElementType::kFloat32, input);
  const FloatDiagnostics d = DiagnoseFloat(t);
  ASSERT_EQ(d.cells.size(), 5u);
  float loop = 0;
  int differing = 0;
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(d.cells[i].sequential, loop) << i;  // exclusive: the sum before position i
    loop += static_cast<float>(input[i]);
    if (d.cells[i].parallel != d.cells[i].sequential) ++differing;
  }
  EXPECT_EQ(d.differing, differing);
  EXPECT_GT(differing, 0);
}

TEST(Numerics, Float32NotApplicableElsewhere) {
  EXPECT_FALSE(DiagnoseFloat(Sim(Algorithm::kBlelloch, ElementType::kFloat32, {1, 2}, OpKind::kMax))
                   .applicable);
  EXPECT_FALSE(DiagnoseFloat(Sim(Algorithm::kBlelloch, ElementType::kInt32, {1, 2})).applicable);
  const FloatDiagnostics same =
      DiagnoseFloat(Sim(Algorithm::kHillisSteele, ElementType::kFloat32, {0.5, 0.25, 1}));
  EXPECT_EQ(same.differing, 0);
  EXPECT_EQ(same.worst, -1);
}

// Brute force: every defined cell whose stored value is not its window's true sum.
size_t CountWrapped(const Trace& t, const TraceAnalysis& a) {
  size_t count = 0;
  for (size_t r = 0; r < t.rounds.size(); ++r)
    for (size_t b = 0; b < t.rounds[r].buffers.size(); ++b)
      for (size_t p = 0; p < t.rounds[r].buffers[b].size(); ++p) {
        const Window w = a.rounds[r].cells[b][p].window;
        if (!w.valid) continue;
        long long sum = 0;
        for (int i = w.lo; i <= w.hi; ++i)
          sum += i < t.meta.n ? static_cast<long long>(t.input[i]) : 0;
        if (static_cast<double>(sum) != t.rounds[r].buffers[b][p]) ++count;
      }
  return count;
}

TEST(Numerics, Int32Wrap) {
  const Trace t = Sim(Algorithm::kHillisSteele, ElementType::kInt32, {2147483647, 1, 0, 5});
  const TraceAnalysis a = Analyze(t);
  const IntDiagnostics d = DiagnoseInt(t, a);
  ASSERT_TRUE(d.applicable);
  ASSERT_FALSE(d.cells.empty());
  const WrappedCell& first = d.cells.front();
  EXPECT_EQ(first.round, 1);
  EXPECT_EQ(first.buffer, 1);
  EXPECT_EQ(first.position, 1);
  EXPECT_EQ(first.exact, 2147483648LL);
  EXPECT_EQ(first.stored, -2147483648.0);
  EXPECT_TRUE(first.written_now);
  for (const WrappedCell& c : d.cells)
    EXPECT_EQ(c.stored,
              static_cast<double>(static_cast<std::int32_t>(static_cast<std::uint32_t>(c.exact))));
  EXPECT_EQ(d.cells.size(), CountWrapped(t, a));
  EXPECT_EQ(d.results_wrapped, 3);  // positions 1, 2, 3 of the result
  // Carried-over cells are listed too: buf[1] keeps round 1's wrapped value in round 2.
  bool carried = false;
  for (const WrappedCell& c : d.cells) carried |= c.round == 2 && c.buffer == 1 && !c.written_now;
  EXPECT_TRUE(carried);
  EXPECT_NE(d.explanation.find("2147483648"), std::string::npos) << d.explanation;

  const Trace bl = Sim(Algorithm::kBlelloch, ElementType::kInt32, {2000000000, 2000000000, 1});
  const TraceAnalysis ba = Analyze(bl);
  const IntDiagnostics bd = DiagnoseInt(bl, ba);
  EXPECT_EQ(bd.cells.size(), CountWrapped(bl, ba));
  EXPECT_GT(bd.cells.size(), 0u);
  EXPECT_EQ(bd.results_wrapped, 1);  // the exclusive prefix of position 2
}

// The warp shuffle at n = 200 pads to 7 warps (224 cells), and its warp totals' windows reach 255:
// past the padded input, where every input is the identity (read past the prefix sums before:
// the ASan stage's _GLIBCXX_ASSERTIONS stopped it, the round-trip test over every kind found it).
TEST(Numerics, WindowsPastThePaddedInputAreTheIdentity) {
  std::vector<double> values(200);
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(i % 7);
  const Trace t = Sim(Algorithm::kWarpShuffle, ElementType::kInt32, values);
  const TraceAnalysis a = Analyze(t);
  int past = 0;
  for (const RoundInfo& r : a.rounds)
    for (const auto& buffer : r.cells)
      for (const CellInfo& c : buffer) past += c.window.valid && c.window.hi >= t.meta.padded_n;
  ASSERT_GT(past, 0) << "no window past the padded input: the case no longer tests anything";
  const IntDiagnostics d = DiagnoseInt(t, a);
  EXPECT_TRUE(d.applicable);
  EXPECT_TRUE(d.cells.empty()) << d.cells.size() << " cells said to wrap";
}

TEST(Numerics, Int32NoWrap) {
  const Trace t = Sim(Algorithm::kBlelloch, ElementType::kInt32, {3, 1, 7, 0, 4, 1, 6, 3});
  const IntDiagnostics d = DiagnoseInt(t, Analyze(t));
  EXPECT_TRUE(d.applicable);
  EXPECT_TRUE(d.cells.empty());
  EXPECT_EQ(d.results_wrapped, 0);
  const Trace m = Sim(Algorithm::kBlelloch, ElementType::kInt32, {3, 1}, OpKind::kMax);
  EXPECT_FALSE(DiagnoseInt(m, Analyze(m)).applicable);
}

}  // namespace
}  // namespace scanviz::teach
