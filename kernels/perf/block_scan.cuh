// Block-level pieces: the warps' segment totals, gathered in shared memory, reduced into the
// tile's aggregate and turned into each segment's prefix within the tile.
#pragma once

#include "perf/warp_scan.cuh"

namespace scanviz::perf {

// Segment totals of one block, one per warp segment (COUNT <= 32: one warp reduces them).
template <class T, int COUNT>
struct SegmentTotals {
  static_assert(COUNT <= 32, "one warp reduces the segment totals");
  T value[COUNT];

  // Lane 0 of each warp writes its segment's total; a barrier must follow before reading.
  __device__ __forceinline__ void Put(int segment, T total) {
    if ((threadIdx.x & 31) == 0) value[segment] = total;
  }
  // All of them, in order (a whole warp calls it; every lane gets the sum).
  template <class Op>
  __device__ __forceinline__ T Aggregate() const {
    const int lane = threadIdx.x & 31;
    return WarpReduce<Op>(lane < COUNT ? value[lane] : Op::Identity());
  }
  // The segments before `segment`, after `prefix` (the tile's exclusive prefix).
  template <class Op>
  __device__ __forceinline__ T Before(int segment, T prefix) const {
    const Op op;
    for (int s = 0; s < segment; ++s) prefix = op(prefix, value[s]);
    return prefix;
  }
};

// Named barriers: barrier `id` (1..15; 0 is __syncthreads') of `threads` threads, whole warps,
// in the non-aligned form (warps may reach it from different places in the code, as the
// look-ahead warp does). NamedSync waits for all of them; NamedArrive counts this thread in and
// goes on (what it wrote before is seen by the threads that wait on the barrier).
__device__ __forceinline__ void NamedSync(int id, int threads) {
  asm volatile("barrier.sync %0, %1;" ::"r"(id), "r"(threads) : "memory");
}
__device__ __forceinline__ void NamedArrive(int id, int threads) {
  asm volatile("barrier.arrive %0, %1;" ::"r"(id), "r"(threads) : "memory");
}

// The barrier of the THREADS threads that hold a tile: __syncthreads, or, in a block with a
// look-ahead warp (which never waits on them here), named barrier 1 of those threads alone.
template <bool AHEAD, int THREADS>
__device__ __forceinline__ void TileSync() {
  if constexpr (AHEAD) {
    NamedSync(1, THREADS);
  } else {
    __syncthreads();
  }
}

}  // namespace scanviz::perf
