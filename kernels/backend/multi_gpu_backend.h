// The scan across GPUs on real GPUs: the one entry through which the CLI (and through it the
// app's tools) reach the NCCL ranks of kernels/cuda/multi_gpu/. One process per GPU, as
// distributed jobs run: `RunMultiGpuOnGpus` starts P ranks of `launch.self` on this host
// (`scanviz-cli rank ...`), each on its own GPU, and merges the trace files they write. Without
// CUDA or NCCL in the build, or with fewer than P GPUs, it starts nothing and says why in one line;
// a rank that fails or does not finish in time is named in that line, never a hang.
#pragma once

#include <optional>
#include <string>

#include "core/multi_gpu/multi_gpu.h"

namespace scanviz {

struct MultiGpuLaunch {
  std::string self;          // the program that runs a rank (scanviz-cli)
  std::string work_dir;      // where the ranks write their parts ("": a temporary folder)
  double timeout_s = 120;    // the whole job, ranks started to ranks finished
};

// Why this build or machine cannot run P ranks; empty when it can (CUDA and NCCL built in and at
// least P GPUs visible).
std::string MultiGpuUnavailable(int gpus);

std::optional<MultiGpuTrace> RunMultiGpuOnGpus(const MultiGpuRequest& request,
                                               const MultiGpuLaunch& launch, std::string* why);

}  // namespace scanviz
