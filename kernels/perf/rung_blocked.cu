// Rungs (c) and (d).
//
// (c) Blelloch with conflict-free padding and several elements per thread, still three phases:
//     a 4096-element tile is staged coalesced in shared memory with one pad word every 32 words
//     (so a thread's 8 consecutive elements and the tree's strided nodes land in distinct banks),
//     each thread scans its 8 elements serially, and the 512 per-thread totals go through the
//     Blelloch up-sweep / down-sweep tree (padded the same way). 8x fewer tree nodes per element
//     and no bank conflicts; device traffic is unchanged (4n).
// (d) Reduce-then-scan with a register-resident block scan (tile_scan.cuh): pass 1 only reads the
//     tiles and writes their totals, the totals are scanned (recursively, same rung), pass 2 reads
//     each tile again, scans it in registers with warp shuffles and writes it once: 3n of traffic.
#include "core/ops.h"
#include "perf/perf_internal.cuh"
#include "perf/three_phase.cuh"
#include "perf/tile_scan.cuh"

namespace scanviz::perf {
namespace {

// ---------------------------------------------------------------- (c)
constexpr int kCThreads = 512;
constexpr int kCItems = 8;
constexpr int kCTile = kCThreads * kCItems;

__device__ __forceinline__ int Pad(int i) {
  return i + (i >> 5);
}

template <class Op, class T = typename Op::Value>
__global__ __launch_bounds__(kCThreads) void PaddedBlellochTileKernel(const T* __restrict__ in,
                                                                      T* __restrict__ out, int n,
                                                                      T* sums, bool inclusive) {
  __shared__ T data[kCTile + kCTile / 32];
  __shared__ T tree[kCThreads + kCThreads / 32];
  __shared__ T total;
  const Op op;
  const int tid = threadIdx.x;
  const long long base = static_cast<long long>(blockIdx.x) * kCTile;
  const int count = static_cast<int>(min(static_cast<long long>(kCTile), n - base));
#pragma unroll
  for (int k = 0; k < kCItems; ++k) {
    const int i = k * kCThreads + tid;
    data[Pad(i)] = i < count ? in[base + i] : Op::Identity();
  }
  __syncthreads();
  T v[kCItems];
  T run = Op::Identity();
#pragma unroll
  for (int j = 0; j < kCItems; ++j) {
    run = op(run, data[Pad(tid * kCItems + j)]);
    v[j] = run;  // inclusive within the thread
  }
  tree[Pad(tid)] = run;
  __syncthreads();
  int offset = 1;
  for (int d = kCThreads >> 1; d > 0; d >>= 1) {  // up-sweep
    if (tid < d) {
      const int ai = offset * (2 * tid + 1) - 1;
      const int bi = offset * (2 * tid + 2) - 1;
      tree[Pad(bi)] = op(tree[Pad(ai)], tree[Pad(bi)]);
    }
    offset <<= 1;
    __syncthreads();
  }
  if (tid == 0) {  // seed
    total = tree[Pad(kCThreads - 1)];
    tree[Pad(kCThreads - 1)] = Op::Identity();
  }
  __syncthreads();
  for (int d = 1; d < kCThreads; d <<= 1) {  // down-sweep
    offset >>= 1;
    if (tid < d) {
      const int ai = offset * (2 * tid + 1) - 1;
      const int bi = offset * (2 * tid + 2) - 1;
      const T left = tree[Pad(ai)];
      tree[Pad(ai)] = tree[Pad(bi)];
      tree[Pad(bi)] = op(tree[Pad(bi)], left);
    }
    __syncthreads();
  }
  const T prefix = tree[Pad(tid)];
#pragma unroll
  for (int j = 0; j < kCItems; ++j) {
    const T r = inclusive ? op(prefix, v[j]) : (j == 0 ? prefix : op(prefix, v[j - 1]));
    data[Pad(tid * kCItems + j)] = r;
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < kCItems; ++k) {
    const int i = k * kCThreads + tid;
    if (i < count) out[base + i] = data[Pad(i)];
  }
  if (sums != nullptr && tid == 0) sums[blockIdx.x] = total;
}

struct CLauncher {
  template <class T>
  void operator()(const T* in, T* out, int n, T* sums, bool inclusive, int grid,
                  cudaStream_t stream) const {
    PaddedBlellochTileKernel<AddOp<T>><<<grid, kCThreads, 0, stream>>>(in, out, n, sums, inclusive);
  }
};

class PaddedBlellochRung final : public Rung {
 public:
  std::string Name() const override { return "c"; }
  std::string Description() const override {
    return "Blelloch, conflict-free padding, 8 elem/thread (4096-elem tiles), 3 phases";
  }
  cudaError_t Run(const ScanArgs& a) override {
    if (a.type == Dtype::kInt32) return Go<std::int32_t>(a);
    return Go<float>(a);
  }

