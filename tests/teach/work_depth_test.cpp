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

// The caption never counts negative extra work: at n = 6 Hillis-Steele does less work than
// Blelloch (11 against 14) and says so; at n = 8 it does 3 more to save 3 rounds.
TEST(WorkDepth, TheCaptionSaysWhatTheNumbersSay) {
  std::vector<int> sizes;
  for (int n = 1; n <= 64; ++n) sizes.push_back(n);
  const std::vector<WorkDepthPoint> pts = WorkDepthSeries(sizes);
  const std::string six = BrentCaption(pts, 6, 4);
  EXPECT_NE(six.find("At n = 6 Hillis-Steele does no more work than Blelloch (11 against 14) and "
                     "finishes 3 rounds sooner (3 against 6)"),
            std::string::npos)
      << six;
  for (int n = 1; n <= 64; ++n) {
    const std::string c = BrentCaption(pts, n, 4);
    EXPECT_EQ(c.find("does -"), std::string::npos) << n << ": " << c;
    EXPECT_EQ(c.find("least -"), std::string::npos) << n << ": " << c;
  }
  const std::string eight = BrentCaption(pts, 8, 4);
  EXPECT_NE(eight.find("does 3 more applications than Blelloch (17 against 14) to finish 3 "
                       "rounds sooner"),
            std::string::npos)
      << eight;
  EXPECT_EQ(Grouped(1234567), "1,234,567");
  EXPECT_EQ(Grouped(-1000), "-1,000");
}

}  // namespace
}  // namespace scanviz::teach
