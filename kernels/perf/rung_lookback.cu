// Rung (e): single-pass chained scan with decoupled look-back (Merrill & Garland, 2016).
//
// One launch, one pass over the data (2n of traffic). Each block takes the next tile in start order
// (an atomic ticket, so every predecessor of a tile is already running: no deadlock whatever order
// the hardware dispatches blocks in), loads it with 16-byte vector loads, scans it in registers
// (tile_scan.cuh), and publishes its total in a per-tile status word:
//     [ epoch:30 | flag:2 ][ value:32 ]   flag 0 = not ready, 1 = aggregate (A), 2 = inclusive
//     prefix (P)
// written and read as one 64-bit relaxed access, so value and flag can never be seen torn and no
// fence is needed. Warp 0 then looks back over a window of 32 predecessors at once: it waits only
// until every predecessor above the nearest P is at least A, adds that window, and moves the window
// back only if no P was in it. It then publishes P for its own tile and the block stores its tile.
// The epoch (one per launch) makes stale words from earlier launches read as "not ready", so the
// status array never needs clearing: no init kernel, a single launch per scan.
#include "core/ops.h"
#include "perf/perf_internal.cuh"
#include "perf/tile_scan.cuh"

namespace scanviz::perf {
namespace {

constexpr unsigned kFlagA = 1u, kFlagP = 2u;

__device__ __forceinline__ unsigned long long LoadRelaxed(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void StoreRelaxed(unsigned long long* p, unsigned long long v) {
  asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
__device__ __forceinline__ unsigned ToBits(std::int32_t v) {
  return static_cast<unsigned>(v);
}
__device__ __forceinline__ unsigned ToBits(float v) {
  return __float_as_uint(v);
}
template <class T>
__device__ __forceinline__ T FromBits(unsigned b);
template <>
__device__ __forceinline__ std::int32_t FromBits<std::int32_t>(unsigned b) {
  return static_cast<std::int32_t>(b);
}
template <>
__device__ __forceinline__ float FromBits<float>(unsigned b) {
  return __uint_as_float(b);
}
template <class T>
__device__ __forceinline__ unsigned long long Pack(unsigned tag, T v) {
  return (static_cast<unsigned long long>(tag) << 32) | ToBits(v);
}

// Scans one loaded tile, chains it to its predecessors through the status words, and stores it.
// Called by all THREADS threads; uses two __syncthreads().
template <class Op, int THREADS, int V, bool INCLUSIVE, int BACKOFF, class T = typename Op::Value>
__device__ __forceinline__ void ChainTile(T (&x)[V][4], int tile, long long tile_base, int n,
                                          T* __restrict__ out,
                                          unsigned long long* __restrict__ status, unsigned epoch,
                                          T* warp_sums, T* tile_prefix) {
  using S = TileShape<T, THREADS, V>;
  const Op op;
  T vbase[V];
  const T warp_total = WarpScanRows<Op, V>(x, vbase);
  const int warp = threadIdx.x >> 5;
  const int lane = threadIdx.x & 31;
  if (lane == 0) warp_sums[warp] = warp_total;
  __syncthreads();
  if (warp == 0) {
    const T aggregate = WarpReduce<Op>(lane < S::kWarps ? warp_sums[lane] : Op::Identity());
    const unsigned tag = epoch << 2;
    T exclusive = Op::Identity();
    if (tile == 0) {
      if (lane == 0) StoreRelaxed(&status[0], Pack(tag | kFlagP, aggregate));
    } else {
      if (lane == 0) StoreRelaxed(&status[tile], Pack(tag | kFlagA, aggregate));
      int pos = tile - 1;  // the window is tiles pos-31 .. pos, lane 31 nearest
      while (true) {
        const int idx = pos - 31 + lane;
        unsigned flag;
        T val;
        unsigned pmask;
        while (true) {
          if (idx >= 0) {
            const unsigned long long w = LoadRelaxed(&status[idx]);
            const unsigned hi = static_cast<unsigned>(w >> 32);
            flag = (hi >> 2) == epoch ? (hi & 3u) : 0u;
            val = FromBits<T>(static_cast<unsigned>(w));
          } else {  // before tile 0: behaves as an inclusive prefix of nothing
            flag = kFlagP;
            val = Op::Identity();
          }
          pmask = __ballot_sync(kFullMask, flag == kFlagP);
          const unsigned xmask = __ballot_sync(kFullMask, flag == 0u);
          // Wait only for the tiles between the nearest P and us.
          const unsigned need = pmask ? (kFullMask << (31 - __clz(pmask))) : kFullMask;
          if ((xmask & need) == 0u) break;
          if constexpr (BACKOFF > 0) __nanosleep(BACKOFF);
        }
        const int lo = pmask ? 31 - __clz(pmask) : 0;
        const T window = WarpReduce<Op>(lane >= lo ? val : Op::Identity());
        exclusive = op(window, exclusive);
        if (pmask) break;
        pos -= 32;
      }
      if (lane == 0) StoreRelaxed(&status[tile], Pack(tag | kFlagP, op(exclusive, aggregate)));
    }
    if (lane == 0) *tile_prefix = exclusive;
  }
  __syncthreads();
  T prefix = *tile_prefix;
  for (int w = 0; w < warp; ++w) prefix = op(prefix, warp_sums[w]);
  ApplyPrefix<Op, INCLUSIVE, V>(x, vbase, prefix);
  StoreTile<THREADS, V>(out, tile_base, n, x);
}

// One tile per block (the ladder's "e" and its "e.t*" variants): the block waits for its ticket,
// its loads and its look-back in turn; the other resident blocks keep the memory system busy.
template <class Op, int THREADS, int V, bool INCLUSIVE, bool TICKET, int BACKOFF, int MINB,
          class T = typename Op::Value>
__global__ __launch_bounds__(THREADS, MINB) void LookbackScanKernel(
    const T* __restrict__ in, T* __restrict__ out, int n, unsigned long long* __restrict__ status,
    unsigned long long* ticket, unsigned long long ticket_base, unsigned epoch) {
  using S = TileShape<T, THREADS, V>;
  __shared__ T warp_sums[S::kWarps];
  __shared__ T tile_prefix;
  __shared__ int tile_slot;
  int tile;
  if constexpr (TICKET) {
    if (threadIdx.x == 0) tile_slot = static_cast<int>(atomicAdd(ticket, 1ull) - ticket_base);
    __syncthreads();
    tile = tile_slot;
  } else {
    tile = blockIdx.x;
  }
  const long long tile_base = static_cast<long long>(tile) * S::kTile;
  T x[V][4];
  LoadTile<Op, THREADS, V>(in, tile_base, n, x);
  ChainTile<Op, THREADS, V, INCLUSIVE, BACKOFF>(x, tile, tile_base, n, out, status, epoch,
                                                warp_sums, &tile_prefix);
}

// cp.async needs sm_80; the compute_75 PTX the project also embeds falls back to plain copies.
__device__ __forceinline__ void CpAsync16(void* smem, const void* gmem) {
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(s), "l"(gmem) : "memory");
#else
  *static_cast<int4*>(smem) = *static_cast<const int4*>(gmem);
#endif
}
__device__ __forceinline__ void CpAsyncCommit() {
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}
template <int N>
__device__ __forceinline__ void CpAsyncWait() {
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
#endif
}

// Persistent, software-pipelined ("e.p*" variants; measured slower than one tile per block, see
// docs/performance.md): a grid of exactly the blocks that fit on the GPU at once
// (so every tile's owner is running: no deadlock), block b scans tiles b, b+G, b+2G, ... in order,
// and each thread keeps its 16-byte loads for the next STAGES-1 tiles in flight (cp.async into its
// own shared-memory slots) while the block chains the current tile. Each thread reads back only
// the slots it filled, so the copies need no barrier, only cp.async.wait_group.
template <class Op, int THREADS, int V, int STAGES, bool INCLUSIVE, int BACKOFF,
          class T = typename Op::Value>
__global__ __launch_bounds__(THREADS) void PipelinedLookbackKernel(
    const T* __restrict__ in, T* __restrict__ out, int n, int tiles,
    unsigned long long* __restrict__ status, unsigned epoch) {
  using S = TileShape<T, THREADS, V>;
  using V4 = typename Vec4Of<T>::Type;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  V4* stages = reinterpret_cast<V4*>(smem_raw);  // STAGES x V x THREADS vectors
  __shared__ T warp_sums[S::kWarps];
  __shared__ T tile_prefix;
  const int grid = gridDim.x;
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  auto issue = [&](int k) {
    const int t = blockIdx.x + k * grid;
    if (t < tiles && static_cast<long long>(t + 1) * S::kTile <= n) {
      const V4* src = reinterpret_cast<const V4*>(in + static_cast<long long>(t) * S::kTile +
                                                  static_cast<long long>(warp) * S::kWarpElems) +
                      lane;
      V4* dst = stages + (k % STAGES) * (V * THREADS) + threadIdx.x;
#pragma unroll
      for (int j = 0; j < V; ++j) CpAsync16(dst + j * THREADS, src + j * 32);
    }
    CpAsyncCommit();  // possibly empty: keeps one group per tile
  };
#pragma unroll
  for (int k = 0; k < STAGES - 1; ++k) issue(k);
  for (int k = 0;; ++k) {
    const int tile = blockIdx.x + k * grid;
    if (tile >= tiles) break;
    issue(k + STAGES - 1);
    CpAsyncWait<STAGES - 1>();  // this tile's group has landed
    const long long tile_base = static_cast<long long>(tile) * S::kTile;
    T x[V][4];
    if (tile_base + S::kTile <= n) {
      const V4* src = stages + (k % STAGES) * (V * THREADS) + threadIdx.x;
#pragma unroll
      for (int j = 0; j < V; ++j) {
        const V4 v = src[j * THREADS];
        x[j][0] = v.x;
        x[j][1] = v.y;
        x[j][2] = v.z;
        x[j][3] = v.w;
      }
    } else {
      LoadTile<Op, THREADS, V>(in, tile_base, n, x);
    }
    ChainTile<Op, THREADS, V, INCLUSIVE, BACKOFF>(x, tile, tile_base, n, out, status, epoch,
                                                  warp_sums, &tile_prefix);
    __syncthreads();  // warp_sums and tile_prefix are reused by the next tile
  }
  CpAsyncWait<0>();
}

template <int THREADS, int V, int STAGES, int BACKOFF>
class PipelinedLookbackRung final : public Rung {
 public:
  explicit PipelinedLookbackRung(std::string name) : name_(std::move(name)) {}
  std::string Name() const override { return name_; }
  std::string Description() const override {
    return "single-pass decoupled look-back, persistent, " + std::to_string(THREADS) + " thr x " +
           std::to_string(4 * V) + " elem, 16B ld/st, cp.async " + std::to_string(STAGES) +
           "-stage prefetch" +
           (BACKOFF ? ", backoff " + std::to_string(BACKOFF) + "ns" : std::string());
  }
  cudaError_t Run(const ScanArgs& a) override {
    if (a.type == Dtype::kInt32) {
      return a.inclusive ? Go<std::int32_t, true>(a) : Go<std::int32_t, false>(a);
    }
    return a.inclusive ? Go<float, true>(a) : Go<float, false>(a);
  }

 private:
  template <class T, bool INCLUSIVE>
  cudaError_t Go(const ScanArgs& a) {
    using Op = AddOp<T>;
    constexpr int kTile = TileShape<T, THREADS, V>::kTile;
    constexpr int kSmem = STAGES * kTile * static_cast<int>(sizeof(T));
    auto kernel = PipelinedLookbackKernel<Op, THREADS, V, STAGES, INCLUSIVE, BACKOFF>;
    if (a.n <= 0) return cudaSuccess;
    int& resident = resident_[(a.type == Dtype::kInt32 ? 0 : 2) + (INCLUSIVE ? 0 : 1)];
    if (resident ==
        0) {  // once per instantiation: raise the smem limit, size the grid to fit the GPU
      SCANVIZ_PERF_TRY(
          cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmem));
      int device = 0, sms = 0, per_sm = 0;
      SCANVIZ_PERF_TRY(cudaGetDevice(&device));
      SCANVIZ_PERF_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
      SCANVIZ_PERF_TRY(
          cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, THREADS, kSmem));
      if (per_sm < 1) return cudaErrorInvalidConfiguration;
      resident = per_sm * sms;
    }
    const int tiles = (a.n + kTile - 1) / kTile;
    void* status = nullptr;
    SCANVIZ_PERF_TRY(ws_.Get(0, sizeof(unsigned long long) * tiles, &status, /*zero_new=*/true));
    ++epoch_;
    const int grid = tiles < resident ? tiles : resident;
    kernel<<<grid, THREADS, kSmem, a.stream>>>(static_cast<const T*>(a.in), static_cast<T*>(a.out),
                                               a.n, tiles, static_cast<unsigned long long*>(status),
                                               epoch_);
    return LastLaunchError();
  }
  std::string name_;
  Workspace ws_;
  unsigned epoch_ = 0;
  int resident_[4] = {0, 0, 0, 0};
};

template <int THREADS, int V, bool TICKET, int BACKOFF, int MINB = 1>
class LookbackRung final : public Rung {
 public:
  explicit LookbackRung(std::string name) : name_(std::move(name)) {}
  std::string Name() const override { return name_; }
  std::string Description() const override {
    return "single-pass decoupled look-back, " + std::to_string(THREADS) + " thr x " +
           std::to_string(4 * V) + " elem, 16B ld/st, " + (TICKET ? "ticket" : "blockIdx") +
           " order" + (BACKOFF ? ", backoff " + std::to_string(BACKOFF) + "ns" : std::string()) +
           (MINB > 1 ? ", >=" + std::to_string(MINB) + " blocks/SM" : std::string());
  }
  cudaError_t Run(const ScanArgs& a) override {
    if (a.type == Dtype::kInt32) return Go<std::int32_t>(a);
    return Go<float>(a);
  }

