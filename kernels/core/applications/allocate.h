// Parallel allocation: every thread asks for some cells of one shared pool, and one exclusive
// scan of the sizes hands each its own slice, with no lock and no atomic.
//
//   1. sizes:    flags[i] = size[i], the cells thread i asks for (>= 0)
//   2. scan:     offset[i] = the exclusive sum of the sizes: the cells every thread before it took.
//                The pool's size is the total, offset[n - 1] + size[n - 1]
//   3. fill:     thread i owns [offset[i], offset[i] + size[i]) and writes its index into each of
//                its cells: the pool records who owns what. The slices touch, never overlap
//
// The steps are __host__ __device__: the simulator and the CUDA kernels call them.
#pragma once

#include <cstdint>

#include "core/hd.h"

namespace scanviz::applications {

// Step 1, thread i: its request is its flag.
SCANVIZ_HD inline void AllocateSizeStep(const std::int32_t* sizes, int* flags, int n, int i) {
  if (i < n) flags[i] = sizes[i];
}

// Step 3, thread i: its slice of the pool, filled with its index.
SCANVIZ_HD inline void AllocateFillStep(const int* sizes, const int* offsets, std::int32_t* pool,
                                        int n, int i) {
  if (i >= n) return;
  for (int k = 0; k < sizes[i]; ++k) pool[offsets[i] + k] = i;
}

}  // namespace scanviz::applications
