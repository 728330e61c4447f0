// Rung (e), second generation: single-pass decoupled look-back (Merrill & Garland, 2016) arranged
// so that a tile's data keeps moving while its block waits on the status chain.
//
// Two families, both one launch, 2n of traffic, no init kernel (the epoch trick of
// rung_lookback.cu: status words carry the launch's epoch, stale words read as "not ready"):
//
//  e.r*  register tiles. The tile's 16-byte loads are all issued first; each thread reduces its
//        elements, the block reduces the warp totals and publishes the tile aggregate (A) at once;
//        then warp 0 alone does the look-back while the other warps scan their rows in registers
//        (the scan overlaps the look-back); one barrier; prefix applied; streaming 16-byte stores.
//  e.s*  shared-memory tiles. One thread issues the whole tile as bulk asynchronous copies
//        (cp.async.bulk, the Hopper copy engine, completing on an mbarrier) into shared memory,
//        so the bytes in flight are bounded by shared memory (228 KB per SM), not by registers:
//        more tiles resident per SM, each holding few registers while it waits on the chain.
//        Then: reduce from shared memory, publish A, warp 0 looks back while the other warps scan
//        their segments in place, barrier, add the prefix and store (16-byte, streaming).
//
// Look-back (both): one warp reads WIN x 32 predecessors' 64-bit status words per round trip
// (WIN independent loads per lane), waits only for the tiles between the nearest inclusive prefix
// (P) and itself to be at least A, sums them, and steps back WIN x 32 tiles when no P was found.
// Status words are read with ld.relaxed.gpu and written with st.relaxed.gpu as one 64-bit access
// [epoch:30|flag:2][value:32]: the value travels with its flag, so no fence is needed.
//
// Tile order: "t" = atomic ticket (a tile's predecessors are always already running: deadlock-free
// by construction); "b" = blockIdx order (what CUB does: relies on blocks being dispatched in
// index order, so the loads can be issued before anything else).
#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

#include "core/ops.h"
#include "perf/perf_internal.cuh"
#include "perf/tile_scan.cuh"

namespace scanviz::perf {
namespace {

constexpr unsigned kFlagA = 1u, kFlagP = 2u;

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
__device__ __forceinline__ T FromBits(unsigned b);
template <>
__device__ __forceinline__ std::int32_t FromBits<std::int32_t>(unsigned b) {
  return static_cast<std::int32_t>(b);
}
template <>
__device__ __forceinline__ float FromBits<float>(unsigned b) {
  return __uint_as_float(b);
}
template <class T>
__device__ __forceinline__ unsigned long long Pack(unsigned tag, T v) {
  return (static_cast<unsigned long long>(tag) << 32) | ToBits(v);
}

// Publishes this tile's aggregate (A), or its inclusive prefix (P) for tile 0. One lane.
template <class T>
__device__ __forceinline__ void PublishAggregate(unsigned long long* status, int tile,
                                                 unsigned epoch, T aggregate) {
  StoreRelaxed(&status[tile], Pack((epoch << 2) | (tile == 0 ? kFlagP : kFlagA), aggregate));
}

// Run by one whole warp after the tile's A is published. Returns the exclusive prefix of `tile`
// (in every lane) and publishes the tile's P.
template <class Op, int WIN, int BACKOFF, class T = typename Op::Value>
__device__ __forceinline__ T LookBack(unsigned long long* __restrict__ status, int tile,
                                      unsigned epoch, T aggregate) {
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
          const unsigned long long w = LoadRelaxed(&status[idx]);
          const unsigned hi = static_cast<unsigned>(w >> 32);
          flag[k] = (hi >> 2) == epoch ? (hi & 3u) : 0u;
          val[k] = FromBits<T>(static_cast<unsigned>(w));
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
      bool take;
      if (kp < 0 || k < kp) {
        take = true;
      } else if (k == kp) {
        take = lane >= 31 - __clz(pm[k]);
      } else {
        take = false;
      }
      if (take) v = op(v, val[k]);
    }
    exclusive = op(WarpReduce<Op>(v), exclusive);
    if (kp >= 0) break;
    pos -= 32 * WIN;
  }
  if (lane == 0) StoreRelaxed(&status[tile], Pack((epoch << 2) | kFlagP, op(exclusive, aggregate)));
  return exclusive;
}

template <class T, bool CS>
__device__ __forceinline__ void StoreVec(typename Vec4Of<T>::Type* p,
                                         const typename Vec4Of<T>::Type& v) {
  if constexpr (CS) {
    __stcs(p, v);
  } else {
    *p = v;
  }
}

// Block-wide: the tile index (ticket or blockIdx), broadcast through shared memory.
template <bool TICKET>
__device__ __forceinline__ int TakeTile(int* slot, unsigned long long* ticket,
                                        unsigned long long ticket_base) {
  if constexpr (TICKET) {
    if (threadIdx.x == 0) *slot = static_cast<int>(atomicAdd(ticket, 1ull) - ticket_base);
    __syncthreads();
    return *slot;
  } else {
    (void)slot;
    (void)ticket;
    (void)ticket_base;
    return static_cast<int>(blockIdx.x);
  }
}

