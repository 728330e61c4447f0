// What every job of a rank holds: its GPU, its stream, its NCCL session, and where it runs.
// Each job is a function of its own file (rank_trace.cu, rank_check.cu, rank_bench.cu).
#pragma once

#include <cuda_runtime.h>

#include <iosfwd>
#include <string>

#include "core/trace.h"
#include "cuda/multi_gpu/nccl_session.h"
#include "core/multi_gpu/rank_job.h"

namespace scanviz::multi_gpu {

struct RankEnv {
  int device = 0;
  cudaStream_t stream = nullptr;
  NcclSession nccl;
  BackendInfo backend;
  std::string host;
};

int RunTraceJob(const RankJob& job, RankEnv& env, std::ostream& log, std::string* why);
int RunCheckJob(const RankJob& job, RankEnv& env, std::ostream& log, std::string* why);
int RunBenchJob(const RankJob& job, RankEnv& env, std::ostream& log, std::string* why);

}  // namespace scanviz::multi_gpu