 private:
  template <class T>
  cudaError_t Go(const ScanArgs& a) {
    return ThreePhaseScan<AddOp<T>, kCTile>(ws_, static_cast<const T*>(a.in),
                                            static_cast<T*>(a.out), a.n, a.inclusive, a.stream, 0,
                                            CLauncher{});
  }
  Workspace ws_;
};

// ---------------------------------------------------------------- (d)
constexpr int kDThreads = 256;
constexpr int kDV = 4;  // 4 vectors of 4 = 16 elements per thread, 4096-element tiles
using DShape = TileShape<int, kDThreads, kDV>;

template <class Op, class T = typename Op::Value>
__global__ __launch_bounds__(kDThreads) void TileReduceKernel(const T* __restrict__ in, int n,
                                                              T* __restrict__ sums) {
  __shared__ T warp_sums[DShape::kWarps];
  T x[kDV][4];
  const long long tile_base = static_cast<long long>(blockIdx.x) * DShape::kTile;
  LoadTile<Op, kDThreads, kDV>(in, tile_base, n, x);
  const T s = WarpReduce<Op>(ThreadReduce<Op, kDV>(x));
  if ((threadIdx.x & 31) == 0) warp_sums[threadIdx.x >> 5] = s;
  __syncthreads();
  if (threadIdx.x == 0) {
    const Op op;
    T t = Op::Identity();
#pragma unroll
    for (int w = 0; w < DShape::kWarps; ++w) t = op(t, warp_sums[w]);
    sums[blockIdx.x] = t;
  }
}

template <class Op, bool INCLUSIVE, class T = typename Op::Value>
__global__ __launch_bounds__(kDThreads) void TileScanKernel(const T* __restrict__ in,
                                                            T* __restrict__ out, int n,
                                                            const T* __restrict__ offsets) {
  __shared__ T warp_sums[DShape::kWarps];
  const Op op;
  T x[kDV][4];
  T vbase[kDV];
  const long long tile_base = static_cast<long long>(blockIdx.x) * DShape::kTile;
  LoadTile<Op, kDThreads, kDV>(in, tile_base, n, x);
  const T warp_total = WarpScanRows<Op, kDV>(x, vbase);
  const int warp = threadIdx.x >> 5;
  if ((threadIdx.x & 31) == 0) warp_sums[warp] = warp_total;
  __syncthreads();
  T prefix = offsets != nullptr ? offsets[blockIdx.x] : Op::Identity();
  for (int w = 0; w < warp; ++w) prefix = op(prefix, warp_sums[w]);
  ApplyPrefix<Op, INCLUSIVE, kDV>(x, vbase, prefix);
  StoreTile<kDThreads, kDV>(out, tile_base, n, x);
}

class ReduceThenScanRung final : public Rung {
 public:
  std::string Name() const override { return "d"; }
  std::string Description() const override {
    return "reduce-then-scan, 16 elem/thread in registers, 16B loads, warp shuffles, 3n traffic";
  }
  cudaError_t Run(const ScanArgs& a) override {
    if (a.type == Dtype::kInt32)
      return Go<std::int32_t>(static_cast<const std::int32_t*>(a.in),
                              static_cast<std::int32_t*>(a.out), a.n, a.inclusive, a.stream, 0);
    return Go<float>(static_cast<const float*>(a.in), static_cast<float*>(a.out), a.n, a.inclusive,
                     a.stream, 0);
  }

 private:
  template <class T>
  cudaError_t Go(const T* in, T* out, int n, bool inclusive, cudaStream_t stream, int level) {
    using Op = AddOp<T>;
    if (n <= 0) return cudaSuccess;
    if (n <= DShape::kTile) {
      if (inclusive)
        TileScanKernel<Op, true>
            <<<1, kDThreads, 0, stream>>>(in, out, n, static_cast<const T*>(nullptr));
      else
        TileScanKernel<Op, false>
            <<<1, kDThreads, 0, stream>>>(in, out, n, static_cast<const T*>(nullptr));
      return LastLaunchError();
    }
    const int tiles = (n + DShape::kTile - 1) / DShape::kTile;
    void* sums = nullptr;
    void* scanned = nullptr;
    SCANVIZ_PERF_TRY(ws_.Get(2 * level, sizeof(T) * tiles, &sums));
    SCANVIZ_PERF_TRY(ws_.Get(2 * level + 1, sizeof(T) * tiles, &scanned));
    TileReduceKernel<Op><<<tiles, kDThreads, 0, stream>>>(in, n, static_cast<T*>(sums));
    SCANVIZ_PERF_TRY(LastLaunchError());
    SCANVIZ_PERF_TRY(Go<T>(static_cast<const T*>(sums), static_cast<T*>(scanned), tiles, false,
                           stream, level + 1));
    if (inclusive)
      TileScanKernel<Op, true>
          <<<tiles, kDThreads, 0, stream>>>(in, out, n, static_cast<T*>(scanned));
    else
      TileScanKernel<Op, false>
          <<<tiles, kDThreads, 0, stream>>>(in, out, n, static_cast<T*>(scanned));
    return LastLaunchError();
  }
  Workspace ws_;
};

}  // namespace

std::unique_ptr<Rung> MakePaddedBlellochRung() {
  return std::make_unique<PaddedBlellochRung>();
}
std::unique_ptr<Rung> MakeReduceThenScanRung() {
  return std::make_unique<ReduceThenScanRung>();
}

}  // namespace scanviz::perf
