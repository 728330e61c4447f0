#include "cli/rank_command.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "backend/multi_gpu_backend.h"
#include "cli/usage.h"

namespace scanviz::cli {

CLI::App* AddRankCommand(CLI::App* app, RankArgs* args) {
  multi_gpu::RankJob& j = args->job;
  CLI::App* rank = app->add_subcommand(
      "rank", "One rank of the scan across GPUs (started by trace/bench --gpus, or per GPU by hand)");
  rank->add_option("--job", args->kind, "trace, check or bench")->capture_default_str();
  rank->add_option("--rank", j.rank, "this rank, 0..ranks-1")->required();
  rank->add_option("--ranks", j.ranks, "how many ranks the job has (P)")->required();
  rank->add_option("--device", j.device, "the CUDA device (default: rank modulo the GPUs)");
  rank->add_option("--work-dir", j.work_dir, "the folder every rank shares")->required();
  rank->add_option("--timeout", j.timeout_s, "seconds to wait for the others")->capture_default_str();
  rank->add_option("--min-log2", j.min_log2, "bench: smallest n = 2^k")->capture_default_str();
  rank->add_option("--max-log2", j.max_log2, "bench: largest n = 2^k (0: what fits)")
      ->capture_default_str();
  rank->add_option("--repeats", j.repeats, "bench: timed repetitions")->capture_default_str();
  rank->add_option("--check-n", j.check_n, "check: one size instead of the list");
  rank->add_option("--seed", j.seed, "check: the inputs' seed")->capture_default_str();
  return rank;
}

int RunRankCommand(RankArgs args) {
  if (!multi_gpu::Parse(args.kind, &args.job.kind)) {
    std::cerr << "scanviz-cli: rank: unknown job '" << args.kind << "' (trace, check, bench)\n";
    return kExitUsage;
  }
  if (args.job.ranks < 1 || args.job.rank < 0 || args.job.rank >= args.job.ranks) {
    std::cerr << "scanviz-cli: rank: --rank must lie in 0.." << args.job.ranks - 1 << '\n';
    return kExitUsage;
  }
  std::string why;
  const int rc = RunMultiGpuRank(args.job, std::cout, &why);
  if (!why.empty()) std::cerr << "scanviz-cli: rank: " << why << '\n';
  return rc;
}

std::string SelfPath(const char* argv0) {
  char buf[4096];
  const ssize_t got = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (got > 0) return std::string(buf, static_cast<size_t>(got));
  return argv0 ? argv0 : "scanviz-cli";
}

}  // namespace scanviz::cli
