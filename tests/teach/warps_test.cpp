// Warps and lanes per round against hand counts, from the drivers' guards:
//   Hillis-Steele  every thread tid < n acts each round (tid >= stride adds, the rest copy);
//   Blelloch       round at stride s: threads tid < n' / (2s) act (index = 2s(tid + 1) - 1 < n');
//   warp shuffle   warp scan at offset o: lanes with tid % 32 >= o add.
#include <gtest/gtest.h>

#include "core/algorithms/blelloch.h"
#include "core/algorithms/hillis_steele.h"
#include "core/algorithms/warp_shuffle.h"
#include "core/simulator.h"
#include "teach/warps.h"

namespace scanviz::teach {
namespace {

const std::vector<double> kExample = {3, 1, 7, 0, 4, 1, 6, 3};

Trace Scan(Algorithm a, std::vector<double> input) {
  return Simulate(ScanRequest{a, OpKind::kAdd, ElementType::kInt32, std::move(input)});
}
Trace Scan(Algorithm a, int n) {
  return Scan(a, std::vector<double>(static_cast<size_t>(n), 1.0));
}

// The round of `phase` numbered `phase_round` (from 1), which must exist.
const Round& RoundOf(const Trace& t, PhaseId phase, int phase_round) {
  for (const Round& r : t.rounds)
    if (r.spec.phase == phase && r.spec.phase_round == phase_round) return r;
  ADD_FAILURE() << "no round " << int(phase) << "/" << phase_round;
  return t.rounds.front();
}

TEST(Warps, ChaptersExampleRunsOneWarpPartlyUsed) {
  // n = 8: 8 threads, one warp of 32 lanes of which 24 do not exist.
  const Trace hs = Scan(Algorithm::kHillisSteele, kExample);
  for (const Round& r : hs.rounds) {
    const RoundWarps w = AnalyzeWarps(r);
    ASSERT_EQ(w.warps.size(), 1u);
    EXPECT_EQ(w.warps[0].threads, 8);
    EXPECT_EQ(w.running, 1);
    EXPECT_EQ(w.idle, 0);
    EXPECT_EQ(w.active_lanes, 8);  // all 8 copy or add
    EXPECT_DOUBLE_EQ(w.Efficiency(), 8.0 / 32);
  }
  // Combining lanes: stride 1, 2, 4 -> 7, 6, 4 (lanes >= stride).
  EXPECT_EQ(AnalyzeWarps(RoundOf(hs, hillis_steele::kScan, 1)).combining_lanes, 7);
  EXPECT_EQ(AnalyzeWarps(RoundOf(hs, hillis_steele::kScan, 2)).combining_lanes, 6);
  const RoundWarps s4 = AnalyzeWarps(RoundOf(hs, hillis_steele::kScan, 3));
  EXPECT_EQ(s4.combining_lanes, 4);
  EXPECT_EQ(s4.warps[0].combining_mask, 0xF0u);  // lanes 4..7
  EXPECT_EQ(s4.warps[0].active_mask, 0xFFu);

  // Blelloch n' = 8: up-sweep stride 1, 2, 4 -> 4, 2, 1 threads (tid < 8 / 2s); seed 1; down-sweep
  // 1, 2, 4.
  const Trace bl = Scan(Algorithm::kBlelloch, kExample);
  const int up[] = {4, 2, 1}, down[] = {1, 2, 4};
  for (int k = 1; k <= 3; ++k) {
    const RoundWarps u = AnalyzeWarps(RoundOf(bl, blelloch::kUpSweep, k));
    EXPECT_EQ(u.active_lanes, up[k - 1]) << k;
    EXPECT_EQ(u.warps[0].active_mask, (1u << up[k - 1]) - 1) << k;  // the low lanes
    EXPECT_DOUBLE_EQ(u.Efficiency(), up[k - 1] / 32.0) << k;
    EXPECT_EQ(AnalyzeWarps(RoundOf(bl, blelloch::kDownSweep, k)).active_lanes, down[k - 1]) << k;
  }
  EXPECT_EQ(AnalyzeWarps(RoundOf(bl, blelloch::kSeed, 1)).active_lanes, 1);

  // Warp shuffle n = 8: one warp of 8 lanes; offset 1, 2, 4 -> lanes >= offset: 7, 6, 4.
  const Trace ws = Scan(Algorithm::kWarpShuffle, kExample);
  const int shfl[] = {7, 6, 4};
  for (int k = 1; k <= 3; ++k)
    EXPECT_EQ(AnalyzeWarps(RoundOf(ws, warp_shuffle::kWarpScan, k)).active_lanes, shfl[k - 1]);
}

TEST(Warps, HillisSteele1024KeepsEveryWarpBusyButCopiesBelowTheStride) {
  const Trace t = Scan(Algorithm::kHillisSteele, 1024);
  for (int k = 1; k <= 10; ++k) {
    const int s = 1 << (k - 1);
    const RoundWarps w = AnalyzeWarps(RoundOf(t, hillis_steele::kScan, k));
    ASSERT_EQ(w.warps.size(), 32u);
    EXPECT_EQ(w.running, 32) << s;  // lanes < s copy: every warp issues
    EXPECT_EQ(w.idle, 0) << s;
    EXPECT_DOUBLE_EQ(w.Efficiency(), 1.0) << s;
    EXPECT_EQ(w.combining_lanes, 1024 - s) << s;
    // Warps wholly below the stride (32w + 31 < s: s / 32 of them once s >= 32) combine nothing.
    int copy_only = 0;
    for (const WarpLanes& lanes : w.warps) copy_only += lanes.combining == 0;
    EXPECT_EQ(copy_only, s / 32) << s;
  }
}

TEST(Warps, Blelloch1024HalvesIntoTheLowWarps) {
  const Trace t = Scan(Algorithm::kBlelloch, 1024);
  // Up-sweep round k, stride s = 2^(k-1): 512 / s threads, packed from tid 0: ceil(512 / s / 32)
  // warps run (16, 8, 4, 2, 1, 1, ...), the rest of the 32 sit idle; efficiency 100% while a
  // warp is full (k <= 5), then 16/32, 8/32, 4/32, 2/32, 1/32.
  for (int k = 1; k <= 10; ++k) {
    const int active = 512 >> (k - 1);
    const int running = (active + 31) / 32;
    const RoundWarps w = AnalyzeWarps(RoundOf(t, blelloch::kUpSweep, k));
    EXPECT_EQ(w.active_lanes, active) << k;
    EXPECT_EQ(w.running, running) << k;
    EXPECT_EQ(w.idle, 32 - running) << k;
    EXPECT_DOUBLE_EQ(w.Efficiency(), active >= 32 ? 1.0 : active / 32.0) << k;
    for (int i = 0; i < running; ++i) EXPECT_TRUE(w.warps[static_cast<size_t>(i)].Runs()) << k;
  }
  // Spelled out: round 6 (stride 32) runs 16 lanes of warp 0 only.
  const RoundWarps r6 = AnalyzeWarps(RoundOf(t, blelloch::kUpSweep, 6));
  EXPECT_EQ(r6.warps[0].active_mask, 0xFFFFu);
  EXPECT_EQ(r6.idle, 31);
  EXPECT_DOUBLE_EQ(r6.Efficiency(), 0.5);
  // Down-sweep round r: 2^(r-1) threads, the mirror image.
  for (int r = 1; r <= 10; ++r)
    EXPECT_EQ(AnalyzeWarps(RoundOf(t, blelloch::kDownSweep, r)).active_lanes, 1 << (r - 1)) << r;
}

TEST(Warps, WarpShuffle1024) {
  const Trace t = Scan(Algorithm::kWarpShuffle, 1024);
  // Warp scan at offset o: every warp runs with 32 - o lanes: efficiency (32 - o) / 32.
  for (int k = 1; k <= 5; ++k) {
    const int o = 1 << (k - 1);
    const RoundWarps w = AnalyzeWarps(RoundOf(t, warp_shuffle::kWarpScan, k));
    EXPECT_EQ(w.running, 32);
    EXPECT_EQ(w.active_lanes, 32 * (32 - o));
    EXPECT_DOUBLE_EQ(w.Efficiency(), (32.0 - o) / 32);
  }
  // Warp totals: lane 31 of each warp: 32 warps run at 1/32.
  const RoundWarps totals = AnalyzeWarps(RoundOf(t, warp_shuffle::kWarpTotals, 1));
  EXPECT_EQ(totals.running, 32);
  EXPECT_EQ(totals.active_lanes, 32);
  EXPECT_DOUBLE_EQ(totals.Efficiency(), 1.0 / 32);
  // The totals scan runs in warp 0 alone, 31 warps idle.
  const RoundWarps scan = AnalyzeWarps(RoundOf(t, warp_shuffle::kTotalsScan, 1));
  EXPECT_EQ(scan.running, 1);
  EXPECT_EQ(scan.idle, 31);
  EXPECT_EQ(scan.active_lanes, 31);
  // Adding the offsets: every warp but warp 0, all lanes.
  const RoundWarps add = AnalyzeWarps(RoundOf(t, warp_shuffle::kAddOffset, 1));
  EXPECT_EQ(add.running, 31);
  EXPECT_EQ(add.idle, 1);
  EXPECT_FALSE(add.warps[0].Runs());
  EXPECT_DOUBLE_EQ(add.Efficiency(), 1.0);
}

TEST(Warps, SummaryAddsTheRounds) {
  // Blelloch n = 8: 8 rounds (load, 3 up, seed, 3 down) each run the one warp; active lanes
  // 8 + (4 + 2 + 1) + 1 + (1 + 2 + 4) = 23 over 8 x 32 lane slots.
  const WarpSummary s = SummarizeWarps(AnalyzeWarps(Scan(Algorithm::kBlelloch, kExample)));
  EXPECT_EQ(s.warp_rounds_run, 8);
  EXPECT_EQ(s.warp_rounds_idle, 0);
  EXPECT_EQ(s.active_lanes, 23);
  EXPECT_DOUBLE_EQ(s.Efficiency(), 23.0 / 256);
}

}  // namespace
}  // namespace scanviz::teach
