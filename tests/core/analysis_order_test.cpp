// Analyze checks the rounds of a long trace on more than one core: what it reports must not
// depend on that. Violations come in round order (the first one is the earliest round's), the
// count past the reported ones is exact, and the first int32 wrap is the earliest round's.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "core/analysis.h"
#include "core/registry.h"
#include "core/simulator.h"

namespace scanviz {
namespace {

int RoundOf(const std::string& message) {
  // "round R ..." as Analyze words every per-round problem.
  if (message.rfind("round ", 0) != 0) return -1;
  return std::atoi(message.c_str() + 6);
}

TEST(AnalysisOrder, ALongTracesViolationsComeInRoundOrder) {
  for (Algorithm algorithm : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    SCOPED_TRACE(DisplayName(algorithm));
    Trace t = Simulate(
        ScanRequest{algorithm, OpKind::kAdd, ElementType::kInt32, std::vector<double>(1024, 1.0)});
    const int rounds = static_cast<int>(t.rounds.size());
    ASSERT_GE(rounds, 10);
    // Three cells wrong in a late round, then one in an early round, and one in the middle: a
    // serial pass meets the early one first.
    const int pout_late = t.rounds[static_cast<size_t>(rounds - 2)].spec.pout;
    for (int i = 100; i < 103; ++i)
      t.rounds[static_cast<size_t>(rounds - 2)].buffers[static_cast<size_t>(pout_late)][i] += 1000;
    const int pout_early = t.rounds[2].spec.pout;
    t.rounds[2].buffers[static_cast<size_t>(pout_early)][500] += 1000;
    const int mid = rounds / 2;
    t.rounds[static_cast<size_t>(mid)].buffers[static_cast<size_t>(t.rounds[mid].spec.pout)][7] +=
        1000;

    const TraceAnalysis a = Analyze(t);
    ASSERT_FALSE(a.Ok());
    EXPECT_EQ(RoundOf(a.violations.front()), 2) << a.violations.front();
    int last = -1, shown = 0;
    for (const std::string& v : a.violations) {
      if (v.rfind("... and ", 0) == 0) continue;
      ++shown;
      const int r = RoundOf(v);
      ASSERT_GE(r, last) << "out of round order: " << v;
      last = r;
    }
    // The late round's problems are among those reported (or summarised past the cap).
    EXPECT_TRUE(last >= rounds - 2 || a.violations.back().rfind("... and ", 0) == 0) << last;
    EXPECT_GE(shown, 5);
  }
}

TEST(AnalysisOrder, TheCountPastTheReportedViolationsIsExact) {
  // Every cell of one late round wrong: 1024 problems in that round alone, 20 reported.
  Trace t = Simulate(ScanRequest{Algorithm::kHillisSteele, OpKind::kAdd, ElementType::kInt32,
                                 std::vector<double>(1024, 1.0)});
  const size_t r = t.rounds.size() - 1;
  for (double& v : t.rounds[r].buffers[static_cast<size_t>(t.rounds[r].spec.pout)]) v += 1;
  const TraceAnalysis a = Analyze(t);
  ASSERT_EQ(a.violations.size(), 21u);
  // The result check runs only on a trace without violations: 1024 window violations.
  EXPECT_EQ(a.violations.back(), "... and 1004 more");
  EXPECT_EQ(RoundOf(a.violations.front()), static_cast<int>(r));
}

TEST(AnalysisOrder, TheFirstWrapIsTheEarliestRounds) {
  // 2^30 everywhere: a window of two elements is 2^31, past int32. Both scans first combine two
  // elements in round 1 (the first after the load), at position 1.
  for (Algorithm algorithm : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    SCOPED_TRACE(DisplayName(algorithm));
    const Trace t = Simulate(ScanRequest{algorithm, OpKind::kAdd, ElementType::kInt32,
                                         std::vector<double>(1024, 1073741824.0)});
    const TraceAnalysis a = Analyze(t);
    EXPECT_TRUE(a.Ok()) << a.violations.front();
    ASSERT_TRUE(a.overflow.has_value());
    EXPECT_EQ(a.overflow->round, 1);
    EXPECT_EQ(a.overflow->position, 1);
    EXPECT_EQ(a.overflow->exact, 2147483648LL);
  }
}

}  // namespace
}  // namespace scanviz
