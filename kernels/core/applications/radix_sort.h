// Radix sort of int32 keys, least significant digit first, one bit a pass: pass b is the split
// (split.h) on bit b of the previous pass's output. A split is stable, so after pass b the keys
// are sorted by their low b + 1 bits, ties in input order: after K passes, by the low K bits.
//
//   0. keys:     with a negative key, every key's sign bit is flipped first (x XOR 0x80000000).
//                Two's complement orders bit 31 the wrong way for a sort of bits (a negative key
//                has it set, so it would land after the positives); flipped, the negatives have
//                it clear and the bit order is the numeric order. Keys that are all
//                non-negative have bit 31 clear already and are sorted as they are
//   1..K. pass b: flag (the inverted bit b), exclusive scan, scatter, as split.h
//   K+1. result: the sign bits flipped back
//
// The steps are __host__ __device__: the simulator and the CUDA kernels call them.
#pragma once

#include <cstdint>

#include "core/applications/split.h"
#include "core/hd.h"

namespace scanviz::applications {

// Steps 0 and K+1, thread i: the flip is its own inverse.
SCANVIZ_HD inline std::int32_t FlipSignBit(std::int32_t x) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(x) ^ 0x80000000u);
}

SCANVIZ_HD inline void FlipSignBitStep(std::int32_t* values, int n, int i) {
  if (i < n) values[i] = FlipSignBit(values[i]);
}

}  // namespace scanviz::applications
