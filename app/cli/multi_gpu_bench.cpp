#include "cli/multi_gpu_bench.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "backend/multi_gpu_backend.h"
#include "cli/usage.h"
#include "core/file_io.h"
#include "core/perf/multi_gpu_report.h"
#include "core/perf/multi_gpu_results.h"

namespace scanviz::cli {

namespace fs = std::filesystem;

namespace {

// Every rank's log, each line once, prefixed by nothing: the ranks name themselves.
void PrintLogs(const std::string& dir, int ranks, bool rank0_only) {
  for (int r = 0; r < (rank0_only ? 1 : ranks); ++r) {
    std::ifstream f(fs::path(dir) / ("rank-" + std::to_string(r) + ".log"));
    for (std::string line; std::getline(f, line);) std::cout << line << '\n';
  }
}

}  // namespace

int RunMultiGpuBench(const MultiGpuBenchArgs& a, const std::string& self) {
  if (const std::string why = MultiGpuUnavailable(a.gpus); !why.empty()) {
    std::cerr << "scanviz-cli: bench --gpus " << a.gpus << ": " << why << '\n';
    return kExitUsage;
  }
  MultiGpuLaunch launch{self, a.work_dir, a.timeout_s};
  if (launch.work_dir.empty()) {
    char tmpl[] = "/tmp/scanviz-bench-XXXXXX";
    if (!mkdtemp(tmpl)) {
      std::cerr << "scanviz-cli: bench: cannot make a work folder\n";
      return kExitFailed;
    }
    launch.work_dir = tmpl;
  }
  fs::create_directories(launch.work_dir);
  // A note for the run's folder, through the one writer (file_io.h) as every file: its failure
  // is not the run's.
  (void)WriteFileAtomically((fs::path(launch.work_dir) / "topology.txt").string(), GpuTopology());
  std::vector<std::string> extra = {"--min-log2", std::to_string(a.min_log2), "--max-log2",
                                    std::to_string(a.max_log2), "--repeats", std::to_string(a.repeats)};
  if (a.check_n > 0) extra.insert(extra.end(), {"--check-n", std::to_string(a.check_n)});
  std::string dir;
  const multi_gpu::RankJobKind job = a.check ? multi_gpu::RankJobKind::kCheck : multi_gpu::RankJobKind::kBench;
  const std::string why = LaunchRanks(launch, a.gpus, job, extra, &dir);
  PrintLogs(dir, a.gpus, /*rank0_only=*/!a.check && why.empty());
  if (!why.empty()) {
    std::cerr << "scanviz-cli: bench --gpus " << a.gpus << ": " << why << '\n';
    return kExitFailed;
  }
  if (a.check) return kExitOk;
  perf::MultiGpuBenchLoad load = perf::LoadMultiGpuBenchResults((fs::path(dir) / "bench.json").string());
  if (!load.results) {
    std::cerr << "scanviz-cli: bench --gpus: " << load.error << '\n';
    return kExitFailed;
  }
  perf::PrintMultiGpuReport(*load.results, std::cout);
  if (!a.json_path.empty()) {
    if (const std::string bad = perf::SaveMultiGpuBenchResults(*load.results, a.json_path); !bad.empty()) {
      std::cerr << "scanviz-cli: bench: " << bad << '\n';
      return kExitUsage;  // as a bad --json: the results are printed, no file half-written
    }
    std::cout << "wrote " << a.json_path << '\n';
  }
  return load.results->all_correct ? kExitOk : kExitFailed;
}

}  // namespace scanviz::cli
