// A rank of the scan across GPUs (core/multi_gpu/rank_job.h says what a job is). Plain C++: no
// CUDA or NCCL header leaks out of kernels/cuda/multi_gpu/; the backend is its one caller
// (backend/multi_gpu_backend.h: RunMultiGpuRank).
#pragma once

#include <iosfwd>
#include <string>

#include "core/multi_gpu/rank_job.h"

namespace scanviz::multi_gpu {

// Runs the job on this process's GPU; progress and per-rank results go to `log` (one line each).
// 0 when it ran and every check held; 1 when a check failed; 2 when it could not run (why in
// *why, one line: no GPU, NCCL's error, a timeout).
int RunRank(const RankJob& job, std::ostream& log, std::string* why);

}  // namespace scanviz::multi_gpu
