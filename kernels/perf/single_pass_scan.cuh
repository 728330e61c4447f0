// Rung (e)'s kernels and host side, templated on the operator and open to a carried-in prefix, so
// that the scan across GPUs (kernels/cuda/multi_gpu/) runs the very same e on each shard; the
// rung itself is rung_e_single_pass.cu.
//
// Rung (e): the single-pass scan with decoupled look-back. What changes from (d): one launch and
// one pass over the data. (d) reads every tile twice, once to reduce it and once, after the tile
// totals were scanned, to scan it; here a tile learns its prefix from its predecessors while it
// is on chip (look_back.cuh), so the data moves once: 2n of traffic, as much as a copy.
//
// A tile of threads x 4 x (SV + RV) elements (policies.h). Its first part comes into shared
// memory through the copy engine, started by one thread before anything else (bulk_copy.cuh);
// its second part is loaded into registers by every thread right after. A block waiting on the
// chain thus keeps bytes in flight in both storages. Then, in order:
//   1. each warp reduces its segments; the block publishes its aggregate A at once, before
//      scanning, so that its successors can go on without waiting for this tile's scan;
//   2. warp 0 looks back while the other warps scan their segments (the scan hides the wait);
//   3. one barrier; each segment gets its prefix and is stored with streaming 16-byte stores.
// `e` itself runs one of four kernels by size (policies.h: kSinglePassSmall, BelowWave, Middle,
// Large; round three added BelowWave, a register tile of 8192 below one wave).
//
// Round three: clusters (policy field `cluster` = C > 1). The look-back costs about 3 ns per link
// of the chain whatever the tile (docs/performance.md), so fewer links is the lever. A Hopper
// thread-block cluster runs C blocks at once on neighbouring SMs, and they can reach each other's
// shared memory. The C consecutive tiles of a cluster send their aggregates to the cluster's
// first block (its leader), which alone publishes and looks back, over clusters instead of tiles,
// and sends each block its prefix (look_back.cuh: ClusterLookBack). Each block's data path is
// unchanged; the chain is C times shorter, and each tile pays two messages within the cluster.
// They lost (docs/performance.md): each exchange costs more than the links it saves.
//
// Round three, look-ahead (policy field `look_ahead`, names ending `w`): the other way to take the
// chain's wait out of a tile's time. Above, warp 0 starts its look-back only once the tile is
// loaded and reduced, so every tile's wait on its predecessors follows its loads. Here the block
// has one more warp, which loads nothing and starts the look-back at the block's first
// instruction (look_back.cuh: LookAhead); the other warps load, reduce and publish A as before,
// and the look-ahead warp publishes P as soon as it has both the prefix and the aggregate. The
// wait on the chain thus overlaps the tile's loads. The other warps' barriers before the last one
// are named barriers of their own (block_scan.cuh: TileSync), which the look-ahead warp never
// joins: a tile's A never waits on its look-back, or the chain would be serial. e does not use
// it: the extra warp's registers cost the register and hybrid tiles more than the overlap gains
// (docs/performance.md).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "core/ops.h"
#include "perf/block_scan.cuh"
#include "perf/bulk_copy.cuh"
#include "perf/cluster.cuh"
#include "perf/look_back.cuh"
#include "perf/perf_internal.cuh"
#include "perf/policies.h"
#include "perf/tile_scan.cuh"
#include "perf/vec_io.cuh"

