// The single-pass scan with decoupled look-back (Merrill & Garland), the way CUB fuses the
// multi-block scan's three steps into one launch: each tile scans itself, publishes its aggregate
// (flag A), looks back over its predecessors' status words, combining aggregates until it meets an
// inclusive prefix (flag P), publishes its own inclusive prefix and adds its exclusive prefix to
// its elements. The per-tile steps below are written once: the CUDA kernel
// (kernels/cuda/single_pass_kernel.cu) and the simulator's schedule (core/grid/single_pass.cpp)
// both call them.
//
// A tile's status word is one 64-bit word, [ flag:32 | value:32 ], written and read whole, so a
// reader never sees a flag with another write's value. Flags:
//   X (0)  not ready: the tile has published nothing yet; a reader waits and reads again
//   A (1)  aggregate: the value is the combination of the tile's own elements
//   P (2)  inclusive prefix: the value is the combination of every element up to the tile's end
//
// The look-back here is the textbook one, one predecessor at a time by one thread (CUB's and our
// performance lab's rung e read a window of 32 predecessors with a warp; kernels/perf/).
#pragma once

#include <cstdint>
#include <cstring>

#include "core/hd.h"

namespace scanviz::single_pass {

enum Flag : unsigned { kFlagX = 0, kFlagA = 1, kFlagP = 2 };

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
SCANVIZ_HD SCANVIZ_FORCEINLINE std::uint64_t Pack(unsigned flag, T value) {
  return (static_cast<std::uint64_t>(flag) << 32) | ValueBits(value);
}

SCANVIZ_HD SCANVIZ_FORCEINLINE unsigned FlagOf(std::uint64_t word) {
  return static_cast<unsigned>(word >> 32);
}

template <class T>
SCANVIZ_HD SCANVIZ_FORCEINLINE T ValueOf(std::uint64_t word) {
  return FromBits<T>(static_cast<std::uint32_t>(word));
}

// What a tile publishes once its own scan is done: tile 0 has no predecessors, so its aggregate
// is already its inclusive prefix (P); every other tile publishes A.
template <class T>
SCANVIZ_HD SCANVIZ_FORCEINLINE std::uint64_t FirstPublication(int tile, T aggregate) {
  return Pack(tile == 0 ? kFlagP : kFlagA, aggregate);
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

// One read of the predecessor's status word. X: nothing changes (read it again). A: its aggregate
// goes in front of what was gathered (it covers earlier elements: the order matters for a
// non-commutative operator), and the look-back moves one tile further back. P: its inclusive
// prefix goes in front, and the exclusive prefix is complete.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD SCANVIZ_FORCEINLINE LookBack<T> LookStep(LookBack<T> state, std::uint64_t word, Op op) {
  const unsigned flag = FlagOf(word);
  if (flag == kFlagX) return state;
  state.exclusive = op(ValueOf<T>(word), state.exclusive);
  if (flag == kFlagP) {
    state.done = true;
  } else {
    --state.predecessor;
  }
  return state;
}

// After the look-back: the tile's inclusive prefix, published with P.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD SCANVIZ_FORCEINLINE std::uint64_t PrefixPublication(T exclusive, T aggregate, Op op) {
  return Pack(kFlagP, op(exclusive, aggregate));
}

// Every element of the tile: its exclusive prefix in front of the value the tile's own scan left.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD SCANVIZ_FORCEINLINE T AddPrefixStep(T exclusive, T local, Op op) {
  return op(exclusive, local);
}

}  // namespace scanviz::single_pass
