// Rungs (a) and (b): the textbook three-phase scans, one element per thread, whose block-level scan
// is literally the per-thread step code the app teaches (kernels/core/scan_steps.h).
#include "core/ops.h"
#include "core/scan_steps.h"
#include "perf/perf_internal.cuh"
#include "perf/three_phase.cuh"

namespace scanviz::perf {
namespace {

// Best block size of each, measured on the H200 over 64..1024 (docs/bench/run4/tune_ab.log):
// 128 for both at n >= 2^20; Blelloch with its warp-synchronous tail (the best b of all variants).
constexpr int kHillisSteeleBlock = 128;
constexpr int kBlellochBlock = 128;
constexpr bool kBlellochWarpTail = true;

// One element per thread; the steps allow blockDim <= 1024. The ladder's rungs use the block size
// measured best on the H200 (variants a.64 ... a.1024, b.64 ... b.1024 and b.ws64 ... b.ws1024
// exist for that).

// (a) Hillis-Steele, double-buffered, log2(count) rounds, every thread busy in every round.
template <class Op, int kTextbookBlock, class T = typename Op::Value>
__global__ __launch_bounds__(kTextbookBlock) void HillisSteeleTileKernel(const T* in, T* out, int n,
                                                                         T* sums, bool inclusive) {
  __shared__ T buf[2][kTextbookBlock];
  const Op op;
  const int tid = threadIdx.x;
  const long long base = static_cast<long long>(blockIdx.x) * kTextbookBlock;
  const int count = static_cast<int>(min(static_cast<long long>(kTextbookBlock), n - base));
  LoadStep(in + base, count, buf[0], tid, op);
  __syncthreads();
  int pin = 0;
  for (int stride = 1; stride < count; stride *= 2) {
    HillisSteeleStep(buf[pin], buf[1 - pin], count, stride, tid, op);
    __syncthreads();
    pin = 1 - pin;
  }
  if (tid < count) {
    out[base + tid] = inclusive ? buf[pin][tid] : (tid == 0 ? Op::Identity() : buf[pin][tid - 1]);
  }
  if (sums != nullptr && tid == 0) sums[blockIdx.x] = buf[pin][count - 1];
}

// (b) Blelloch, one buffer, up-sweep / seed / down-sweep over the tile padded to a power of two.
// kWarpTail: the rounds in which at most 32 threads work (up-sweep strides >= padded/64, the seed
// and the matching down-sweep strides) are all done by warp 0 with __syncwarp() between them
// instead of a block-wide __syncthreads(): the same steps, in the same order, on the same indices,
// but only the threads that exchange data wait for each other (the 2*log2(tile)+1 barriers of the
// sweeps become 2*log2(tile/64)+1 for tiles of 64 or more: 15 -> 3 at 128 threads).
template <class Op, int kTextbookBlock, bool kWarpTail, class T = typename Op::Value>
__global__ __launch_bounds__(kTextbookBlock) void BlellochTileKernel(const T* in, T* out, int n,
                                                                     T* sums, bool inclusive) {
  __shared__ T buf[kTextbookBlock];
  __shared__ T total;
  const Op op;
  const int tid = threadIdx.x;
  const long long base = static_cast<long long>(blockIdx.x) * kTextbookBlock;
  const int count = static_cast<int>(min(static_cast<long long>(kTextbookBlock), n - base));
  const int padded = NextPowerOfTwo(count);
  if (tid < padded) LoadStep(in + base, count, buf, tid, op);
  const T mine = tid < count ? buf[tid] : Op::Identity();
  __syncthreads();
  if constexpr (kWarpTail) {
    // Round `stride` has padded / (2 * stride) working threads (tid < that).
    int stride = 1;
    for (; stride < padded && padded / (2 * stride) > 32; stride *= 2) {
      BlellochUpSweepStep(buf, padded, stride, tid, op);
      __syncthreads();
    }
    const int first_block_round = stride / 2;  // largest down-sweep stride that needs > 32 threads
    if (tid < 32) {
      for (; stride < padded; stride *= 2) {
        BlellochUpSweepStep(buf, padded, stride, tid, op);
        __syncwarp();
      }
      if (tid == 0) total = buf[padded - 1];
      BlellochSeedStep(buf, padded, tid, op);
      __syncwarp();
      for (int s = padded / 2; s > first_block_round; s /= 2) {
        BlellochDownSweepStep(buf, padded, s, tid, op);
        __syncwarp();
      }
    }
    __syncthreads();
    for (int s = first_block_round; s >= 1; s /= 2) {
      BlellochDownSweepStep(buf, padded, s, tid, op);
      __syncthreads();
    }
  } else {
    for (int stride = 1; stride < padded; stride *= 2) {
      BlellochUpSweepStep(buf, padded, stride, tid, op);
      __syncthreads();
    }
    if (tid == 0) total = buf[padded - 1];
    BlellochSeedStep(buf, padded, tid, op);
    __syncthreads();
    for (int stride = padded / 2; stride >= 1; stride /= 2) {
      BlellochDownSweepStep(buf, padded, stride, tid, op);
      __syncthreads();
    }
  }
  if (tid < count) out[base + tid] = inclusive ? op(buf[tid], mine) : buf[tid];
  if (sums != nullptr && tid == 0) sums[blockIdx.x] = total;
}

template <bool kHillisSteele, int kBlock, bool kWarpTail = false>
struct TextbookLauncher {
  template <class T>
  void operator()(const T* in, T* out, int n, T* sums, bool inclusive, int grid,
                  cudaStream_t stream) const {
    if (kHillisSteele) {
      HillisSteeleTileKernel<AddOp<T>, kBlock>
          <<<grid, kBlock, 0, stream>>>(in, out, n, sums, inclusive);
    } else {
      BlellochTileKernel<AddOp<T>, kBlock, kWarpTail>
          <<<grid, kBlock, 0, stream>>>(in, out, n, sums, inclusive);
    }
  }
};

template <bool kHillisSteele, int kTextbookBlock, bool kWarpTail = false>
class TextbookRung final : public Rung {
 public:
  explicit TextbookRung(std::string name)
      : name_(std::move(name)),
        description_(std::string(kHillisSteele ? "textbook Hillis-Steele" : "textbook Blelloch") +
                     " (scan_steps.h), 3 phases, 1 elem/thread, " + std::to_string(kTextbookBlock) +
                     "-thread tiles" +
                     (kWarpTail ? ", warp-synchronous rounds when <= 32 threads work" : "")) {}
  std::string Name() const override { return name_; }
  std::string Description() const override { return description_; }
  cudaError_t Run(const ScanArgs& a) override {
    if (a.type == Dtype::kInt32) return Go<std::int32_t>(a);
    return Go<float>(a);
  }

