#include "cli/bench_command.h"

#include <CLI/CLI.hpp>
#include <iostream>
#include <sstream>

#include "cli/usage.h"
#include "core/file_io.h"

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
  MultiGpuBenchArgs& g = args->gpus;
  bench->add_option("--gpus", g.gpus, "the scan across P GPUs (NCCL), one rank per GPU");
  bench->add_flag("--check", g.check,
                  "with --gpus: check every operator, type, mode and strategy instead of timing");
  bench->add_option("--check-n", g.check_n, "with --check: one size instead of the list");
  bench->add_option("--work-dir", g.work_dir, "with --gpus: the ranks' shared folder");
  bench->add_option("--timeout", g.timeout_s, "with --gpus: seconds for the whole job")
      ->capture_default_str();
  return bench;
}

int RunBenchCommand(BenchArgs args) {
  perf::BenchOptions& options = args.options;
  // A --json that cannot be written is refused before minutes of measuring, as a bad -o is.
  if (!options.json_path.empty()) {
    if (const std::string why = CheckWriteTarget(options.json_path); !why.empty()) {
      std::cerr << "scanviz-cli: bench: --json: " << why << '\n';
      return kExitUsage;
    }
  }
  if (args.gpus.gpus > 0) {  // the lab's sizes and repeats, with the bench across GPUs' defaults
    MultiGpuBenchArgs g = args.gpus;
    g.min_log2 = options.min_log2 == perf::BenchOptions{}.min_log2 ? 24 : options.min_log2;
    g.max_log2 = options.max_log2 == perf::BenchOptions{}.max_log2 ? 0 : options.max_log2;
    g.repeats = options.repeats == perf::BenchOptions{}.repeats ? 10 : options.repeats;
    g.json_path = options.json_path;
    return RunMultiGpuBench(g, args.self);
  }
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
