// The scan across GPUs' teaching side: at a moment of the trace (core/multi_gpu/multi_gpu.h's
// MultiGpuMoments), what a teacher would say, with the trace's own numbers: which GPUs are doing
// what, the totals they sent, what the all-gather gives every GPU, each offset and why (the lower
// ranks' totals, in order), why the exchange costs microseconds whatever n is, and the two
// strategies' traffic. For the GPUs kind's Narration tab. UI-free.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/multi_gpu/multi_gpu.h"

namespace scanviz::teach {

struct MultiGpuNarration {
  std::string title;  // "Across GPUs · 4 GPUs, scan then add (simulated) · 13.2 us"
  std::vector<std::string> paragraphs;
};

MultiGpuNarration NarrateMultiGpu(const MultiGpuTrace& trace, std::int64_t moment);

}  // namespace scanviz::teach
