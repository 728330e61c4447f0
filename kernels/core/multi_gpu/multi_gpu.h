// The scan across GPUs (core/multi_gpu/multi_gpu_steps.h says how), recorded as a class watches
// it: for each GPU (rank) its shard, its phases on one time axis, the total it sent, what the
// all-gather gave it, its offset and, when the shard is small enough to trace, its shard's own
// single-pass timeline (tiles, look-back). Measured on GPUs by the NCCL ranks of
// kernels/cuda/multi_gpu/ (started by `scanviz-cli trace -a multi-gpu --gpus P`), or simulated
// for P simulated GPUs, with the same structure, which the trace says is simulated.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/grid/single_pass.h"
#include "core/ops.h"
#include "core/trace.h"

namespace scanviz {

inline constexpr const char* kMultiGpuKey = "multi-gpu";
inline constexpr int kMaxGpus = 16;  // ranks in a trace (a node has 8; two nodes, 16)

enum class MultiGpuStrategy : std::uint8_t { kScanThenAdd, kReduceThenScan };
const char* ToString(MultiGpuStrategy strategy);  // "scan-then-add", "reduce-then-scan"
bool Parse(const std::string& key, MultiGpuStrategy* strategy);

struct MultiGpuRequest {
  int gpus = 4;  // P: 1..kMaxGpus
  MultiGpuStrategy strategy = MultiGpuStrategy::kScanThenAdd;
  OpKind op = OpKind::kAdd;
  ElementType type = ElementType::kInt32;
  bool inclusive = true;
  std::vector<double> input;  // 1..kMaxGridElements values, sharded over the GPUs
  // Each shard's single-pass scan: its tiles and their block scan (the shard timelines).
  int tile_size = 8;
  Algorithm block_algorithm = Algorithm::kHillisSteele;
};

// Empty if the request can run; else one line naming what is wrong.
std::string ValidateMultiGpuRequest(const MultiGpuRequest& request);

// What a GPU does, in the order it does it. kScan is the shard's single-pass scan (scan, then add:
// from the identity; reduce, then scan: with the offset carried into its first tile).
enum class GpuPhaseKind : std::uint8_t { kReduce, kScan, kAllGather, kOffset, kAdd };
const char* ToString(GpuPhaseKind kind);  // "reduce", "scan", "all-gather", "offset", "add"
bool Parse(const std::string& key, GpuPhaseKind* kind);

// The phases every rank runs, in order: scan, all-gather, offset, add; or reduce, all-gather,
// offset, scan.
std::vector<GpuPhaseKind> StrategyPhases(MultiGpuStrategy strategy);

// Rank `rank`'s shard as a single-pass request: its slice of the input, the request's tile size,
// block algorithm, operator and type, converted to the request's flavour when the block
// algorithm computes the other one (no carry: reduce, then scan adds the offset as carry_in).
SinglePassRequest ShardRequest(const MultiGpuRequest& request, int rank);

struct GpuPhase {
  GpuPhaseKind kind = GpuPhaseKind::kScan;
  std::int64_t start = 0, end = 0;  // on the trace's one clock, from the aligned origin (ns)
};

struct GpuRank {
  int rank = 0;
  std::string device;    // "NVIDIA H100 80GB HBM3", or "simulated GPU 2"
  int device_index = 0;  // its CUDA device (on its node)
  std::string host;      // the node it ran on ("" when simulated)
  long long begin = 0, end = 0;    // its shard of the input: [begin, end)
  double total = 0;                // its shard's combination: what it sent
  std::vector<double> gathered;    // what the all-gather gave it: every rank's total, in order
  double offset = 0;               // the lower ranks' totals combined: what it puts in front
  std::vector<GpuPhase> phases;    // in the order it ran them
  std::optional<SinglePassTrace> shard;  // its shard's timeline (carry_in = offset when carried)
  std::int64_t clock_origin = 0;   // its raw clock at the origin less the lowest rank's (ns)
};

struct MultiGpuTrace {
  MultiGpuStrategy strategy = MultiGpuStrategy::kScanThenAdd;
  OpKind op = OpKind::kAdd;
  ElementType type = ElementType::kInt32;
  bool inclusive = true;
  double identity = 0;
  BackendInfo backend;        // the first rank's GPU (all alike on one node), or the simulator
  bool measured = false;      // times from the GPUs' clocks (else the simulator's model)
  std::string clock;          // what the times are: "ns (%globaltimer)" or "simulated ns"
  std::string alignment;      // how the GPUs' clocks were put on one axis, in words
  std::string interconnect;   // "NVLink (nvidia-smi topo -m: NV18)", or "simulated"
  std::string nccl_version;   // "2.28.3" ("" when simulated)
  std::vector<double> input;
  std::vector<double> output;  // the whole scan, shards in rank order
  std::vector<GpuRank> ranks;  // by rank

  int Gpus() const { return static_cast<int>(ranks.size()); }
  long long N() const { return static_cast<long long>(input.size()); }
  std::int64_t Span() const;  // the last phase's end over every rank
};

// The simulator: P simulated GPUs, each shard's scan the single-pass simulator on its slice
// (SimulateSinglePass, the offset carried in for reduce, then scan), the totals, offsets and add
// through multi_gpu_steps.h, and times from a model of an H100 node that the trace names.
MultiGpuTrace SimulateMultiGpu(const MultiGpuRequest& request);

// What must hold, from the trace's own values: the shards tile the input in rank order with the
// remainder spread; each total is its shard's combination; every rank gathered the same totals;
// each offset is the lower ranks' totals combined; the output is the sequential scan; each shard
// timeline (if any) checks (CheckSinglePass) and is its shard; every rank's phases are the
// strategy's, in order, with start <= end; no rank's all-gather ends before every rank's has
// started (within the clocks' alignment margin). Empty when all hold.
std::vector<std::string> CheckMultiGpu(const MultiGpuTrace& trace);

// The margin that CheckMultiGpu allows between ranks' clocks (measured traces; 0 when simulated).
inline constexpr std::int64_t kRankClockMarginNs = 20000;

// What the view's caption and the CLI's summary say.
struct MultiGpuSummary {
  int gpus = 0;
  std::int64_t span = 0;           // the whole scan's time
  std::int64_t longest_exchange = 0;  // the longest all-gather (a rank waiting on a slower one)
  int slowest_rank = -1;           // the rank whose phase before the all-gather ended last
  std::int64_t local_work = 0;     // the slowest rank's time in phases other than the exchange
};
MultiGpuSummary Summarize(const MultiGpuTrace& trace);

// The moments a class steps through: 0 and every phase's start and end over every rank, distinct,
// in time order (as the single-pass kind steps through its tiles' events).
std::vector<std::int64_t> MultiGpuMoments(const MultiGpuTrace& trace);

// What a rank is doing at a moment: the phase running then (start <= moment < end; -1 when none:
// waiting to start, between phases or finished) and how many of its phases have ended.
struct RankActivity {
  int running = -1;  // an index into GpuRank::phases
  int done = 0;
};
RankActivity ActivityAt(const GpuRank& rank, std::int64_t moment);

}  // namespace scanviz