// ------------------------------------------------------------------------------------ e.r*
template <class Op, int THREADS, int V, bool INCLUSIVE, bool TICKET, int WIN, bool CS, int MINB,
          int BACKOFF, class T = typename Op::Value>
__global__ __launch_bounds__(THREADS, MINB) void RegTileKernel(
    const T* __restrict__ in, T* __restrict__ out, int n, unsigned long long* __restrict__ status,
    unsigned long long* ticket, unsigned long long ticket_base, unsigned epoch) {
  using S = TileShape<T, THREADS, V>;
  using V4 = typename Vec4Of<T>::Type;
  static_assert(S::kWarps <= 32, "one warp reduces the warp totals");
  __shared__ T warp_sums[S::kWarps];
  __shared__ T tile_prefix;
  __shared__ int tile_slot;
  const Op op;
  const int tile = TakeTile<TICKET>(&tile_slot, ticket, ticket_base);
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const long long tile_base = static_cast<long long>(tile) * S::kTile;
  T x[V][4];
  LoadTile<Op, THREADS, V>(in, tile_base, n, x);
  const T wsum = WarpReduce<Op>(ThreadReduce<Op, V>(x));
  if (lane == 0) warp_sums[warp] = wsum;
  __syncthreads();
  if (warp == 0) {
    const T aggregate = WarpReduce<Op>(lane < S::kWarps ? warp_sums[lane] : Op::Identity());
    if (lane == 0) PublishAggregate(status, tile, epoch, aggregate);
    const T exclusive = LookBack<Op, WIN, BACKOFF>(status, tile, epoch, aggregate);
    if (lane == 0) tile_prefix = exclusive;
  }
  T vbase[V];
  WarpScanRows<Op, V>(x, vbase);  // warps 1.. do this while warp 0 looks back
  __syncthreads();
  T prefix = tile_prefix;
  for (int w = 0; w < warp; ++w) prefix = op(prefix, warp_sums[w]);
  ApplyPrefix<Op, INCLUSIVE, V>(x, vbase, prefix);
  if (tile_base + S::kTile <= n) {
    V4* p = reinterpret_cast<V4*>(out + tile_base + static_cast<long long>(warp) * S::kWarpElems) +
            lane;
#pragma unroll
    for (int j = 0; j < V; ++j) {
      V4 v;
      v.x = x[j][0];
      v.y = x[j][1];
      v.z = x[j][2];
      v.w = x[j][3];
      StoreVec<T, CS>(p + j * 32, v);
    }
  } else {
    StoreTile<THREADS, V>(out, tile_base, n, x);
  }
}

// ------------------------------------------------------------------------------------ e.s*
// mbarrier + bulk copy helpers (sm_90); the compute_75 PTX the project also embeds falls back to
// plain 16-byte copies by all threads.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define SCANVIZ_PERF_BULK 1
#else
#define SCANVIZ_PERF_BULK 0
#endif

#if SCANVIZ_PERF_BULK
__device__ __forceinline__ unsigned SmemAddr(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
#endif
__device__ __forceinline__ void MbarInit(unsigned long long* bar, unsigned count) {
#if SCANVIZ_PERF_BULK
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(SmemAddr(bar)), "r"(count)
               : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#else
  (void)bar;
  (void)count;
#endif
}
__device__ __forceinline__ void MbarExpectTx(unsigned long long* bar, unsigned bytes) {
#if SCANVIZ_PERF_BULK
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(SmemAddr(bar)),
               "r"(bytes)
               : "memory");
#else
  (void)bar;
  (void)bytes;
#endif
}
__device__ __forceinline__ void BulkLoad(void* smem, const void* gmem, unsigned bytes,
                                         unsigned long long* bar) {
#if SCANVIZ_PERF_BULK
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::
          "r"(SmemAddr(smem)),
      "l"(gmem), "r"(bytes), "r"(SmemAddr(bar))
      : "memory");
#else
  (void)smem;
  (void)gmem;
  (void)bytes;
  (void)bar;
#endif
}
// Same copy with an L2 evict-first hint (the input is read exactly once).
__device__ __forceinline__ void BulkLoadEvictFirst(void* smem, const void* gmem, unsigned bytes,
                                                   unsigned long long* bar,
                                                   unsigned long long policy) {
#if SCANVIZ_PERF_BULK
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], "
      "[%1], %2, [%3], %4;" ::"r"(SmemAddr(smem)),
      "l"(gmem), "r"(bytes), "r"(SmemAddr(bar)), "l"(policy)
      : "memory");
#else
  (void)smem;
  (void)gmem;
  (void)bytes;
  (void)bar;
  (void)policy;
