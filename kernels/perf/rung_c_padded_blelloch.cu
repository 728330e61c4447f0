// Rung (c): Blelloch with conflict-free padding and several elements per thread, still three
// phases (three_phase.cuh). What changes from (b): a 4096-element tile is staged coalesced in
// shared memory with one pad word every 32 words (so a thread's 8 consecutive elements and the
// tree's strided nodes land in distinct banks), each thread scans its 8 elements serially, and
// only the 512 per-thread totals go through the up-sweep / down-sweep tree (padded the same way):
// 8x fewer tree nodes per element and no bank conflicts. Device traffic is unchanged (4n).
#include <cuda_runtime.h>

#include "core/ops.h"
#include "perf/perf_internal.cuh"
#include "perf/three_phase.cuh"

namespace scanviz::perf {
namespace {

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

}  // namespace

std::unique_ptr<Rung> MakePaddedBlellochRung() {
  return MakeTyped<ThreePhaseRung<kCTile, CLauncher>>(
      "c", "Blelloch, conflict-free padding, 8 elem/thread (4096-elem tiles), 3 phases");
}

}  // namespace scanviz::perf
