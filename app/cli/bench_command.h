// scanviz-cli bench: the performance lab (kernels/perf/), in a build with it.
#pragma once

#include <string>

#include "cli/multi_gpu_bench.h"
#include "perf/perf_bench.h"

namespace CLI {
class App;
}

namespace scanviz::cli {

struct BenchArgs {
  perf::BenchOptions options;
  std::string rungs;  // --rungs a,b,...: comma-separated
  bool no_int32 = false, no_float32 = false, no_inclusive = false, no_exclusive = false;
  MultiGpuBenchArgs gpus;  // --gpus P: the bench across GPUs instead (multi_gpu_bench.h)
  std::string self;        // the running program, to start its ranks
};

// The subcommand and its options, bound to `args`.
CLI::App* AddBenchCommand(CLI::App* app, BenchArgs* args);

// Runs the bench with the options given; its exit code, and its error on stderr.
int RunBenchCommand(BenchArgs args);

}  // namespace scanviz::cli