#endif
}
__device__ __forceinline__ unsigned long long EvictFirstPolicy() {
  unsigned long long policy = 0;
#if SCANVIZ_PERF_BULK
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
#endif
  return policy;
}
// Issues `bytes` (a multiple of 2048) as bulk copies of the largest chunk <= 8 KB that divides it.
template <unsigned kBytes, bool EF>
__device__ __forceinline__ void BulkLoadTile(void* smem, const void* gmem,
                                             unsigned long long* bar) {
  constexpr unsigned kChunk = kBytes % 8192u == 0 ? 8192u : (kBytes % 4096u == 0 ? 4096u : 2048u);
  static_assert(kBytes % kChunk == 0, "whole chunks");
  unsigned char* d = static_cast<unsigned char*>(smem);
  const unsigned char* g = static_cast<const unsigned char*>(gmem);
  if constexpr (EF) {
    const unsigned long long policy = EvictFirstPolicy();
#pragma unroll
    for (unsigned c = 0; c < kBytes / kChunk; ++c)
      BulkLoadEvictFirst(d + c * kChunk, g + c * kChunk, kChunk, bar, policy);
  } else {
#pragma unroll
    for (unsigned c = 0; c < kBytes / kChunk; ++c)
      BulkLoad(d + c * kChunk, g + c * kChunk, kChunk, bar);
  }
}
__device__ __forceinline__ void MbarWait(unsigned long long* bar, unsigned parity) {
#if SCANVIZ_PERF_BULK
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "WAIT_%=:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
      "@!p bra WAIT_%=;\n"
      "}\n" ::"r"(SmemAddr(bar)),
      "r"(parity)
      : "memory");
#else
  (void)bar;
  (void)parity;
#endif
}

template <class Op, int THREADS, int V, bool INCLUSIVE, bool TICKET, int WIN, bool CS, int MINB,
          int G, int BACKOFF, bool EF, class T = typename Op::Value>
__global__ __launch_bounds__(THREADS, MINB) void SmemTileKernel(
    const T* __restrict__ in, T* __restrict__ out, int n, unsigned long long* __restrict__ status,
    unsigned long long* ticket, unsigned long long ticket_base, unsigned epoch) {
  using S = TileShape<T, THREADS, V>;
  using V4 = typename Vec4Of<T>::Type;
  static_assert(S::kWarps <= 32, "one warp reduces the warp totals");
  static_assert(V % G == 0, "rows are scanned G at a time");
  constexpr unsigned kTileBytes = S::kTile * sizeof(T);
  extern __shared__ __align__(128) unsigned char smem_raw[];
  V4* buf = reinterpret_cast<V4*>(smem_raw);
  __shared__ T warp_sums[S::kWarps];
  __shared__ T tile_prefix;
  __shared__ int tile_slot;
  __shared__ __align__(8) unsigned long long bar;
  const Op op;
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;

  // 1. Take the tile and start its copy (one thread), before anything else.
  if (threadIdx.x == 0) {
    int t;
    if constexpr (TICKET) {
      t = static_cast<int>(atomicAdd(ticket, 1ull) - ticket_base);
    } else {
      (void)ticket;
      (void)ticket_base;
      t = static_cast<int>(blockIdx.x);
    }
    tile_slot = t;
    if (SCANVIZ_PERF_BULK && static_cast<long long>(t + 1) * S::kTile <= n) {
      MbarInit(&bar, 1);
      MbarExpectTx(&bar, kTileBytes);
      BulkLoadTile<kTileBytes, EF>(smem_raw, in + static_cast<long long>(t) * S::kTile, &bar);
    }
  }
  __syncthreads();
  const int tile = tile_slot;
  const long long tile_base = static_cast<long long>(tile) * S::kTile;
  const bool full = tile_base + S::kTile <= n;
  if (SCANVIZ_PERF_BULK && full) {
    MbarWait(&bar, 0);
  } else {  // last partial tile (or no copy engine): plain copies, the identity past n
    T* b = reinterpret_cast<T*>(smem_raw);
    for (int i = threadIdx.x; i < S::kTile; i += THREADS) {
      const long long g = tile_base + i;
      b[i] = g < n ? in[g] : Op::Identity();
    }
    __syncthreads();
  }

  // 2. Reduce from shared memory; publish A.
  V4* seg = buf + warp * (32 * V) + lane;  // row j of this warp's segment: seg[j * 32]
  {
    T s = Op::Identity();
#pragma unroll
    for (int j = 0; j < V; ++j) {
      const V4 v = seg[j * 32];
      s = op(s, op(op(v.x, v.y), op(v.z, v.w)));
    }
    s = WarpReduce<Op>(s);
    if (lane == 0) warp_sums[warp] = s;
  }
  __syncthreads();

  // 3. Warp 0 looks back; every warp scans its own segment in place (warp 0 after its look-back).
  if (warp == 0) {
    const T aggregate = WarpReduce<Op>(lane < S::kWarps ? warp_sums[lane] : Op::Identity());
    if (lane == 0) PublishAggregate(status, tile, epoch, aggregate);
    const T exclusive = LookBack<Op, WIN, BACKOFF>(status, tile, epoch, aggregate);
    if (lane == 0) tile_prefix = exclusive;
  }
  {
    T carry = Op::Identity();
#pragma unroll
    for (int g = 0; g < V; g += G) {
      T x[G][4];
#pragma unroll
      for (int j = 0; j < G; ++j) {
        const V4 v = seg[(g + j) * 32];
        x[j][0] = v.x;
        x[j][1] = v.y;
        x[j][2] = v.z;
        x[j][3] = v.w;
      }
      T vb[G];
      const T total = WarpScanRows<Op, G>(x, vb);
      ApplyPrefix<Op, INCLUSIVE, G>(x, vb, carry);
#pragma unroll
      for (int j = 0; j < G; ++j) {
        V4 v;
        v.x = x[j][0];
        v.y = x[j][1];
        v.z = x[j][2];
        v.w = x[j][3];
        seg[(g + j) * 32] = v;
      }
      carry = op(carry, total);
    }
  }
  __syncthreads();

  // 4. Add the prefix and store.
  T prefix = tile_prefix;
  for (int w = 0; w < warp; ++w) prefix = op(prefix, warp_sums[w]);
  const long long wbase = tile_base + static_cast<long long>(warp) * S::kWarpElems;
  if (full) {
    V4* p = reinterpret_cast<V4*>(out + wbase) + lane;
#pragma unroll
    for (int j = 0; j < V; ++j) {
      V4 v = seg[j * 32];
      v.x = op(prefix, v.x);
      v.y = op(prefix, v.y);
      v.z = op(prefix, v.z);
      v.w = op(prefix, v.w);
      StoreVec<T, CS>(p + j * 32, v);
    }
  } else {
#pragma unroll
    for (int j = 0; j < V; ++j) {
      const V4 v = seg[j * 32];
      const T e[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        const long long i = wbase + (j * 32 + lane) * 4 + k;
        if (i < n) out[i] = op(prefix, e[k]);
      }
    }
  }
}

