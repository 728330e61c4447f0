// The single-pass scan with decoupled look-back on the GPU, recorded: one block per tile, each
// tile scanned by the block scan's driver, any algorithm of the registry (the bare executor,
// bare_exec.cuh, with its shared arrays in shared memory and its register arrays in registers and
// shuffles), then thread 0 runs
// the look-back of core/grid/single_pass_steps.h over the tiles' status words, and every thread
// adds the tile's exclusive prefix. Thread 0 reads %globaltimer (ns, one clock for the whole GPU)
// when the block starts, before each publication (so a reader that saw a word read it after the
// time recorded for its store), after each status read, and when the tile is stored, and notes
// the SM it ran on. The times come back with the values: the timeline a class watches.
//
// A last tile that is not full is padded with the operator's identity (one launch, one block
// shape), as the simulator pads it.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/algorithms/algorithms.h"
#include "core/grid/multi_block.h"
#include "core/grid/single_pass_steps.h"
#include "core/trace_builder.h"
#include "cuda/bare_exec.cuh"
#include "cuda/cuda_trace.h"
#include "cuda/cuda_util.h"

namespace scanviz::cuda {
namespace {

namespace sp = single_pass;

template <class T>
struct DeviceRead {
  int predecessor;
  unsigned flag;
  T value;
  unsigned long long time;
  int reads;
};

template <class T>
struct DeviceTile {
  int tile, block, sm, total_reads, recorded;
  unsigned long long start, published_a, published_p, end, waited;
  T aggregate, exclusive, inclusive;  // as the kernel combined them
};

__device__ __forceinline__ unsigned long long GlobalTimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ __forceinline__ unsigned SmId() {
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}

// Thread 0's look-back over its predecessors' words, one read at a time, each read recorded (with
// its time; consecutive X reads of one word as one entry) and the time spent on X reads summed.
template <class Op, class T = typename Op::Value>
__device__ sp::LookBack<T> RecordedLookBack(const unsigned long long* status, sp::LookBack<T> look,
                                            DeviceRead<T>* mine, int max_reads, DeviceTile<T>* rec) {
  unsigned long long spin_from = 0;
  while (!look.done) {
    const int p = look.predecessor;
    const std::uint64_t word = sp::LoadWord(&status[p]);
    const unsigned long long now = GlobalTimer();
    const unsigned flag = sp::FlagOf(word);
    ++rec->total_reads;
    const bool merge = flag == sp::kFlagX && rec->recorded > 0 &&
                       mine[rec->recorded - 1].flag == sp::kFlagX &&
                       mine[rec->recorded - 1].predecessor == p;
    if (merge) {
      ++mine[rec->recorded - 1].reads;
      mine[rec->recorded - 1].time = now;
    } else if (rec->recorded < max_reads) {
      mine[rec->recorded++] = {p, flag, flag == sp::kFlagX ? T() : sp::ValueOf<T>(word), now, 1};
    }
    if (flag == sp::kFlagX) {
      if (spin_from == 0) spin_from = now;
    } else if (spin_from != 0) {
      rec->waited += now - spin_from;
      spin_from = 0;
    }
    look = sp::LookStep(look, word, Op{});
  }
  return look;
}

template <class Driver, class Op>
__global__ void SinglePassKernel(const typename Op::Value* data, typename Op::Value* tile_out,
                                 typename Op::Value* out, int n, int tile_size, bool convert,
                                 bool inclusive, OutcomeConfig config,
                                 unsigned long long* status, int* ticket, bool use_ticket,
                                 DeviceTile<typename Op::Value>* tiles, DeviceRead<typename Op::Value>* reads,
                                 int max_reads, bool has_carry, typename Op::Value carry) {
  using T = typename Op::Value;
  extern __shared__ __align__(16) unsigned char smem[];
  __shared__ int s_tile;
  __shared__ T s_aggregate, s_exclusive;
  __shared__ unsigned long long s_start;
  const int tid = static_cast<int>(threadIdx.x);
  if (tid == 0) {
    s_start = GlobalTimer();
    s_tile = use_ticket ? atomicAdd(ticket, 1) : static_cast<int>(blockIdx.x);
  }
  __syncthreads();
  const int tile = s_tile;
  const int begin = tile * tile_size;
  const int count = min(tile_size, n - begin);

  OutcomeExec<T> exec(reinterpret_cast<T*>(smem), config);  // the tile's own scan
  const int result = Driver::Run(exec, data + begin, tile_size, convert, Op{});
  __syncthreads();
  T local = Op::Identity();
  if (tid < tile_size) {
    local = exec.Read(result);
    if (tid < count) tile_out[begin + tid] = local;
    if (tid == count - 1) s_aggregate = multi_block::BlockTotal(local, data[begin + tid], inclusive, Op{});
  }
  __syncthreads();

  if (tid == 0) {
    DeviceTile<T> rec{};
    rec.tile = tile;
    rec.block = static_cast<int>(blockIdx.x);
    rec.sm = static_cast<int>(SmId());
    rec.start = s_start;
    const T aggregate = s_aggregate;
    const unsigned long long t_first = GlobalTimer();
    // A prefix carried in (a shard of the scan across GPUs): tile 0 starts from it.
    sp::StoreWord(&status[tile], has_carry
                                     ? sp::FirstPublicationWithCarry(tile, carry, aggregate, Op{})
                                     : sp::FirstPublication(tile, aggregate));
    sp::LookBack<T> look = has_carry ? sp::StartLookBackWithCarry<Op>(tile, carry)
                                     : sp::StartLookBack<Op>(tile);
    if (tile == 0) {
      rec.published_p = t_first;
    } else {
      rec.published_a = t_first;
      look = RecordedLookBack<Op>(status, look, reads + static_cast<size_t>(tile) * max_reads,
                                  max_reads, &rec);
      rec.published_p = GlobalTimer();
      sp::StoreWord(&status[tile], sp::PrefixPublication(look.exclusive, aggregate, Op{}));
    }
    s_exclusive = look.exclusive;
    rec.aggregate = aggregate;
    rec.exclusive = look.exclusive;
    rec.inclusive = Op{}(look.exclusive, aggregate);
    tiles[tile] = rec;
  }
  __syncthreads();
  if (tid < count) out[begin + tid] = sp::AddPrefixStep(s_exclusive, local, Op{});
  __syncthreads();
  if (tid == 0) tiles[tile].end = GlobalTimer();
}

// The launch's shape: a full tile's block of threads and shared memory, and where the block
// scan's arrays live.
struct TileShape {
  int threads = 0;
  size_t shared_cells = 0;
  OutcomeConfig config;
  std::string error;
};

TileShape MakeTileShape(const SinglePassRequest& request, const BackendInfo& backend) {
  ScanRequest shape;
  shape.algorithm = request.block_algorithm;
  shape.op = request.op;
  shape.type = request.type;
  shape.convert = request.convert;
  shape.input.assign(static_cast<size_t>(request.tile_size), 0.0);
  const TraceBuilder builder(shape, backend);
  TileShape t;
  t.threads = builder.meta().block_size;
  t.shared_cells = static_cast<size_t>(builder.layout().shared_cells);
  t.error = MakeOutcomeConfig(builder, &t.config);
  return t;
}

// The device's buffers of one run.
template <class T>
struct SinglePassBuffers {
  DeviceArray<T> data, tile_out, out;
  DeviceArray<unsigned long long> status;
  DeviceArray<int> ticket;
  DeviceArray<DeviceTile<T>> tiles;
  DeviceArray<DeviceRead<T>> reads;

