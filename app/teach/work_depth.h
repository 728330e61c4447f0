// Work and depth of both scans, measured on real traces, never from the formulas: the chart shows
// what the kernels' step functions do, and the tests compare it with the formulas.
//
// The series counts the operator applications recorded in Simulate()'s trace with the rule
// Analyze() uses (OperatorApplications of each action), without the rest of Analyze (windows,
// self-check), which would make a 1..1024 sweep about five times slower. MeasureWorkDepthAnalyzed
// takes the full path; the tests check that the two agree.
#pragma once

#include <string>
#include <vector>

#include "core/analysis.h"
#include "core/trace.h"

namespace scanviz::teach {

struct WorkDepth {
  int work = 0;      // operator applications
  int depth = 0;     // rounds that applied the operator
  int barriers = 0;  // one per block-level round
};

struct WorkDepthPoint {
  int n = 0;
  int sequential = 0;                 // n - 1: the left-to-right loop's work and depth alike
  std::vector<WorkDepth> algorithms;  // [Algorithm], every algorithm in the registry
  const WorkDepth& Of(Algorithm a) const { return algorithms[static_cast<size_t>(a)]; }
};

// Counts a trace's operator applications, operator rounds and barriers from its recorded actions.
WorkDepth CountWorkDepth(const Trace& trace);

// Work and depth of one scan of n elements (1 <= n <= kMaxElements). They depend on n alone,
// not on the values or the operator, so an int32 add scan of zeros stands for all.
WorkDepth MeasureWorkDepth(Algorithm algorithm, int n);
// The same through Simulate + Analyze.
WorkDepth MeasureWorkDepthAnalyzed(Algorithm algorithm, int n);

// The chapters' trade-off at this n, in numbers, told from `shown`'s side (Hillis-Steele or
// Blelloch): which does more work, which takes more rounds, and by how much. Not the slogan: at
// n = 6 Hillis-Steele does less work than Blelloch (11 against 14) as well as fewer rounds.
std::string ChaptersTradeoff(Algorithm shown, int n);

// 1234567 -> "1,234,567".
std::string Grouped(long long v);

// `shown` against every other corner of the trade-off (teach_registry.h's Corners()) at n, by
// Brent's count: the same rounds with less or more work, or rounds saved for extra work and the
// p from which that pays.
std::string CornersTradeoff(Algorithm shown, int n);

// The work-and-depth tab's caption, from the series (one point per n = 1, 2, ...), over the
// corners of the trade-off (Hillis-Steele, Blelloch, Sklansky: whichever teaching entries name a
// corner): at n, each pair's extra work against the rounds it saves (or that it does no more
// work) and the p from which that pays; the steps each needs with p operators at a time (Brent:
// about work / p + depth); and for that p the ranges of n where each is ahead.
std::string BrentCaption(const std::vector<WorkDepthPoint>& pts, int n, int p);

// One point per size, in the order given.
std::vector<WorkDepthPoint> WorkDepthSeries(const std::vector<int>& sizes);

// Every size 1..max_n, spread over the available cores. tests/teach/work_depth_test.cpp times
// the full 1..1024 sweep and prints the figure.
std::vector<WorkDepthPoint> WorkDepthSeries(int max_n = kMaxElements);

// One trace, round by round, for the per-round bar chart.
struct RoundWork {
  int round = 0;
  RoundSpec spec;
  int operator_applications = 0;
  int active_threads = 0;
  int cumulative_work = 0;
  int depth = 0;     // operator rounds completed through this round
  int barriers = 0;  // barriers passed through this round (every round ends with one)
};
std::vector<RoundWork> RoundWorkSeries(const Trace& trace, const TraceAnalysis& analysis);

}  // namespace scanviz::teach