// ------------------------------------------------------------------------------------ e.h*
// Hybrid tiles: shared memory AND registers hold the tile. The first THREADS*4*SV elements of the
// tile come into shared memory through the copy engine (as in e.s*), the next THREADS*4*RV into
// registers through 16-byte loads that every thread issues right after. A waiting block then holds
// bytes in both storages, so more of the tile stream is resident per SM (e.g. 4 blocks x (52 KB
// shared + 32 KB registers) = 336 KB instead of 6 x 32 KB = 192 KB) and tiles are larger (fewer
// chain links). Scan order: shared-memory segments of warps 0..W-1, then register segments of
// warps 0..W-1.
template <class Op, int THREADS, int SV, int RV, bool INCLUSIVE, int WIN, bool CS, int MINB,
          bool EF, class T = typename Op::Value>
__global__ __launch_bounds__(THREADS,
                             MINB) void HybridTileKernel(const T* __restrict__ in,
                                                         T* __restrict__ out, int n,
                                                         unsigned long long* __restrict__ status,
                                                         unsigned epoch) {
  using SS = TileShape<T, THREADS, SV>;  // shared-memory part
  using RS = TileShape<T, THREADS, RV>;  // register part
  using V4 = typename Vec4Of<T>::Type;
  constexpr int kWarps = SS::kWarps;
  static_assert(2 * kWarps <= 32, "one warp reduces the segment totals");
  constexpr int G = SV % 4 == 0 ? 4 : (SV % 3 == 0 ? 3 : (SV % 2 == 0 ? 2 : 1));
  constexpr long long kTile = SS::kTile + RS::kTile;
  constexpr unsigned kSmemBytes = SS::kTile * sizeof(T);
  extern __shared__ __align__(128) unsigned char smem_raw[];
  V4* buf = reinterpret_cast<V4*>(smem_raw);
  __shared__ T warp_sums[2 * kWarps];
  __shared__ T tile_prefix;
  __shared__ __align__(8) unsigned long long bar;
  const Op op;
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const int tile = static_cast<int>(blockIdx.x);
  const long long tile_base = static_cast<long long>(tile) * kTile;
  const long long rbase = tile_base + SS::kTile;  // register part
  const bool full = tile_base + kTile <= n;

  // 1. Thread 0 starts the shared-memory part; every thread then issues its register loads.
  if (threadIdx.x == 0 && SCANVIZ_PERF_BULK && full) {
    MbarInit(&bar, 1);
    MbarExpectTx(&bar, kSmemBytes);
    BulkLoadTile<kSmemBytes, EF>(smem_raw, in + tile_base, &bar);
  }
  T x[RV][4];
  if (full) {
    const V4* p =
        reinterpret_cast<const V4*>(in + rbase + static_cast<long long>(warp) * RS::kWarpElems) +
        lane;
    V4 v[RV];
#pragma unroll
    for (int j = 0; j < RV; ++j) v[j] = EF ? __ldcs(p + j * 32) : p[j * 32];
#pragma unroll
    for (int j = 0; j < RV; ++j) {
      x[j][0] = v[j].x;
      x[j][1] = v[j].y;
      x[j][2] = v[j].z;
      x[j][3] = v[j].w;
    }
  } else {
    LoadTile<Op, THREADS, RV>(in, rbase, n, x);
  }
  __syncthreads();
  if (SCANVIZ_PERF_BULK && full) {
    MbarWait(&bar, 0);
  } else {  // last partial tile (or no copy engine): plain copies, the identity past n
    T* b = reinterpret_cast<T*>(smem_raw);
    for (int i = threadIdx.x; i < SS::kTile; i += THREADS) {
      const long long g = tile_base + i;
      b[i] = g < n ? in[g] : Op::Identity();
    }
    __syncthreads();
  }

  // 2. Reduce both parts; publish A.
  V4* seg = buf + warp * (32 * SV) + lane;
  {
    T s = Op::Identity();
#pragma unroll
    for (int j = 0; j < SV; ++j) {
      const V4 v = seg[j * 32];
      s = op(s, op(op(v.x, v.y), op(v.z, v.w)));
    }
    s = WarpReduce<Op>(s);
    const T r = WarpReduce<Op>(ThreadReduce<Op, RV>(x));
    if (lane == 0) {
      warp_sums[warp] = s;
      warp_sums[kWarps + warp] = r;
    }
  }
  __syncthreads();

  // 3. Warp 0 looks back; every warp scans its two segments (warp 0 after its look-back).
  if (warp == 0) {
    const T aggregate = WarpReduce<Op>(lane < 2 * kWarps ? warp_sums[lane] : Op::Identity());
    if (lane == 0) PublishAggregate(status, tile, epoch, aggregate);
    const T exclusive = LookBack<Op, WIN, 0>(status, tile, epoch, aggregate);
    if (lane == 0) tile_prefix = exclusive;
  }
  {
    T carry = Op::Identity();
#pragma unroll
    for (int g = 0; g < SV; g += G) {
      T y[G][4];
#pragma unroll
      for (int j = 0; j < G; ++j) {
        const V4 v = seg[(g + j) * 32];
        y[j][0] = v.x;
        y[j][1] = v.y;
        y[j][2] = v.z;
        y[j][3] = v.w;
      }
      T vb[G];
      const T total = WarpScanRows<Op, G>(y, vb);
      ApplyPrefix<Op, INCLUSIVE, G>(y, vb, carry);
#pragma unroll
      for (int j = 0; j < G; ++j) {
        V4 v;
        v.x = y[j][0];
        v.y = y[j][1];
        v.z = y[j][2];
        v.w = y[j][3];
        seg[(g + j) * 32] = v;
      }
      carry = op(carry, total);
    }
  }
  T rvb[RV];
  WarpScanRows<Op, RV>(x, rvb);
  __syncthreads();

  // 4. Add the prefixes and store both parts.
  T prefix = tile_prefix;
  for (int w = 0; w < warp; ++w) prefix = op(prefix, warp_sums[w]);
  T rprefix = tile_prefix;
  for (int w = 0; w < kWarps + warp; ++w) rprefix = op(rprefix, warp_sums[w]);
  ApplyPrefix<Op, INCLUSIVE, RV>(x, rvb, rprefix);
  const long long wbase = tile_base + static_cast<long long>(warp) * SS::kWarpElems;
  if (full) {
    V4* p = reinterpret_cast<V4*>(out + wbase) + lane;
#pragma unroll
    for (int j = 0; j < SV; ++j) {
      V4 v = seg[j * 32];
      v.x = op(prefix, v.x);
      v.y = op(prefix, v.y);
      v.z = op(prefix, v.z);
      v.w = op(prefix, v.w);
      StoreVec<T, CS>(p + j * 32, v);
    }
    V4* q =
        reinterpret_cast<V4*>(out + rbase + static_cast<long long>(warp) * RS::kWarpElems) + lane;
#pragma unroll
    for (int j = 0; j < RV; ++j) {
      V4 v;
      v.x = x[j][0];
      v.y = x[j][1];
      v.z = x[j][2];
      v.w = x[j][3];
      StoreVec<T, CS>(q + j * 32, v);
    }
  } else {
#pragma unroll
    for (int j = 0; j < SV; ++j) {
      const V4 v = seg[j * 32];
      const T e[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        const long long i = wbase + (j * 32 + lane) * 4 + k;
        if (i < n) out[i] = op(prefix, e[k]);
      }
    }
    StoreTile<THREADS, RV>(out, rbase, n, x);
  }
}

