// Split (partition by one bit): the elements whose bit K is 0 first, then those whose bit is 1,
// each group in its original order (stable), from one scan.
//
//   1. flag:     flags[i] = 1 if bit K of input[i] is 0 (the inverted bit: "goes to the zeros")
//   2. scan:     scan = the exclusive sum of flags; total_zeros = scan[n - 1] + flags[n - 1]
//   3. scatter:  a zero goes to scan[i] (the zeros before it); a one goes to
//                total_zeros + i - scan[i] (after every zero, behind the i - scan[i] ones before
//                it). Every destination is taken exactly once: a permutation
//
// Radix sort (radix_sort.h) is one split per bit. The steps are __host__ __device__: the
// simulator and the CUDA kernels call them, one thread per element.
#pragma once

#include <cstdint>

#include "core/hd.h"

namespace scanviz::applications {

// Bit `bit` (0 = the lowest) of x's 32-bit pattern: two's complement, so bit 31 is the sign.
SCANVIZ_HD inline int BitOf(std::int32_t x, int bit) {
  return static_cast<int>((static_cast<std::uint32_t>(x) >> bit) & 1u);
}

// Step 1, thread i: 1 when its bit is 0.
SCANVIZ_HD inline void SplitFlagStep(const std::int32_t* in, int* flags, int n, int i, int bit) {
  if (i < n) flags[i] = 1 - BitOf(in[i], bit);
}

// The total of an exclusive scan, by the thread that holds its last element.
SCANVIZ_HD inline int ScanTotal(int last_scan, int last_flag) {
  return last_scan + last_flag;
}

// Where element i goes: the zeros keep their scan value; the ones follow every zero, in order.
SCANVIZ_HD inline int SplitDestination(int flag, int scan, int total_zeros, int i) {
  return flag != 0 ? scan : total_zeros + i - scan;
}

// Step 3, thread i.
SCANVIZ_HD inline void SplitScatterStep(const std::int32_t* in, const int* flags, const int* scan,
                                        int total_zeros, std::int32_t* out, int n, int i) {
  if (i < n) out[SplitDestination(flags[i], scan[i], total_zeros, i)] = in[i];
}

}  // namespace scanviz::applications