namespace scanviz::perf {


template <class Op, int kVariant, bool INCLUSIVE, class T = typename Op::Value>
__global__ __launch_bounds__(
    kSinglePassVariants[kVariant].Block(),
    kSinglePassVariants[kVariant].min_blocks) void SinglePassKernel(const T* __restrict__ in,
                                                                    T* __restrict__ out, int n,
                                                                    StatusWords status) {
  constexpr SinglePassPolicy P = kSinglePassVariants[kVariant];
  constexpr int kThreads = P.threads, SV = P.shared_vectors, RV = P.register_vectors;
  constexpr bool kTicket = P.order == TileOrder::kTicket;
  constexpr int C = P.cluster;  // tiles per cluster (1: none)
  static_assert(C == 1 || P.chain, "a cluster shortens the chain");
  constexpr bool kMessages = C > 1 && !P.copy_only;  // a cluster's copy ablation sends none
  constexpr bool kAhead = P.look_ahead;              // warp kThreads / 32: the look-ahead warp
  static_assert(!kAhead || (C == 1 && !kTicket && P.chain && !P.copy_only && P.stages == 1),
                "the look-ahead warp: blockIdx order, a block per tile, a scan with a chain");
  using SS = Segments<kThreads, SV>;  // the shared-memory part
  using RS = Segments<kThreads, RV>;  // the register part
  constexpr int kWarps = kThreads / 32;
  constexpr int kSharedSegments = SV > 0 ? kWarps : 0;  // segment totals: shared ones first
  constexpr long long kTile = static_cast<long long>(kThreads) * 4 * (SV + RV);
  extern __shared__ __align__(128) unsigned char smem_raw[];
  __shared__ SegmentTotals<T, kSharedSegments + (RV > 0 ? kWarps : 0)> totals;
  __shared__ T tile_prefix;
  __shared__ int tile_slot;
  __shared__ __align__(8) unsigned long long bar;
  // Clusters only: the leader's slots for its peers' aggregates, its ticket, and the mbarrier
  // counting the messages (in the leader its C - 1 peers' aggregates, in a peer its prefix).
  __shared__ T gathered[C];
  __shared__ int cluster_ticket;
  __shared__ __align__(8) unsigned long long chain_bar;
  const Op op;
  const int warp = threadIdx.x >> 5;     // kWarps (the look-ahead warp) only with look_ahead
  const unsigned rank = blockIdx.x % C;  // a cluster is C consecutive blocks (1-D clusters)
  if constexpr (kAhead) {
    if (warp == kWarps) {  // the look-ahead warp: the chain, from the first instruction on
      LookAhead<Op, P.window, P.backoff_ns, kThreads>(status, static_cast<int>(blockIdx.x), totals,
                                                      &tile_prefix);
      return;
    }
  }

  // 0. Clusters: the message mbarrier, made known to the cluster (ClusterArriveRelaxed here,
  // ClusterWait before the first message); in ticket order the leader takes one ticket for the
  // whole cluster, and a full cluster barrier lets the peers read it.
  if constexpr (kMessages) {
    if (threadIdx.x == 0) {
      MbarInit(&chain_bar, rank == 0 ? C - 1 : 1);
      if (kTicket && rank == 0) cluster_ticket = TakeTile<P.order>(status);
    }
    if constexpr (kTicket) {
      ClusterSync();
    } else {
      ClusterArriveRelaxed();
    }
  }
  // 0. The tile, and the start of its shared-memory part's copy (one thread). In a cluster, rank
  // r of cluster k scans tile k x C + r.
  if (kTicket || SV > 0) {
    if (threadIdx.x == 0) {
      int t = 0;
      if constexpr (C == 1) {
        t = TakeTile<P.order>(status);
      } else if constexpr (kTicket) {
        t = (rank == 0 ? cluster_ticket : ReadFromPeer(&cluster_ticket, 0)) * C + rank;
      } else {
        t = static_cast<int>(blockIdx.x);
      }
      tile_slot = t;
      if constexpr (SV > 0) {
        if (kBulkCopy && (t + 1) * kTile <= n) {
          MbarInit(&bar, 1);
          MbarExpectTx(&bar, SS::kTile * sizeof(T));
          BulkLoadTile<SS::kTile * sizeof(T), P.evict_first>(smem_raw, in + t * kTile, &bar);
        }
      }
    }
    if constexpr (kTicket) __syncthreads();
  }
  const int tile = kTicket ? tile_slot : static_cast<int>(blockIdx.x);
  const long long tile_base = tile * kTile;
  const long long reg_base = tile_base + SS::kTile;
  const bool full = tile_base + kTile <= n;
  T x[RV > 0 ? RV : 1][4];
  if constexpr (RV > 0) LoadSegments<Op, kThreads, RV, P.evict_first>(in, reg_base, n, x);
  Vec4<T>* seg = reinterpret_cast<Vec4<T>*>(smem_raw) + warp * (32 * SV) + (threadIdx.x & 31);
  if constexpr (SV > 0) {
    if constexpr (!kTicket) TileSync<kAhead, kThreads>();  // the mbarrier's initialisation
    if (kBulkCopy && full) {
      MbarWait(&bar, 0);
    } else {  // the last, partial tile (or no copy engine): plain loads, the identity past n
      T* b = reinterpret_cast<T*>(smem_raw);
      for (int i = threadIdx.x; i < SS::kTile; i += kThreads) {
        const long long g = tile_base + i;
        b[i] = g < n ? in[g] : Op::Identity();
      }
      TileSync<kAhead, kThreads>();
    }
  }
  const long long shared_wbase = tile_base + static_cast<long long>(warp) * SS::kWarpElems;
  if constexpr (P.copy_only) {  // the ablation: the same data path, nothing computed
    if constexpr (SV > 0)
      StoreSharedSegment<Op, SV, P.streaming_stores>(seg, Op::Identity(), out, shared_wbase, n,
                                                     full);
    if constexpr (RV > 0) StoreSegments<kThreads, RV, P.streaming_stores>(out, reg_base, n, x);
    return;
  }

  // 1. Reduce; publish the tile's aggregate.
  if constexpr (SV > 0) totals.Put(warp, ReduceSharedSegment<Op, SV>(seg));
  if constexpr (RV > 0) totals.Put(kSharedSegments + warp, SegmentReduce<Op, RV>(x));
  TileSync<kAhead, kThreads>();

  // 2. Warp 0 looks back (or, with the look-ahead warp, only publishes A); every warp scans its
  // segments (warp 0 after its look-back).
  if constexpr (kMessages && !kTicket) ClusterWait();  // every peer's chain_bar is initialised
  if (warp == 0) {
    const T aggregate = totals.template Aggregate<Op>();
    if constexpr (C > 1) {  // the cluster looks back as one (its leader); the peers wait on it
      ClusterLookBack<Op, C, P.window, P.backoff_ns, P.poll_messages>(
          status, tile / C, rank, aggregate, gathered, &tile_prefix, &chain_bar);
    } else if constexpr (kAhead) {  // A only: the look-ahead warp publishes P
      if ((threadIdx.x & 31) == 0) status.PublishAggregate(tile, aggregate);
    } else {
      if ((threadIdx.x & 31) == 0) status.PublishAggregate(tile, aggregate);
      if constexpr (P.chain) {
        const T exclusive = LookBack<Op, P.window, P.backoff_ns>(status, tile, aggregate);
        if ((threadIdx.x & 31) == 0) tile_prefix = exclusive;
      } else {  // the ablation: as if every predecessor's sum were known at once
        if ((threadIdx.x & 31) == 0) tile_prefix = Op::Identity();
      }
    }
  }
  if constexpr (kAhead) NamedArrive(2, kThreads + 32);  // the look-ahead warp may read `totals`
  if constexpr (SV > 0) ScanSharedSegment<Op, INCLUSIVE, SV>(seg);
  T vbase[RV > 0 ? RV : 1];
  if constexpr (RV > 0) WarpScanRows<Op, RV>(x, vbase);
  if constexpr (kAhead) {
    NamedSync(3, kThreads + 32);  // with the look-ahead warp: tile_prefix is written
  } else {
    __syncthreads();
  }
  if constexpr (kMessages) ClusterArrive();  // this block's messages are sent (waited on below)

  // 3. Each segment's prefix; store.
  if constexpr (SV > 0) {
    const T prefix = totals.template Before<Op>(warp, tile_prefix);
    StoreSharedSegment<Op, SV, P.streaming_stores>(seg, prefix, out, shared_wbase, n, full);
  }
  if constexpr (RV > 0) {
    ApplyPrefix<Op, INCLUSIVE, RV>(x, vbase,
                                   totals.template Before<Op>(kSharedSegments + warp, tile_prefix));
    StoreSegments<kThreads, RV, P.streaming_stores>(out, reg_base, n, x);
  }
  if constexpr (kMessages) ClusterWait();  // no block exits before every message has landed
  (void)op;
}

// The persistent form (policy stages == 2): gridDim.x blocks, all resident (a cooperative launch),
// block b scanning tiles b, b + grid, b + 2 grid, ... through two shared-memory buffers. While it
// waits on tile t's look-back and stores it, the copy engine is already bringing in tile t + grid:
// the chain's wait no longer leaves the block's share of the memory pipeline idle. Every block is
// resident, so a block only ever waits on tiles that are running or done: deadlock-free without a
// ticket, by the programming model's guarantee for cooperative launches.
template <class Op, int kVariant, bool INCLUSIVE, class T = typename Op::Value>
__global__ __launch_bounds__(
    kSinglePassVariants[kVariant].threads,
    kSinglePassVariants[kVariant]
        .min_blocks) void PersistentSinglePassKernel(const T* __restrict__ in, T* __restrict__ out,
                                                     int n, StatusWords status) {
  constexpr SinglePassPolicy P = kSinglePassVariants[kVariant];
  constexpr int kThreads = P.threads, SV = P.shared_vectors;
  static_assert(P.register_vectors == 0 && SV > 0, "persistent tiles live in shared memory");
  using SS = Segments<kThreads, SV>;
  constexpr long long kTile = SS::kTile;
  constexpr unsigned kBytes = SS::kTile * sizeof(T);
  extern __shared__ __align__(128) unsigned char smem_raw[];
  __shared__ SegmentTotals<T, kThreads / 32> totals;
  __shared__ T tile_prefix;
  __shared__ __align__(8) unsigned long long bar[2];
  const int warp = threadIdx.x >> 5;
  const long long tiles = (n + kTile - 1) / kTile;
  const long long full_tiles = n / kTile;
  const long long stride = gridDim.x;
  if (threadIdx.x == 0) {
    MbarInit(&bar[0], 1);
    MbarInit(&bar[1], 1);
    if (kBulkCopy && blockIdx.x < full_tiles) {
      MbarExpectTx(&bar[0], kBytes);
      BulkLoadTile<kBytes, P.evict_first>(smem_raw, in + blockIdx.x * kTile, &bar[0]);
    }
  }
  __syncthreads();
  int k = 0;
  for (long long t = blockIdx.x; t < tiles; t += stride, ++k) {
    const int stage = k & 1;
    // The next tile's copy into the other buffer, which the last iteration's barrier freed.
    if (threadIdx.x == 0 && kBulkCopy && t + stride < full_tiles) {
      FenceProxyAsync();
      MbarExpectTx(&bar[stage ^ 1], kBytes);
      BulkLoadTile<kBytes, P.evict_first>(smem_raw + (stage ^ 1) * kBytes,
                                          in + (t + stride) * kTile, &bar[stage ^ 1]);
    }
    const bool full = t < full_tiles;
    const long long tile_base = t * kTile;
    if (kBulkCopy && full) {
      MbarWait(&bar[stage], (k >> 1) & 1);
    } else {  // the last, partial tile (or no copy engine): plain loads, the identity past n
      T* b = reinterpret_cast<T*>(smem_raw + stage * kBytes);
      for (int i = threadIdx.x; i < SS::kTile; i += kThreads) {
        const long long g = tile_base + i;
        b[i] = g < n ? in[g] : Op::Identity();
      }
      __syncthreads();
    }
    Vec4<T>* seg = reinterpret_cast<Vec4<T>*>(smem_raw + stage * kBytes) + warp * (32 * SV) +
                   (threadIdx.x & 31);
    const long long wbase = tile_base + static_cast<long long>(warp) * SS::kWarpElems;
    if constexpr (P.copy_only) {
      StoreSharedSegment<Op, SV, P.streaming_stores>(seg, Op::Identity(), out, wbase, n, full);
      __syncthreads();
      continue;
    }
    totals.Put(warp, ReduceSharedSegment<Op, SV>(seg));
    __syncthreads();
    if (warp == 0) {
      const T aggregate = totals.template Aggregate<Op>();
      const int tile = static_cast<int>(t);
      if ((threadIdx.x & 31) == 0) status.PublishAggregate(tile, aggregate);
      if constexpr (P.chain) {
        const T exclusive = LookBack<Op, P.window, P.backoff_ns>(status, tile, aggregate);
        if ((threadIdx.x & 31) == 0) tile_prefix = exclusive;
      } else {
        if ((threadIdx.x & 31) == 0) tile_prefix = Op::Identity();
      }
    }
    ScanSharedSegment<Op, INCLUSIVE, SV>(seg);
    __syncthreads();
    StoreSharedSegment<Op, SV, P.streaming_stores>(
        seg, totals.template Before<Op>(warp, tile_prefix), out, wbase, n, full);
    __syncthreads();  // the buffer, the totals and the prefix are free again
  }
}

// The host side of one policy: the status words (kept between calls), the epoch, the ticket. OpOf:
// the operator (core/ops.h's AddOp, MaxOp, MinOp, LastOp); the lab's rungs are AddOp.
template <int kVariant, template <class> class OpOf = AddOp>
class SinglePassScan {
 public:
  static constexpr SinglePassPolicy P = kSinglePassVariants[kVariant];
  static constexpr bool IsCopy() { return P.copy_only; }
  static constexpr long long IndependentTile() { return P.chain ? 0 : P.Tile(); }

