// The scan across GPUs on real GPUs: the one entry through which the CLI (and through it the
// app's tools) reach the NCCL ranks of kernels/cuda/multi_gpu/. One process per GPU, as
// distributed jobs run: LaunchRanks starts P ranks of `scanviz-cli rank` on this host, each on its
// own GPU (--device r), with NCCL_NVLS_ENABLE=0 in their environment, and waits for them with a
// deadline; RunMultiGpuOnGpus does that for a trace and merges the parts the ranks wrote. Without
// CUDA or NCCL in the build, or with fewer than P GPUs, nothing starts and one line says why; a
// rank that fails or does not finish in time is named in that line, never a hang.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "core/multi_gpu/multi_gpu.h"
#include "core/multi_gpu/rank_job.h"

namespace scanviz {

struct MultiGpuLaunch {
  std::string self;          // the program that runs a rank (scanviz-cli)
  std::string work_dir;      // where the ranks meet and write their parts ("": a temporary folder)
  double timeout_s = 120;    // the whole job, ranks started to ranks finished
};

// Why this build or machine cannot run P ranks; empty when it can (CUDA and NCCL built in and at
// least P GPUs visible).
std::string MultiGpuUnavailable(int gpus);

// P ranks of `launch.self rank --job JOB ...` (extra: the job's own flags), each with its output
// in work_dir/rank-<r>.log. Empty when every rank exited 0; else why, in one line. *work_dir gets
// the folder used (made when launch.work_dir is empty). SCANVIZ_RANK_WRAPPER, when set, is put in
// front of each rank's command (e.g. "compute-sanitizer --tool memcheck --error-exitcode 9").
std::string LaunchRanks(const MultiGpuLaunch& launch, int ranks, multi_gpu::RankJobKind job,
                        const std::vector<std::string>& extra, std::string* work_dir);

// `nvidia-smi topo -m` as printed, or "" when it cannot run.
std::string GpuTopology();

std::optional<MultiGpuTrace> RunMultiGpuOnGpus(const MultiGpuRequest& request,
                                               const MultiGpuLaunch& launch, std::string* why);

// One rank, in this process (`scanviz-cli rank`): kernels/cuda/multi_gpu/rank.h's RunRank, or
// 2 with why when the build has no NCCL.
int RunMultiGpuRank(const multi_gpu::RankJob& job, std::ostream& log, std::string* why);

}  // namespace scanviz