 private:
  template <class T>
  cudaError_t Go(const ScanArgs& a) {
    return ThreePhaseScan<AddOp<T>, kTextbookBlock>(
        ws_, static_cast<const T*>(a.in), static_cast<T*>(a.out), a.n, a.inclusive, a.stream, 0,
        TextbookLauncher<kHillisSteele, kTextbookBlock, kWarpTail>{});
  }
  std::string name_, description_;
  Workspace ws_;
};

}  // namespace

std::unique_ptr<Rung> MakeTextbookRung(const std::string& name) {
  if (name == "a") return std::make_unique<TextbookRung<true, kHillisSteeleBlock>>(name);
  if (name == "b")
    return std::make_unique<TextbookRung<false, kBlellochBlock, kBlellochWarpTail>>(name);
  if (name == "a.256") return std::make_unique<TextbookRung<true, 256>>(name);
  if (name == "a.512") return std::make_unique<TextbookRung<true, 512>>(name);
  if (name == "a.1024") return std::make_unique<TextbookRung<true, 1024>>(name);
  if (name == "b.256") return std::make_unique<TextbookRung<false, 256>>(name);
  if (name == "b.512") return std::make_unique<TextbookRung<false, 512>>(name);
  if (name == "b.1024") return std::make_unique<TextbookRung<false, 1024>>(name);
  if (name == "a.64") return std::make_unique<TextbookRung<true, 64>>(name);
  if (name == "a.128") return std::make_unique<TextbookRung<true, 128>>(name);
  if (name == "b.64") return std::make_unique<TextbookRung<false, 64>>(name);
  if (name == "b.128") return std::make_unique<TextbookRung<false, 128>>(name);
  if (name == "b.ws64") return std::make_unique<TextbookRung<false, 64, true>>(name);
  if (name == "b.ws128") return std::make_unique<TextbookRung<false, 128, true>>(name);
  if (name == "b.ws256") return std::make_unique<TextbookRung<false, 256, true>>(name);
  if (name == "b.ws512") return std::make_unique<TextbookRung<false, 512, true>>(name);
  if (name == "b.ws1024") return std::make_unique<TextbookRung<false, 1024, true>>(name);
  return nullptr;
}

}  // namespace scanviz::perf
