#include "cli/bench_command.h"

#include <CLI/CLI.hpp>
#include <iostream>
#include <sstream>

namespace scanviz::cli {

CLI::App* AddBenchCommand(CLI::App* app, BenchArgs* args) {
  perf::BenchOptions& options = args->options;
  CLI::App* bench = app->add_subcommand(
      "bench", "Device-wide scans from the textbook to single-pass, against CUB and cudaMemcpy");
  bench->add_option("--min-log2", options.min_log2, "smallest n = 2^k")->capture_default_str();
  bench->add_option("--max-log2", options.max_log2, "largest n = 2^k")->capture_default_str();
  bench->add_option("--repeats", options.repeats, "timed repetitions (median)")
      ->capture_default_str();
  bench->add_option("--json", options.json_path, "write the results file here");
  bench->add_option("--rungs", args->rungs,
                    "comma-separated rungs to run (default: a,b,c,d,e,cub,thrust,memcpy)");
  bench->add_flag("--no-int32", args->no_int32, "skip the int32 scans");
  bench->add_flag("--no-float32", args->no_float32, "skip the float32 scans");
  bench->add_flag("--no-inclusive", args->no_inclusive, "skip the inclusive scans");
  bench->add_flag("--no-exclusive", args->no_exclusive, "skip the exclusive scans");
  return bench;
}

int RunBenchCommand(BenchArgs args) {
  perf::BenchOptions& options = args.options;
  options.int32 = !args.no_int32;
  options.float32 = !args.no_float32;
  options.inclusive = !args.no_inclusive;
  options.exclusive = !args.no_exclusive;
  std::stringstream rungs(args.rungs);
  for (std::string r; std::getline(rungs, r, ',');)
    if (!r.empty()) options.rungs.push_back(r);
  std::string error;
  const int rc = perf::RunBench(options, std::cout, &error);
  if (!error.empty()) std::cerr << "scanviz-cli: bench: " << error << '\n';
  return rc;
}

}  // namespace scanviz::cli
