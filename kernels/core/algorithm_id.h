// The algorithms ScanViz knows, as one list and the enum made from it: what a trace, a mistake and
// the registry name an algorithm by. Each has a driver (core/algorithms/<name>.h, gathered in
// core/algorithms/algorithms.h), a registry entry (core/algorithms/<name>.cpp), a teaching entry
// (app/teach/algorithms/<name>.cpp) and tests. Adding one: its files, its line below and its
// driver's include in core/algorithms/algorithms.h (docs/architecture.md).
//
// X(enum constant, driver namespace, CLI key)
#pragma once

#include <cstdint>

#define SCANVIZ_FOR_EACH_ALGORITHM(X)              \
  X(kHillisSteele, hillis_steele, "hillis-steele") \
  X(kBlelloch, blelloch, "blelloch")               \
  X(kWarpShuffle, warp_shuffle, "warp-shuffle")    \
  X(kSklansky, sklansky, "sklansky")

namespace scanviz {

#define SCANVIZ_ALGORITHM_ENUM(id, ns, key) id,
enum class Algorithm : std::uint8_t { SCANVIZ_FOR_EACH_ALGORITHM(SCANVIZ_ALGORITHM_ENUM) };
#undef SCANVIZ_ALGORITHM_ENUM
// Each algorithm is a term "+1" of the sum below, not an expression: it takes no parentheses.
#define SCANVIZ_ALGORITHM_COUNT(id, ns, key) +1  // NOLINT(bugprone-macro-parentheses)
inline constexpr int kAlgorithmCount = 0 SCANVIZ_FOR_EACH_ALGORITHM(SCANVIZ_ALGORITHM_COUNT);
#undef SCANVIZ_ALGORITHM_COUNT

}  // namespace scanviz
