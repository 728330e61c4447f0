// A rank's shard, scanned and reduced on its GPU, and the strategy's phases in order: what every
// job of a rank (trace, check, bench) runs. The shard's scan is the performance lab's rung e, the
// very kernels `scanviz-cli bench` measures (perf/single_pass_scan.cuh), here open to a prefix
// carried in front of the shard (reduce, then scan) and to every operator of the lab: add through
// e's size dispatch, max, min and last through its middle kernel (one kernel each keeps the build
// short; they are not what the bench times). A shard longer than e's int count is scanned in
// chunks of 2^30, each carrying the one before's total in.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/multi_gpu/multi_gpu.h"
#include "cuda/multi_gpu/nccl_session.h"
#include "cuda/multi_gpu/shard_kernels.cuh"
#include "perf/perf_internal.cuh"
#include "perf/single_pass_scan.cuh"

namespace scanviz::multi_gpu {

// The scan class that runs an operator: e for add, e's middle kernel for the others.
template <class Op>
struct ShardScanOf;
template <class T>
struct ShardScanOf<AddOp<T>> {
  using Type = perf::BandedScan<AddOp>;
};
template <class T>
struct ShardScanOf<MaxOp<T>> {
  using Type = perf::SinglePassScan<perf::VariantIndex(perf::kSinglePassMiddle), MaxOp>;
};
template <class T>
struct ShardScanOf<MinOp<T>> {
  using Type = perf::SinglePassScan<perf::VariantIndex(perf::kSinglePassMiddle), MinOp>;
};
template <class T>
struct ShardScanOf<LastOp<T>> {
  using Type = perf::SinglePassScan<perf::VariantIndex(perf::kSinglePassMiddle), LastOp>;
};

inline constexpr long long kChunk = 1LL << 30;  // e's n is an int

inline std::string Cuda(const char* what, cudaError_t e) {
  return e == cudaSuccess
             ? ""
             : std::string(what) + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")";
}

// Every member is defined in shard_scan.cu alone and compiled there once per operator (extern
// below), the constructor too: a kernel's attributes (e's dynamic shared memory, which
// SinglePassScan sets once per scanner) belong to the module of the .cu file that set them, and a
// copy of the kernel compiled into another .cu file has none. When rank_bench.cu inlined Scan, its
// own copy of e's large kernel launched without them: cudaErrorInvalidValue at n = 2^24.
template <class Op>
class ShardScanner {
 public:
  using T = typename Op::Value;

  ShardScanner();
  ~ShardScanner();
  ShardScanner(const ShardScanner&) = delete;
  ShardScanner& operator=(const ShardScanner&) = delete;

  // out = the scan of in[0, m), with *carry (device) in front when carry is not null.
  cudaError_t Scan(const T* in, T* out, long long m, bool inclusive, const T* carry,
                   cudaStream_t stream);
  // *total = in[0] op ... op in[m - 1], in order (the identity when m = 0).
  cudaError_t Reduce(const T* in, long long m, T* total, cudaStream_t stream);
  cudaError_t AddOffset(T* out, long long m, const T* offset, cudaStream_t stream);

 private:
  typename ShardScanOf<Op>::Type scan_;
  perf::Workspace ws_;  // 0: the chunks' carries, 1: the reduce's partials
};

// What the strategy's phases mark between them: a %globaltimer stamp per boundary (the trace),
// or nothing (the check, the bench's end-to-end times, which events bracket).
struct Stamps {
  unsigned long long* slots = nullptr;  // device; kMaxStamps
  int next = 0;
  static constexpr int kMaxStamps = 8;
  void Mark(cudaStream_t stream) {
    if (slots != nullptr && next < kMaxStamps) StampKernel<<<1, 1, 0, stream>>>(slots + next++);
  }
};

// The device buffers of a rank's exchange: its total, the gathered totals, its offset.
template <class T>
struct Exchange {
  T* total = nullptr;     // 1
  T* gathered = nullptr;  // P
  T* offset = nullptr;    // 1
};

// One run of the strategy on this rank's shard (everything enqueued on `stream`, the all-gather
// too; nothing waited on). The phases, in order, as core/multi_gpu/multi_gpu.h names them:
//   scan, then add:    scan (with the total) | all-gather | offset | add
//   reduce, then scan: reduce | all-gather | offset | scan (the offset carried in)
// stamps->Mark after each phase: the caller marks the origin before the first.
template <class Op, class T = typename Op::Value>
std::string RunStrategy(MultiGpuStrategy strategy, int rank, int ranks, const T* in, T* out,
                        long long m, bool inclusive, ShardScanner<Op>& scanner,
                        const Exchange<T>& x, NcclSession& nccl, cudaStream_t stream,
                        Stamps* stamps);

// Every operator and type of the lab, compiled once (shard_scan.cu) for the jobs that use them.
#define SCANVIZ_SHARD_OPS(X)                                                         \
  X(AddOp<std::int32_t>, std::int32_t)                                               \
  X(AddOp<float>, float) X(MaxOp<std::int32_t>, std::int32_t) X(MaxOp<float>, float) \
      X(MinOp<std::int32_t>, std::int32_t) X(MinOp<float>, float)                    \
          X(LastOp<std::int32_t>, std::int32_t) X(LastOp<float>, float)
#define SCANVIZ_SHARD_DECLARE(prefix, Op, T)                                        \
  prefix template class ShardScanner<Op>;                                           \
  prefix template std::string RunStrategy<Op, T>(                                   \
      MultiGpuStrategy, int, int, const T*, T*, long long, bool, ShardScanner<Op>&, \
      const Exchange<T>&, NcclSession&, cudaStream_t, Stamps*);
#define SCANVIZ_SHARD_INSTANTIATION(Op, T) SCANVIZ_SHARD_DECLARE(, Op, T)
#define SCANVIZ_SHARD_EXTERN(Op, T) SCANVIZ_SHARD_DECLARE(extern, Op, T)
#if !defined(SCANVIZ_SHARD_SCAN_INSTANTIATE)
SCANVIZ_SHARD_OPS(SCANVIZ_SHARD_EXTERN)
#endif

}  // namespace scanviz::multi_gpu