  // Elements in one resident wave of this kernel's tiles (resident blocks per SM x SMs x tile).
  long long Wave() {
    if (resident_[0][1] == 0 && Configure<std::int32_t, true>() != cudaSuccess) {
      cudaGetLastError();
      return 1LL * P.min_blocks * 132 * P.Tile();  // no device: the H200's SMs, the bound's blocks
    }
    return 1LL * resident_[0][1] * sms_ * P.Tile();
  }
  // Elements in one tile per SM.
  long long OneTilePerSm() {
    if (sms_ == 0 && Configure<std::int32_t, true>() != cudaSuccess) {
      cudaGetLastError();
      return 132LL * P.Tile();  // no device: the H200's SMs
    }
    return 1LL * sms_ * P.Tile();
  }

  // carry: a device pointer to the prefix in front of element 0 (look_back.cuh), or nullptr.
  template <class T, bool INCLUSIVE>
  cudaError_t Scan(const T* in, T* out, int n, cudaStream_t stream, const T* carry = nullptr) {
    // A cluster's C tiles share one status word and one ticket; the grid is whole clusters (the
    // last one's tiles past n load the identity and store nothing).
    constexpr int C = P.cluster;
    const int clusters =
        static_cast<int>((static_cast<long long>(n) + C * P.Tile() - 1) / (C * P.Tile()));
    const int tiles = clusters * C;
    StatusWords s;
    SCANVIZ_PERF_TRY(ws_.Get(0, clusters, &s.word, /*zero_new=*/true));
    SCANVIZ_PERF_TRY(ws_.Get(1, 1, &s.ticket, /*zero_new=*/true));
    s.ticket_base = ticket_base_;
    s.epoch = ++epoch_ & sp::kEpochMask;
    s.carry = carry;
    SCANVIZ_PERF_TRY((Configure<T, INCLUSIVE>()));
    const int resident = resident_[std::is_same_v<T, float>][INCLUSIVE];
    constexpr auto kernel = Kernel<T, INCLUSIVE>();
    constexpr int kSmem = P.SharedBytes();
    if constexpr (P.stages == 2) {
      const int grid = static_cast<int>(std::min<long long>(tiles, 1LL * resident * sms_));
      void* args[] = {&in, &out, &n, &s};
      SCANVIZ_PERF_TRY(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(kernel), grid,
                                                   P.Block(), args, kSmem, stream));
    } else if constexpr (C > 1) {
      cudaLaunchConfig_t config{};
      config.gridDim = dim3(static_cast<unsigned>(tiles));
      config.blockDim = dim3(P.Block());
      config.dynamicSmemBytes = kSmem;
      config.stream = stream;
      cudaLaunchAttribute cluster{};
      cluster.id = cudaLaunchAttributeClusterDimension;
      cluster.val.clusterDim.x = C;
      cluster.val.clusterDim.y = 1;
      cluster.val.clusterDim.z = 1;
      config.attrs = &cluster;
      config.numAttrs = 1;
      SCANVIZ_PERF_TRY(cudaLaunchKernelEx(&config, kernel, in, out, n, s));
    } else {
      kernel<<<tiles, P.Block(), kSmem, stream>>>(in, out, n, s);
    }
    if (P.order == TileOrder::kTicket) ticket_base_ += static_cast<unsigned long long>(clusters);
    return LastLaunchError();
  }

