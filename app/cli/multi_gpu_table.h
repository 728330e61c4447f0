// A trace of the scan across GPUs as text for scanviz-cli: one row per GPU (rank) with its shard,
// the total it sent, what the all-gather gave it, its offset and its phases with their times, then
// the summary a class discusses (the span, the exchange, the slowest rank) and the output.
#pragma once

#include <iosfwd>

#include "core/multi_gpu/multi_gpu.h"

namespace scanviz {

void PrintMultiGpuTable(const MultiGpuTrace& trace, std::ostream& out);

}  // namespace scanviz
