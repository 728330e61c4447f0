// The two per-thread steps of an application's pass, picked by its PassSpec: what the flag kernel
// and the scatter kernel (kernels/cuda/application_kernel.cu) and the simulator (applications.cpp)
// call for thread i. Each application's own steps are in its header; this only dispatches.
#pragma once

#include <cstdint>
#include <type_traits>

#include "core/applications/allocate.h"
#include "core/applications/application_kind.h"
#include "core/applications/compact.h"
#include "core/applications/radix_sort.h"
#include "core/applications/split.h"
#include "core/hd.h"

namespace scanviz::applications {

// Step 1 of a pass: thread i's flag (compact: kept; split and radix sort: the inverted bit;
// allocate: its size). Split, radix sort and allocate run on int32 only.
template <class T>
SCANVIZ_HD void FlagStep(const PassSpec<T>& spec, const T* in, int* flags, int n, int i) {
  if (spec.application == ApplicationKind::kCompact) {
    CompactFlagStep(in, flags, n, i, spec.keep, spec.threshold);
    return;
  }
  if constexpr (std::is_same_v<T, std::int32_t>) {
    if (spec.application == ApplicationKind::kAllocate) {
      AllocateSizeStep(in, flags, n, i);
    } else {
      SplitFlagStep(in, flags, n, i, spec.bit);
    }
  }
}

// Step 3 of a pass: thread i's writes, from its flag, its scan value and the scan's total.
template <class T>
SCANVIZ_HD void ScatterStep(const PassSpec<T>& spec, const T* in, const int* flags, const int* scan,
                            int total, T* out, int n, int i) {
  if (spec.application == ApplicationKind::kCompact) {
    CompactScatterStep(in, flags, scan, out, n, i);
    return;
  }
  if constexpr (std::is_same_v<T, std::int32_t>) {
    if (spec.application == ApplicationKind::kAllocate) {
      AllocateFillStep(flags, scan, out, n, i);
    } else {
      SplitScatterStep(in, flags, scan, total, out, n, i);
    }
  }
}

}  // namespace scanviz::applications
