// The single-pass scan with decoupled look-back (Merrill & Garland), the way CUB fuses the
// multi-block scan's three steps into one launch: each tile scans itself, publishes its aggregate
// (flag A), looks back over its predecessors' status words, combining aggregates until it meets an
// inclusive prefix (flag P), publishes its own inclusive prefix and adds its exclusive prefix to
// its elements. The status word and the per-tile steps below are written once: the traced CUDA
// kernel (kernels/cuda/single_pass_kernel.cu), the simulator's schedule (core/grid/single_pass.cpp)
// and the performance lab's rung e (kernels/perf/look_back.cuh) all call them.
//
// A tile's status word is one 64-bit word, written and read whole (one relaxed access, no fence),
// so a reader never sees a flag with another write's value:
//     [ epoch:30 | flag:2 ][ value:32 ]
// Flags:
//   X (0)  not ready: the tile has published nothing yet; a reader waits and reads again
//   A (1)  aggregate: the value is the combination of the tile's own elements
//   P (2)  inclusive prefix: the value is the combination of every element up to the tile's end
// The epoch tells launches apart: a word another launch left reads as X, so a caller that gives
// each launch its own epoch never clears the status array (rung e: no init kernel). The traced
// kernel clears it before each launch and the simulator starts from X: both use epoch 0, whose
// words are [ 0 | flag ][ value ].
//
// The look-back here is the textbook one, one predecessor at a time by one thread. Rung e reads a
// window of 32 predecessors per round trip with a warp (as CUB does), decoding each word with
// FlagOf and ValueOf and applying the same rules (Waits, Ends, GatherInFront).
#pragma once

#include <cstdint>
#include <cstring>

#include "core/hd.h"

namespace scanviz::single_pass {

enum Flag : unsigned { kFlagX = 0, kFlagA = 1, kFlagP = 2 };

// The epoch's 30 bits: a caller counting launches keeps its count modulo this.
inline constexpr unsigned kEpochMask = (1u << 30) - 1;

template <class T>
SCANVIZ_HD SCANVIZ_FORCEINLINE std::uint32_t ValueBits(T v) {
  static_assert(sizeof(T) == 4, "status words hold 32-bit values");
  std::uint32_t b;
  memcpy(&b, &v, sizeof b);
  return b;
}

template <class T>
SCANVIZ_HD SCANVIZ_FORCEINLINE T FromBits(std::uint32_t b) {
  T v;
  memcpy(&v, &b, sizeof v);
  return v;
}

template <class T>
SCANVIZ_HD SCANVIZ_FORCEINLINE std::uint64_t Pack(unsigned flag, T value, unsigned epoch = 0) {
  return (static_cast<std::uint64_t>((epoch << 2) | flag) << 32) | ValueBits(value);
}

// The flag that a word of this epoch holds; X for a word of another epoch (a stale one).
SCANVIZ_HD SCANVIZ_FORCEINLINE unsigned FlagOf(std::uint64_t word, unsigned epoch = 0) {
  const unsigned tag = static_cast<unsigned>(word >> 32);
  return (tag >> 2) == epoch ? (tag & 3u) : unsigned{kFlagX};
}

template <class T>
SCANVIZ_HD SCANVIZ_FORCEINLINE T ValueOf(std::uint64_t word) {
  return FromBits<T>(static_cast<std::uint32_t>(word));
}

#if defined(__CUDACC__)
// The word's one access on the GPU: relaxed at GPU scope, whole (flag and value never torn).
__device__ __forceinline__ std::uint64_t LoadWord(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void StoreWord(unsigned long long* p, std::uint64_t word) {
  asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" ::"l"(p),
               "l"(static_cast<unsigned long long>(word))
               : "memory");
}
#endif

// What a tile publishes once its own scan is done: tile 0 has no predecessors, so its aggregate
// is already its inclusive prefix (P); every other tile publishes A.
template <class T>
SCANVIZ_HD SCANVIZ_FORCEINLINE std::uint64_t FirstPublication(int tile, T aggregate,
                                                               unsigned epoch = 0) {
  return Pack(tile == 0 ? kFlagP : kFlagA, aggregate, epoch);
}

// A scan with a prefix carried in (a shard of the scan across GPUs, reduce then scan: the lower
// ranks' totals): tile 0's exclusive prefix is the carry, so it publishes P = carry . aggregate at
// once and its elements get the carry in front; every later tile's look-back meets that P and
// gathers the carry with it. Without a carry the two functions below are FirstPublication and
// StartLookBack.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD SCANVIZ_FORCEINLINE std::uint64_t FirstPublicationWithCarry(int tile, T carry,
                                                                       T aggregate, Op op,
                                                                       unsigned epoch = 0) {
  return tile == 0 ? Pack(kFlagP, op(carry, aggregate), epoch) : Pack(kFlagA, aggregate, epoch);
}

// The look-back's rules for a predecessor's flag: X waits (read it again), A and P put their
// value in front of what was gathered, P ends the look-back.
SCANVIZ_HD SCANVIZ_FORCEINLINE bool Waits(unsigned flag) { return flag == kFlagX; }
SCANVIZ_HD SCANVIZ_FORCEINLINE bool Ends(unsigned flag) { return flag == kFlagP; }

// Predecessors read later cover earlier elements: what they hold goes in front (the order
// matters for a non-commutative operator).
template <class Op, class T = typename Op::Value>
SCANVIZ_HD SCANVIZ_FORCEINLINE T GatherInFront(T earlier, T gathered, Op op) {
  return op(earlier, gathered);
}

// The look-back's state: the predecessor to read next and the combination of the tiles already
// passed (the tiles between it and the reader). Starts at tile - 1 with the identity.
template <class T>
struct LookBack {
  int predecessor;
  T exclusive;
  bool done;
};

template <class Op, class T = typename Op::Value>
SCANVIZ_HD SCANVIZ_FORCEINLINE LookBack<T> StartLookBack(int tile) {
  return {tile - 1, Op::Identity(), tile == 0};
}

// Tile 0 with a carry: its look-back is already done, and its exclusive prefix is the carry.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD SCANVIZ_FORCEINLINE LookBack<T> StartLookBackWithCarry(int tile, T carry) {
  return {tile - 1, tile == 0 ? carry : Op::Identity(), tile == 0};
}

// One read of the predecessor's status word. X: nothing changes (read it again). A: its aggregate
// goes in front of what was gathered, and the look-back moves one tile further back. P: its
// inclusive prefix goes in front, and the exclusive prefix is complete.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD SCANVIZ_FORCEINLINE LookBack<T> LookStep(LookBack<T> state, std::uint64_t word, Op op) {
  const unsigned flag = FlagOf(word);
  if (Waits(flag)) return state;
  state.exclusive = GatherInFront(ValueOf<T>(word), state.exclusive, op);
  if (Ends(flag)) {
    state.done = true;
  } else {
    --state.predecessor;
  }
  return state;
}

// After the look-back: the tile's inclusive prefix, published with P.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD SCANVIZ_FORCEINLINE std::uint64_t PrefixPublication(T exclusive, T aggregate, Op op,
                                                               unsigned epoch = 0) {
  return Pack(kFlagP, op(exclusive, aggregate), epoch);
}

// Every element of the tile: its exclusive prefix in front of the value the tile's own scan left.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD SCANVIZ_FORCEINLINE T AddPrefixStep(T exclusive, T local, Op op) {
  return op(exclusive, local);
}

}  // namespace scanviz::single_pass
