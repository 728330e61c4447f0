// The mistakes lab (core/mistake.h, the simulator's thread orders): every classic mistake, run by
// the algorithm's own driver with one thing taken away, gives a wrong scan for some thread order at
// n = 1024, while the correct kernels give the same trace in every order. The lessons the lab
// teaches are checked as facts: a single buffer is right by luck when threads run from the highest
// down; a missing barrier is harmless within one warp and breaks across warps.
#include <gtest/gtest.h>

#include <string>
#include <vector>

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
