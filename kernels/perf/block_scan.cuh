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

}  // namespace scanviz::perf
