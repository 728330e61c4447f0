// Rung (b): the textbook Blelloch scan, three phases (three_phase.cuh), one element per thread.
// What changes from (a): the work. Each tile is scanned by the app's own driver
// (core/algorithms/blelloch.h) with the null sink: an up-sweep and a down-sweep over one buffer,
// O(n) work instead of O(n log n). It is nonetheless slower than (a) on a GPU: twice the rounds,
// most of them with few threads working and every one ending in a block-wide barrier, and the
// tree's strided indices conflict in the shared-memory banks (docs/performance.md). With the
// warp-synchronous tail (policies.h) the rounds in which at most 32 threads work run in warp 0
// alone, with __syncwarp() between them.
#include <cuda_runtime.h>

#include "core/algorithms/blelloch.h"
#include "core/ops.h"
#include "perf/null_sink_exec.cuh"
#include "perf/perf_internal.cuh"
#include "perf/policies.h"
#include "perf/three_phase.cuh"

namespace scanviz::perf {
namespace {

// (b) Blelloch, one buffer, up-sweep / seed / down-sweep over the tile padded to a power of two.
// The tile's total is its exclusive prefix at the last element combined with that element.
template <class Op, int kTextbookBlock, bool kWarpTail, class T = typename Op::Value>
__global__ __launch_bounds__(kTextbookBlock) void BlellochTileKernel(const T* in, T* out, int n,
                                                                     T* sums, bool inclusive) {
  __shared__ T buf[kTextbookBlock];
  const Op op;
  const int tid = threadIdx.x;
  const long long base = static_cast<long long>(blockIdx.x) * kTextbookBlock;
  const int count = static_cast<int>(min(static_cast<long long>(kTextbookBlock), n - base));
  NullSinkExec<T, kTextbookBlock, kWarpTail, true> exec(buf);
  const T* result = exec.Shared(blelloch::Run(exec, in + base, count, false, op));
  if (tid < count) out[base + tid] = inclusive ? op(result[tid], exec.Loaded()) : result[tid];
  if (sums != nullptr && tid == count - 1) sums[blockIdx.x] = op(result[tid], exec.Loaded());
}

template <TextbookPolicy P>
struct Launch {
  template <class T>
  void operator()(const T* in, T* out, int n, T* sums, bool inclusive, int grid,
                  cudaStream_t stream) const {
    BlellochTileKernel<AddOp<T>, P.block, P.warp_tail>
        <<<grid, P.block, 0, stream>>>(in, out, n, sums, inclusive);
  }
};

template <TextbookPolicy P>
std::unique_ptr<Rung> Make(std::string name) {
  return MakeTyped<ThreePhaseRung<P.block, Launch<P>>>(
      std::move(name),
      "textbook Blelloch (the app's driver), 3 phases, 1 elem/thread, " + std::to_string(P.block) +
          "-thread tiles" +
          (P.warp_tail ? ", warp-synchronous rounds when <= 32 threads work" : ""));
}

}  // namespace

std::unique_ptr<Rung> MakeBlellochRung(const std::string& name) {
  if (name == "b") return Make<kBlellochLadder>(name);
  return MakeRow<kBlellochVariants.size()>(
      name, [](std::size_t i) { return VariantName('b', kBlellochVariants[i]); },
      [&]<std::size_t I>() { return Make<kBlellochVariants[I]>(name); });
}

}  // namespace scanviz::perf
