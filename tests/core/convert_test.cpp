// The inclusive/exclusive conversions, traced as one more round.
#include <gtest/gtest.h>

#include "core/algorithms/blelloch.h"
#include "core/algorithms/hillis_steele.h"
#include "core/analysis.h"
#include "core/input.h"
#include "core/simulator.h"
#include "core/trace_io.h"
#include "support/trace_compare.h"

namespace scanviz {
namespace {

using V = std::vector<double>;
const V kExample = {3, 1, 7, 0, 4, 1, 6, 3};

TEST(Convert, HillisSteeleToExclusiveShiftsRightIntoTheOtherBuffer) {
  ScanRequest request{Algorithm::kHillisSteele, OpKind::kAdd, ElementType::kInt32, kExample, true};
  const Trace t = Simulate(request);
  ASSERT_EQ(t.rounds.size(), 5u);
  const Round& last = t.rounds.back();
  EXPECT_EQ(last.spec.phase, hillis_steele::kConvert);
  EXPECT_EQ(last.spec.pin, 1);  // the inclusive scan, left by round 3
  EXPECT_EQ(last.spec.pout, 0);
  EXPECT_EQ(last.buffers[0], (V{0, 3, 4, 11, 11, 15, 16, 22}));
  EXPECT_EQ(last.buffers[1], (V{3, 4, 11, 11, 15, 16, 22, 25}));
  EXPECT_FALSE(t.Inclusive());
  EXPECT_EQ(t.Result(), (V{0, 3, 4, 11, 11, 15, 16, 22}));
  const TraceAnalysis a = Analyze(t);
  ASSERT_TRUE(a.Ok()) << a.violations.front();
  EXPECT_EQ(a.rounds.back().cells[0][0].cls, CellClass::kSeeded);
  EXPECT_EQ(a.rounds.back().cells[0][5].cls, CellClass::kCopied);
  EXPECT_EQ(a.rounds.back().operator_applications, 0);
  EXPECT_EQ(a.work, 17);
}

TEST(Convert, BlellochToInclusiveIsOneMap) {
  ScanRequest request{Algorithm::kBlelloch, OpKind::kAdd, ElementType::kInt32, kExample, true};
  const Trace t = Simulate(request);
  ASSERT_EQ(t.rounds.size(), 9u);
  EXPECT_EQ(t.rounds.back().spec.phase, blelloch::kConvert);
  EXPECT_EQ(t.Result(), (V{3, 4, 11, 11, 15, 16, 22, 25}));
  EXPECT_TRUE(t.Inclusive());
  const TraceAnalysis a = Analyze(t);
  ASSERT_TRUE(a.Ok()) << a.violations.front();
  EXPECT_EQ(a.rounds.back().operator_applications, 8);
  EXPECT_EQ(a.work, 14 + 8);
  EXPECT_EQ(a.depth, 7);
}

TEST(Convert, EverySizeAndOperatorPassesTheSelfCheck) {
  for (Algorithm algorithm : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    for (OpKind op : kAllOps) {
      for (int n : {1, 2, 3, 5, 8, 33, 1000, 1024}) {
        ScanRequest request{algorithm, op, ElementType::kInt32,
                            RandomValues(n, n, ElementType::kInt32, -20, 20), true};
        const Trace t = Simulate(request);
        const TraceAnalysis a = Analyze(t);
        ASSERT_TRUE(a.Ok()) << ToString(algorithm) << " " << ToString(op) << " n " << n << ": "
                            << a.violations.front();
        EXPECT_EQ(t.Result(), SequentialScan(t.meta, request.input, t.Inclusive()));
      }
    }
  }
}

TEST(Convert, SurvivesTheTraceFile) {
  ScanRequest request{Algorithm::kBlelloch, OpKind::kMax, ElementType::kInt32, {5, -1, 9}, true};
  const Trace t = Simulate(request);
  const TraceLoadResult loaded = ParseTraceJson(TraceToJson(t));
  ASSERT_TRUE(loaded.trace) << loaded.error;
  EXPECT_TRUE(loaded.trace->meta.converted);
  EXPECT_EQ(testing::FirstDifferenceInFile(t, *loaded.trace), "");
}

}  // namespace
}  // namespace scanviz
