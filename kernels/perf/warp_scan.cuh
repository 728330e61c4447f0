// Warp-level pieces: a thread's elements reduced and scanned in registers, and the warp's lanes
// combined with shuffles. The order of every combination is fixed (left operand first), so any
// associative operator works, commutative or not.
#pragma once

#include "core/ops.h"
#include "perf/vec_io.cuh"

namespace scanviz::perf {

// Whether a and b may swap: a warp segment's rows interleave the lanes (row j holds lanes 0..31's
// vector j), so a thread's own vectors are not neighbours; the one-butterfly reductions below
// (a thread's rows first, then the lanes) combine the segment out of order, which only a
// commutative operator allows. `last` is the operator that tells.
template <class Op>
inline constexpr bool kCommutative = Op::kKind != OpKind::kLast;

// The thread's V vectors of 4, combined in order.
template <class Op, int V, class T = typename Op::Value>
__device__ __forceinline__ T ThreadReduce(const T (&x)[V][4]) {
  const Op op;
  T s = Op::Identity();
#pragma unroll
  for (int j = 0; j < V; ++j) s = op(s, op(op(x[j][0], x[j][1]), op(x[j][2], x[j][3])));
  return s;
}

// Ordered butterfly reduction across the warp: every lane gets v[0] + v[1] + ... + v[31].
template <class Op, class T = typename Op::Value>
__device__ __forceinline__ T WarpReduce(T v) {
  const Op op;
  const int lane = threadIdx.x & 31;
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    const T o = __shfl_xor_sync(kFullMask, v, d);
    v = (lane & d) ? op(o, v) : op(v, o);
  }
  return v;
}

// A warp segment held in registers (vec_io.cuh's layout), reduced: every lane gets the combination
// of its V rows of 32 x 4 elements in memory order. Commutative operators take one butterfly over
// the threads' own totals; others reduce each row across the lanes, in order, and chain the rows.
template <class Op, int V, class T = typename Op::Value>
__device__ __forceinline__ T SegmentReduce(const T (&x)[V][4]) {
  if constexpr (kCommutative<Op>) {
    return WarpReduce<Op>(ThreadReduce<Op, V>(x));
  } else {
    const Op op;
    T s = Op::Identity();
#pragma unroll
    for (int j = 0; j < V; ++j)
      s = op(s, WarpReduce<Op>(op(op(x[j][0], x[j][1]), op(x[j][2], x[j][3]))));
    return s;
  }
}

// Scans a warp segment held in registers (vec_io.cuh's layout): each vector becomes its own
// inclusive scan, and vbase[j] gets the exclusive prefix of vector j within the segment. The V
// rows are scanned across the warp at once (V independent Kogge-Stone scans: instruction-level
// parallelism) and chained by their row totals. Returns the segment's total.
template <class Op, int V, class T = typename Op::Value>
__device__ __forceinline__ T WarpScanRows(T (&x)[V][4], T (&vbase)[V]) {
  const Op op;
  const int lane = threadIdx.x & 31;
  T w[V];
#pragma unroll
  for (int j = 0; j < V; ++j) {
    x[j][1] = op(x[j][0], x[j][1]);
    x[j][2] = op(x[j][1], x[j][2]);
    x[j][3] = op(x[j][2], x[j][3]);
    w[j] = x[j][3];
  }
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
#pragma unroll
    for (int j = 0; j < V; ++j) {
      const T t = __shfl_up_sync(kFullMask, w[j], d);
      if (lane >= d) w[j] = op(t, w[j]);
    }
  }
  T carry = Op::Identity();
#pragma unroll
  for (int j = 0; j < V; ++j) {
    const T row_total = __shfl_sync(kFullMask, w[j], 31);
    T ex = __shfl_up_sync(kFullMask, w[j], 1);
    if (lane == 0) ex = Op::Identity();
    vbase[j] = op(carry, ex);
    carry = op(carry, row_total);
  }
  return carry;
}

// Turns WarpScanRows' per-vector scans into the outputs, given the prefix of the thread's segment
// (everything before it in the whole scan): inclusive or exclusive.
template <class Op, bool INCLUSIVE, int V, class T = typename Op::Value>
__device__ __forceinline__ void ApplyPrefix(T (&x)[V][4], const T (&vbase)[V], T prefix) {
  const Op op;
#pragma unroll
  for (int j = 0; j < V; ++j) {
    const T p = op(prefix, vbase[j]);
    if (INCLUSIVE) {
#pragma unroll
      for (int k = 0; k < 4; ++k) x[j][k] = op(p, x[j][k]);
    } else {
#pragma unroll
      for (int k = 3; k >= 1; --k) x[j][k] = op(p, x[j][k - 1]);
      x[j][0] = p;
    }
  }
}

}  // namespace scanviz::perf
