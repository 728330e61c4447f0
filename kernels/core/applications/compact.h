// Stream compaction, the scan's first application: keep the elements a predicate accepts, in
// their order, packed to the front.
//
//   1. flag:     flags[i] = 1 if the predicate keeps input[i], else 0
//   2. scan:     scan = the exclusive sum of flags (the multi-block scan, core/grid/)
//   3. scatter:  a kept element goes to output[scan[i]]: its exclusive scan value counts the kept
//                elements before it, which is exactly where it belongs. The output's length is
//                the total, scan[n - 1] + flags[n - 1]
//
// The steps are __host__ __device__: the simulator (core/applications/applications.cpp) and the
// CUDA kernels (kernels/cuda/application_kernel.cu) call them, one thread per element.
#pragma once

#include <cstdint>

#include "core/applications/application_kind.h"
#include "core/hd.h"

namespace scanviz::applications {

// Whether --keep keeps x. Odd and even look at the lowest bit, so -3 is odd (x % 2 is -1 there);
// they are for int32 only (the registry refuses them on float32).
template <class T>
SCANVIZ_HD bool Keeps(T x, KeepKind keep, T threshold) {
  switch (keep) {
    case KeepKind::kOdd:
      return (static_cast<std::int64_t>(x) & 1) != 0;
    case KeepKind::kEven:
      return (static_cast<std::int64_t>(x) & 1) == 0;
    case KeepKind::kPositive:
      return x > T(0);
    case KeepKind::kGreater:
      return x > threshold;
    case KeepKind::kNonzero:
      break;
  }
  return x != T(0);
}

// Step 1, thread i: its flag.
template <class T>
SCANVIZ_HD void CompactFlagStep(const T* in, int* flags, int n, int i, KeepKind keep, T threshold) {
  if (i < n) flags[i] = Keeps(in[i], keep, threshold) ? 1 : 0;
}

// Step 3, thread i: a kept element writes itself to its destination, the others write nothing.
template <class T>
SCANVIZ_HD void CompactScatterStep(const T* in, const int* flags, const int* scan, T* out, int n,
                                   int i) {
  if (i < n && flags[i] != 0) out[scan[i]] = in[i];
}

}  // namespace scanviz::applications
