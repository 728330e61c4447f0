// scanviz-cli rank: one rank of the scan across GPUs (core/multi_gpu/rank_job.h), in this
// process, on one GPU. The launchers (trace -a multi-gpu --gpus P, bench --gpus P) start P of
// them on this host; across nodes, start one per GPU on each node with the same --ranks and a
// shared --work-dir (docs/multi-gpu.md).
#pragma once

#include <string>

#include "core/multi_gpu/rank_job.h"

namespace CLI {
class App;
}

namespace scanviz::cli {

struct RankArgs {
  multi_gpu::RankJob job;
  std::string kind = "trace";
};

CLI::App* AddRankCommand(CLI::App* app, RankArgs* args);
int RunRankCommand(RankArgs args);

// The path of the running program (/proc/self/exe), to start ranks of it.
std::string SelfPath(const char* argv0);

}  // namespace scanviz::cli
