// The Hopper copy engine from a kernel: cp.async.bulk copies global memory into shared memory and
// counts the bytes on an mbarrier, so one thread can start a whole tile's load and every thread
// wait for it. The bytes in flight are then bounded by shared memory (228 KB per SM), not by
// registers. Below sm_90 (the compute_75 PTX the project also embeds) these compile to nothing
// and kBulkCopy is false: the caller copies with plain loads instead.
#pragma once

namespace scanviz::perf {

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define SCANVIZ_PERF_BULK 1
#else
#define SCANVIZ_PERF_BULK 0
#endif
inline constexpr bool kBulkCopy = SCANVIZ_PERF_BULK;

#if SCANVIZ_PERF_BULK
__device__ __forceinline__ unsigned SmemAddr(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
#endif

__device__ __forceinline__ void MbarInit([[maybe_unused]] unsigned long long* bar,
                                         [[maybe_unused]] unsigned count) {
#if SCANVIZ_PERF_BULK
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(SmemAddr(bar)), "r"(count)
               : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#endif
}

__device__ __forceinline__ void MbarExpectTx([[maybe_unused]] unsigned long long* bar,
                                             [[maybe_unused]] unsigned bytes) {
#if SCANVIZ_PERF_BULK
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(SmemAddr(bar)),
               "r"(bytes)
               : "memory");
#endif
}

__device__ __forceinline__ void MbarWait([[maybe_unused]] unsigned long long* bar,
                                         [[maybe_unused]] unsigned parity) {
#if SCANVIZ_PERF_BULK
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "WAIT_%=:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
      "@!p bra WAIT_%=;\n"
      "}\n" ::"r"(SmemAddr(bar)),
      "r"(parity)
      : "memory");
#endif
}

// Orders this thread's earlier generic-proxy accesses to shared memory before later async-proxy
// ones: a buffer read by the threads (after a barrier) may then be refilled by a bulk copy.
__device__ __forceinline__ void FenceProxyAsync() {
#if SCANVIZ_PERF_BULK
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}

// An L2 policy that evicts these lines first (the input is read exactly once).
__device__ __forceinline__ unsigned long long EvictFirstPolicy() {
  unsigned long long policy = 0;
#if SCANVIZ_PERF_BULK
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
#endif
  return policy;
}

// One bulk copy of `bytes` (a multiple of 16), with the L2 evict-first hint when EF.
template <bool EF>
__device__ __forceinline__ void BulkLoad([[maybe_unused]] void* smem,
                                         [[maybe_unused]] const void* gmem,
                                         [[maybe_unused]] unsigned bytes,
                                         [[maybe_unused]] unsigned long long* bar,
                                         [[maybe_unused]] unsigned long long policy) {
#if SCANVIZ_PERF_BULK
  if constexpr (EF) {
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], "
        "[%1], %2, [%3], %4;" ::"r"(SmemAddr(smem)),
        "l"(gmem), "r"(bytes), "r"(SmemAddr(bar)), "l"(policy)
        : "memory");
  } else {
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, "
        "[%3];" ::"r"(SmemAddr(smem)),
        "l"(gmem), "r"(bytes), "r"(SmemAddr(bar))
        : "memory");
  }
#endif
}

// Starts the copy of kBytes (a multiple of 2048) as chunks of the largest size <= 8 KB dividing
// it, all completing on `bar`. One thread calls it, after MbarInit and MbarExpectTx(kBytes).
template <unsigned kBytes, bool EF>
__device__ __forceinline__ void BulkLoadTile(void* smem, const void* gmem,
                                             unsigned long long* bar) {
  constexpr unsigned kChunk = kBytes % 8192u == 0 ? 8192u : (kBytes % 4096u == 0 ? 4096u : 2048u);
  static_assert(kBytes % kChunk == 0, "whole chunks");
  unsigned char* d = static_cast<unsigned char*>(smem);
  const unsigned char* g = static_cast<const unsigned char*>(gmem);
  const unsigned long long policy = EF ? EvictFirstPolicy() : 0ull;
#pragma unroll
  for (unsigned c = 0; c < kBytes / kChunk; ++c)
    BulkLoad<EF>(d + c * kChunk, g + c * kChunk, kChunk, bar, policy);
}

}  // namespace scanviz::perf
