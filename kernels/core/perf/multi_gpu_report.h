// What `scanviz-cli bench --gpus P` prints after its run, from the results alone (no GPU): the
// run's header, a table for each GPU count (both strategies at every n: their median time and
// GB/s, each one's bound and the % of it, the exchange alone, P times one GPU's e at the shard
// size as an ideal, the speed-up over one GPU's e at the same n, the check), and the closing
// lines (the faster strategy at the largest n against its bound, the exchange across n, the
// checks).
#pragma once

#include <ostream>
#include <string>

#include "core/perf/multi_gpu_results.h"

namespace scanviz::perf {

// The device, P, the nodes, NCCL, what was scanned and how the ranks' times were taken.
void PrintMultiGpuHeader(const MultiGpuBenchResults& results, std::ostream& out);
// One table per GPU count, two rows (one per strategy) per n.
void PrintMultiGpuTable(const MultiGpuBenchResults& results, std::ostream& out);
// The closing lines: at the largest n on the most GPUs, the faster strategy, its distance to its
// bound and its speed-up (or why there is none); the exchange's range across n for each count;
// the checks.
void PrintMultiGpuSummary(const MultiGpuBenchResults& results, std::ostream& out);
// The three above, in that order.
void PrintMultiGpuReport(const MultiGpuBenchResults& results, std::ostream& out);

// "2^24" for a power of two, else the number.
std::string MultiGpuSizeLabel(long long n);

}  // namespace scanviz::perf
