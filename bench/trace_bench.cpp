// Tracing n = 1024 with the CPU simulator (the whole trace: every round's snapshot and actions),
// with std::inclusive_scan of the same array beside it for scale, and the work/depth panel's full
// sweep (a trace of each n = 1..1024, both algorithms), which the app computes on demand. The
// closing lines print the measured times side by side and their ratio, and the sweep's time.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <numeric>
#include <string>
#include <thread>

#include "core/analysis.h"
#include "core/grid/grid.h"
#include "core/input.h"
#include "core/registry.h"
#include "core/simulator.h"
#include "scene/scene.h"
#include "teach/narration.h"
#include "teach/numerics.h"
#include "teach/work_depth.h"

namespace {

using namespace scanviz;

constexpr int kN = 1024;

ScanRequest Request(Algorithm algorithm) {
  return ScanRequest{algorithm, OpKind::kAdd, ElementType::kInt32,
                     RandomValues(kN, 42, ElementType::kInt32, -100, 100)};
}

// One benchmark per algorithm in the registry: BM_Simulate/<key>.
void BM_Simulate(benchmark::State& state, Algorithm algorithm) {
  const ScanRequest request = Request(algorithm);
  for (auto _ : state) benchmark::DoNotOptimize(Simulate(request));
}

// What an edit costs besides the simulation, per algorithm: the analysis, the teaching panels'
// data (narration of every round, per-round work, numerics) and the scene the view draws.
void BM_Analyze(benchmark::State& state, Algorithm algorithm) {
  const Trace trace = Simulate(Request(algorithm));
  for (auto _ : state) benchmark::DoNotOptimize(Analyze(trace));
}
void BM_Teach(benchmark::State& state, Algorithm algorithm) {
  const Trace trace = Simulate(Request(algorithm));
  const TraceAnalysis analysis = Analyze(trace);
  for (auto _ : state) {
    benchmark::DoNotOptimize(teach::NarrateTrace(trace, analysis));
    benchmark::DoNotOptimize(teach::RoundWorkSeries(trace, analysis));
    benchmark::DoNotOptimize(teach::DiagnoseInt(trace, analysis));
  }
}
void BM_BuildScene(benchmark::State& state, Algorithm algorithm) {
  const Trace trace = Simulate(Request(algorithm));
  const TraceAnalysis analysis = Analyze(trace);
  scene::ViewOptions o;
  o.current_round = static_cast<int>(trace.rounds.size()) - 1;
  for (auto _ : state) benchmark::DoNotOptimize(scene::BuildScene(trace, analysis, o));
}

void BM_AnalyzeHillisSteele(benchmark::State& state) {
  const Trace trace = Simulate(Request(Algorithm::kHillisSteele));
  for (auto _ : state) benchmark::DoNotOptimize(Analyze(trace));
}
BENCHMARK(BM_AnalyzeHillisSteele);

void BM_StdInclusiveScan(benchmark::State& state) {
  const ScanRequest request = Request(Algorithm::kHillisSteele);
  std::vector<int> in(request.input.begin(), request.input.end()), out(kN);
  for (auto _ : state) {
    std::inclusive_scan(in.begin(), in.end(), out.begin());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_StdInclusiveScan);

// Real time: WorkDepthSeries spreads the sizes over the cores, so CPU time would overstate it.
void BM_WorkDepthFullSweep(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(teach::WorkDepthSeries(kMaxElements));
}
BENCHMARK(BM_WorkDepthFullSweep)->Unit(benchmark::kMillisecond)->UseRealTime();

// The multi-block scan of 2^16 elements on the simulator (goal: under 50 ms), and its check.
GridRequest GridOf(Algorithm algorithm, int block_size) {
  GridRequest r;
  r.block_algorithm = algorithm;
  r.block_size = block_size;
  r.input = RandomValues(kMaxGridElements, 42, ElementType::kInt32, -100, 100);
  return r;
}
// The trace made; freeing the last one (which an edit also pays, once the new one is shown) is
// timed apart, by BM_DropGrid.
void BM_SimulateGrid(benchmark::State& state, Algorithm algorithm, int block_size) {
  const GridRequest request = GridOf(algorithm, block_size);
  for (auto _ : state) {
    GridTrace grid = SimulateGrid(request);
    benchmark::DoNotOptimize(grid);
    state.PauseTiming();
    { const GridTrace gone = std::move(grid); }
    state.ResumeTiming();
  }
}
// The grid as the live app shows an edit at 2^16 (its arrays, from each block's result alone),
// and the block traces it makes afterwards, beside the app.
void BM_SimulateGridLater(benchmark::State& state, Algorithm algorithm, int block_size) {
  const GridRequest request = GridOf(algorithm, block_size);
  for (auto _ : state) benchmark::DoNotOptimize(SimulateGrid(request, BlockTraces::kLater));
}
void BM_TraceBlocks(benchmark::State& state, Algorithm algorithm, int block_size) {
  const GridTrace later = SimulateGrid(GridOf(algorithm, block_size), BlockTraces::kLater);
  for (auto _ : state) {
    state.PauseTiming();
    GridTrace grid = later;
    state.ResumeTiming();
    TraceBlocks(&grid);
    benchmark::DoNotOptimize(grid);
    state.PauseTiming();
    { const GridTrace gone = std::move(grid); }
    state.ResumeTiming();
  }
}
void BM_DropGrid(benchmark::State& state, Algorithm algorithm, int block_size) {
  const GridRequest request = GridOf(algorithm, block_size);
  for (auto _ : state) {
    state.PauseTiming();
    GridTrace grid = SimulateGrid(request);
    state.ResumeTiming();
    { const GridTrace gone = std::move(grid); }
  }
}
void BM_CheckGrid(benchmark::State& state, Algorithm algorithm, int block_size) {
  const GridTrace grid = SimulateGrid(GridOf(algorithm, block_size));
  for (auto _ : state) benchmark::DoNotOptimize(CheckGrid(grid));
}

class RecordingReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) m_ns[run.benchmark_name()] = run.GetAdjustedRealTime();
    ConsoleReporter::ReportRuns(runs);
  }
  std::map<std::string, double> m_ns;
};

}  // namespace

