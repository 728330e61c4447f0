// Decoupled look-back (Merrill & Garland, 2016): how the tiles of a single-pass scan learn their
// prefix from their predecessors.
//
// Each tile has a 64-bit status word, the one of core/grid/single_pass_steps.h (its layout, its
// publications, its decode and the look-back's rules are written there once, for the traced kernel
// and the simulator too), written and read as one relaxed access so that a value can never be seen
// without its flag (no fence needed). Each launch has its own epoch, which makes words left by
// earlier launches read as "not ready", so the status array is never cleared: no init kernel, one
// launch per scan.
//
// A tile publishes A as soon as it knows its total, then one warp looks back: it reads WIN x 32
// predecessors' words per round trip, waits only for the tiles between the nearest P and itself
// to be at least A, sums them, and steps back WIN x 32 tiles when none was a P. The tile then
// publishes its own P. Tile 0 publishes P at once, unless a prefix is carried in front of it (a
// scan continuing another: StatusWords::carry), which its look-back reads as the P before it.
//
// Tile order: a tile only ever waits on lower-numbered tiles. With an atomic ticket a tile's number
// is handed out when its block starts, so every predecessor is already running: deadlock-free by
// construction. With blockIdx, the same holds only if blocks are dispatched in index order, which
// the hardware does but the CUDA programming model does not promise (CUB relies on it too).
#pragma once

#include <cstdint>

#include "core/grid/single_pass_steps.h"
#include "perf/block_scan.cuh"
#include "perf/cluster.cuh"
#include "perf/policies.h"
#include "perf/warp_scan.cuh"

namespace scanviz::perf {

namespace sp = single_pass;

// The status array of one launch, and the ticket counter when tiles are taken in ticket order.
// Each word is made before its address is taken, and a read's flag decoded before its value: the
// order of this code before the words were core/grid's, with which ptxas gives the same SASS.
struct StatusWords {
  unsigned long long* word = nullptr;
  unsigned long long* ticket = nullptr;
  unsigned long long ticket_base = 0;  // tickets handed out by earlier launches
  unsigned epoch = 0;                  // sp::kEpochMask's 30 bits; one per launch
  // A prefix carried in front of tile 0 (device memory, one element of the scan's type), or none:
  // a scan that continues another one (the next GPU's shard, the next chunk of a long shard).
  const void* carry = nullptr;

