// Rung (a): the textbook Hillis-Steele scan, three phases (three_phase.cuh), one element per
// thread. Each tile is scanned by the app's own driver (core/algorithms/hillis_steele.h) run with
// the null sink (null_sink_exec.cuh): log2(tile) rounds, double-buffered, every thread busy in
// every round, O(n log n) work. The ladder's first rung: simple, and slow in the ways that the
// rungs after it remove.
#include <cuda_runtime.h>

#include "core/algorithms/hillis_steele.h"
#include "core/ops.h"
#include "perf/null_sink_exec.cuh"
#include "perf/perf_internal.cuh"
#include "perf/policies.h"
#include "perf/three_phase.cuh"

namespace scanviz::perf {
namespace {

// (a) Hillis-Steele, double-buffered, log2(count) rounds, every thread busy in every round.
template <class Op, int kTextbookBlock, class T = typename Op::Value>
__global__ __launch_bounds__(kTextbookBlock) void HillisSteeleTileKernel(const T* in, T* out, int n,
                                                                         T* sums, bool inclusive) {
  __shared__ T buf[2][kTextbookBlock];
  const int tid = threadIdx.x;
  const long long base = static_cast<long long>(blockIdx.x) * kTextbookBlock;
  const int count = static_cast<int>(min(static_cast<long long>(kTextbookBlock), n - base));
  NullSinkExec<T, kTextbookBlock, false, false> exec(&buf[0][0]);
  const T* result = exec.Shared(hillis_steele::Run(exec, in + base, count, false, Op{}));
  if (tid < count) {
    out[base + tid] = inclusive ? result[tid] : (tid == 0 ? Op::Identity() : result[tid - 1]);
  }
  if (sums != nullptr && tid == 0) sums[blockIdx.x] = result[count - 1];
}

template <TextbookPolicy P>
struct Launch {
  template <class T>
  void operator()(const T* in, T* out, int n, T* sums, bool inclusive, int grid,
                  cudaStream_t stream) const {
    HillisSteeleTileKernel<AddOp<T>, P.block>
        <<<grid, P.block, 0, stream>>>(in, out, n, sums, inclusive);
  }
};

template <TextbookPolicy P>
std::unique_ptr<Rung> Make(std::string name) {
  return MakeTyped<ThreePhaseRung<P.block, Launch<P>>>(
      std::move(name), "textbook Hillis-Steele (the app's driver), 3 phases, 1 elem/thread, " +
                           std::to_string(P.block) + "-thread tiles");
}

}  // namespace

std::unique_ptr<Rung> MakeHillisSteeleRung(const std::string& name) {
  if (name == "a") return Make<kHillisSteeleLadder>(name);
  return MakeRow<kHillisSteeleVariants.size()>(
      name, [](std::size_t i) { return VariantName('a', kHillisSteeleVariants[i]); },
      [&]<std::size_t I>() { return Make<kHillisSteeleVariants[I]>(name); });
}

}  // namespace scanviz::perf
