// Blelloch's conflict-free addressing: one pad word after every 32, so that the cells a warp
// touches at strides of 16 and 32 fall into 32 different banks rather than one (the CUDA samples'
// CONFLICT_FREE_OFFSET, i >> 5). A driver whose steps index their buffer through `buf[i]` runs
// padded when the executor hands it this view instead of a plain pointer: the same steps, other
// addresses.
#pragma once

#include "core/hd.h"

namespace scanviz {

template <class T>
struct PaddedView {
  T* base;
  SCANVIZ_HD SCANVIZ_FORCEINLINE T& operator[](int i) const { return base[i + (i >> 5)]; }
};

// Cells a padded buffer of n cells occupies.
SCANVIZ_HD SCANVIZ_FORCEINLINE int PaddedCells(int n) {
  return n + (n >> 5);
}

}  // namespace scanviz
