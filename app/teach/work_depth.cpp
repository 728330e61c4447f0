#include "teach/work_depth.h"

#include <algorithm>
#include <thread>

#include "core/registry.h"
#include "core/simulator.h"

namespace scanviz::teach {
namespace {

Trace SimulateZeros(Algorithm algorithm, int n) {
  return Simulate(ScanRequest{algorithm, OpKind::kAdd, ElementType::kInt32,
                              std::vector<double>(static_cast<size_t>(n), 0.0)});
}

WorkDepthPoint MeasurePoint(int n) {
  WorkDepthPoint point;
  point.n = n;
  point.sequential = n - 1;
  for (const AlgorithmInfo* info : Algorithms())
    point.algorithms.push_back(MeasureWorkDepth(info->id, n));
  return point;
}

}  // namespace

WorkDepth CountWorkDepth(const Trace& trace) {
  WorkDepth out;
  for (const Round& round : trace.rounds) {
    int applications = 0;
    for (const ThreadAction& a : round.actions) applications += OperatorApplications(a.kind);
    out.work += applications;
    if (applications > 0) ++out.depth;
    if (round.spec.level >= Level::kBlock) ++out.barriers;
  }
  return out;
}

WorkDepth MeasureWorkDepth(Algorithm algorithm, int n) {
  return CountWorkDepth(SimulateZeros(algorithm, n));
}

WorkDepth MeasureWorkDepthAnalyzed(Algorithm algorithm, int n) {
  const TraceAnalysis analysis = Analyze(SimulateZeros(algorithm, n));
  return WorkDepth{analysis.work, analysis.depth, analysis.barriers};
}

std::vector<WorkDepthPoint> WorkDepthSeries(const std::vector<int>& sizes) {
  std::vector<WorkDepthPoint> out(sizes.size());
  // Sizes are independent: spread them over the cores, interleaved so that each worker gets a
  // fair share of the large (slow) ones. Each worker writes only its own slots.
  const size_t hardware = std::max(1u, std::thread::hardware_concurrency());
  const size_t workers = std::min<size_t>({hardware, 8, (sizes.size() + 63) / 64});
  if (workers <= 1) {
    for (size_t i = 0; i < sizes.size(); ++i) out[i] = MeasurePoint(sizes[i]);
    return out;
  }
  std::vector<std::thread> threads;
  for (size_t w = 0; w < workers; ++w) {
    threads.emplace_back([&, w] {
      for (size_t i = w; i < sizes.size(); i += workers) out[i] = MeasurePoint(sizes[i]);
    });
  }
  for (std::thread& t : threads) t.join();
  return out;
}

std::vector<WorkDepthPoint> WorkDepthSeries(int max_n) {
  std::vector<int> sizes;
  for (int n = 1; n <= max_n; ++n) sizes.push_back(n);
  return WorkDepthSeries(sizes);
}

std::vector<RoundWork> RoundWorkSeries(const Trace& trace, const TraceAnalysis& analysis) {
  std::vector<RoundWork> out;
  for (size_t r = 0; r < trace.rounds.size() && r < analysis.rounds.size(); ++r) {
    const RoundInfo& info = analysis.rounds[r];
    RoundWork row;
    row.round = static_cast<int>(r);
    row.spec = trace.rounds[r].spec;
    row.operator_applications = info.operator_applications;
    row.active_threads = info.active_threads;
    row.cumulative_work = info.cumulative_work;
    row.depth = info.depth;
    row.barriers =
        (r > 0 ? out.back().barriers : 0) + (trace.rounds[r].spec.level >= Level::kBlock ? 1 : 0);
    out.push_back(row);
  }
  return out;
}

}  // namespace scanviz::teach