int main(int argc, char** argv) {
  for (const AlgorithmInfo* info : Algorithms()) {
    benchmark::RegisterBenchmark((std::string("BM_Simulate/") + info->key).c_str(), BM_Simulate,
                                 info->id);
    benchmark::RegisterBenchmark((std::string("BM_Analyze/") + info->key).c_str(), BM_Analyze,
                                 info->id);
    benchmark::RegisterBenchmark((std::string("BM_Teach/") + info->key).c_str(), BM_Teach,
                                 info->id);
    benchmark::RegisterBenchmark((std::string("BM_BuildScene/") + info->key).c_str(),
                                 BM_BuildScene, info->id);
  }
  for (const Algorithm a : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    for (const int b : {1024, 256, 4}) {
      const std::string suffix = std::string(ToString(a)) + "/B=" + std::to_string(b);
      benchmark::RegisterBenchmark(("BM_SimulateGrid/" + suffix).c_str(), BM_SimulateGrid, a, b)
          ->Unit(benchmark::kMillisecond);
      benchmark::RegisterBenchmark(("BM_SimulateGridLater/" + suffix).c_str(), BM_SimulateGridLater,
                                   a, b)
          ->Unit(benchmark::kMillisecond);
      benchmark::RegisterBenchmark(("BM_TraceBlocks/" + suffix).c_str(), BM_TraceBlocks, a, b)
          ->Unit(benchmark::kMillisecond);
      benchmark::RegisterBenchmark(("BM_CheckGrid/" + suffix).c_str(), BM_CheckGrid, a, b)
          ->Unit(benchmark::kMillisecond);
      benchmark::RegisterBenchmark(("BM_DropGrid/" + suffix).c_str(), BM_DropGrid, a, b)
          ->Unit(benchmark::kMillisecond);
    }
  }
  benchmark::Initialize(&argc, argv);
  RecordingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  const double scan = reporter.m_ns["BM_StdInclusiveScan"];
  for (const AlgorithmInfo* info : Algorithms()) {
    const std::string name = std::string("BM_Simulate/") + info->key;
    auto it = reporter.m_ns.find(name);
    if (it == reporter.m_ns.end() || scan <= 0) continue;
    std::printf(
        "%s: %.1f us per n = %d trace (goal: under 1000 us: %s); %.0fx std::inclusive_scan\n",
        name.c_str(),
        it->second / 1000.0, kN, it->second < 1e6 ? "met" : "NOT met", it->second / scan);
  }
  for (const auto& [name, ms] : reporter.m_ns) {
    if (name.rfind("BM_SimulateGrid/", 0) != 0) continue;
    std::printf("%s: %.1f ms per n = %d multi-block trace (goal: under 50 ms: %s)\n",
                name.c_str(), ms, kMaxGridElements, ms < 50 ? "met" : "NOT met");
  }
  // GetAdjustedRealTime is in the benchmark's unit, milliseconds here.
  if (auto it = reporter.m_ns.find("BM_WorkDepthFullSweep/real_time"); it != reporter.m_ns.end()) {
    std::printf("WorkDepthSeries(1..%d), every algorithm: %.1f ms on %u hardware threads\n",
                kMaxElements, it->second, std::thread::hardware_concurrency());
  }
  return 0;
}