 private:
  template <class T, bool INCLUSIVE>
  static constexpr auto Kernel() {
    if constexpr (P.stages == 2) {
      return PersistentSinglePassKernel<OpOf<T>, kVariant, INCLUSIVE>;
    } else {
      return SinglePassKernel<OpOf<T>, kVariant, INCLUSIVE>;
    }
  }
  // Once per kernel: all of the SM's carve-out to shared memory, and its residency.
  template <class T, bool INCLUSIVE>
  cudaError_t Configure() {
    int& resident = resident_[std::is_same_v<T, float>][INCLUSIVE];
    if (resident > 0) return cudaSuccess;
    constexpr auto kernel = Kernel<T, INCLUSIVE>();
    constexpr int kSmem = P.SharedBytes();
    if constexpr (kSmem > 0) {
      SCANVIZ_PERF_TRY(
          cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmem));
      SCANVIZ_PERF_TRY(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                            cudaSharedmemCarveoutMaxShared));
    }
    SCANVIZ_PERF_TRY(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, kernel, P.Block(), kSmem));
    int dev = 0;
    SCANVIZ_PERF_TRY(cudaGetDevice(&dev));
    SCANVIZ_PERF_TRY(cudaDeviceGetAttribute(&sms_, cudaDevAttrMultiProcessorCount, dev));
    return resident > 0 ? cudaSuccess : cudaErrorInvalidConfiguration;
  }

  Workspace ws_;
  unsigned epoch_ = 0;
  unsigned long long ticket_base_ = 0;
  int resident_[2][2] = {};
  int sms_ = 0;
};