  cudaError_t Allocate(size_t padded, int n, int tile_count) {
    cudaError_t err = cudaSuccess;
    if ((err = data.Allocate(padded)) != cudaSuccess ||
        (err = tile_out.Allocate(n)) != cudaSuccess || (err = out.Allocate(n)) != cudaSuccess ||
        (err = status.Allocate(tile_count)) != cudaSuccess ||
        (err = ticket.Allocate(1)) != cudaSuccess ||
        (err = tiles.Allocate(tile_count)) != cudaSuccess)
      return err;
    return reads.Allocate(static_cast<size_t>(tile_count) * kMaxRecordedReads);
  }
};

// The kernel launched twice: the first launch warms up (module load, caches); the second is the
// one recorded. Empty, or CUDA's error.
template <class Driver, class Op>
std::string LaunchTwice(const SinglePassRequest& request, const TileShape& shape, int tiles,
                        SinglePassBuffers<typename Op::Value>& d) {
  using T = typename Op::Value;
  const int n = static_cast<int>(request.input.size());
  const bool inclusive = Info(request.block_algorithm).inclusive != request.convert;
  for (int attempt = 0; attempt < 2; ++attempt) {
    cudaError_t err = cudaSuccess;
    if ((err = cudaMemset(d.status.ptr, 0, tiles * sizeof(unsigned long long))) != cudaSuccess ||
        (err = cudaMemset(d.ticket.ptr, 0, sizeof(int))) != cudaSuccess ||
        (err = cudaMemset(d.tiles.ptr, 0, tiles * sizeof(DeviceTile<T>))) != cudaSuccess)
      return Describe("cudaMemset", err);
    SinglePassKernel<Driver, Op><<<tiles, shape.threads, shape.shared_cells * sizeof(T)>>>(
        d.data.ptr, d.tile_out.ptr, d.out.ptr, n, request.tile_size, request.convert, inclusive,
        shape.config, d.status.ptr, d.ticket.ptr, request.order == TileOrder::kTicket, d.tiles.ptr,
        d.reads.ptr, kMaxRecordedReads, request.carry_in.has_value(),
        static_cast<T>(request.carry_in.value_or(0.0)));
    if ((err = cudaGetLastError()) != cudaSuccess) return Describe("kernel launch", err);
    if ((err = cudaDeviceSynchronize()) != cudaSuccess) return Describe("kernel", err);
  }
  return {};
}

// The tiles' records into the trace, the times relative to the first tile's start.
template <class T>
void RecordTiles(const std::vector<DeviceTile<T>>& h_tiles,
                 const std::vector<DeviceRead<T>>& h_reads, SinglePassTrace* t) {
  unsigned long long origin = ~0ull;
  for (const DeviceTile<T>& d : h_tiles) origin = std::min(origin, d.start);
  auto rel = [&](unsigned long long x) { return static_cast<std::int64_t>(x - origin); };
  t->tiles.resize(h_tiles.size());
  for (size_t k = 0; k < h_tiles.size(); ++k) {
    const DeviceTile<T>& d = h_tiles[k];
    TileRecord& r = t->tiles[k];
    r.tile = d.tile;
    r.block = d.block;
    r.sm = d.sm;
    r.start = rel(d.start);
    r.published_a = k == 0 ? -1 : rel(d.published_a);
    r.published_p = rel(d.published_p);
    r.end = rel(d.end);
    r.waited = static_cast<std::int64_t>(d.waited);
    r.total_reads = d.total_reads;
    for (int j = 0; j < d.recorded; ++j) {
      const DeviceRead<T>& x = h_reads[k * kMaxRecordedReads + static_cast<size_t>(j)];
      r.reads.push_back({x.predecessor, static_cast<int>(x.flag), static_cast<double>(x.value),
                         rel(x.time), x.reads});
    }
    r.aggregate = static_cast<double>(d.aggregate);
    r.exclusive = static_cast<double>(d.exclusive);
    r.inclusive = static_cast<double>(d.inclusive);
  }
}

template <class Driver, class Op>
SinglePassRun RunTyped(const SinglePassRequest& request, int device) {
  using T = typename Op::Value;
  SinglePassRun run;
  const BackendInfo backend = DeviceBackend(device, &run.error);
  if (!run.error.empty()) return run;
  const int n = static_cast<int>(request.input.size()), b = request.tile_size;
  const int tiles = (n + b - 1) / b;
  const size_t padded = static_cast<size_t>(tiles) * b;
  const TileShape shape = MakeTileShape(request, backend);
  if (!shape.error.empty()) {
    run.error = shape.error;
    return run;
  }

  std::vector<T> h_data(padded, Op::Identity());
  for (int i = 0; i < n; ++i) h_data[static_cast<size_t>(i)] = static_cast<T>(request.input[i]);
  SinglePassBuffers<T> d;
  cudaError_t err = cudaSuccess;
  if ((err = d.Allocate(padded, n, tiles)) != cudaSuccess) {
    run.error = Describe("cudaMalloc", err);
    return run;
  }
  if ((err = cudaMemcpy(d.data.ptr, h_data.data(), padded * sizeof(T), cudaMemcpyHostToDevice)) !=
      cudaSuccess) {
    run.error = Describe("cudaMemcpy", err);
    return run;
  }
  run.error = LaunchTwice<Driver, Op>(request, shape, tiles, d);
  if (!run.error.empty()) return run;
  std::vector<T> h_tile_out(static_cast<size_t>(n)), h_out(static_cast<size_t>(n));
  std::vector<DeviceTile<T>> h_tiles(static_cast<size_t>(tiles));
  std::vector<DeviceRead<T>> h_reads(static_cast<size_t>(tiles) * kMaxRecordedReads);
  if ((err = cudaMemcpy(h_tile_out.data(), d.tile_out.ptr, n * sizeof(T),
                        cudaMemcpyDeviceToHost)) != cudaSuccess ||
      (err = cudaMemcpy(h_out.data(), d.out.ptr, n * sizeof(T), cudaMemcpyDeviceToHost)) !=
          cudaSuccess ||
      (err = cudaMemcpy(h_tiles.data(), d.tiles.ptr, tiles * sizeof(DeviceTile<T>),
                        cudaMemcpyDeviceToHost)) != cudaSuccess ||
      (err = cudaMemcpy(h_reads.data(), d.reads.ptr, h_reads.size() * sizeof(DeviceRead<T>),
                        cudaMemcpyDeviceToHost)) != cudaSuccess) {
    run.error = Describe("cudaMemcpy", err);
    return run;
  }

  SinglePassTrace t = MakeSinglePassTrace(request, backend);
  t.measured = true;
  t.clock = "ns (%globaltimer)";
  t.tile_output.assign(h_tile_out.begin(), h_tile_out.end());
  t.output.assign(h_out.begin(), h_out.end());
  RecordTiles(h_tiles, h_reads, &t);
  run.trace = std::move(t);
  return run;
}

}  // namespace

SinglePassRun RunSinglePassTrace(const SinglePassRequest& request, int device) {
  return DispatchAlgorithm(request.block_algorithm, [&](auto driver) {
    return DispatchOp(request.op, request.type, [&](auto op) {
      return RunTyped<decltype(driver), decltype(op)>(request, device);
    });
  });
}

}  // namespace scanviz::cuda
