// Hopper thread-block clusters from a kernel: the few PTX instructions rung e's cluster variants
// use to pass one value between the blocks of a cluster through distributed shared memory (DSMEM).
//
// A cluster is a group of C blocks (here C consecutive blockIdx.x) that the hardware starts
// together on the SMs of one GPC; each block can read and write the others' shared memory. A
// message is one 4-byte value stored into the receiver's shared memory (st.shared::cluster) and
// then an arrival on the receiver's mbarrier with release semantics at cluster scope: the
// receiver waits on its own mbarrier (acquire at cluster scope) and then reads the value. A
// receiver waits for its message, so it cannot exit before the message is sent; a last cluster
// barrier (arrive after the messages, wait before exit) also makes sure it has landed, the rule
// the CUDA guide gives for distributed shared memory and the one compute-sanitizer checks.
//
// Below sm_90 (the compute_75 PTX the project also embeds) these compile to nothing: a cluster
// launch fails there, and the cluster rows return that error.
#pragma once

#include <cstdint>
#include <cstring>

#include "perf/bulk_copy.cuh"

namespace scanviz::perf {

// Every thread of the cluster arrives; ClusterWait then returns once every block of the cluster
// has arrived. Relaxed, the arrival orders nothing and only says "started" (before it, a block may
// not yet have initialised the mbarriers a message would arrive on); with release, this thread's
// earlier accesses to the others' shared memory are complete before any of them passes its wait
// (so none exits while a message to it is in flight). Call both from all threads.
__device__ __forceinline__ void ClusterArriveRelaxed() {
#if SCANVIZ_PERF_BULK
  asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory");
#endif
}
__device__ __forceinline__ void ClusterArrive() {
#if SCANVIZ_PERF_BULK
  asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
#endif
}
__device__ __forceinline__ void ClusterWait() {
#if SCANVIZ_PERF_BULK
  asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
#endif
}
// A full cluster barrier: what every thread wrote before it is seen by every thread after it.
__device__ __forceinline__ void ClusterSync() {
#if SCANVIZ_PERF_BULK
  asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
#endif
}

// The address of `local` (a __shared__ variable of this block) in block `rank` of the cluster.
__device__ __forceinline__ unsigned PeerAddr([[maybe_unused]] const void* local,
                                             [[maybe_unused]] unsigned rank) {
  unsigned remote = 0;
#if SCANVIZ_PERF_BULK
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;"
               : "=r"(remote)
               : "r"(SmemAddr(local)), "r"(rank));
#endif
  return remote;
}

// One message: `value` into `slot` of block `rank`, then an arrival on that block's `bar` (whose
// release orders the store before it). One thread.
template <class T>
__device__ __forceinline__ void SendToPeer([[maybe_unused]] T* slot,
                                           [[maybe_unused]] unsigned long long* bar,
                                           [[maybe_unused]] unsigned rank,
                                           [[maybe_unused]] T value) {
  static_assert(sizeof(T) == 4, "4-byte messages");
#if SCANVIZ_PERF_BULK
  std::uint32_t bits;
  memcpy(&bits, &value, sizeof bits);
  asm volatile("st.shared::cluster.u32 [%0], %1;" ::"r"(PeerAddr(slot, rank)), "r"(bits)
               : "memory");
  asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" ::"r"(
                   PeerAddr(bar, rank))
               : "memory");
#endif
}

// Waits for phase `parity` of this block's `bar`, acquiring at cluster scope: the values that the
// arrivals' senders stored before arriving are then visible to the calling thread. try_wait may
// suspend the thread until the phase completes or a time limit passes; POLL: test_wait, which
// never suspends, in a loop (a variant: is the wake-up on a remote arrival what costs?).
template <bool POLL = false>
__device__ __forceinline__ void MbarWaitCluster([[maybe_unused]] unsigned long long* bar,
                                                [[maybe_unused]] unsigned parity) {
#if SCANVIZ_PERF_BULK
  if constexpr (POLL) {
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "WAIT_%=:\n"
        "mbarrier.test_wait.parity.acquire.cluster.shared::cta.b64 p, [%0], %1;\n"
        "@!p bra WAIT_%=;\n"
        "}\n" ::"r"(SmemAddr(bar)),
        "r"(parity)
        : "memory");
  } else {
    asm volatile(
        "{\n"
        ".reg .pred p;\n"
        "WAIT_%=:\n"
        "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%0], %1;\n"
        "@!p bra WAIT_%=;\n"
        "}\n" ::"r"(SmemAddr(bar)),
        "r"(parity)
        : "memory");
  }
#endif
}

// Reads `local` (a __shared__ int) of block `rank`, after a ClusterSync that follows its write.
__device__ __forceinline__ int ReadFromPeer([[maybe_unused]] const int* local,
                                            [[maybe_unused]] unsigned rank) {
  int v = 0;
#if SCANVIZ_PERF_BULK
  asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(v) : "r"(PeerAddr(local, rank)) : "memory");
#endif
  return v;
}

}  // namespace scanviz::perf
