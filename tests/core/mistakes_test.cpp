// The mistakes lab (core/mistake.h, the simulator's thread orders): every classic mistake, run by
// the algorithm's own driver with one thing taken away, gives a wrong scan for some thread order at
// n = 1024, while the correct kernels give the same trace in every order. The lessons the lab
// teaches are checked as facts: a single buffer is right by luck when threads run from the highest
// down; a missing barrier is harmless within one warp and breaks across warps.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/algorithms/blelloch.h"
#include "core/algorithms/hillis_steele.h"
#include "core/analysis.h"
#include "core/input.h"
#include "core/registry.h"
#include "core/simulator.h"
#include "core/trace_io.h"

namespace scanviz {
namespace {

std::vector<SimulatorOptions> AllOrders() {
  std::vector<SimulatorOptions> out;
  for (const char* s : {"in-order", "reverse", "random:7", "warp-by-warp"}) {
    SimulatorOptions o;
    EXPECT_TRUE(ParseThreadOrder(s, &o)) << s;
    out.push_back(o);
  }
  return out;
}

ScanRequest Request(Algorithm a, int n, Mistake m = Mistake::kNone) {
  ScanRequest r{a, OpKind::kAdd, ElementType::kInt32, RandomValues(n, 11, ElementType::kInt32)};
  r.mistake = m;
  return r;
}

Mistake NoBarrier(Algorithm a) {
  return FindMistake(a, "no-barrier")->id;
}

TEST(Mistakes, ThreadOrdersParseAndPrint) {
  for (const char* s : {"in-order", "reverse", "random:7", "warp-by-warp", "random:0"}) {
    SimulatorOptions o;
    ASSERT_TRUE(ParseThreadOrder(s, &o)) << s;
    EXPECT_EQ(ToString(o), s);
  }
  for (const char* s : {"", "random:", "random:x", "random:-1", "shuffled", "in order"}) {
    SimulatorOptions o;
    EXPECT_FALSE(ParseThreadOrder(s, &o)) << s;
  }
}

TEST(Mistakes, CorrectKernelsGiveOneTraceInEveryOrder) {
  for (const AlgorithmInfo* info : Algorithms()) {
    for (int n : {8, 33, 1024}) {
      const ScanRequest r = Request(info->id, n);
      const Trace reference = Simulate(r);
      for (const SimulatorOptions& o : AllOrders()) {
        const Trace t = Simulate(r, o);
        ASSERT_EQ(t.rounds.size(), reference.rounds.size());
        for (size_t i = 0; i < t.rounds.size(); ++i)
          ASSERT_EQ(t.rounds[i].buffers, reference.rounds[i].buffers)
              << info->key << " n = " << n << " " << ToString(o) << " round " << i;
        EXPECT_TRUE(Analyze(t).Ok()) << info->key << " " << ToString(o);
      }
    }
  }
}

TEST(Mistakes, EveryMistakeBreaksTheScanForSomeOrderAt1024) {
  for (const MistakeInfo& m : Mistakes()) {
    SCOPED_TRACE(m.key);
    const ScanRequest r = Request(m.algorithm, 1024, m.id);
    ASSERT_EQ(ValidateRequest(r), "");
    const std::vector<double> want = Simulate(Request(m.algorithm, 1024)).Result();
    int wrong_orders = 0;
    for (const SimulatorOptions& o : AllOrders()) {
      const Trace t = Simulate(r, o);
      EXPECT_EQ(t.meta.mistake, m.id);
      EXPECT_EQ(t.meta.thread_order, ToString(o));
      if (t.Result() != want) {
        ++wrong_orders;
        EXPECT_FALSE(Analyze(t).Ok()) << "the self-check must notice: " << ToString(o);
      }
    }
    EXPECT_GT(wrong_orders, 0) << "no thread order shows the mistake";
  }
}

TEST(Mistakes, ASingleBufferIsRightByLuckFromTheTopDown) {
  const ScanRequest r = Request(Algorithm::kHillisSteele, 1024, Mistake::kHillisSteeleSingleBuffer);
  const std::vector<double> want = Simulate(Request(Algorithm::kHillisSteele, 1024)).Result();
  SimulatorOptions reverse, in_order, warps;
  ASSERT_TRUE(ParseThreadOrder("reverse", &reverse));
  ASSERT_TRUE(ParseThreadOrder("in-order", &in_order));
  ASSERT_TRUE(ParseThreadOrder("warp-by-warp", &warps));
  // From the top down every thread reads its left neighbour before the neighbour writes.
  EXPECT_EQ(Simulate(r, reverse).Result(), want);
  // From the bottom up the neighbour has already added its own neighbour: counted twice.
  EXPECT_NE(Simulate(r, in_order).Result(), want);
  // Lanes in lockstep read before they write, but warp 1 reads what warp 0 already wrote.
  EXPECT_NE(Simulate(r, warps).Result(), want);
  // Every read and write lands in the one buffer the trace now names.
  const Trace t = Simulate(r, in_order);
  for (const Round& round : t.rounds) {
    for (const ThreadAction& a : round.actions) {
      for (int k = 0; k < 2; ++k) {
        if (a.write[k] >= 0) {
          EXPECT_EQ(a.write_array[k], hillis_steele::kBuf0);
        }
      }
    }
  }
}

TEST(Mistakes, NoBarrierIsHarmlessInOneWarpAndBreaksAcrossWarps) {
  SimulatorOptions warps;
  ASSERT_TRUE(ParseThreadOrder("warp-by-warp", &warps));
  for (Algorithm a : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    SCOPED_TRACE(DisplayName(a));
    const std::vector<double> want32 = Simulate(Request(a, 32)).Result();
    const std::vector<double> want1024 = Simulate(Request(a, 1024)).Result();
    // One warp: its lanes run together, so losing the barrier loses nothing.
    EXPECT_EQ(Simulate(Request(a, 32, NoBarrier(a)), warps).Result(), want32);
    // 32 warps, each racing through every round before the next starts.
    const Trace t = Simulate(Request(a, 1024, NoBarrier(a)), warps);
    EXPECT_NE(t.Result(), want1024);
    for (size_t i = 1; i < t.rounds.size(); ++i) EXPECT_EQ(t.rounds[i].spec.level, Level::kWarp);
  }
}

TEST(Mistakes, NoSeedAddsTheTotalToEveryCell) {
  // The chapters' example: 3 1 7 0 4 1 6 3, total 25; the down-sweep starts from 25, not 0.
  ScanRequest r{Algorithm::kBlelloch, OpKind::kAdd, ElementType::kInt32, {3, 1, 7, 0, 4, 1, 6, 3}};
  r.mistake = Mistake::kBlellochNoSeed;
  const Trace t = Simulate(r);
  const std::vector<double> right = {0, 3, 4, 11, 11, 15, 16, 22};
  std::vector<double> want = right;
  for (double& v : want) v += 25;
  EXPECT_EQ(t.Result(), want);
  // The seed round is still there, with nobody acting in it.
  bool seen = false;
  for (const Round& round : t.rounds) {
    if (round.spec.phase != blelloch::kSeed) continue;
    seen = true;
    for (const ThreadAction& a : round.actions) EXPECT_EQ(a.kind, ActionKind::kIdle);
  }
  EXPECT_TRUE(seen);
}

// The chapters' example without the edge check, worked by hand. Round 1 (stride 1, pin = buf[0]):
// thread 0 reads the reserved word before buf[0], 0, so 0 + 3 = 3 is right by luck. Round 2
// (stride 2, pin = buf[1]): threads 0 and 1 read left of buf[1], i.e. buf[0][6] and buf[0][7],
// which threads 6 and 7 overwrite in this very round. In order, threads 0 and 1 read the inputs
// 6 and 3 (9, 7); from the top down they read 11 and 14 (14, 18). Round 3 (stride 4, pin =
// buf[0]) reads reserved zeros again and carries the damage on.
TEST(Mistakes, NoEdgeCheckReadsLeftOfZero) {
  ScanRequest r{Algorithm::kHillisSteele, OpKind::kAdd, ElementType::kInt32,
                {3, 1, 7, 0, 4, 1, 6, 3}};
  r.mistake = Mistake::kHillisSteeleNoEdgeCheck;
  SimulatorOptions in_order, reverse;
  ASSERT_TRUE(ParseThreadOrder("in-order", &in_order));
  ASSERT_TRUE(ParseThreadOrder("reverse", &reverse));
  const Trace t = Simulate(r, in_order);
  EXPECT_EQ(t.Result(), (std::vector<double>{9, 7, 11, 11, 21, 19, 22, 25}));
  EXPECT_EQ(Simulate(r, reverse).Result(), (std::vector<double>{14, 18, 11, 11, 26, 30, 22, 25}));
  // Every thread adds, and the trace names the memory it really read.
  const ThreadAction& t0r1 = t.rounds[1].actions[0];
  EXPECT_EQ(t0r1.kind, ActionKind::kAdd);
  EXPECT_EQ(t0r1.read_array[0], kReservedArray);
  EXPECT_EQ(t0r1.read[0], kReservedCells - 1);
  const ThreadAction& t1r2 = t.rounds[2].actions[1];
  EXPECT_EQ(t1r2.read_array[0], hillis_steele::kBuf0);
  EXPECT_EQ(t1r2.read[0], 7);
  EXPECT_EQ(t.rounds[3].actions[3].read_array[0], kReservedArray);
  EXPECT_EQ(t.rounds[3].actions[3].read[0], kReservedCells - 1);
  EXPECT_FALSE(Analyze(t).Ok());
  // The file keeps the reserved reads.
  const TraceLoadResult back = ParseTraceJson(TraceToJson(t));
  ASSERT_TRUE(back.trace) << back.error;
  EXPECT_EQ(back.trace->rounds[1].actions[0].read_array[0], kReservedArray);
  EXPECT_TRUE(Analyze(*back.trace).Ok() == Analyze(t).Ok());
  // With max, the reserved 0 is larger than any negative element: result[0] becomes 0.
  ScanRequest m{Algorithm::kHillisSteele, OpKind::kMax, ElementType::kInt32, {-5, -3, -8, -1}};
  m.mistake = Mistake::kHillisSteeleNoEdgeCheck;
  EXPECT_EQ(Simulate(m, in_order).Result()[0], 0);
}

// Blelloch with index = (tid + 1) * stride * 2 on the chapters' example, worked by hand:
// up-sweep 1 adds pairs (1,2), (3,4), (5,6) into 2, 4, 6; up-sweep 2 adds 2 into 4; the root's
// index 8 is past the end. The seed clears buf[7] (3, never combined). Down-sweep 2 swaps-and-adds
// (2,4), down-sweep 1 (1,2), (3,4), (5,6). Cell 0 keeps its input. No two threads share a cell,
// so every order gives the same wrong result.
TEST(Mistakes, WrongIndexIsWrongTheSameWayInEveryOrder) {
  ScanRequest r{Algorithm::kBlelloch, OpKind::kAdd, ElementType::kInt32,
                {3, 1, 7, 0, 4, 1, 6, 3}};
  r.mistake = Mistake::kBlellochWrongIndex;
  for (const SimulatorOptions& o : AllOrders())
    EXPECT_EQ(Simulate(r, o).Result(), (std::vector<double>{3, 12, 13, 20, 20, 7, 8, 0}))
        << ToString(o);
  const Trace t = Simulate(r);
  const ThreadAction& a = t.rounds[1].actions[0];  // up-sweep 1, thread 0
  EXPECT_EQ(a.read[0], 1);
  EXPECT_EQ(a.read[1], 2);
  EXPECT_EQ(a.write[0], 2);
  EXPECT_EQ(t.rounds[1].actions[3].kind, ActionKind::kIdle);  // index 8: past the end
  EXPECT_FALSE(Analyze(t).Ok());
}

TEST(Mistakes, AMistakeBelongsToItsAlgorithm) {
  ScanRequest r = Request(Algorithm::kHillisSteele, 8, Mistake::kBlellochNoSeed);
  EXPECT_NE(ValidateRequest(r).find("Blelloch"), std::string::npos) << ValidateRequest(r);
  r = Request(Algorithm::kWarpShuffle, 8, Mistake::kHillisSteeleSingleBuffer);
  EXPECT_FALSE(ValidateRequest(r).empty());
  EXPECT_EQ(FindMistake(Algorithm::kBlelloch, "single-buffer"), nullptr);
  ASSERT_NE(FindMistake(Algorithm::kBlelloch, "no-barrier"), nullptr);
  EXPECT_EQ(FindMistake(Algorithm::kBlelloch, "no-barrier")->algorithm, Algorithm::kBlelloch);
}

TEST(Mistakes, AMistakeRunSurvivesItsFile) {
  SimulatorOptions o;
  ASSERT_TRUE(ParseThreadOrder("random:3", &o));
  const Trace t =
      Simulate(Request(Algorithm::kHillisSteele, 64, Mistake::kHillisSteeleSingleBuffer), o);
  const std::string text = TraceToJson(t);
  const TraceLoadResult back = ParseTraceJson(text);
  ASSERT_TRUE(back.trace) << back.error;

  EXPECT_EQ(back.trace->meta.mistake, Mistake::kHillisSteeleSingleBuffer);
  EXPECT_EQ(back.trace->meta.thread_order, "random:3");
  EXPECT_EQ(back.trace->Result(), t.Result());
}

}  // namespace
}  // namespace scanviz
