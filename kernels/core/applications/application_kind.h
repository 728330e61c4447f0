// The applications of the scan (core/applications/applications.h) and what one pass of each
// computes, as plain values a kernel can take by value: no std::string, no vector, so the CUDA
// kernels and the simulator call the same steps with the same description of the pass.
#pragma once

#include <cstdint>

namespace scanviz {

// Every application, in registry order: its enumerator and the name of its entry
// (core/applications/<name>.cpp defines k_<name>_application). A new application is a line here
// and its entry; the registries of the other layers (scene, CLI, app) expand this list too.
#define SCANVIZ_FOR_EACH_APPLICATION(X) \
  X(kCompact, compact)                  \
  X(kSplit, split)                      \
  X(kRadixSort, radix_sort)             \
  X(kAllocate, allocate)

#define SCANVIZ_APPLICATION_ENUM(id, ns) id,
enum class ApplicationKind : std::uint8_t {
  SCANVIZ_FOR_EACH_APPLICATION(SCANVIZ_APPLICATION_ENUM)
};
#undef SCANVIZ_APPLICATION_ENUM

// Stream compaction's predicates (--keep).
enum class KeepKind : std::uint8_t { kOdd, kEven, kPositive, kNonzero, kGreater };

// One pass of an application, for its two per-thread steps: the flag step (the predicate, the
// inverted bit, or the size) and the scatter step. T is the element type of the data.
template <class T>
struct PassSpec {
  ApplicationKind application{};       // the first: compaction
  KeepKind keep = KeepKind::kNonzero;  // compact
  T threshold = T(0);                  // compact, keep greater:K
  int bit = 0;                         // split and radix sort: the bit this pass splits on
};

}  // namespace scanviz