// ------------------------------------------------------------------------------------ rungs
enum class Family { kReg, kSmem };

template <Family F, int THREADS, int V, bool TICKET, int WIN, bool CS, int MINB, int BACKOFF = 0,
          bool EF = false, int G = (V % 4 == 0 ? 4 : (V % 3 == 0 ? 3 : (V % 2 == 0 ? 2 : 1)))>
class SinglePassRung final : public Rung {
 public:
  explicit SinglePassRung(std::string name) : name_(std::move(name)) {}
  std::string Name() const override { return name_; }
  std::string Description() const override {
    return std::string("single-pass decoupled look-back, ") +
           (F == Family::kReg ? "register tile" : "shared-memory tile via cp.async.bulk") + ", " +
           std::to_string(THREADS) + " thr x " + std::to_string(4 * V) + " elem (" +
           std::to_string(THREADS * 4 * V) +
           "-elem tiles), A published before the scan, 1 warp looks back over " +
           std::to_string(32 * WIN) + " tiles/round trip, " + (TICKET ? "ticket" : "blockIdx") +
           " order" + (CS ? ", streaming stores" : "") + ", >=" + std::to_string(MINB) +
           " blocks/SM" +
           (BACKOFF ? ", " + std::to_string(BACKOFF) + " ns back-off while waiting"
                    : std::string()) +
           (EF ? ", L2 evict-first hint on the bulk loads" : "");
  }
  cudaError_t Run(const ScanArgs& a) override {
    if (a.type == Dtype::kInt32) {
      return a.inclusive ? Go<std::int32_t, true>(a) : Go<std::int32_t, false>(a);
    }
    return a.inclusive ? Go<float, true>(a) : Go<float, false>(a);
  }

