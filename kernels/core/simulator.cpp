#include "core/simulator.h"

#include <algorithm>
#include <numeric>
#include <random>

#include "core/scan_steps.h"
#include "core/trace_builder.h"

namespace scanviz {
namespace {

template <class Op>
Trace SimulateTyped(const ScanRequest& request, const SimulatorOptions& options, Op op) {
  using T = typename Op::Value;
  TraceBuilder builder(request, BackendInfo{});
  const TraceMeta& meta = builder.meta();
  const int n = meta.n;
  const int padded = meta.padded_n;

  std::vector<T> data(n);
  for (int i = 0; i < n; ++i) data[i] = static_cast<T>(request.input[i]);
  // Shared memory, [buffer][cell]. Hillis-Steele's second buffer starts as garbage on the GPU;
  // here it starts as zeros, and the builder marks it undefined until written either way.
  std::vector<T> smem(static_cast<size_t>(meta.buffer_count) * padded, T(0));
  std::vector<ThreadAction> actions(meta.block_size);

  std::vector<int> order(meta.block_size);
  std::iota(order.begin(), order.end(), 0);
  if (options.order == ThreadOrder::kDescending) std::reverse(order.begin(), order.end());
  std::mt19937_64 rng(options.seed);

  for (const RoundSpec& spec : builder.schedule()) {
    if (options.order == ThreadOrder::kShuffled) std::shuffle(order.begin(), order.end(), rng);
    T* pin = spec.pin >= 0 ? smem.data() + static_cast<size_t>(spec.pin) * padded : nullptr;
    T* pout = smem.data() + static_cast<size_t>(spec.pout) * padded;
    // Every thread finishes its step before the round is recorded: that is the barrier.
    for (int tid : order) {
      ThreadAction& a = actions[tid];
      switch (spec.phase) {
        case Phase::kLoad:
          a = LoadStep(data.data(), n, pout, tid, op);
          break;
        case Phase::kScan:
          a = HillisSteeleStep(pin, pout, n, spec.stride, tid, op);
          break;
        case Phase::kUpSweep:
          a = BlellochUpSweepStep(pout, padded, spec.stride, tid, op);
          break;
        case Phase::kSeed:
          a = BlellochSeedStep(pout, padded, tid, op);
          break;
        case Phase::kDownSweep:
          a = BlellochDownSweepStep(pout, padded, spec.stride, tid, op);
          break;
        case Phase::kConvert:
          a = meta.algorithm == Algorithm::kHillisSteele
                  ? HillisSteeleToExclusiveStep(pin, pout, n, tid, op)
                  : BlellochToInclusiveStep(pout, data.data(), n, tid, op);
          break;
      }
    }
    builder.AddRound(smem.data(), actions.data());
  }
  return std::move(builder).Finish();
}

}  // namespace

Trace Simulate(const ScanRequest& request, const SimulatorOptions& options) {
  return DispatchOp(request.op, request.type,
                    [&](auto op) { return SimulateTyped(request, options, op); });
}

}  // namespace scanviz