 private:
  template <class T>
  cudaError_t Go(const ScanArgs& a) {
    using Op = AddOp<T>;
    constexpr int kTile = TileShape<T, THREADS, V>::kTile;
    if (a.n <= 0) return cudaSuccess;
    const int tiles = (a.n + kTile - 1) / kTile;
    void* status = nullptr;
    void* ticket = nullptr;
    SCANVIZ_PERF_TRY(ws_.Get(0, sizeof(unsigned long long) * tiles, &status, /*zero_new=*/true));
    SCANVIZ_PERF_TRY(ws_.Get(1, sizeof(unsigned long long), &ticket, /*zero_new=*/true));
    ++epoch_;
    const T* in = static_cast<const T*>(a.in);
    T* out = static_cast<T*>(a.out);
    auto* st = static_cast<unsigned long long*>(status);
    auto* tk = static_cast<unsigned long long*>(ticket);
    if (a.inclusive) {
      LookbackScanKernel<Op, THREADS, V, true, TICKET, BACKOFF, MINB>
          <<<tiles, THREADS, 0, a.stream>>>(in, out, a.n, st, tk, ticket_base_, epoch_);
    } else {
      LookbackScanKernel<Op, THREADS, V, false, TICKET, BACKOFF, MINB>
          <<<tiles, THREADS, 0, a.stream>>>(in, out, a.n, st, tk, ticket_base_, epoch_);
    }
    if (TICKET) ticket_base_ += static_cast<unsigned long long>(tiles);
    return LastLaunchError();
  }
  std::string name_;
  Workspace ws_;
  unsigned epoch_ = 0;  // 30 bits used; one per launch
  unsigned long long ticket_base_ = 0;
};

}  // namespace