 private:
  template <class T, bool INCLUSIVE>
  cudaError_t Go(const ScanArgs& a) {
    using Op = AddOp<T>;
    constexpr int kTile = TileShape<T, THREADS, V>::kTile;
    if (a.n <= 0) return cudaSuccess;
    const int tiles = (a.n + kTile - 1) / kTile;
    void* status = nullptr;
    void* ticket = nullptr;
    SCANVIZ_PERF_TRY(ws_.Get(0, sizeof(unsigned long long) * tiles, &status, /*zero_new=*/true));
    SCANVIZ_PERF_TRY(ws_.Get(1, sizeof(unsigned long long), &ticket, /*zero_new=*/true));
    ++epoch_;
    const T* in = static_cast<const T*>(a.in);
    T* out = static_cast<T*>(a.out);
    auto* st = static_cast<unsigned long long*>(status);
    auto* tk = static_cast<unsigned long long*>(ticket);
    if constexpr (F == Family::kReg) {
      RegTileKernel<Op, THREADS, V, INCLUSIVE, TICKET, WIN, CS, MINB, BACKOFF>
          <<<tiles, THREADS, 0, a.stream>>>(in, out, a.n, st, tk, ticket_base_, epoch_);
    } else {
      auto kernel =
          SmemTileKernel<Op, THREADS, V, INCLUSIVE, TICKET, WIN, CS, MINB, G, BACKOFF, EF>;
      constexpr int kSmem = kTile * static_cast<int>(sizeof(T));
      bool& configured = configured_[(std::is_same_v<T, float> ? 2 : 0) + (INCLUSIVE ? 0 : 1)];
      if (!configured) {  // once per instantiation: all of the SM's carve-out to shared memory
        SCANVIZ_PERF_TRY(
            cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmem));
        SCANVIZ_PERF_TRY(cudaFuncSetAttribute(kernel,
                                              cudaFuncAttributePreferredSharedMemoryCarveout,
                                              cudaSharedmemCarveoutMaxShared));
        configured = true;
      }
      kernel<<<tiles, THREADS, kSmem, a.stream>>>(in, out, a.n, st, tk, ticket_base_, epoch_);
    }
    if (TICKET) ticket_base_ += static_cast<unsigned long long>(tiles);
    return LastLaunchError();
  }
  std::string name_;
  Workspace ws_;
  unsigned epoch_ = 0;  // 30 bits used; one per launch
  unsigned long long ticket_base_ = 0;
  bool configured_[4] = {false, false, false, false};
};

template <int THREADS, int SV, int RV, int MINB, bool EF = false>
class HybridRung final : public Rung {
 public:
  explicit HybridRung(std::string name) : name_(std::move(name)) {}
  std::string Name() const override { return name_; }
  std::string Description() const override {
    constexpr int kTile = THREADS * 4 * (SV + RV);
    return "single-pass decoupled look-back, hybrid tile: " + std::to_string(THREADS) + " thr x (" +
           std::to_string(4 * SV) + " elem in shared memory via cp.async.bulk + " +
           std::to_string(4 * RV) + " elem in registers via 16B loads) = " + std::to_string(kTile) +
           "-elem tiles (" + std::to_string(kTile * 4 / 1024) +
           " KB), A published before the scan, 1 warp looks back over 32 tiles/round " +
           "trip, blockIdx order, streaming stores, >=" + std::to_string(MINB) + " blocks/SM" +
           (EF ? ", L2 evict-first loads" : "");
  }
  cudaError_t Run(const ScanArgs& a) override {
    if (a.type == Dtype::kInt32) {
      return a.inclusive ? Go<std::int32_t, true>(a) : Go<std::int32_t, false>(a);
    }
    return a.inclusive ? Go<float, true>(a) : Go<float, false>(a);
  }

 private:
  template <class T, bool INCLUSIVE>
  cudaError_t Go(const ScanArgs& a) {
    using Op = AddOp<T>;
    constexpr int kSmemTile = TileShape<T, THREADS, SV>::kTile;
    constexpr int kTile = kSmemTile + TileShape<T, THREADS, RV>::kTile;
    if (a.n <= 0) return cudaSuccess;
    const int tiles = (a.n + kTile - 1) / kTile;
    void* status = nullptr;
    SCANVIZ_PERF_TRY(ws_.Get(0, sizeof(unsigned long long) * tiles, &status, /*zero_new=*/true));
    ++epoch_;
    auto kernel = HybridTileKernel<Op, THREADS, SV, RV, INCLUSIVE, 1, true, MINB, EF>;
    constexpr int kSmem = kSmemTile * static_cast<int>(sizeof(T));
    bool& configured = configured_[(std::is_same_v<T, float> ? 2 : 0) + (INCLUSIVE ? 0 : 1)];
    if (!configured) {
      SCANVIZ_PERF_TRY(
          cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmem));
      SCANVIZ_PERF_TRY(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                            cudaSharedmemCarveoutMaxShared));
      configured = true;
    }
    kernel<<<tiles, THREADS, kSmem, a.stream>>>(static_cast<const T*>(a.in), static_cast<T*>(a.out),
                                                a.n, static_cast<unsigned long long*>(status),
                                                epoch_);
    return LastLaunchError();
  }
  std::string name_;
  Workspace ws_;
  unsigned epoch_ = 0;
  bool configured_[4] = {false, false, false, false};
};

