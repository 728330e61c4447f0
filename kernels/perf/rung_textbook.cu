// Rungs (a) and (b): the textbook three-phase scans, one element per thread, whose block-level scan
// is literally the per-thread step code the app teaches (kernels/core/scan_steps.h).
#include "core/ops.h"
#include "core/scan_steps.h"
#include "perf/perf_internal.cuh"
#include "perf/three_phase.cuh"

namespace scanviz::perf {
namespace {

// Best block size of each, measured on the H200 (docs/bench/run2/tune.log): 256 for both.
constexpr int kHillisSteeleBlock = 256;
constexpr int kBlellochBlock = 256;

// One element per thread; the steps allow blockDim <= 1024. The ladder's rungs use the block size
// measured best on the H200 (variants a.256/a.512/a.1024, b.256/b.512/b.1024 exist for that).

// (a) Hillis-Steele, double-buffered, log2(count) rounds, every thread busy in every round.
template <class Op, int kTextbookBlock, class T = typename Op::Value>
__global__ __launch_bounds__(kTextbookBlock) void HillisSteeleTileKernel(const T* in, T* out, int n, T* sums,
                                                                         bool inclusive) {
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
template <class Op, int kTextbookBlock, class T = typename Op::Value>
__global__ __launch_bounds__(kTextbookBlock) void BlellochTileKernel(const T* in, T* out, int n, T* sums,
                                                                     bool inclusive) {
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
  if (tid < count) out[base + tid] = inclusive ? op(buf[tid], mine) : buf[tid];
  if (sums != nullptr && tid == 0) sums[blockIdx.x] = total;
}

template <bool kHillisSteele, int kBlock>
struct TextbookLauncher {
  template <class T>
  void operator()(const T* in, T* out, int n, T* sums, bool inclusive, int grid, cudaStream_t stream) const {
    if (kHillisSteele) {
      HillisSteeleTileKernel<AddOp<T>, kBlock><<<grid, kBlock, 0, stream>>>(in, out, n, sums, inclusive);
    } else {
      BlellochTileKernel<AddOp<T>, kBlock><<<grid, kBlock, 0, stream>>>(in, out, n, sums, inclusive);
    }
  }
};

template <bool kHillisSteele, int kTextbookBlock>
class TextbookRung final : public Rung {
 public:
  explicit TextbookRung(std::string name)
      : name_(std::move(name)),
        description_(std::string(kHillisSteele ? "textbook Hillis-Steele" : "textbook Blelloch") +
                     " (scan_steps.h), 3 phases, 1 elem/thread, " + std::to_string(kTextbookBlock) +
                     "-thread tiles") {}
  std::string Name() const override { return name_; }
  std::string Description() const override { return description_; }
  cudaError_t Run(const ScanArgs& a) override {
    if (a.type == Dtype::kInt32) return Go<std::int32_t>(a);
    return Go<float>(a);
  }

 private:
  template <class T>
  cudaError_t Go(const ScanArgs& a) {
    return ThreePhaseScan<AddOp<T>, kTextbookBlock>(ws_, static_cast<const T*>(a.in), static_cast<T*>(a.out), a.n,
                                                    a.inclusive, a.stream, 0,
                                                    TextbookLauncher<kHillisSteele, kTextbookBlock>{});
  }
  std::string name_, description_;
  Workspace ws_;
};

}  // namespace

std::unique_ptr<Rung> MakeTextbookRung(const std::string& name) {
  if (name == "a") return std::make_unique<TextbookRung<true, kHillisSteeleBlock>>(name);
  if (name == "b") return std::make_unique<TextbookRung<false, kBlellochBlock>>(name);
  if (name == "a.256") return std::make_unique<TextbookRung<true, 256>>(name);
  if (name == "a.512") return std::make_unique<TextbookRung<true, 512>>(name);
  if (name == "a.1024") return std::make_unique<TextbookRung<true, 1024>>(name);
  if (name == "b.256") return std::make_unique<TextbookRung<false, 256>>(name);
  if (name == "b.512") return std::make_unique<TextbookRung<false, 512>>(name);
  if (name == "b.1024") return std::make_unique<TextbookRung<false, 1024>>(name);
  return nullptr;
}

}  // namespace scanviz::perf