std::vector<std::string> LookbackVariantNames() {
  std::vector<std::string> names = {"e",          "e.v1",       "e.bid",      "e.lb8",
                                    "e.t256v4",   "e.t128v4",   "e.t512v4",   "e.p256v4s4",
                                    "e.p256v4s3", "e.p128v8s3", "e.p128v4s4", "e.p256v2s6",
                                    "e.p512v4s3", "e.p256v4s4b"};
  for (const auto& v : SinglePassVariantNames()) names.push_back(v);
  return names;
}

std::unique_ptr<Rung> MakeLookbackRung(const std::string& name) {
  // The first-generation ladder rung (runs 1-3): one register tile of 128 threads x 32 elements per
  // block, ticket order. The ladder's "e" is now in rung_singlepass.cu.
  if (name == "e.v1") return std::make_unique<LookbackRung<128, 8, true, 0>>(name);
  if (name == "e.bid") return std::make_unique<LookbackRung<128, 8, false, 0>>(name);
  if (name == "e.lb8") return std::make_unique<LookbackRung<128, 8, true, 0, 8>>(name);
  if (name == "e.t256v4") return std::make_unique<LookbackRung<256, 4, true, 0>>(name);
  if (name == "e.t128v4") return std::make_unique<LookbackRung<128, 4, true, 0>>(name);
  if (name == "e.t512v4") return std::make_unique<LookbackRung<512, 4, true, 0>>(name);
  if (name == "e.p256v4s4") return std::make_unique<PipelinedLookbackRung<256, 4, 4, 0>>(name);
  if (name == "e.p256v4s3") return std::make_unique<PipelinedLookbackRung<256, 4, 3, 0>>(name);
  if (name == "e.p128v8s3") return std::make_unique<PipelinedLookbackRung<128, 8, 3, 0>>(name);
  if (name == "e.p128v4s4") return std::make_unique<PipelinedLookbackRung<128, 4, 4, 0>>(name);
  if (name == "e.p256v2s6") return std::make_unique<PipelinedLookbackRung<256, 2, 6, 0>>(name);
  if (name == "e.p512v4s3") return std::make_unique<PipelinedLookbackRung<512, 4, 3, 0>>(name);
  if (name == "e.p256v4s4b") return std::make_unique<PipelinedLookbackRung<256, 4, 4, 32>>(name);
  return MakeSinglePassRung(name);
}

}  // namespace scanviz::perf