  // The tile's aggregate: A, or P for tile 0 without a carry (it has no predecessor). With a
  // carry, tile 0 publishes A too and its look-back finds the carry in front of it. One lane.
  template <class T>
  __device__ __forceinline__ void PublishAggregate(int tile, T aggregate) const {
    const std::uint64_t w = carry == nullptr ? sp::FirstPublication(tile, aggregate, epoch)
                                             : sp::Pack(sp::kFlagA, aggregate, epoch);
    sp::StoreWord(&word[tile], w);
  }
  // What lies before tile 0: the carry, or the identity.
  template <class Op, class T = typename Op::Value>
  __device__ __forceinline__ T Carried() const {
    return carry == nullptr ? Op::Identity() : *static_cast<const T*>(carry);
  }
  // The tile's inclusive prefix, P, after its look-back. One lane.
  template <class Op, class T>
  __device__ __forceinline__ void PublishPrefix(int tile, T exclusive, T aggregate, Op op) const {
    const std::uint64_t w = sp::PrefixPublication(exclusive, aggregate, op, epoch);
    sp::StoreWord(&word[tile], w);
  }
  // The flag this launch wrote at `idx` (X for a stale word), and its value.
  template <class T>
  __device__ __forceinline__ unsigned Read(int idx, T* value) const {
    const std::uint64_t w = sp::LoadWord(&word[idx]);
    const unsigned flag = sp::FlagOf(w, epoch);
    *value = sp::ValueOf<T>(w);
    return flag;
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

// Run by one whole warp: the exclusive prefix of `tile` (in every lane), gathered from its
// predecessors' words; publishes nothing, and needs nothing of the tile itself, so the look-ahead
// warp runs it before its tile is loaded. BACKOFF: nanoseconds slept between polls.
template <class Op, int WIN, int BACKOFF, class T = typename Op::Value>
__device__ __forceinline__ T LookBackExclusive(const StatusWords& s, int tile) {
  const Op op;
  const sp::LookBack<T> start = sp::StartLookBack<Op>(tile);
  if (start.done) return s.Carried<Op>();  // tile 0: what lies before it
  const int lane = threadIdx.x & 31;
  T exclusive = start.exclusive;
  int pos = start.predecessor;  // sub-window k covers tiles pos-32k-31 .. pos-32k (lane 31 nearest)
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
        } else {  // before tile 0: an inclusive prefix of what lies before it (the carry)
          flag[k] = sp::kFlagP;
          val[k] = idx == -1 ? s.Carried<Op>() : Op::Identity();
        }
      }
      bool ready = true;
      kp = -1;
#pragma unroll
      for (int k = 0; k < WIN; ++k) {
        pm[k] = __ballot_sync(kFullMask, sp::Ends(flag[k]));
        const unsigned xm = __ballot_sync(kFullMask, sp::Waits(flag[k]));
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
    exclusive = sp::GatherInFront(WarpReduce<Op>(v), exclusive, op);
    if (kp >= 0) break;
    pos -= 32 * WIN;
  }
  return exclusive;
}

// Run by one whole warp after the tile's A is published. Returns the exclusive prefix of `tile`
// (in every lane) and publishes the tile's P (tile 0 published its P first: nothing to do).
template <class Op, int WIN, int BACKOFF, class T = typename Op::Value>
__device__ __forceinline__ T LookBack(const StatusWords& s, int tile, T aggregate) {
  const T exclusive = LookBackExclusive<Op, WIN, BACKOFF>(s, tile);
  const bool published = tile == 0 && s.carry == nullptr;  // tile 0's A was its P
  if (!published && (threadIdx.x & 31) == 0) s.PublishPrefix(tile, exclusive, aggregate, Op());
  return exclusive;
}

// The look-ahead warp (rung e's `w` rows, round three): a warp of its own, after the THREADS
// threads that load the tile, which loads nothing. From the block's first instruction it gathers
// the tile's exclusive prefix from the predecessors, while the others load and reduce the tile and
// publish its A, then arrive on named barrier 2 (the aggregate is in `totals`). The warp then
// publishes the tile's P, hands the prefix to the block in *tile_prefix and meets the others at
// named barrier 3 (the whole block). It never waits on its own tile's look-back to publish A, so no
// tile's A waits on a chain: the wait on the predecessors overlaps the tile's loads instead of
// following them.
template <class Op, int WIN, int BACKOFF, int THREADS, class Totals, class T = typename Op::Value>
__device__ __forceinline__ void LookAhead(const StatusWords& s, int tile, const Totals& totals,
                                          T* tile_prefix) {
  const T exclusive = LookBackExclusive<Op, WIN, BACKOFF>(s, tile);
  NamedSync(2, THREADS + 32);  // the others arrived: the tile's aggregate is in `totals`
  const T aggregate = totals.template Aggregate<Op>();
  if ((threadIdx.x & 31) == 0) {
    if (tile > 0 || s.carry != nullptr) s.PublishPrefix(tile, exclusive, aggregate, Op());
    *tile_prefix = exclusive;
  }
  NamedSync(3, THREADS + 32);  // the whole block: *tile_prefix, seen by the others
}

// The look-back of a cluster of C consecutive tiles (rung e's cluster rows), run by warp 0 of every
// block of the cluster once its tile's aggregate is known. The chain links clusters, not tiles:
// status word k is cluster k's, so the chain is C times shorter. Rank r != 0 sends its aggregate
// to the leader (rank 0) and waits; the leader gathers the C aggregates (its own and C - 1
// messages on `bar`), publishes the cluster's A (P for cluster 0), looks back over the clusters
// before it, publishes the cluster's P, and sends each rank its tile's exclusive prefix: the
// cluster's exclusive prefix, then the aggregates of the ranks before it. On return `*tile_prefix`
// holds it in the lane that waited (lane 0) or, in the leader, was written by lane 0: a barrier
// must follow before the block reads it. gathered: the leader's C slots for the aggregates.
// POLL: wait for the messages with test_wait rather than try_wait (cluster.cuh).
template <class Op, int C, int WIN, int BACKOFF, bool POLL, class T = typename Op::Value>
__device__ __forceinline__ void ClusterLookBack(const StatusWords& s, int cluster, unsigned rank,
                                                T aggregate, T* gathered, T* tile_prefix,
                                                unsigned long long* bar) {
  const int lane = threadIdx.x & 31;
  if (rank != 0) {
    if (lane == 0) {
      SendToPeer(&gathered[rank], bar, 0, aggregate);
      MbarWaitCluster<POLL>(bar, 0);  // the leader's answer is in *tile_prefix
    }
    return;
  }
  const Op op;
  MbarWaitCluster<POLL>(bar, 0);  // every lane: the C - 1 aggregates have arrived
  T before = Op::Identity(), total = Op::Identity();  // lane r: ranks 0..r-1, and all C
#pragma unroll
  for (int k = 0; k < C; ++k) {
    const T a = k == 0 ? aggregate : gathered[k];
    if (k < lane) before = op(before, a);
    total = op(total, a);
  }
  if (lane == 0) s.PublishAggregate(cluster, total);
  const T prefix = op(LookBack<Op, WIN, BACKOFF>(s, cluster, total), before);
  if (lane == 0) {
    *tile_prefix = prefix;
  } else if (lane < C) {
    SendToPeer(tile_prefix, bar, static_cast<unsigned>(lane), prefix);
  }
}

}  // namespace scanviz::perf
