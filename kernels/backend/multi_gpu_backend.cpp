#include "backend/multi_gpu_backend.h"

namespace scanviz {

// Placeholder until the NCCL ranks land (issue #36, the lead's part): says why, starts nothing.
std::string MultiGpuUnavailable(int gpus) {
  (void)gpus;
  return "this build has no NCCL ranks yet";
}

std::optional<MultiGpuTrace> RunMultiGpuOnGpus(const MultiGpuRequest& request,
                                               const MultiGpuLaunch& launch, std::string* why) {
  (void)launch;
  if (why) *why = MultiGpuUnavailable(request.gpus);
  return std::nullopt;
}

}  // namespace scanviz
