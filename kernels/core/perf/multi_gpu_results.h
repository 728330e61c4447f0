// The bench across GPUs' results file (`scanviz-multi-gpu/1`; schema in docs/multi-gpu.md):
// written by `scanviz-cli bench --gpus P` (kernels/cuda/multi_gpu/), read by the app's benchmark
// chart (G). As bench_results.h: the file holds what was measured, nothing derived; speed-ups,
// bounds and the % of the bound are methods here, computed from the same run's measurements.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/perf/bench_results.h"

namespace scanviz::perf {

inline constexpr std::string_view kMultiGpuBenchSchema = "scanviz-multi-gpu/1";

// Times of one thing, over the timed repetitions (microseconds).
struct TimeStats {
  double median_us = 0, min_us = 0, max_us = 0;
};

// One n on P GPUs: both strategies end to end, what bounds them measured alone, and one GPU's
// references. Every "alone" time is the slowest rank's (each rank times its own phase between two
// barriers; the slowest one is what the whole waits for).
struct MultiGpuPoint {
  long long n = 0;
  int gpus = 0;
  long long shard = 0;  // the largest shard: ceil(n / P)
  // End to end, barrier to barrier, on the slowest rank.
  TimeStats scan_then_add, reduce_then_scan;
  // Alone: the shard's scan from the identity (e), the add of an offset, the shard's reduce, the
  // shard's scan with the offset carried in, and the all-gather of the P totals.
  double scan_us = 0, add_us = 0, reduce_us = 0, carried_scan_us = 0, exchange_us = 0;
  // One GPU: e and a device-to-device memcpy at the shard's size, and e at the whole n when one
  // GPU holds it (0: it does not fit).
  double one_gpu_e_shard_us = 0, one_gpu_memcpy_shard_us = 0, one_gpu_e_full_us = 0;
  // Every output checked: "full" (every element) or "sampled" (how many, in check_detail).
  std::string check = "full", check_detail;
  bool correct = true;
  long long mismatches = 0;
  long long first_bad = -1;

  // Each strategy's bound: its phases measured alone, added (scan, then add: scan + exchange +
  // add; reduce, then scan: reduce + exchange + carried scan).
  double ScanThenAddBoundUs() const { return scan_us + exchange_us + add_us; }
  double ReduceThenScanBoundUs() const { return reduce_us + exchange_us + carried_scan_us; }
  // The faster strategy's name and its median time.
  std::string Faster() const;
  double FasterUs() const;
  // 100 * bound / time for the faster strategy: how close it comes to its own bound.
  double PctOfBound() const;
  // One GPU's e on the whole n over the faster strategy; empty when one GPU cannot hold n.
  std::optional<double> SpeedUpOverOneGpu() const;

  // Added for the report and the chart (benchui). The bytes a scan of n int32 must move (2 n 4:
  // read once, written once) over a time, in GB/s; 0 for a time that is not positive.
  double Gbps(double us) const;
  // P times one GPU's e at the shard's size, as a throughput: what P GPUs scanning their shards
  // with nothing to exchange would reach. Empty when e was not timed at the shard.
  std::optional<double> IdealGbps() const;
  // The speed-up over one GPU's e that the traffic allows: one GPU's e moves 2 words an element;
  // on P GPUs, scan then add moves 4 n/P a GPU (P/2) and reduce then scan 3 n/P (2P/3).
  double TrafficCeiling(std::string_view strategy) const;
};

// The strategies' names, as Faster() returns them (and multi_gpu.h's ToString spells them).
inline constexpr std::string_view kScanThenAdd = "scan-then-add";
inline constexpr std::string_view kReduceThenScan = "reduce-then-scan";

struct MultiGpuBenchResults {
  std::string schema;  // as read; kMultiGpuBenchSchema when written
  std::string date;    // ISO-8601 UTC
  std::string commit;
  BenchDevice device;        // rank 0's GPU (all alike in one node)
  std::vector<std::string> hosts;  // the nodes, one per rank
  int gpus = 0;              // P
  std::string topology;      // nvidia-smi topo -m, as printed
  std::string nccl_version;  // "2.28.3"
  std::string type = "int32", mode = "inclusive";
  int repeats = 0;
  std::string alignment;     // how the ranks' times were taken (barriers, clocks), in words
  std::vector<MultiGpuPoint> points;  // ascending n
  std::string fatal;
  bool all_correct = false;
  std::string source;  // the path it was read from (not in the file)

  // Added (benchui): the GPU counts the points hold, ascending; one count's points by n.
  std::vector<int> GpuCounts() const;
  std::vector<const MultiGpuPoint*> Series(int gpus) const;
  // Every point checked correct and the run not stopped: what all_correct should say.
  bool AllChecksPassed() const;
};

struct MultiGpuBenchLoad {
  std::optional<MultiGpuBenchResults> results;
  std::string error;
};

MultiGpuBenchLoad ParseMultiGpuBenchResults(std::string_view json_text);
MultiGpuBenchLoad LoadMultiGpuBenchResults(const std::string& path);
// One top-level field a line and one point a line (diffable), 6 significant digits.
std::string WriteMultiGpuBenchResults(const MultiGpuBenchResults& results);
std::string SaveMultiGpuBenchResults(const MultiGpuBenchResults& results, const std::string& path);

}  // namespace scanviz::perf
