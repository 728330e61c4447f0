// Work and depth measured on real traces equal the chapters' formulas, for every n = 1..1024.
// (How long the full sweep takes is measured by bench/trace_bench.cpp, not asserted here: a
// wall-clock limit fails on a busy machine and passes a slow build.)
#include <gtest/gtest.h>

#include "core/simulator.h"
#include "teach/work_depth.h"

namespace scanviz::teach {
namespace {

// Hillis-Steele: the round with stride s applies the operator at positions s..n-1.
int HillisSteeleWork(int n) {
  int work = 0;
  for (int s = 1; s < n; s *= 2) work += n - s;
  return work;
}
int CeilLog2(int n) {
  int k = 0;
  while ((1 << k) < n) ++k;
  return k;
}

TEST(WorkDepth, MatchesTheFormulas) {
  const std::vector<int> sizes = {1, 2, 3, 5, 7, 8, 9, 17, 31, 32, 33, 65, 255, 256, 1000, 1024};
  const std::vector<WorkDepthPoint> series = WorkDepthSeries(sizes);
  ASSERT_EQ(series.size(), sizes.size());
  for (const WorkDepthPoint& p : series) {
    const int padded = 1 << CeilLog2(p.n);
    SCOPED_TRACE("n=" + std::to_string(p.n));
    EXPECT_EQ(p.sequential, p.n - 1);
    EXPECT_EQ(p.Of(Algorithm::kHillisSteele).work, HillisSteeleWork(p.n));
    EXPECT_EQ(p.Of(Algorithm::kHillisSteele).depth, CeilLog2(p.n));
    EXPECT_EQ(p.Of(Algorithm::kHillisSteele).barriers, 1 + CeilLog2(p.n));
    EXPECT_EQ(p.Of(Algorithm::kBlelloch).work, 2 * (padded - 1));
    EXPECT_EQ(p.Of(Algorithm::kBlelloch).depth, 2 * CeilLog2(p.n));
    EXPECT_EQ(p.Of(Algorithm::kBlelloch).barriers, 2 + 2 * CeilLog2(p.n));
  }
  // The counted series is what the full analysis says too.
  for (int n : sizes) {
    for (Algorithm a : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
      const WorkDepth counted = MeasureWorkDepth(a, n), analyzed = MeasureWorkDepthAnalyzed(a, n);
      EXPECT_EQ(counted.work, analyzed.work) << n;
      EXPECT_EQ(counted.depth, analyzed.depth) << n;
      EXPECT_EQ(counted.barriers, analyzed.barriers) << n;
    }
  }
  // Spot values worked by hand: n = 8 gives 7 + 6 + 4 = 17 and 2 x 7 = 14.
  EXPECT_EQ(series[5].Of(Algorithm::kHillisSteele).work, 17);
  EXPECT_EQ(series[5].Of(Algorithm::kBlelloch).work, 14);
}

TEST(WorkDepth, FullSweepMatchesTheFormulas) {
  const std::vector<WorkDepthPoint> all = WorkDepthSeries();
  ASSERT_EQ(all.size(), 1024u);
  for (int n = 1; n <= 1024; ++n) {
    ASSERT_EQ(all[n - 1].n, n);
    ASSERT_EQ(all[n - 1].Of(Algorithm::kHillisSteele).work, HillisSteeleWork(n)) << n;
    ASSERT_EQ(all[n - 1].Of(Algorithm::kBlelloch).work, 2 * ((1 << CeilLog2(n)) - 1)) << n;
  }
}

TEST(WorkDepth, RoundSeriesOfTheWorkedExample) {
  const Trace t = Simulate(ScanRequest{
      Algorithm::kBlelloch, OpKind::kAdd, ElementType::kInt32, {3, 1, 7, 0, 4, 1, 6, 3}});
  const std::vector<RoundWork> rows = RoundWorkSeries(t, Analyze(t));
  ASSERT_EQ(rows.size(), 8u);
  const int ops[] = {0, 4, 2, 1, 0, 1, 2, 4};
  const int active[] = {8, 4, 2, 1, 1, 1, 2, 4};
  int cumulative = 0;
  for (int r = 0; r < 8; ++r) {
    cumulative += ops[r];
    EXPECT_EQ(rows[r].operator_applications, ops[r]) << r;
    EXPECT_EQ(rows[r].active_threads, active[r]) << r;
    EXPECT_EQ(rows[r].cumulative_work, cumulative) << r;
    EXPECT_EQ(rows[r].barriers, r + 1) << r;
  }
  EXPECT_EQ(rows[4].spec.phase, blelloch::kSeed);
  EXPECT_EQ(rows.back().depth, 6);
}

}  // namespace
}  // namespace scanviz::teach
