// The chapters' worked example, [3,1,7,0,4,1,6,3], round by round: every buffer the chapters'
// figures give, the box styles, Hillis-Steele's cases and the invariant windows.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "cli/trace_table.h"
#include "core/algorithms/blelloch.h"
#include "core/algorithms/hillis_steele.h"
#include "core/analysis.h"
#include "core/registry.h"
#include "core/simulator.h"

namespace scanviz {
namespace {

using V = std::vector<double>;
const V kExample = {3, 1, 7, 0, 4, 1, 6, 3};

Trace Sim(Algorithm algorithm, const V& input = kExample, OpKind op = OpKind::kAdd) {
  return Simulate(ScanRequest{algorithm, op, ElementType::kInt32, input});
}

std::vector<CellClass> Classes(const TraceAnalysis& a, int round, int buffer) {
  std::vector<CellClass> out;
  for (const CellInfo& c : a.rounds[round].cells[buffer]) out.push_back(c.cls);
  return out;
}

TEST(WorkedExample, HillisSteeleRoundByRound) {
  const Trace t = Sim(Algorithm::kHillisSteele);
  ASSERT_EQ(t.rounds.size(), 4u);  // the load, then strides 1, 2, 4

  // Round 0: buf[0] staged from global memory, buf[1] allocated but not yet written.
  EXPECT_EQ(t.rounds[0].spec.phase, hillis_steele::kLoad);
  EXPECT_EQ(t.rounds[0].buffers[0], kExample);
  EXPECT_EQ(t.rounds[0].defined[1], std::vector<std::uint8_t>(8, 0));

  // Round 1: pin = buf[0], pout = buf[1].
  EXPECT_EQ(t.rounds[1].spec.stride, 1);
  EXPECT_EQ(t.rounds[1].spec.pin, 0);
  EXPECT_EQ(t.rounds[1].spec.pout, 1);
  EXPECT_EQ(t.rounds[1].buffers[0], kExample);
  EXPECT_EQ(t.rounds[1].buffers[1], (V{3, 4, 8, 7, 4, 5, 7, 9}));

  // Round 2: roles flip.
  EXPECT_EQ(t.rounds[2].spec.stride, 2);
  EXPECT_EQ(t.rounds[2].spec.pin, 1);
  EXPECT_EQ(t.rounds[2].spec.pout, 0);
  EXPECT_EQ(t.rounds[2].buffers[0], (V{3, 4, 11, 11, 12, 12, 11, 14}));
  EXPECT_EQ(t.rounds[2].buffers[1], (V{3, 4, 8, 7, 4, 5, 7, 9}));

  // Round 3: and again; buf[1] holds the inclusive scan.
  EXPECT_EQ(t.rounds[3].spec.stride, 4);
  EXPECT_EQ(t.rounds[3].spec.pin, 0);
  EXPECT_EQ(t.rounds[3].spec.pout, 1);
  EXPECT_EQ(t.rounds[3].buffers[1], (V{3, 4, 11, 11, 15, 16, 22, 25}));
  EXPECT_EQ(t.Result(), (V{3, 4, 11, 11, 15, 16, 22, 25}));
}

TEST(WorkedExample, HillisSteeleBoxesAndCases) {
  const Trace t = Sim(Algorithm::kHillisSteele);
  const TraceAnalysis a = Analyze(t);
  ASSERT_TRUE(a.Ok()) << a.violations.front();
  using C = CellClass;
  // Round 1: position 0 copied across (dashed), 1..7 computed (solid); pin unchanged (dotted).
  EXPECT_EQ(Classes(a, 1, 1),
            (std::vector<C>{C::kCopied, C::kComputed, C::kComputed, C::kComputed, C::kComputed,
                            C::kComputed, C::kComputed, C::kComputed}));
  EXPECT_EQ(Classes(a, 1, 0), std::vector<C>(8, C::kUnchanged));
  EXPECT_EQ(StyleOf(C::kUnchanged), BoxStyle::kDotted);
  EXPECT_EQ(StyleOf(C::kCopied), BoxStyle::kDashed);
  EXPECT_EQ(StyleOf(C::kComputed), BoxStyle::kSolid);
  // Round 2: 0 and 1 copied; round 3: 0..3 copied.
  EXPECT_EQ(Classes(a, 2, 0)[1], C::kCopied);
  EXPECT_EQ(Classes(a, 2, 0)[2], C::kComputed);
  EXPECT_EQ(Classes(a, 3, 1)[3], C::kCopied);
  EXPECT_EQ(Classes(a, 3, 1)[4], C::kComputed);

  EXPECT_EQ(a.rounds[1].hs_case, (std::vector<int>{3, 1, 1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(a.rounds[2].hs_case, (std::vector<int>{3, 3, 2, 1, 1, 1, 1, 1}));
  EXPECT_EQ(a.rounds[3].hs_case, (std::vector<int>{3, 3, 3, 3, 2, 2, 2, 1}));

  // Windows: after round r each position holds up to 2^r elements ending at itself.
  EXPECT_EQ(a.rounds[2].cells[0][5].window, (Window{2, 5, true}));
  EXPECT_EQ(a.rounds[2].cells[0][2].window, (Window{0, 2, true}));
  EXPECT_EQ(a.rounds[3].cells[1][7].window, (Window{0, 7, true}));
  EXPECT_FALSE(a.rounds[0].cells[1][0].window.valid);  // '?' cells have no window

  // Work: 7 + 6 + 4 = 17 operator applications, 3 rounds deep, one barrier per recorded round.
  EXPECT_EQ(a.rounds[1].operator_applications, 7);
  EXPECT_EQ(a.rounds[2].operator_applications, 6);
  EXPECT_EQ(a.rounds[3].operator_applications, 4);
  EXPECT_EQ(a.work, 17);
  EXPECT_EQ(a.depth, 3);
  EXPECT_EQ(a.barriers, 4);
}

TEST(WorkedExample, BlellochRoundByRound) {
  const Trace t = Sim(Algorithm::kBlelloch);
  ASSERT_EQ(t.rounds.size(), 8u);  // the load, then the chapter's seven rounds
  const std::vector<std::pair<PhaseId, V>> expected = {
      {blelloch::kLoad, {3, 1, 7, 0, 4, 1, 6, 3}},
      {blelloch::kUpSweep, {3, 4, 7, 7, 4, 5, 6, 9}},
      {blelloch::kUpSweep, {3, 4, 7, 11, 4, 5, 6, 14}},
      {blelloch::kUpSweep, {3, 4, 7, 11, 4, 5, 6, 25}},
      {blelloch::kSeed, {3, 4, 7, 11, 4, 5, 6, 0}},
      {blelloch::kDownSweep, {3, 4, 7, 0, 4, 5, 6, 11}},
      {blelloch::kDownSweep, {3, 0, 7, 4, 4, 11, 6, 16}},
      {blelloch::kDownSweep, {0, 3, 4, 11, 11, 15, 16, 22}},
  };
  const std::vector<int> strides = {0, 1, 2, 4, 0, 4, 2, 1};
  for (size_t r = 0; r < expected.size(); ++r) {
    SCOPED_TRACE("round " + std::to_string(r));
    EXPECT_EQ(t.rounds[r].spec.phase, expected[r].first);
    EXPECT_EQ(t.rounds[r].spec.stride, strides[r]);
    EXPECT_EQ(t.rounds[r].buffers[0], expected[r].second);
  }
  EXPECT_EQ(t.Result(), (V{0, 3, 4, 11, 11, 15, 16, 22}));
}

TEST(WorkedExample, BlellochBoxesWindowsAndWork) {
  const Trace t = Sim(Algorithm::kBlelloch);
  const TraceAnalysis a = Analyze(t);
  ASSERT_TRUE(a.Ok()) << a.violations.front();
  using C = CellClass;
  // Up-sweep 1: the right siblings 1, 3, 5, 7 absorb their left neighbours (dashed).
  EXPECT_EQ(Classes(a, 1, 0), (std::vector<C>{C::kUnchanged, C::kAdded, C::kUnchanged, C::kAdded,
                                              C::kUnchanged, C::kAdded, C::kUnchanged, C::kAdded}));
  EXPECT_EQ(a.rounds[3].active_threads, 1);  // only position 7 in up-sweep 3
  EXPECT_EQ(Classes(a, 4, 0)[7], C::kSeeded);
  // Down-sweep 1: swap-and-add at positions 3 and 7 (solid).
  EXPECT_EQ(Classes(a, 5, 0)[3], C::kSwapAdded);
  EXPECT_EQ(Classes(a, 5, 0)[7], C::kSwapAdded);
  EXPECT_EQ(Classes(a, 5, 0)[5], C::kUnchanged);
  EXPECT_EQ(StyleOf(C::kAdded), BoxStyle::kDashed);
  EXPECT_EQ(StyleOf(C::kSwapAdded), BoxStyle::kSolid);

  // The up-sweep invariant: position 3 after up-sweep 2 holds data[0..3] = 11.
  EXPECT_EQ(a.rounds[2].cells[0][3].window, (Window{0, 3, true}));
  // The down-sweep invariant: a visited node holds everything before its subtree.
  EXPECT_TRUE(a.rounds[4].cells[0][7].window.Empty());              // the seed
  EXPECT_EQ(a.rounds[5].cells[0][7].window, (Window{0, 3, true}));  // 11
  EXPECT_EQ(a.rounds[6].cells[0][5].window, (Window{0, 3, true}));  // 11
  EXPECT_EQ(a.rounds[7].cells[0][6].window, (Window{0, 5, true}));  // 16
  EXPECT_EQ(a.rounds[5].cells[0][5].window, (Window{4, 5, true}));  // still its up-sweep sum

  EXPECT_EQ(a.work, 14);  // 2(n - 1)
  EXPECT_EQ(a.depth, 6);  // 2 log2 n
  EXPECT_EQ(a.barriers, 8);
}

// `last` (the last non-zero value so far) is not commutative: these rounds, worked by hand, hold
// only if every combination puts the operand covering earlier inputs first.
TEST(LastOperator, HillisSteeleRoundByRound) {
  const V input = {0, 5, 0, 0, 2, 0, 7, 0};
  const Trace t = Sim(Algorithm::kHillisSteele, input, OpKind::kLast);
  ASSERT_EQ(t.rounds.size(), 4u);
  EXPECT_EQ(t.meta.identity, 0);
  EXPECT_EQ(t.rounds[1].buffers[1], (V{0, 5, 5, 0, 2, 2, 7, 7}));
  EXPECT_EQ(t.rounds[2].buffers[0], (V{0, 5, 5, 5, 2, 2, 7, 7}));
  EXPECT_EQ(t.rounds[3].buffers[1], (V{0, 5, 5, 5, 2, 2, 7, 7}));
  EXPECT_TRUE(Analyze(t).Ok());
}

TEST(LastOperator, BlellochRoundByRound) {
  const V input = {0, 5, 0, 0, 2, 0, 7, 0};
  const Trace t = Sim(Algorithm::kBlelloch, input, OpKind::kLast);
  const std::vector<V> expected = {
      {0, 5, 0, 0, 2, 0, 7, 0},  // load
      {0, 5, 0, 0, 2, 2, 7, 7},  // up-sweep 1
      {0, 5, 0, 5, 2, 2, 7, 7},  // up-sweep 2
      {0, 5, 0, 5, 2, 2, 7, 7},  // up-sweep 3: last(5, 7) = 7
      {0, 5, 0, 5, 2, 2, 7, 0},  // seed
      {0, 5, 0, 0, 2, 2, 7, 5},  // down-sweep 1: last(prefix 0, left 5) = 5
      {0, 0, 0, 5, 2, 5, 7, 2},  // down-sweep 2: last(prefix 5, left 2) = 2, not last(2, 5)
      {0, 0, 5, 5, 5, 2, 2, 7},  // down-sweep 3: the exclusive scan
  };
  ASSERT_EQ(t.rounds.size(), expected.size());
  for (size_t r = 0; r < expected.size(); ++r)
    EXPECT_EQ(t.rounds[r].buffers[0], expected[r]) << "round " << r;
  EXPECT_TRUE(Analyze(t).Ok());
}

TEST(LastOperator, IsAssociativeButNotCommutative) {
  const LastOp<std::int32_t> last;
  EXPECT_EQ(last(3, 5), 5);
  EXPECT_EQ(last(5, 3), 3);
  EXPECT_EQ(last(3, 0), 3);
  EXPECT_EQ(last(0, 3), 3);
  EXPECT_EQ(last(LastOp<std::int32_t>::Identity(), 4), 4);
  EXPECT_EQ(last(4, LastOp<std::int32_t>::Identity()), 4);
  for (int a : {0, 1, 2})
    for (int b : {0, 3})
      for (int c : {0, 4}) EXPECT_EQ(last(last(a, b), c), last(a, last(b, c)));
}

TEST(WorkedExample, TableReadsLikeTheFigures) {
  const Trace t = Sim(Algorithm::kBlelloch);
  std::ostringstream out;
  PrintTraceTable(t, Analyze(t), out);
  const std::string s = out.str();
  EXPECT_NE(s.find("up-sweep round 1  stride 1"), std::string::npos) << s;
  EXPECT_NE(s.find("seed step: the root (position 7) becomes the identity"), std::string::npos) << s;
  EXPECT_NE(s.find("down-sweep round 3  stride 1"), std::string::npos) << s;
  EXPECT_NE(s.find("result (exclusive): [0,3,4,11,11,15,16,22]"), std::string::npos) << s;
  EXPECT_NE(s.find("sw+"), std::string::npos);

  const Trace h = Sim(Algorithm::kHillisSteele);
  std::ostringstream out2;
  PrintTraceTable(h, Analyze(h), out2);
  EXPECT_NE(out2.str().find("round 3  stride 4  read buf[0] (pin), write buf[1] (pout)"),
            std::string::npos)
      << out2.str();
  EXPECT_NE(out2.str().find("result (inclusive): [3,4,11,11,15,16,22,25]"), std::string::npos);
}

TEST(SelfCheck, CatchesACorruptedCell) {
  Trace t = Sim(Algorithm::kHillisSteele);
  t.rounds[2].buffers[0][5] += 1;
  const TraceAnalysis a = Analyze(t);
  ASSERT_FALSE(a.Ok());
  EXPECT_NE(a.violations.front().find("round 2 buf[0][5]"), std::string::npos)
      << a.violations.front();
}

// float32 add is checked within a rounding tolerance: a cell off by far more, below or above
// the exact sum, fails.
TEST(SelfCheck, CatchesAFloat32CellOffBelowOrAbove) {
  for (double delta : {-0.5, 0.5}) {
    Trace t = Simulate(ScanRequest{
        Algorithm::kHillisSteele, OpKind::kAdd, ElementType::kFloat32, {1.5, 0.25, 2, 4}});
    ASSERT_TRUE(Analyze(t).Ok());
    ASSERT_EQ(t.rounds[2].buffers[0][3], 7.75);  // stride 2 wrote buf[0]: the total
    t.rounds[2].buffers[0][3] += delta;
    const TraceAnalysis a = Analyze(t);
    ASSERT_FALSE(a.Ok()) << delta;
    EXPECT_NE(a.violations.front().find("round 2 buf[0][3]"), std::string::npos)
        << a.violations.front();
  }
}

TEST(SelfCheck, CatchesAnUnrecordedWrite) {
  Trace t = Sim(Algorithm::kBlelloch);
  // Change a cell in a round whose actions do not write it, and the rounds after.
  for (size_t r = 5; r < t.rounds.size(); ++r) t.rounds[r].buffers[0][0] = 99;
  EXPECT_FALSE(Analyze(t).Ok());
}

TEST(SelfCheck, CatchesTwoThreadsWritingOneCell) {
  Trace t = Sim(Algorithm::kBlelloch);
  t.rounds[1].actions[0] = t.rounds[1].actions[1];
  const TraceAnalysis a = Analyze(t);
  ASSERT_FALSE(a.Ok());
  auto said = [&](const std::string& what) {
    for (const std::string& v : a.violations)
      if (v.find(what) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(said("both wrote")) << a.violations.front();
  // ... and the replay of the algorithm's steps names the thread whose action is not its own.
  EXPECT_TRUE(said("round 1: thread 0 recorded add buf[2], buf[3] -> buf[3], but the algorithm's "
                   "step does add buf[0], buf[1] -> buf[1]"))
      << a.violations.front();
}

// An action that contradicts the algorithm is caught even when every value still checks out: a
// Blelloch load rewritten to read input 7 and write two cells (the values left as they were).
TEST(SelfCheck, CatchesAnActionTheAlgorithmDoesNotTake) {
  Trace t = Sim(Algorithm::kBlelloch);
  ThreadAction& a = t.rounds[0].actions[2];
  a.read[0] = 7;
  a.write_array[1] = 0;
  a.write[1] = 3;
  const TraceAnalysis analysis = Analyze(t);
  ASSERT_FALSE(analysis.Ok());
  bool named = false;
  for (const std::string& v : analysis.violations)
    named = named || v == "round 0: thread 2 recorded load input[7] -> buf[2], buf[3], but the "
                          "algorithm's step does load input[2] -> buf[2]";
  EXPECT_TRUE(named) << analysis.violations.front();
}

TEST(Overflow, NamesTheFirstCellThatWrapped) {
  const Trace t = Sim(Algorithm::kHillisSteele, {2147483647, 1, 5, 0});
  const TraceAnalysis a = Analyze(t);
  EXPECT_TRUE(a.Ok());  // the hardware's wrapped arithmetic is consistent with itself
  ASSERT_TRUE(a.overflow.has_value());
  EXPECT_EQ(a.overflow->round, 1);
  EXPECT_EQ(a.overflow->position, 1);
  EXPECT_EQ(a.overflow->exact, 2147483648LL);
  EXPECT_EQ(a.overflow->stored, -2147483648.0);
  EXPECT_FALSE(Analyze(Sim(Algorithm::kHillisSteele)).overflow.has_value());
}

// A large value before small ones: a window of the small ones is their own sum, not what is left
// of a plain double prefix sum after 1e10 has swallowed their low bits.
TEST(SelfCheck, SmallWindowsAfterALargeValueAreExact) {
  for (const AlgorithmInfo* info : Algorithms()) {
    const Trace t = Simulate(ScanRequest{info->id, OpKind::kAdd, ElementType::kFloat32,
                                         {1e10, 0.001, 0.002, 0.003, -1e10, 0.004, 0.005}});
    const TraceAnalysis a = Analyze(t);
    EXPECT_TRUE(a.Ok()) << info->key << ": " << a.violations.front();
  }
}

// ... and checked as tightly: the tolerance grows with a cell's own window, never with a large
// value before it. The cell holding x2 + x3 = 5 after x0 = 1e9, off by one either way, is found.
TEST(SelfCheck, CatchesAFloat32CellOffAfterALargeValue) {
  for (double delta : {-1.0, 1.0}) {
    Trace t = Simulate(
        ScanRequest{Algorithm::kHillisSteele, OpKind::kAdd, ElementType::kFloat32, {1e9, 1, 2, 3}});
    ASSERT_TRUE(Analyze(t).Ok());
    // Round 1 (stride 1) writes x2 + x3 to [3] of one buffer; the rounds after that leave that
    // buffer's cell alone hold it too: change it everywhere, as if the thread had stored it.
    size_t first = 0, buffer = 0;
    for (size_t r = 0; r < t.rounds.size() && first == 0; ++r)
      for (size_t b = 0; b < t.rounds[r].buffers.size() && first == 0; ++b)
        if (t.rounds[r].buffers[b].size() > 3 && t.rounds[r].buffers[b][3] == 5)
          first = r, buffer = b;
    ASSERT_GT(first, 0u);
    for (size_t r = first; r < t.rounds.size() && t.rounds[r].buffers[buffer][3] == 5; ++r)
      t.rounds[r].buffers[buffer][3] += delta;
    const TraceAnalysis a = Analyze(t);
    ASSERT_FALSE(a.Ok()) << delta;
    const std::string cell =
        "round " + std::to_string(first) + " buf[" + std::to_string(buffer) + "][3]";
    EXPECT_NE(a.violations.front().find(cell), std::string::npos) << a.violations.front();
  }
}

// float32 sums with an infinite input: every window holding +inf is +inf, one holding both +inf
// and -inf is NaN, in every round of every algorithm; a sign flipped in one cell is caught.
TEST(SelfCheck, InfinitiesInTheInputAreFollowedExactly) {
  const double inf = std::numeric_limits<double>::infinity();
  for (const AlgorithmInfo* info : Algorithms()) {
    for (const V& input : {V{inf, 1, 2, 3, 4}, V{1, -inf, 5}, V{inf, -inf, 1, 2, 7, 8, 9},
                           V{1, 2, 3, 4, 5, 6, 7, 8, 9, inf}}) {
      Trace t = Simulate(ScanRequest{info->id, OpKind::kAdd, ElementType::kFloat32, input});
      const TraceAnalysis a = Analyze(t);
      EXPECT_TRUE(a.Ok()) << info->key << ": " << a.violations.front();
      // Flip the sign of the last round's first infinite cell.
      std::vector<double>& last = t.rounds.back().buffers[0];
      auto it = std::find_if(last.begin(), last.end(), [](double x) { return std::isinf(x); });
      if (it == last.end()) continue;
      *it = -*it;
      EXPECT_FALSE(Analyze(t).Ok()) << info->key;
    }
  }
}

}  // namespace
}  // namespace scanviz
