// Decoupled look-back (Merrill & Garland, 2016): how the tiles of a single-pass scan learn their
// prefix from their predecessors.
//
// Each tile has a 64-bit status word, written and read as one relaxed access so that a value can
// never be seen without its flag (no fence needed):
//     [ epoch:30 | flag:2 ][ value:32 ]    flag 0: not ready, A: the tile's aggregate,
//                                          P: the tile's inclusive prefix
// The epoch (one per launch) makes words left by earlier launches read as "not ready", so the
// status array is never cleared: no init kernel, one launch per scan.
//
// A tile publishes A as soon as it knows its total, then one warp looks back: it reads WIN x 32
// predecessors' words per round trip, waits only for the tiles between the nearest P and itself
// to be at least A, sums them, and steps back WIN x 32 tiles when none was a P. The tile then
// publishes its own P. Tile 0 publishes P at once.
//
// Tile order: a tile only ever waits on lower-numbered tiles. With an atomic ticket a tile's number
// is handed out when its block starts, so every predecessor is already running: deadlock-free by
// construction. With blockIdx, the same holds only if blocks are dispatched in index order, which
// the hardware does but the CUDA programming model does not promise (CUB relies on it too).
#pragma once

#include <cstdint>
#include <type_traits>

#include "perf/policies.h"
#include "perf/warp_scan.cuh"

namespace scanviz::perf {

inline constexpr unsigned kFlagA = 1u, kFlagP = 2u;

__device__ __forceinline__ unsigned long long LoadRelaxed(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void StoreRelaxed(unsigned long long* p, unsigned long long v) {
  asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}

__device__ __forceinline__ unsigned ToBits(std::int32_t v) {
  return static_cast<unsigned>(v);
}
__device__ __forceinline__ unsigned ToBits(float v) {
  return __float_as_uint(v);
}
template <class T>
__device__ __forceinline__ T FromBits(unsigned b) {
  if constexpr (std::is_floating_point_v<T>) {
    return __uint_as_float(b);
  } else {
    return static_cast<T>(b);
  }
}

// The status array of one launch, and the ticket counter when tiles are taken in ticket order.
struct StatusWords {
  unsigned long long* word = nullptr;
  unsigned long long* ticket = nullptr;
  unsigned long long ticket_base = 0;  // tickets handed out by earlier launches
  unsigned epoch = 0;                  // 30 bits; one per launch

  template <class T>
  __device__ __forceinline__ void Publish(int tile, unsigned flag, T v) const {
    const unsigned long long tag = (epoch << 2) | flag;
    StoreRelaxed(&word[tile], (tag << 32) | ToBits(v));
  }
  // The tile's aggregate: A, or P for tile 0 (which has no predecessor). One lane.
  template <class T>
  __device__ __forceinline__ void PublishAggregate(int tile, T aggregate) const {
    Publish(tile, tile == 0 ? kFlagP : kFlagA, aggregate);
  }
  // The flag this launch wrote at `idx` (0 for a stale word), and its value.
  template <class T>
  __device__ __forceinline__ unsigned Read(int idx, T* value) const {
    const unsigned long long w = LoadRelaxed(&word[idx]);
    const unsigned hi = static_cast<unsigned>(w >> 32);
    *value = FromBits<T>(static_cast<unsigned>(w));
    return (hi >> 2) == epoch ? (hi & 3u) : 0u;
  }
};

// Thread 0's tile number in the chosen order (call from thread 0 only; broadcast it yourself).
template <TileOrder ORDER>
__device__ __forceinline__ int TakeTile(const StatusWords& s) {
  if constexpr (ORDER == TileOrder::kTicket) {
    return static_cast<int>(atomicAdd(s.ticket, 1ull) - s.ticket_base);
  } else {
    return static_cast<int>(blockIdx.x);
  }
}

// Run by one whole warp after the tile's A is published. Returns the exclusive prefix of `tile`
// (in every lane) and publishes the tile's P. BACKOFF: nanoseconds slept between polls.
template <class Op, int WIN, int BACKOFF, class T = typename Op::Value>
__device__ __forceinline__ T LookBack(const StatusWords& s, int tile, T aggregate) {
  const Op op;
  if (tile == 0) return Op::Identity();
  const int lane = threadIdx.x & 31;
  T exclusive = Op::Identity();
  int pos = tile - 1;  // sub-window k covers tiles pos-32k-31 .. pos-32k (lane 31 nearest)
  while (true) {
    unsigned flag[WIN];
    T val[WIN];
    unsigned pm[WIN];
    int kp;
    while (true) {
#pragma unroll
      for (int k = 0; k < WIN; ++k) {
        const int idx = pos - 32 * k - 31 + lane;
        if (idx >= 0) {
          flag[k] = s.Read(idx, &val[k]);
        } else {  // before tile 0: an inclusive prefix of nothing
          flag[k] = kFlagP;
          val[k] = Op::Identity();
        }
      }
      bool ready = true;
      kp = -1;
#pragma unroll
      for (int k = 0; k < WIN; ++k) {
        pm[k] = __ballot_sync(kFullMask, flag[k] == kFlagP);
        const unsigned xm = __ballot_sync(kFullMask, flag[k] == 0u);
        if (kp < 0) {
          const unsigned need = pm[k] ? (kFullMask << (31 - __clz(pm[k]))) : kFullMask;
          if (xm & need) ready = false;
          if (pm[k]) kp = k;
        }
      }
      if (ready) break;
      if constexpr (BACKOFF > 0) __nanosleep(BACKOFF);
    }
    // Sum the sub-windows nearer than the nearest P, and that P's sub-window from the P up.
    T v = Op::Identity();
#pragma unroll
    for (int k = WIN - 1; k >= 0; --k) {  // oldest first
      const bool take = kp < 0 || k < kp || (k == kp && lane >= 31 - __clz(pm[k]));
      if (take) v = op(v, val[k]);
    }
    exclusive = op(WarpReduce<Op>(v), exclusive);
    if (kp >= 0) break;
    pos -= 32 * WIN;
  }
  if (lane == 0) s.Publish(tile, kFlagP, op(exclusive, aggregate));
  return exclusive;
}

}  // namespace scanviz::perf
