// The applications of the scan (core/applications/applications.h) and what one pass of each
// computes, as plain values a kernel can take by value: no std::string, no vector, so the CUDA
// kernels and the simulator call the same steps with the same description of the pass.
#pragma once

#include <cstdint>

namespace scanviz {

enum class ApplicationKind : std::uint8_t { kCompact, kSplit, kRadixSort, kAllocate };

// Stream compaction's predicates (--keep).
enum class KeepKind : std::uint8_t { kOdd, kEven, kPositive, kNonzero, kGreater };

// One pass of an application, for its two per-thread steps: the flag step (the predicate, the
// inverted bit, or the size) and the scatter step. T is the element type of the data.
template <class T>
struct PassSpec {
  ApplicationKind application = ApplicationKind::kCompact;
  KeepKind keep = KeepKind::kNonzero;  // compact
  T threshold = T(0);                  // compact, keep greater:K
  int bit = 0;                         // split and radix sort: the bit this pass splits on
};

}  // namespace scanviz
