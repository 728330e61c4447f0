// The request a launcher hands its ranks (work_dir/request.json): what to scan and how, the whole
// input included (each rank takes its own shard of it). Written by backend/multi_gpu_backend.cpp,
// read by each rank (kernels/cuda/multi_gpu/rank_trace.cu).
#pragma once

#include <optional>
#include <string>

#include "core/multi_gpu/multi_gpu.h"

namespace scanviz {

std::string MultiGpuRequestToJson(const MultiGpuRequest& request);
// The request, or nothing with *why naming the first bad field.
std::optional<MultiGpuRequest> ParseMultiGpuRequest(const std::string& text, std::string* why);

}  // namespace scanviz
