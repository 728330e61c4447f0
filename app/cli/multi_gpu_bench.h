// scanviz-cli bench --gpus P: the bench across GPUs (kernels/cuda/multi_gpu/rank_bench.cu), P
// ranks started on this host; --check instead runs the check against the sequential scan (every
// operator, type, mode and strategy; rank_check.cu). The results file is scanviz-multi-gpu/1
// (core/perf/multi_gpu_results.h), printed as a table (core/perf/multi_gpu_report.h).
#pragma once

#include <string>

namespace scanviz::cli {

struct MultiGpuBenchArgs {
  int gpus = 0;  // 0: not a multi-GPU run
  bool check = false;
  int min_log2 = 24, max_log2 = 0, repeats = 10;
  long long check_n = 0;
  std::string json_path, work_dir;
  double timeout_s = 1200;
};

int RunMultiGpuBench(const MultiGpuBenchArgs& args, const std::string& self);

}  // namespace scanviz::cli
