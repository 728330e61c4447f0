// The performance lab's chart (G): GB/s, or % of memcpy, against n for every rung of the ladder,
// from a results file (the H200's run by default). A picture only: no steps, no SVG.
#include "kinds/benchmark/benchmark_state.h"
#include "kinds/kind.h"

namespace scanviz {
namespace {

class Benchmark final : public Kind {
 public:
  KindId Id() const override { return KindId::kBenchmark; }
  KindEntry Entry() const override {
    return {.menu_name = "menu.benchmark",
            .tip = "The performance lab on the H200: each rung against memcpy and CUB",
            .section = "",
            .keys = {{"G", "benchmark chart (again: back)"}},
            .implied_by = "--panel=bench",
            .cover = 5,
            .state_flag = "bench"};
  }
  StepCounter Steps(AppState&) const override {
    return {.step = 0, .count = 1, .caption = "the benchmark chart", .file_tag = {}};
  }
  void Step(AppState&, int) const override {}
  void Seek(AppState&, int) const override {}
  std::string StatusNumbers(AppState& app) const override {
    BenchmarkState& bench = BenchmarkOf(app);
    if (bench.bench_gpus && !bench.model.MultiGpu().empty()) {
      // The chart across GPUs: the first file that read names the machine.
      for (const perf::MultiGpuBenchLoad& f : bench.model.MultiGpu()) {
        if (f.results)
          return "benchmark across GPUs  ·  " + std::to_string(f.results->gpus) + " x " +
                 f.results->device.name;
      }
      return "benchmark across GPUs  ·  " + bench.model.MultiGpu().front().error;
    }
    const perf::BenchLoad& load = BenchmarkOf(app).model.Results();
    if (!load.results) return "benchmark  ·  " + load.error;
    return "benchmark  ·  " + load.results->device.name + "  ·  " +
           (BenchmarkOf(app).bench_float ? "float32 " : "int32 ") +
           (BenchmarkOf(app).bench_exclusive ? "exclusive" : "inclusive");
  }
  bool Offers(AppState&, SidePanel) const override { return false; }
  std::string NotOffered(SidePanel tab) const override {
    return std::string(DisplayName(tab)) +
           " describes a block scan's rounds. The chart's header, legend and variants are "
           "beside it; docs/performance.md tells each rung's story.";
  }
  std::string FigureStem(AppState&) const override { return "scanviz-bench"; }
  std::string FigureSvg(AppState&, bool) const override { return {}; }
};

}  // namespace

const Kind& BenchmarkKind() {
  static const Benchmark kind;
  return kind;
}

// [SECTION] The kind's state, as the app holds it (benchmark_state.h)

BenchmarkState& BenchmarkOf(AppState& app) {
  return static_cast<BenchmarkState&>(app.StateOf(BenchmarkState::kId));
}
const BenchmarkState& BenchmarkOf(const AppState& app) {
  return static_cast<const BenchmarkState&>(app.StateOf(BenchmarkState::kId));
}

}  // namespace scanviz
