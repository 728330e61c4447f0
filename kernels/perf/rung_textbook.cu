// Rungs (a) and (b): the textbook three-phase scans, one element per thread, whose block-level scan
// is the very round loop the app teaches: the drivers in core/algorithms/hillis_steele.h and
// blelloch.h, run here with an executor that records nothing.
#include "core/algorithms/blelloch.h"
#include "core/algorithms/hillis_steele.h"
#include "core/ops.h"
#include "perf/perf_internal.cuh"
#include "perf/three_phase.cuh"

namespace scanviz::perf {
namespace {

// Best block size of each, measured on the H200 over 64..1024 (docs/performance.md): 128 for both
// at n >= 2^20; Blelloch with its warp-synchronous tail (the best b of all variants).
constexpr int kHillisSteeleBlock = 128;
constexpr int kBlellochBlock = 128;
constexpr bool kBlellochWarpTail = true;

// The performance lab's executor (core/exec.h): each round is this thread's step and the barrier,
// nothing else; the actions the steps return are never stored, so they compile away. Shared
// arrays are kBlock cells apart. With kWarpTail, the rounds a driver puts in exec.Narrow (at most
// 32 threads work) run in warp 0 alone with __syncwarp() between them, and one block barrier
// after them: the same steps in the same order on the same indices, but only the threads that
// exchange data wait for each other, and the other warps skip those rounds altogether (the
// 2 log2(tile) + 1 barriers of Blelloch's sweeps become 2 log2(tile / 64) + 1 for tiles of 64
// or more: 15 -> 3 at 128 threads). With kKeepLoaded, each thread keeps the value it loaded
// (Loaded()), for an inclusive result and the tile's total.
template <class T, int kBlock, bool kWarpTail, bool kKeepLoaded>
class PerfExec {
 public:
  __device__ explicit PerfExec(T* smem) : m_smem(smem) {}
  __device__ T* Shared(int array) { return m_smem + array * kBlock; }
  __device__ T& Reg(int, int) { return m_reg; }
  __device__ T ShflUp(int, int, int delta, int width) {
    return __shfl_up_sync(0xffffffffu, m_reg, delta, width);
  }
  __device__ bool Wide(int working) const { return !kWarpTail || working > 32; }
  template <class F>
  __device__ void Narrow(F&& rounds) {
    if constexpr (kWarpTail) {
      if (threadIdx.x < 32) {
        m_narrow = true;
        rounds();
        m_narrow = false;
      }
      __syncthreads();
    } else {
      rounds();
    }
  }

  template <class F>
  __device__ void Round(const RoundSpec& spec, F&& step) {
    const int tid = static_cast<int>(threadIdx.x);
    step(tid);
    // The value a thread loaded stays with it (its own write: no barrier needed to read it).
    if (kKeepLoaded && spec.pin == kInputArray && tid < spec.working)
      m_loaded = Shared(spec.pout)[tid];
    if (kWarpTail && m_narrow) {
      __syncwarp();
    } else {
      __syncthreads();
    }
  }

  __device__ T Loaded() const { return m_loaded; }

 private:
  T* m_smem;
  T m_reg{};
  T m_loaded{};
  bool m_narrow = false;
};

// (a) Hillis-Steele, double-buffered, log2(count) rounds, every thread busy in every round.
template <class Op, int kTextbookBlock, class T = typename Op::Value>
__global__ __launch_bounds__(kTextbookBlock) void HillisSteeleTileKernel(const T* in, T* out, int n,
                                                                         T* sums, bool inclusive) {
  __shared__ T buf[2][kTextbookBlock];
  const int tid = threadIdx.x;
  const long long base = static_cast<long long>(blockIdx.x) * kTextbookBlock;
  const int count = static_cast<int>(min(static_cast<long long>(kTextbookBlock), n - base));
  PerfExec<T, kTextbookBlock, false, false> exec(&buf[0][0]);
  const T* result = exec.Shared(hillis_steele::Run(exec, in + base, count, false, Op{}));
  if (tid < count) {
    out[base + tid] = inclusive ? result[tid] : (tid == 0 ? Op::Identity() : result[tid - 1]);
  }
  if (sums != nullptr && tid == 0) sums[blockIdx.x] = result[count - 1];
}

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
  PerfExec<T, kTextbookBlock, kWarpTail, true> exec(buf);
  const T* result = exec.Shared(blelloch::Run(exec, in + base, count, false, op));
  if (tid < count) out[base + tid] = inclusive ? op(result[tid], exec.Loaded()) : result[tid];
  if (sums != nullptr && tid == count - 1) sums[blockIdx.x] = op(result[tid], exec.Loaded());
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
                     " (the app's driver), 3 phases, 1 elem/thread, " +
                     std::to_string(kTextbookBlock) + "-thread tiles" +
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