// e: kSinglePassSmall, BelowWave, Middle and Large by size (policies.h says why there).
template <template <class> class OpOf = AddOp>
class BandedScan {
 public:
  BandedScan() : from_{0, below_wave_.OneTilePerSm(), below_wave_.Wave(), middle_.Wave()} {}
  template <class T, bool INCLUSIVE>
  cudaError_t Scan(const T* in, T* out, int n, cudaStream_t stream, const T* carry = nullptr) {
    if (n >= from_[3]) return large_.template Scan<T, INCLUSIVE>(in, out, n, stream, carry);
    if (n >= from_[2]) return middle_.template Scan<T, INCLUSIVE>(in, out, n, stream, carry);
    if (n >= from_[1]) return below_wave_.template Scan<T, INCLUSIVE>(in, out, n, stream, carry);
    return small_.template Scan<T, INCLUSIVE>(in, out, n, stream, carry);
  }
  std::string Describe() const {
    const auto kernel = [](const SinglePassPolicy& p) {
      return VariantName(p) + " [" + scanviz::perf::Describe(p) + "]";
    };
    std::string s = "size dispatch: " + kernel(kSinglePassSmall);
    s += ", from n = " + std::to_string(from_[1]) + " (one tile of the next per SM) " +
         kernel(kSinglePassBelowWave);
    s += ", from n = " + std::to_string(from_[2]) + " (one resident wave of the one before's " +
         "tiles) " + kernel(kSinglePassMiddle);
    s += ", from n = " + std::to_string(from_[3]) + " (the same) " + kernel(kSinglePassLarge);
    return s;
  }

 private:
  SinglePassScan<VariantIndex(kSinglePassSmall), OpOf> small_;
  SinglePassScan<VariantIndex(kSinglePassBelowWave), OpOf> below_wave_;
  SinglePassScan<VariantIndex(kSinglePassMiddle), OpOf> middle_;
  SinglePassScan<VariantIndex(kSinglePassLarge), OpOf> large_;
  long long from_[4];
};

}  // namespace scanviz::perf
