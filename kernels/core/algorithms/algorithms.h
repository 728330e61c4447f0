// The algorithms ScanViz knows: each has a driver header (its steps and round loop, here), a
// registry entry (core/algorithms/<name>.cpp), a teaching entry (app/teach/algorithms/<name>.cpp)
// and tests. Adding one: its files, plus its include and its line below (docs/architecture.md).
//
// X(enum constant, driver namespace, CLI key)
#pragma once

#include <cstdint>

#include "core/algorithms/blelloch.h"
#include "core/algorithms/hillis_steele.h"
#include "core/algorithms/sklansky.h"
#include "core/algorithms/warp_shuffle.h"

#define SCANVIZ_FOR_EACH_ALGORITHM(X)              \
  X(kHillisSteele, hillis_steele, "hillis-steele") \
  X(kBlelloch, blelloch, "blelloch")               \
  X(kWarpShuffle, warp_shuffle, "warp-shuffle")    \
  X(kSklansky, sklansky, "sklansky")

namespace scanviz {

#define SCANVIZ_ALGORITHM_ENUM(id, ns, key) id,
enum class Algorithm : std::uint8_t { SCANVIZ_FOR_EACH_ALGORITHM(SCANVIZ_ALGORITHM_ENUM) };
#undef SCANVIZ_ALGORITHM_ENUM

#define SCANVIZ_ALGORITHM_COUNT(id, ns, key) +1
inline constexpr int kAlgorithmCount = 0 SCANVIZ_FOR_EACH_ALGORITHM(SCANVIZ_ALGORITHM_COUNT);
#undef SCANVIZ_ALGORITHM_COUNT

// One type per algorithm whose static Run is its driver, for code templated on the driver (the
// simulator, the CUDA kernel).
namespace drivers {
#define SCANVIZ_ALGORITHM_DRIVER(id, ns, key)                                          \
  struct ns {                                                                          \
    static constexpr Algorithm kId = Algorithm::id;                                    \
    template <class Op, class Exec, class T>                                           \
    SCANVIZ_HD static int Run(Exec& exec, const T* data, int n, bool convert, Op op) { \
      return ::scanviz::ns::Run(exec, data, n, convert, op);                           \
    }                                                                                  \
  };
SCANVIZ_FOR_EACH_ALGORITHM(SCANVIZ_ALGORITHM_DRIVER)
#undef SCANVIZ_ALGORITHM_DRIVER
}  // namespace drivers

// Calls f(driver) with the driver type of `a`: the one switch over algorithms.
template <class F>
decltype(auto) DispatchAlgorithm(Algorithm a, F&& f) {
  switch (a) {
#define SCANVIZ_ALGORITHM_CASE(id, ns, key) \
  case Algorithm::id:                       \
    return f(drivers::ns{});
    SCANVIZ_FOR_EACH_ALGORITHM(SCANVIZ_ALGORITHM_CASE)
#undef SCANVIZ_ALGORITHM_CASE
  }
  return f(drivers::hillis_steele{});
}

}  // namespace scanviz
