// scanviz-cli bench: the performance lab (kernels/perf/), in a build with it.
#pragma once

#include <string>

#include "perf/perf_bench.h"

namespace CLI {
class App;
}

namespace scanviz::cli {

struct BenchArgs {
  perf::BenchOptions options;
  std::string rungs;  // --rungs a,b,...: comma-separated
  bool no_int32 = false, no_float32 = false, no_inclusive = false, no_exclusive = false;
};

// The subcommand and its options, bound to `args`.
CLI::App* AddBenchCommand(CLI::App* app, BenchArgs* args);

// Runs the bench with the options given; its exit code, and its error on stderr.
int RunBenchCommand(BenchArgs args);

}  // namespace scanviz::cli