// Size dispatch: `large` once n fills every SM with resident tiles of it (blocks_per_sm x SMs
// tiles of large_tile elements), `small` below that (more, smaller tiles keep all SMs busy).
class SizeDispatchRung final : public Rung {
 public:
  SizeDispatchRung(std::string name, std::unique_ptr<Rung> small, std::unique_ptr<Rung> large,
                   long long large_tile, int blocks_per_sm)
      : name_(std::move(name)),
        small_(std::move(small)),
        large_(std::move(large)),
        large_tile_(large_tile),
        blocks_per_sm_(blocks_per_sm) {}
  std::string Name() const override { return name_; }
  std::string Description() const override {
    return "size dispatch: n >= " + std::to_string(blocks_per_sm_) + " x SMs x " +
           std::to_string(large_tile_) + " (one full resident wave; " +
           std::to_string(Threshold()) + " here) runs " + large_->Name() + " [" +
           large_->Description() + "], smaller n runs " + small_->Name() + " [" +
           small_->Description() + "]";
  }
  cudaError_t Run(const ScanArgs& a) override {
    if (threshold_ == 0) threshold_ = Threshold();
    return a.n >= threshold_ ? large_->Run(a) : small_->Run(a);
  }

 private:
  long long Threshold() const {
    int dev = 0, sms = 0;
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess) {
      cudaGetLastError();
      sms = 132;  // no device: the H200's count, only for the description
    }
    return static_cast<long long>(blocks_per_sm_) * sms * large_tile_;
  }
  std::string name_;
  std::unique_ptr<Rung> small_, large_;
  long long large_tile_;
  int blocks_per_sm_;
  long long threshold_ = 0;
};

}  // namespace

std::vector<std::string> SinglePassVariantNames() {
  return {
      "e.r128v8t1",     "e.r128v8b1",      "e.r128v8b4",      "e.r128v8b4c",     "e.r128v8b1c",
      "e.r256v6b4c",    "e.r256v8b4c",     "e.r512v6b4c",     "e.s128v8b4c",     "e.s128v8t4c",
      "e.s128v8b1c",    "e.s128v8t1c",     "e.s128v8b2c",     "e.s128v8b1ck64",  "e.s128v8b4",
      "e.s64v16b4c",    "e.s64v16b1c",     "e.s128v12b4c",    "e.s128v12b1c",    "e.s128v16b4c",
      "e.s128v16b1c",   "e.s128v16b1ck64", "e.s128v16t1c",    "e.s256v8b4c",     "e.s256v8b1c",
      "e.s256v12b4c",   "e.s256v12b1c",    "e.s512v6b4c",     "e.s128v18b1c",    "e.s128v16b1ce",
      "e.h128s16r8b1c", "e.h128s22r12b1c", "e.h128s26r16b1c", "e.h128s26r16b1ce"};
}

