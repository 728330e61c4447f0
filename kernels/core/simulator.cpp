#include "core/simulator.h"

namespace scanviz {

Trace Simulate(const ScanRequest& request, const SimulatorOptions& options) {
  return DispatchAlgorithm(request.algorithm, [&](auto driver) {
    return DispatchOp(request.op, request.type, [&](auto op) {
      using T = typename decltype(op)::Value;
      TraceBuilder builder(request, BackendInfo{});
      const int n = builder.meta().n;
      std::vector<T> data(static_cast<size_t>(n));
      for (int i = 0; i < n; ++i) data[static_cast<size_t>(i)] = static_cast<T>(request.input[i]);
      SimulatorExec<T> exec(builder, options);
      decltype(driver)::Run(exec, data.data(), n, request.convert, op);
      return std::move(builder).Finish();
    });
  });
}

}  // namespace scanviz
