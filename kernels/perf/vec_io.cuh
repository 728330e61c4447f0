// Moving a thread's share of a tile between global memory and registers, 16 bytes at a time.
//
// A tile is split into one contiguous segment per warp; a segment of V rows holds 32 * V 16-byte
// vectors, row j being vectors j*32 + lane. Every load or store instruction of a warp therefore
// moves 512 contiguous bytes. The last, partial tile goes element by element, the identity past n.
#pragma once

#include <cstdint>

namespace scanviz::perf {

constexpr unsigned kFullMask = 0xffffffffu;

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
template <class T>
using Vec4 = typename Vec4Of<T>::Type;

// The shape of a warp-segmented tile of THREADS threads holding V vectors of 4 elements each.
template <int THREADS, int V>
struct Segments {
  static constexpr int kItems = 4 * V;            // elements per thread
  static constexpr int kTile = THREADS * kItems;  // elements per tile
  static constexpr int kWarps = THREADS / 32;
  static constexpr int kWarpElems = 32 * kItems;  // elements per warp segment
};

template <class T>
__device__ __forceinline__ void Unpack(const Vec4<T>& v, T (&x)[4]) {
  x[0] = v.x;
  x[1] = v.y;
  x[2] = v.z;
  x[3] = v.w;
}
template <class T>
__device__ __forceinline__ Vec4<T> PackVec(const T (&x)[4]) {
  Vec4<T> v;
  v.x = x[0];
  v.y = x[1];
  v.z = x[2];
  v.w = x[3];
  return v;
}

// A 16-byte store, streaming (evict-first in L1 and L2: the output is not read again) when CS.
template <bool CS, class T>
__device__ __forceinline__ void StoreVec(Vec4<T>* p, const Vec4<T>& v) {
  if constexpr (CS) {
    __stcs(p, v);
  } else {
    *p = v;
  }
}
// A 16-byte load, streaming when CS.
template <bool CS, class T>
__device__ __forceinline__ Vec4<T> LoadVec(const Vec4<T>* p) {
  if constexpr (CS) {
    return __ldcs(p);
  } else {
    return *p;
  }
}

// Loads this thread's V vectors of the segmented tile at `base` (the identity beyond n).
template <class Op, int THREADS, int V, bool CS = false, class T = typename Op::Value>
__device__ __forceinline__ void LoadSegments(const T* __restrict__ in, long long base, int n,
                                             T (&x)[V][4]) {
  using S = Segments<THREADS, V>;
  const int lane = threadIdx.x & 31;
  const long long wbase = base + static_cast<long long>(threadIdx.x >> 5) * S::kWarpElems;
  if (base + S::kTile <= n) {
    const Vec4<T>* p = reinterpret_cast<const Vec4<T>*>(in + wbase) + lane;
    Vec4<T> v[V];
#pragma unroll
    for (int j = 0; j < V; ++j) v[j] = LoadVec<CS, T>(p + j * 32);  // all loads first
#pragma unroll
    for (int j = 0; j < V; ++j) Unpack<T>(v[j], x[j]);
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

// Stores this thread's V vectors of the segmented tile at `base` (nothing beyond n).
template <int THREADS, int V, bool CS = false, class T>
__device__ __forceinline__ void StoreSegments(T* __restrict__ out, long long base, int n,
                                              const T (&x)[V][4]) {
  using S = Segments<THREADS, V>;
  const int lane = threadIdx.x & 31;
  const long long wbase = base + static_cast<long long>(threadIdx.x >> 5) * S::kWarpElems;
  if (base + S::kTile <= n) {
    Vec4<T>* p = reinterpret_cast<Vec4<T>*>(out + wbase) + lane;
#pragma unroll
    for (int j = 0; j < V; ++j) StoreVec<CS, T>(p + j * 32, PackVec<T>(x[j]));
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

}  // namespace scanviz::perf
