// Rung (d): reduce-then-scan with the tile in registers. What changes from (c): the traffic and
// the tile scan. Pass 1 only reads each tile and writes its total; the totals are scanned
// (recursively, the same rung); pass 2 reads each tile again, scans it in registers with warp
// shuffles (warp_scan.cuh, no shared-memory tree) and writes it once: 3n of traffic instead of
// 4n, and 16-byte loads and stores throughout (vec_io.cuh).
#include <cuda_runtime.h>

#include "core/ops.h"
#include "perf/perf_internal.cuh"
#include "perf/vec_io.cuh"
#include "perf/warp_scan.cuh"

namespace scanviz::perf {
namespace {

constexpr int kDThreads = 256;
constexpr int kDV = 4;  // 4 vectors of 4 = 16 elements per thread, 4096-element tiles
using DShape = Segments<kDThreads, kDV>;

template <class Op, class T = typename Op::Value>
__global__ __launch_bounds__(kDThreads) void TileReduceKernel(const T* __restrict__ in, int n,
                                                              T* __restrict__ sums) {
  __shared__ T warp_sums[DShape::kWarps];
  T x[kDV][4];
  const long long tile_base = static_cast<long long>(blockIdx.x) * DShape::kTile;
  LoadSegments<Op, kDThreads, kDV>(in, tile_base, n, x);
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
  LoadSegments<Op, kDThreads, kDV>(in, tile_base, n, x);
  const T warp_total = WarpScanRows<Op, kDV>(x, vbase);
  const int warp = threadIdx.x >> 5;
  if ((threadIdx.x & 31) == 0) warp_sums[warp] = warp_total;
  __syncthreads();
  T prefix = offsets != nullptr ? offsets[blockIdx.x] : Op::Identity();
  for (int w = 0; w < warp; ++w) prefix = op(prefix, warp_sums[w]);
  ApplyPrefix<Op, INCLUSIVE, kDV>(x, vbase, prefix);
  StoreSegments<kDThreads, kDV>(out, tile_base, n, x);
}

class ReduceThenScan {
 public:
  template <class T, bool INCLUSIVE>
  cudaError_t Scan(const T* in, T* out, int n, cudaStream_t stream) {
    return Go<T, INCLUSIVE>(in, out, n, stream, 0);
  }

 private:
  template <class T, bool INCLUSIVE>
  cudaError_t Go(const T* in, T* out, int n, cudaStream_t stream, int level) {
    using Op = AddOp<T>;
    if (n <= 0) return cudaSuccess;
    if (n <= DShape::kTile) {
      TileScanKernel<Op, INCLUSIVE>
          <<<1, kDThreads, 0, stream>>>(in, out, n, static_cast<const T*>(nullptr));
      return LastLaunchError();
    }
    const int tiles = (n + DShape::kTile - 1) / DShape::kTile;
    T* sums = nullptr;
    T* scanned = nullptr;
    SCANVIZ_PERF_TRY(ws_.Get(2 * level, tiles, &sums));
    SCANVIZ_PERF_TRY(ws_.Get(2 * level + 1, tiles, &scanned));
    TileReduceKernel<Op><<<tiles, kDThreads, 0, stream>>>(in, n, sums);
    SCANVIZ_PERF_TRY(LastLaunchError());
    SCANVIZ_PERF_TRY((Go<T, false>(sums, scanned, tiles, stream, level + 1)));
    TileScanKernel<Op, INCLUSIVE><<<tiles, kDThreads, 0, stream>>>(in, out, n, scanned);
    return LastLaunchError();
  }
  Workspace ws_;
};

}  // namespace

std::unique_ptr<Rung> MakeReduceThenScanRung() {
  return MakeTyped<ReduceThenScan>(
      "d", "reduce-then-scan, 16 elem/thread in registers, 16B loads, warp shuffles, 3n traffic");
}

}  // namespace scanviz::perf
