// The warp-shuffle scan round by round: the chapters' example inside one warp (a Hillis-Steele in
// registers), a block of several warps with its totals, the shuffle's semantics in the simulator,
// and its levels (lane, warp, block) and arrays (registers and shared memory).
#include <gtest/gtest.h>

#include "core/algorithms/warp_shuffle.h"
#include "core/analysis.h"
#include "core/input.h"
#include "core/registry.h"
#include "core/simulator.h"
#include "support/trace_compare.h"

namespace scanviz {
namespace {

using V = std::vector<double>;
using namespace warp_shuffle;

Trace Sim(const V& input, OpKind op = OpKind::kAdd, bool convert = false,
          ElementType type = ElementType::kInt32) {
  return Simulate(ScanRequest{Algorithm::kWarpShuffle, op, type, input, convert});
}

TEST(WarpShuffle, TheChaptersExampleIsAHillisSteeleInRegisters) {
  const Trace t = Sim({3, 1, 7, 0, 4, 1, 6, 3});
  // One warp of 8 lanes: the load and three shuffle rounds, no shared memory, no barrier.
  ASSERT_EQ(t.rounds.size(), 4u);
  EXPECT_EQ(t.arrays[kV].space, Space::kRegister);
  EXPECT_EQ(t.arrays[kV].size, 8);
  EXPECT_EQ(t.arrays[kSums].size, 0);
  EXPECT_EQ(t.rounds[0].spec.level, Level::kLane);
  const std::vector<V> v = {{3, 1, 7, 0, 4, 1, 6, 3},
                            {3, 4, 8, 7, 4, 5, 7, 9},
                            {3, 4, 11, 11, 12, 12, 11, 14},
                            {3, 4, 11, 11, 15, 16, 22, 25}};
  for (int r = 0; r < 4; ++r) {
    EXPECT_EQ(t.rounds[r].buffers[kV], v[r]) << r;
    if (r > 0) {
      EXPECT_EQ(t.rounds[r].spec.level, Level::kWarp);
      EXPECT_EQ(t.rounds[r].spec.stride, 1 << (r - 1));
    }
  }
  EXPECT_EQ(t.Result(), (V{3, 4, 11, 11, 15, 16, 22, 25}));
  EXPECT_TRUE(t.Inclusive());
  const TraceAnalysis a = Analyze(t);
  ASSERT_TRUE(a.Ok()) << a.violations.front();
  EXPECT_EQ(a.work, 17);  // 7 + 6 + 4, as Hillis-Steele
  EXPECT_EQ(a.depth, 3);
  EXPECT_EQ(a.barriers, 0);  // registers and shuffles: no __syncthreads at all
  // Lanes below the offset have no partner: idle, their value unchanged (the shuffle hands them
  // their own value back).
  EXPECT_EQ(t.rounds[2].actions[1].kind, ActionKind::kIdle);
  EXPECT_EQ(t.rounds[2].actions[2].kind, ActionKind::kAdd);
  EXPECT_EQ(t.rounds[2].actions[2].read[0], 0);  // lane 2 reads lane 0's v
  EXPECT_EQ(a.rounds[3].hs_case, (std::vector<int>{3, 3, 3, 3, 2, 2, 2, 1}));
}

TEST(WarpShuffle, SeveralWarpsScanTheirTotalsInWarpZero) {
  // 70 values: three warps of 32 lanes (the last padded with the identity), totals in shared
  // memory, warp 0 scans them (padded to 4 lanes), every lane adds its offset.
  V input(70);
  for (int i = 0; i < 70; ++i) input[i] = 1;
  const Trace t = Sim(input);
  EXPECT_EQ(t.meta.block_size, 96);
  EXPECT_EQ(t.arrays[kSums].size, 3);
  EXPECT_EQ(t.arrays[kSums].space, Space::kShared);
  EXPECT_EQ(t.arrays[kT].size, 4);
  // load, 5 warp rounds, totals, totals load, 2 totals rounds, totals store, offsets
  ASSERT_EQ(t.rounds.size(), 12u);
  const Level levels[] = {Level::kLane,  Level::kWarp, Level::kWarp, Level::kWarp,
                          Level::kWarp,  Level::kWarp, Level::kBlock, Level::kLane,
                          Level::kWarp,  Level::kWarp, Level::kBlock, Level::kLane};
  for (int r = 0; r < 12; ++r) EXPECT_EQ(t.rounds[r].spec.level, levels[r]) << r;
  EXPECT_EQ(t.rounds[6].buffers[kSums], (V{32, 32, 6}));          // each warp's total
  EXPECT_EQ(t.rounds[7].buffers[kT], (V{32, 32, 6, 0}));          // the identity pads lane 3
  EXPECT_EQ(t.rounds[10].buffers[kSums], (V{32, 64, 70}));        // scanned totals
  EXPECT_EQ(t.rounds[9].buffers[kT], (V{32, 64, 70, 70}));
  V expected(96);
  for (int i = 0; i < 96; ++i) expected[i] = i < 70 ? i + 1 : 70;
  EXPECT_EQ(t.rounds.back().buffers[kV], expected);
  const TraceAnalysis a = Analyze(t);
  ASSERT_TRUE(a.Ok()) << a.violations.front();
  EXPECT_EQ(a.barriers, 2);  // after the warp totals and after the scanned totals
  // The offset round reads sums[w - 1] and the lane's own register.
  const ThreadAction& lane40 = t.rounds.back().actions[40];
  EXPECT_EQ(lane40.read_array[0], kSums);
  EXPECT_EQ(lane40.read[0], 0);
  EXPECT_EQ(lane40.read_array[1], kV);
  EXPECT_EQ(lane40.read[1], 40);
  EXPECT_EQ(t.rounds.back().actions[10].kind, ActionKind::kIdle);  // warp 0 adds nothing
  // Windows: a warp total covers its warp, a scanned total every warp up to its own.
  EXPECT_EQ(a.rounds[6].cells[kSums][1].window, (Window{32, 63, true}));
  EXPECT_EQ(a.rounds[10].cells[kSums][2].window, (Window{0, 95, true}));
}

TEST(WarpShuffle, EveryOperatorTypeAndConversion) {
  for (int n : {1, 2, 5, 31, 32, 33, 63, 64, 65, 100, 1000, 1024}) {
    for (OpKind op : kAllOps) {
      for (ElementType type : {ElementType::kInt32, ElementType::kFloat32}) {
        for (bool convert : {false, true}) {
          const V input = RandomValues(n, 7u * n, type, -20, 20);
          const Trace t = Sim(input, op, convert, type);
          const TraceAnalysis a = Analyze(t);
          ASSERT_TRUE(a.Ok()) << n << " " << ToString(op) << " " << ToString(type) << ": "
                              << a.violations.front();
          EXPECT_EQ(t.Inclusive(), !convert);
          if (type == ElementType::kInt32 || op != OpKind::kAdd) {
            EXPECT_EQ(t.Result(), SequentialScan(t.meta, input, !convert)) << n;
          }
        }
      }
    }
  }
}

// The shuffle reads the values the lanes held when the round began: the order in which the
// simulator runs the threads cannot change a shuffle round.
TEST(WarpShuffle, ThreadOrderCannotChangeAShuffle) {
  const ScanRequest request{Algorithm::kWarpShuffle, OpKind::kLast, ElementType::kInt32,
                            RandomValues(200, 5, ElementType::kInt32, 0, 3)};
  const Trace ascending = Simulate(request);
  EXPECT_EQ(testing::FirstDifference(ascending, Simulate(request, {ThreadOrder::kDescending, 0})),
            "");
  EXPECT_EQ(testing::FirstDifference(ascending, Simulate(request, {ThreadOrder::kShuffled, 3})),
            "");
}

}  // namespace
}  // namespace scanviz
