// The algorithms' drivers, one per line of the list in core/algorithm_id.h: each driver header
// holds its steps and round loop (core/algorithms/<name>.h), and code templated on the driver (the
// simulator, the CUDA kernels, the schedule) reaches it from an Algorithm here. Adding an
// algorithm: its files, its line in the list and its include below (docs/architecture.md).
#pragma once

#include "core/algorithm_id.h"
#include "core/algorithms/blelloch.h"
#include "core/algorithms/hillis_steele.h"
#include "core/algorithms/sklansky.h"
#include "core/algorithms/warp_shuffle.h"

namespace scanviz {

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
