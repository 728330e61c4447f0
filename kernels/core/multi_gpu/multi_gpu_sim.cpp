// The scan across GPUs on P simulated GPUs (SimulateMultiGpu, core/multi_gpu/multi_gpu.h): the
// values exactly as the NCCL ranks compute them (each shard's single-pass simulator, the steps of
// multi_gpu_steps.h), the times from a small model of one H100 node, which the trace names.
#include <algorithm>
#include <cmath>

#include "core/multi_gpu/multi_gpu.h"
#include "core/multi_gpu/multi_gpu_steps.h"

namespace scanviz {

namespace {

// The simulated node, in ns. A phase over the shard is a kernel launch (and its first wave) plus
// its bytes at HBM3's streaming rate (an H100 SXM moves about 3 TB/s, 3 bytes per ns). The scan
// and the add read and write each element (2 words), the reduce only reads it (1 word).
constexpr double kBytesPerNs = 3.0;
constexpr std::int64_t kLaunchNs = 4000;
// The offset: the P gathered totals combined by one small kernel (latency only).
constexpr std::int64_t kOffsetNs = 2000;
// The all-gather of P 4-byte totals over NVLink: NCCL's latency, about 10 us, and 1.5 us more for
// each doubling of P. P numbers are nothing to move: the time is latency whatever n is.
std::int64_t AllGatherNs(int gpus) {
  int doublings = 0;
  while ((1 << doublings) < gpus) ++doublings;
  return 10000 + 1500 * doublings;
}

// Ranks do not start in lockstep: 0..800 ns of launch skew from the rank (a fixed hash, so the
// same trace every run), enough for the class to see the first ranks wait at the all-gather.
std::int64_t Skew(int rank) {
  std::uint32_t h = static_cast<std::uint32_t>(rank + 1) * 2654435761u;
  h ^= h >> 13;
  return static_cast<std::int64_t>(h % 801u);
}

std::int64_t WorkNs(long long elements, int words) {
  return kLaunchNs + std::llround(static_cast<double>(elements) * words * 4 / kBytesPerNs);
}

// The values of one rank before the exchange: its shard's scan (scan, then add) or its reduce.
template <class Op>
void LocalWork(const MultiGpuRequest& request, GpuRank* rank, Op op) {
  using T = typename Op::Value;
  const long long size = rank->end - rank->begin;
  if (size == 0) {
    rank->total = static_cast<double>(Op::Identity());
    return;
  }
  const auto first = request.input.begin() + rank->begin;
  if (request.strategy == MultiGpuStrategy::kReduceThenScan) {
    T total = Op::Identity();
    for (auto it = first; it != first + size; ++it) total = op(total, static_cast<T>(*it));
    rank->total = static_cast<double>(total);
    return;
  }
  rank->shard = SimulateSinglePass(ShardRequest(request, rank->rank));
  rank->total = static_cast<double>(
      multi_gpu::TotalAfterScan(request.inclusive, static_cast<T>(rank->shard->output.back()),
                                static_cast<T>(rank->shard->input.back()), op));
}

// After the exchange: the offset, then the add (scan, then add) or the carried-in scan.
template <class Op>
void FinishRank(const MultiGpuRequest& request, GpuRank* rank, std::vector<double>* output, Op op) {
  using T = typename Op::Value;
  std::vector<T> gathered;
  for (double v : rank->gathered) gathered.push_back(static_cast<T>(v));
  const T offset = multi_gpu::RankOffset(gathered.data(), rank->rank, op);
  rank->offset = static_cast<double>(offset);
  if (rank->end == rank->begin) return;
  if (request.strategy == MultiGpuStrategy::kReduceThenScan) {
    SinglePassRequest shard = ShardRequest(request, rank->rank);
    shard.carry_in = rank->offset;
    rank->shard = SimulateSinglePass(shard);
  }
  const bool add = request.strategy == MultiGpuStrategy::kScanThenAdd;
  for (size_t i = 0; i < rank->shard->output.size(); ++i) {
    const auto local = static_cast<T>(rank->shard->output[i]);
    (*output)[static_cast<size_t>(rank->begin) + i] =
        static_cast<double>(add ? multi_gpu::AddOffset(offset, local, op) : local);
  }
}

// Each rank's phases on the model's clock: its local work, the all-gather (which ends for every
// rank at once, the model's latency after the last rank joined it), the offset, the last phase.
void Schedule(const MultiGpuRequest& request, MultiGpuTrace* trace) {
  const bool reduce_first = request.strategy == MultiGpuStrategy::kReduceThenScan;
  std::int64_t last_joined = 0;
  for (GpuRank& r : trace->ranks) {
    const long long size = r.end - r.begin;
    const std::int64_t start = Skew(r.rank);
    const std::int64_t end = start + WorkNs(size, reduce_first ? 1 : 2);
    r.phases.push_back({reduce_first ? GpuPhaseKind::kReduce : GpuPhaseKind::kScan, start, end});
    last_joined = std::max(last_joined, end);
  }
  const std::int64_t gathered = last_joined + AllGatherNs(request.gpus);
  for (GpuRank& r : trace->ranks) {
    const long long size = r.end - r.begin;
    r.phases.push_back({GpuPhaseKind::kAllGather, r.phases.back().end, gathered});
    r.phases.push_back({GpuPhaseKind::kOffset, gathered, gathered + kOffsetNs});
    const std::int64_t start = gathered + kOffsetNs;
    r.phases.push_back(
        {reduce_first ? GpuPhaseKind::kScan : GpuPhaseKind::kAdd, start, start + WorkNs(size, 2)});
  }
}

}  // namespace

MultiGpuTrace SimulateMultiGpu(const MultiGpuRequest& request) {
  MultiGpuTrace t;
  t.strategy = request.strategy;
  t.op = request.op;
  t.type = request.type;
  t.inclusive = request.inclusive;
  t.measured = false;
  t.clock = "simulated ns";
  t.alignment =
      "simulated: one clock for every GPU, from a model of an H100 node (per phase a launch "
      "of 4 us plus its bytes at 3 TB/s; the all-gather 10 us plus 1.5 us per doubling of the "
      "GPUs; 0-0.8 us of launch skew per rank)";
  t.interconnect = "simulated";
  t.input = request.input;
  t.output.assign(request.input.size(), 0.0);
  const long long n = t.N();
  DispatchOp(request.op, request.type, [&](auto op) {
    using Op = decltype(op);
    t.identity = static_cast<double>(Op::Identity());
    for (int r = 0; r < request.gpus; ++r) {
      GpuRank rank;
      rank.rank = rank.device_index = r;
      rank.device = "simulated GPU " + std::to_string(r);
      rank.begin = multi_gpu::ShardBegin(n, request.gpus, r);
      rank.end = multi_gpu::ShardBegin(n, request.gpus, r + 1);
      LocalWork(request, &rank, op);
      t.ranks.push_back(std::move(rank));
    }
    std::vector<double> totals;
    for (const GpuRank& r : t.ranks) totals.push_back(r.total);
    for (GpuRank& r : t.ranks) {
      r.gathered = totals;
      FinishRank(request, &r, &t.output, op);
    }
  });
  Schedule(request, &t);
  return t;
}

}  // namespace scanviz
