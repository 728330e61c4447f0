// Tile-level pieces for a warp segment kept in shared memory (vec_io.cuh's layout, rows of 32
// 16-byte vectors): reduced, scanned in place a few rows at a time through registers, and stored
// with the segment's prefix added. The register-resident segment needs no pieces of its own: it
// is warp_scan.cuh's WarpScanRows and ApplyPrefix over vec_io.cuh's LoadSegments.
#pragma once

#include "perf/warp_scan.cuh"

namespace scanviz::perf {

// Rows scanned at once from shared memory: the largest of 4, 3, 2, 1 dividing V (more rows give
// the shuffles more independent work; all of them would cost the registers shared memory saves).
template <int V>
inline constexpr int kRowGroup = V % 4 == 0 ? 4 : (V % 3 == 0 ? 3 : (V % 2 == 0 ? 2 : 1));

// The warp segment's total (every lane), in memory order for any operator. seg: this lane's vector of row 0; row j is seg[j * 32].
template <class Op, int V, class T = typename Op::Value>
__device__ __forceinline__ T ReduceSharedSegment(const Vec4<T>* seg) {
  const Op op;
  T s = Op::Identity();
#pragma unroll
  for (int j = 0; j < V; ++j) {
    const Vec4<T> v = seg[j * 32];
    const T lane_row = op(op(v.x, v.y), op(v.z, v.w));
    if constexpr (kCommutative<Op>) {
      s = op(s, lane_row);
    } else {  // rows in memory order, each across the lanes (warp_scan.cuh: kCommutative)
      s = op(s, WarpReduce<Op>(lane_row));
    }
  }
  if constexpr (kCommutative<Op>) s = WarpReduce<Op>(s);
  return s;
}

// Scans the warp segment in place (inclusive or exclusive within the segment).
template <class Op, bool INCLUSIVE, int V, class T = typename Op::Value>
__device__ __forceinline__ void ScanSharedSegment(Vec4<T>* seg) {
  constexpr int G = kRowGroup<V>;
  const Op op;
  T carry = Op::Identity();
#pragma unroll
  for (int g = 0; g < V; g += G) {
    T x[G][4];
#pragma unroll
    for (int j = 0; j < G; ++j) Unpack<T>(seg[(g + j) * 32], x[j]);
    T vb[G];
    const T total = WarpScanRows<Op, G>(x, vb);
    ApplyPrefix<Op, INCLUSIVE, G>(x, vb, carry);
#pragma unroll
    for (int j = 0; j < G; ++j) seg[(g + j) * 32] = PackVec<T>(x[j]);
    carry = op(carry, total);
  }
}

// Stores the scanned segment with `prefix` in front of every element; wbase: the segment's first
// element in `out`; full: the whole tile lies below n.
template <class Op, int V, bool CS, class T = typename Op::Value>
__device__ __forceinline__ void StoreSharedSegment(const Vec4<T>* seg, T prefix, T* out,
                                                   long long wbase, int n, bool full) {
  const Op op;
  const int lane = threadIdx.x & 31;
  if (full) {
    Vec4<T>* p = reinterpret_cast<Vec4<T>*>(out + wbase) + lane;
#pragma unroll
    for (int j = 0; j < V; ++j) {
      Vec4<T> v = seg[j * 32];
      v.x = op(prefix, v.x);
      v.y = op(prefix, v.y);
      v.z = op(prefix, v.z);
      v.w = op(prefix, v.w);
      StoreVec<CS, T>(p + j * 32, v);
    }
  } else {
#pragma unroll
    for (int j = 0; j < V; ++j) {
      T e[4];
      Unpack<T>(seg[j * 32], e);
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        const long long i = wbase + (j * 32 + lane) * 4 + k;
        if (i < n) out[i] = op(prefix, e[k]);
      }
    }
  }
}

}  // namespace scanviz::perf
