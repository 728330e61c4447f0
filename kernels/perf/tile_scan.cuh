// Register-resident tile scan shared by rungs (d) and (e).
//
// A tile is THREADS * V * 4 elements. Each warp owns a contiguous segment of 32 * V 16-byte
// vectors; row j of the segment is the 32 vectors j*32 + lane, so every load and store instruction
// of the warp moves 512 contiguous bytes (16 bytes per lane). Within a thread each vector is
// scanned in registers; the V rows are scanned across the warp with shuffles (V independent
// Kogge-Stone scans, for instruction-level parallelism) and chained by their row totals. No shared
// memory is touched except one word per warp.
#pragma once

#include <cstdint>

#include "core/ops.h"

namespace scanviz::perf {

template <class T>
struct Vec4Of;
template <>
struct Vec4Of<std::int32_t> {
  using Type = int4;
};
template <>
struct Vec4Of<float> {
  using Type = float4;
};

constexpr unsigned kFullMask = 0xffffffffu;

template <class T, int THREADS, int V>
struct TileShape {
  static constexpr int kItems = 4 * V;
  static constexpr int kTile = THREADS * kItems;
  static constexpr int kWarps = THREADS / 32;
  static constexpr int kWarpElems = 32 * kItems;
};

// Loads this thread's V vectors of tile `tile` (identity beyond n).
template <class Op, int THREADS, int V, class T = typename Op::Value>
__device__ __forceinline__ void LoadTile(const T* __restrict__ in, long long tile_base, int n,
                                         T (&x)[V][4]) {
  using V4 = typename Vec4Of<T>::Type;
  using S = TileShape<T, THREADS, V>;
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const long long wbase = tile_base + static_cast<long long>(warp) * S::kWarpElems;
  if (tile_base + S::kTile <= n) {
    const V4* p = reinterpret_cast<const V4*>(in + wbase) + lane;
    V4 v[V];
#pragma unroll
    for (int j = 0; j < V; ++j) v[j] = p[j * 32];
#pragma unroll
    for (int j = 0; j < V; ++j) {
      x[j][0] = v[j].x;
      x[j][1] = v[j].y;
      x[j][2] = v[j].z;
      x[j][3] = v[j].w;
    }
  } else {
#pragma unroll
    for (int j = 0; j < V; ++j) {
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        const long long i = wbase + (j * 32 + lane) * 4 + k;
        x[j][k] = i < n ? in[i] : Op::Identity();
      }
    }
  }
}

template <int THREADS, int V, class T>
__device__ __forceinline__ void StoreTile(T* __restrict__ out, long long tile_base, int n,
                                          const T (&x)[V][4]) {
  using V4 = typename Vec4Of<T>::Type;
  using S = TileShape<T, THREADS, V>;
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const long long wbase = tile_base + static_cast<long long>(warp) * S::kWarpElems;
  if (tile_base + S::kTile <= n) {
    V4* p = reinterpret_cast<V4*>(out + wbase) + lane;
#pragma unroll
    for (int j = 0; j < V; ++j) {
      V4 v;
      v.x = x[j][0];
      v.y = x[j][1];
      v.z = x[j][2];
      v.w = x[j][3];
      p[j * 32] = v;
    }
  } else {
#pragma unroll
    for (int j = 0; j < V; ++j) {
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        const long long i = wbase + (j * 32 + lane) * 4 + k;
        if (i < n) out[i] = x[j][k];
      }
    }
  }
}

// Sum of the thread's elements (for reduce kernels).
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

// Scans the thread's vectors in place (each vector becomes its own inclusive scan), and returns in
// vbase[j] the exclusive prefix of vector j within the warp's segment. Returns the warp's total.
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

// Turns the per-vector inclusive scans into the final outputs given each vector's full prefix.
template <class Op, bool INCLUSIVE, int V, class T = typename Op::Value>
__device__ __forceinline__ void ApplyPrefix(T (&x)[V][4], const T (&vbase)[V], T thread_prefix) {
  const Op op;
#pragma unroll
  for (int j = 0; j < V; ++j) {
    const T p = op(thread_prefix, vbase[j]);
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
