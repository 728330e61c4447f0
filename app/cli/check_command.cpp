#include "cli/check_command.h"

#include <CLI/CLI.hpp>
#include <iostream>
#include <sstream>

#include "cli/application_command.h"
#include "cli/report.h"
#include "cli/usage.h"
#include "core/analysis.h"
#include "core/any_trace_io.h"
#include "core/grid/grid_io.h"
#include "core/registry.h"

namespace scanviz::cli {

namespace {

int RunCheckGrid(const std::string& path, const GridTrace& grid) {
  std::ostringstream ok;
  ok << "multi-block, " << grid.BlockCount() << " blocks of " << grid.block_size << " ("
     << DisplayName(grid.block_algorithm) << "), " << ToString(grid.op) << ", "
     << ToString(grid.type) << ", n = " << grid.N() << ", recorded on "
     << DescribeBackend(grid.backend)
     << "; every block, sum, offset and output cell holds its window and the result equals the "
        "sequential "
     << (grid.Inclusive() ? "inclusive" : "exclusive") << " scan";
  return cli::ReportFileCheck(path, CheckGrid(grid), ok.str());
}

int RunCheckSinglePass(const std::string& path, const SinglePassTrace& t) {
  std::ostringstream ok;
  ok << "single-pass, " << t.TileCount() << " tiles of " << t.tile_size << " ("
     << DisplayName(t.block_algorithm) << "), " << ToString(t.op) << ", " << ToString(t.type)
     << ", n = " << t.N() << ", tiles in " << ToString(t.order) << " order, recorded on "
     << DescribeBackend(t.backend) << (t.measured ? " (times measured)" : " (times simulated)")
     << "; every tile's scan, look-back and prefixes hold and the result equals the sequential "
     << (t.Inclusive() ? "inclusive" : "exclusive") << " scan";
  return cli::ReportFileCheck(path, CheckSinglePass(t), ok.str());
}

int RunCheckMultiGpu(const std::string& path, const MultiGpuTrace& t) {
  std::ostringstream ok;
  ok << "multi-gpu, " << t.Gpus() << " GPUs, " << ToString(t.strategy) << ", " << ToString(t.op)
     << ", " << ToString(t.type) << ", n = " << t.N() << ", recorded on "
     << DescribeBackend(t.backend) << (t.measured ? " (times measured)" : " (times simulated)")
     << "; every shard, total, gathered total, offset and phase holds and the result equals the "
        "sequential "
     << (t.inclusive ? "inclusive" : "exclusive") << " scan";
  return cli::ReportFileCheck(path, CheckMultiGpu(t), ok.str());
}

}  // namespace

CLI::App* AddCheckCommand(CLI::App* app, std::string* path) {
  CLI::App* check = app->add_subcommand(
      "check", "Load a trace file, re-run the self-check and compare with a sequential scan");
  check->add_option("file", *path, "trace file (JSON)")->required();
  return check;
}

int RunCheckCommand(const std::string& path) {
  AnyTraceLoad loaded = LoadAnyTraceFile(path);
  if (loaded.grid) return RunCheckGrid(path, *loaded.grid);
  if (loaded.single_pass) return RunCheckSinglePass(path, *loaded.single_pass);
  if (loaded.application) return CheckApplicationFile(path, *loaded.application);
  if (loaded.multi_gpu) return RunCheckMultiGpu(path, *loaded.multi_gpu);
  if (!loaded.trace) {
    // A file that does not open is bad input (2), as a bad -o is; 1 is a trace that opened and
    // failed its self-check: a script tells a wrong trace from a file that is not one.
    std::cerr << "scanviz-cli: check: " << loaded.error << '\n';
    return kExitUsage;
  }
  const Trace& trace = *loaded.trace;
  std::ostringstream ok;
  ok << DisplayName(trace.meta.algorithm) << ", " << ToString(trace.meta.op) << ", "
     << ToString(trace.meta.type) << ", n = " << trace.meta.n << ", " << trace.rounds.size()
     << " rounds, recorded on " << DescribeBackend(trace.meta.backend)
     << "; every cell holds its invariant window and the result equals the sequential "
     << (trace.Inclusive() ? "inclusive" : "exclusive") << " scan";
  return cli::ReportFileCheck(path, Analyze(trace).violations, ok.str());
}

}  // namespace scanviz::cli
