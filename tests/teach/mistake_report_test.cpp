// The mistakes lab's report against hand-worked runs.
//
// Hillis-Steele with one buffer, in order, on 3 1 7 0 4 1 6 3: in round 1 (stride 1) thread 1
// writes buf[0][1] = 1 + 3 = 4 before thread 2 reads it, so thread 2 writes 4 + 7 = 11 where the
// correct kernel writes 1 + 7 = 8; every thread then adds the already-updated left neighbour:
// round 1 leaves 3 4 11 11 15 16 22 25, round 2 (stride 2) 3 4 14 15 29 31 51 56, round 3
// (stride 4) 3 4 14 15 32 35 65 71 against the correct 3 4 11 11 15 16 22 25.
#include "teach/mistake_report.h"

#include <gtest/gtest.h>

#include "core/simulator.h"

namespace scanviz::teach {
namespace {

const std::vector<double> kExample = {3, 1, 7, 0, 4, 1, 6, 3};

struct Runs {
  Trace broken, correct;
};

Runs RunBoth(Algorithm a, Mistake m, std::vector<double> input, const char* order) {
  ScanRequest request{a, OpKind::kAdd, ElementType::kInt32, std::move(input)};
  SimulatorOptions options;
  EXPECT_TRUE(ParseThreadOrder(order, &options));
  Runs r;
  r.correct = Simulate(request);
  request.mistake = m;
  r.broken = Simulate(request, options);
  return r;
}

TEST(MistakeReport, SingleBufferInOrderOnTheChaptersExample) {
  const Runs runs =
      RunBoth(Algorithm::kHillisSteele, Mistake::kHillisSteeleSingleBuffer, kExample, "in-order");
  const MistakeReport r = ReportMistake(runs.broken, runs.correct);
  EXPECT_EQ(r.result_cells, 8);
  EXPECT_EQ(r.wrong, 6);
  EXPECT_EQ(r.first_wrong, 2);
  EXPECT_EQ(r.got, 14);
  EXPECT_EQ(r.want, 11);
  EXPECT_EQ(ResultLine(runs.broken, r),
            "6 of 8 cells wrong; the first is result[2] = 14, should be 11");
  // Round 1: buf[0][2] = 11 where the correct kernel's round 1 wrote 8 (into buf[1]).
  EXPECT_EQ(r.diff_round, 1);
  EXPECT_EQ(r.diff_array, 0);
  EXPECT_EQ(r.diff_cell, 2);
  EXPECT_EQ(r.diff_got, "11");
  EXPECT_EQ(r.diff_want, "8");
  EXPECT_NE(DifferenceLine(runs.broken, r)
                .find("buf[0][2] = 11, the correct kernel has 8 (in buf[1][2])"),
            std::string::npos)
      << DifferenceLine(runs.broken, r);
  // Round 1 differs in cells 2..7 (cells 0 and 1 are 3 and 4 in both), round 3 in 2..7 as well.
  const std::vector<std::uint8_t> from2 = {0, 0, 1, 1, 1, 1, 1, 1};
  EXPECT_EQ(r.differs[1][0], from2);
  EXPECT_EQ(r.differs[3][0], from2);
  EXPECT_EQ(r.differs[0][0], std::vector<std::uint8_t>(8, 0));
  // Thread 1's copy of buf[0][0] onto itself changes nothing; thread 2's read of buf[0][1] is
  // the first that got an overwritten value.
  EXPECT_EQ(r.hazard_round, 1);
  EXPECT_EQ(r.hazard_thread, 2);
  EXPECT_EQ(r.hazard_cell, 1);
  EXPECT_NE(r.hazard.find("round 1: thread 2 read buf[0][1] after thread 1 had already overwritten "
                          "it in the same round (it needed the value from before the round, 1; "
                          "the round left 4)"),
            std::string::npos)
      << r.hazard;
}

TEST(MistakeReport, SingleBufferFromTheTopDownIsRight) {
  const Runs runs =
      RunBoth(Algorithm::kHillisSteele, Mistake::kHillisSteeleSingleBuffer, kExample, "reverse");
  const MistakeReport r = ReportMistake(runs.broken, runs.correct);
  EXPECT_EQ(r.wrong, 0);
  EXPECT_EQ(r.first_wrong, -1);
  EXPECT_EQ(r.diff_round, -1);  // each round's output array holds what the correct round wrote
  EXPECT_EQ(r.hazard, "");
  EXPECT_EQ(ResultLine(runs.broken, r), "the same as the correct kernel's in this thread order");
}

// n = 64, all ones, warp by warp, no barrier: warp 0 runs all six rounds first, so buf[0] (written
// by rounds 0, 2, 4, 6) holds its final prefix sums when warp 1 starts. Thread 32 then reads
// buf[0][31] = 32 in round 1 where it needed the loaded 1 (thread 31 overwrote it in round 2):
// buf[1][32] = 33; round 2 adds buf[1][30] = 31 (warp 0's round 5): 64; round 3 buf[0][28] = 29:
// 93; round 4 buf[1][24] = 25: 118; round 5 buf[0][16] = 17: 135; round 6 buf[1][0] = 1: 136,
// where the correct result[32] is 33. Warp 0's own cells are right, and so is result[63] by luck:
// it reads only its own warp's cells until round 6, whose buf[1][31] warp 0 left at its round-5
// value 32, the value it needs: 32 + 32 = 64. 31 of 64 wrong.
TEST(MistakeReport, NoBarrierAcrossWarps) {
  const Runs runs = RunBoth(Algorithm::kHillisSteele, Mistake::kHillisSteeleNoBarrier,
                            std::vector<double>(64, 1.0), "warp-by-warp");
  const MistakeReport r = ReportMistake(runs.broken, runs.correct);
  EXPECT_EQ(r.first_wrong, 32);
  EXPECT_EQ(r.got, 136);
  EXPECT_EQ(r.want, 33);
  EXPECT_EQ(r.wrong, 31);
  // The load's snapshot already shows warp 0's final values in buf[0] (cell 0 stays 1).
  EXPECT_EQ(r.diff_round, 0);
  EXPECT_EQ(r.diff_cell, 1);
  EXPECT_EQ(r.diff_got, "2");
  EXPECT_EQ(r.hazard_round, 1);
  EXPECT_EQ(r.hazard_thread, 32);
  EXPECT_EQ(r.hazard_array, 0);
  EXPECT_EQ(r.hazard_cell, 31);
  EXPECT_NE(r.hazard.find("round 1: thread 32 (warp 1) read buf[0][31] after thread 31 (warp 0) "
                          "had already overwritten it in round 2 (it needed the value of round 0"),
            std::string::npos)
      << r.hazard;
}

// One warp: the lanes run in lockstep, nothing to find.
TEST(MistakeReport, NoBarrierInOneWarpIsHarmless) {
  const Runs runs = RunBoth(Algorithm::kHillisSteele, Mistake::kHillisSteeleNoBarrier,
                            std::vector<double>(32, 1.0), "warp-by-warp");
  const MistakeReport r = ReportMistake(runs.broken, runs.correct);
  EXPECT_EQ(r.wrong, 0);
  EXPECT_EQ(r.diff_round, -1);
  EXPECT_EQ(r.hazard, "");
}

// Blelloch without the seed: the root keeps the total 25, and the down-sweep hands it on, so every
// cell is its exclusive prefix plus 25: 25 28 29 36 36 40 41 47 against 0 3 4 11 11 15 16 22.
TEST(MistakeReport, NoSeedOnTheChaptersExample) {
  const Runs runs = RunBoth(Algorithm::kBlelloch, Mistake::kBlellochNoSeed, kExample, "in-order");
  const MistakeReport r = ReportMistake(runs.broken, runs.correct);
  const std::vector<double> got = runs.broken.Result(), want = runs.correct.Result();
  ASSERT_EQ(got.size(), 8u);
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(got[i], want[i] + 25) << i;
  EXPECT_EQ(r.wrong, 8);
  EXPECT_EQ(ResultLine(runs.broken, r),
            "8 of 8 cells wrong; the first is result[0] = 25, should be 0");
  EXPECT_EQ(r.hazard_cell, 7);
  EXPECT_NE(
      r.hazard.find("step did nothing: the root buf[7] kept the total 25 where the identity 0 "
                    "belonged, and the down-sweep then handed it to every cell"),
      std::string::npos)
      << r.hazard;
}

// Blelloch without barriers, n = 128 (four warps), warp by warp: warp 0 runs every round first.
// In the up-sweep's round 1 (stride 1) thread t combines cells 2t and 2t + 1, so thread 16 reads
// buf[32], which thread 32 of warp 1 loads in round 0: warp 1 has not run yet.
TEST(MistakeReport, BlellochNoBarrierReadsBeforeTheWrite) {
  std::vector<double> input(128, 1.0);
  const Runs runs =
      RunBoth(Algorithm::kBlelloch, Mistake::kBlellochNoBarrier, input, "warp-by-warp");
  const MistakeReport r = ReportMistake(runs.broken, runs.correct);
  EXPECT_GT(r.wrong, 0);
  EXPECT_EQ(r.hazard_round, 1);
  EXPECT_EQ(r.hazard_thread, 16);
  EXPECT_NE(r.hazard.find("round 1: thread 16 (warp 0) read buf[32] before thread 32 (warp 1) "
                          "had written it in round 0"),
            std::string::npos)
      << r.hazard;
}

TEST(MistakeReport, NoEdgeCheckNamesTheReadAndTheRace) {
  const Runs runs =
      RunBoth(Algorithm::kHillisSteele, Mistake::kHillisSteeleNoEdgeCheck, kExample, "in-order");
  const MistakeReport r = ReportMistake(runs.broken, runs.correct);
  // Round 1 reads the reserved 0 and is right; round 2 is the first to differ: buf[0][0] = 9.
  EXPECT_EQ(r.diff_round, 2);
  EXPECT_EQ(r.diff_cell, 0);
  EXPECT_EQ(r.diff_got, "9");
  EXPECT_EQ(r.diff_want, "3");
  EXPECT_EQ(r.hazard_round, 2);
  EXPECT_EQ(r.hazard_thread, 0);
  EXPECT_EQ(r.hazard,
            "round 2: thread 0 added buf[0][6] and buf[1][0] into buf[0][0]; in the correct "
            "kernel it copied buf[1][0] to buf[0][0] (a cell thread 6 overwrites in this same "
            "round: a race too)");
  const Runs reverse =
      RunBoth(Algorithm::kHillisSteele, Mistake::kHillisSteeleNoEdgeCheck, kExample, "reverse");
  EXPECT_NE(ReportMistake(reverse.broken, reverse.correct)
                .hazard.find("thread 6 had already overwritten that cell in this round"),
            std::string::npos);
}

TEST(MistakeReport, WrongIndexNamesThePairs) {
  const Runs runs =
      RunBoth(Algorithm::kBlelloch, Mistake::kBlellochWrongIndex, kExample, "in-order");
  const MistakeReport r = ReportMistake(runs.broken, runs.correct);
  EXPECT_EQ(r.diff_round, 1);
  EXPECT_EQ(r.diff_cell, 1);
  EXPECT_EQ(r.hazard,
            "round 1: thread 0 added buf[1] and buf[2] into buf[2]; in the correct kernel it "
            "added buf[0] and buf[1] into buf[1]");
  EXPECT_EQ(r.wrong, 8);
}

}  // namespace
}  // namespace scanviz::teach
