// A rank's entry: its GPU, its stream and its communicator, then the job (core/multi_gpu/rank_job.h).
#include <cuda_runtime.h>
#include <unistd.h>

#include <cstdlib>
#include <ostream>

#include "cuda/cuda_util.h"
#include "cuda/multi_gpu/rank_env.h"
#include "cuda/multi_gpu/rank.h"

namespace scanviz::multi_gpu {

int RunRank(const RankJob& job, std::ostream& log, std::string* why) {
  // NVLink SHARP (multicast) stays off: P numbers need no in-switch reduction, and the machines
  // this runs on must not create multicast objects. Set before NCCL reads its environment.
  setenv("NCCL_NVLS_ENABLE", "0", 1);
  const std::string me = "rank " + std::to_string(job.rank) + " of " + std::to_string(job.ranks);
  int count = 0;
  if (const cudaError_t e = cudaGetDeviceCount(&count); e != cudaSuccess || count == 0) {
    *why = me + ": no CUDA device (" +
           (e == cudaSuccess ? std::string("none visible") : cuda::Describe("cudaGetDeviceCount", e)) +
           ")";
    return 2;
  }
  RankEnv env;
  env.device = job.device >= 0 ? job.device : job.rank % count;
  if (env.device >= count) {
    *why = me + ": GPU " + std::to_string(env.device) + " does not exist (" +
           std::to_string(count) + " visible)";
    return 2;
  }
  std::string error;
  env.backend = cuda::DeviceBackend(env.device, &error);
  if (!error.empty()) {
    *why = me + ": " + error;
    return 2;
  }
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  env.host = host;
  if (const cudaError_t e = cudaStreamCreateWithFlags(&env.stream, cudaStreamNonBlocking);
      e != cudaSuccess) {
    *why = me + ": " + cuda::Describe("cudaStreamCreate", e);
    return 2;
  }
  error = env.nccl.Open(job);
  if (!error.empty()) {
    *why = me + ": " + error;
    return 2;
  }
  log << me << ": GPU " << env.device << " (" << env.backend.device_name << ") on " << env.host
      << ", NCCL " << env.nccl.Version() << ", job " << ToString(job.kind) << '\n';
  int rc = 2;
  switch (job.kind) {
    case RankJobKind::kTrace:
      rc = RunTraceJob(job, env, log, &error);
      break;
    case RankJobKind::kCheck:
      rc = RunCheckJob(job, env, log, &error);
      break;
    case RankJobKind::kBench:
      rc = RunBenchJob(job, env, log, &error);
      break;
  }
  if (!error.empty()) *why = me + ": " + error;
  return rc;
}

}  // namespace scanviz::multi_gpu