std::unique_ptr<Rung> MakeSinglePassRung(const std::string& name) {
  using F = Family;
  // The ladder's rung (round 7, docs/bench/run7/sweep_p*.log): hybrid tiles of 128 threads x
  // (104 elements in shared memory + 64 in registers) = 21504 elements (84 KB), 4 blocks per SM,
  // L2 evict-first loads, once n fills one resident wave of them (4 x SMs x 21504 = 11.35 M on the
  // H200); below that the previous e (shared-memory tile of 128 x 64 = 8192 elements, 32 KB).
  if (name == "e") {
    return std::make_unique<SizeDispatchRung>(
        name,
        std::make_unique<SinglePassRung<F::kSmem, 128, 16, false, 1, true, 7>>("e.s128v16b1c"),
        std::make_unique<HybridRung<128, 26, 16, 4, true>>("e.h128s26r16b1ce"),
        128LL * 4 * (26 + 16), 4);
  }
  // register tiles:                                 THREADS V  TICKET WIN CS  MINB
  if (name == "e.r128v8t1")
    return std::make_unique<SinglePassRung<F::kReg, 128, 8, true, 1, false, 8>>(name);
  if (name == "e.r128v8b1")
    return std::make_unique<SinglePassRung<F::kReg, 128, 8, false, 1, false, 8>>(name);
  if (name == "e.r128v8b4")
    return std::make_unique<SinglePassRung<F::kReg, 128, 8, false, 4, false, 8>>(name);
  if (name == "e.r128v8b4c")
    return std::make_unique<SinglePassRung<F::kReg, 128, 8, false, 4, true, 8>>(name);
  if (name == "e.r128v8b1c")
    return std::make_unique<SinglePassRung<F::kReg, 128, 8, false, 1, true, 8>>(name);
  if (name == "e.r256v6b4c")
    return std::make_unique<SinglePassRung<F::kReg, 256, 6, false, 4, true, 4>>(name);
  if (name == "e.r256v8b4c")
    return std::make_unique<SinglePassRung<F::kReg, 256, 8, false, 4, true, 4>>(name);
  if (name == "e.r512v6b4c")
    return std::make_unique<SinglePassRung<F::kReg, 512, 6, false, 4, true, 2>>(name);
  // shared-memory tiles (bulk copy):                  THREADS V  TICKET WIN CS  MINB BACKOFF
  if (name == "e.s128v8b4c")
    return std::make_unique<SinglePassRung<F::kSmem, 128, 8, false, 4, true, 12>>(name);
  if (name == "e.s128v8t4c")
    return std::make_unique<SinglePassRung<F::kSmem, 128, 8, true, 4, true, 12>>(name);
  if (name == "e.s128v8b1c")
    return std::make_unique<SinglePassRung<F::kSmem, 128, 8, false, 1, true, 12>>(name);
  if (name == "e.s128v8t1c")
    return std::make_unique<SinglePassRung<F::kSmem, 128, 8, true, 1, true, 12>>(name);
  if (name == "e.s128v8b2c")
    return std::make_unique<SinglePassRung<F::kSmem, 128, 8, false, 2, true, 12>>(name);
  if (name == "e.s128v8b1ck64")
    return std::make_unique<SinglePassRung<F::kSmem, 128, 8, false, 1, true, 12, 64>>(name);
  if (name == "e.s128v8b4")
    return std::make_unique<SinglePassRung<F::kSmem, 128, 8, false, 4, false, 12>>(name);
  if (name == "e.s64v16b4c")
    return std::make_unique<SinglePassRung<F::kSmem, 64, 16, false, 4, true, 13>>(name);
  if (name == "e.s64v16b1c")
    return std::make_unique<SinglePassRung<F::kSmem, 64, 16, false, 1, true, 13>>(name);
  if (name == "e.s128v12b4c")
    return std::make_unique<SinglePassRung<F::kSmem, 128, 12, false, 4, true, 8>>(name);
  if (name == "e.s128v12b1c")
    return std::make_unique<SinglePassRung<F::kSmem, 128, 12, false, 1, true, 8>>(name);
  if (name == "e.s128v16b4c")
    return std::make_unique<SinglePassRung<F::kSmem, 128, 16, false, 4, true, 7>>(name);
  if (name == "e.s128v16b1c")
    return std::make_unique<SinglePassRung<F::kSmem, 128, 16, false, 1, true, 7>>(name);
  if (name == "e.s128v16b1ck64")
    return std::make_unique<SinglePassRung<F::kSmem, 128, 16, false, 1, true, 7, 64>>(name);
  if (name == "e.s128v16t1c")
    return std::make_unique<SinglePassRung<F::kSmem, 128, 16, true, 1, true, 7>>(name);
  if (name == "e.s256v8b4c")
    return std::make_unique<SinglePassRung<F::kSmem, 256, 8, false, 4, true, 6>>(name);
  if (name == "e.s256v8b1c")
    return std::make_unique<SinglePassRung<F::kSmem, 256, 8, false, 1, true, 6>>(name);
  if (name == "e.s256v12b4c")
    return std::make_unique<SinglePassRung<F::kSmem, 256, 12, false, 4, true, 4>>(name);
  if (name == "e.s256v12b1c")
    return std::make_unique<SinglePassRung<F::kSmem, 256, 12, false, 1, true, 4>>(name);
  // round 7: fill the 228 KB of shared memory (9216-element tiles, 6 x 36 KB), an L2 evict-first
  // hint, and hybrid shared-memory + register tiles (e.h<threads>s<SV>r<RV>...: SV 16-byte vectors
  // per thread through the copy engine, RV in registers).
  if (name == "e.s128v18b1c")
    return std::make_unique<SinglePassRung<F::kSmem, 128, 18, false, 1, true, 6>>(name);
  if (name == "e.s128v16b1ce")
    return std::make_unique<SinglePassRung<F::kSmem, 128, 16, false, 1, true, 7, 0, true>>(name);
  if (name == "e.h128s16r8b1c") return std::make_unique<HybridRung<128, 16, 8, 6>>(name);
  if (name == "e.h128s22r12b1c") return std::make_unique<HybridRung<128, 22, 12, 5>>(name);
  if (name == "e.h128s26r16b1c") return std::make_unique<HybridRung<128, 26, 16, 4>>(name);
  if (name == "e.h128s26r16b1ce") return std::make_unique<HybridRung<128, 26, 16, 4, true>>(name);
  if (name == "e.s512v6b4c")
    return std::make_unique<SinglePassRung<F::kSmem, 512, 6, false, 4, true, 3>>(name);
  return nullptr;
}

}  // namespace scanviz::perf
