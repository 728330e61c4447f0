// The small kernels of a rank's phases (core/multi_gpu/multi_gpu_steps.h's steps on the device):
// the total after a scan, the offset from the gathered totals, the add, an ordered reduce, the
// carry between chunks of a long shard, and a %globaltimer stamp between phases. CUDA-only.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "core/multi_gpu/multi_gpu_steps.h"
#include "perf/vec_io.cuh"
#include "perf/warp_scan.cuh"

namespace scanviz::multi_gpu {

using perf::kCommutative;
using perf::Vec4;
using perf::WarpReduce;

inline constexpr int kThreads = 256;

// The GPU's nanosecond clock into *slot: the boundary between two phases, in stream order.
// (A template, so that every file that includes this header may launch it.)
template <class Slot>
__global__ void StampKernel(Slot* slot) {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  *slot = t;
}

// The total a rank sends after scanning its m elements (the identity when it has none); also the
// carry into a long shard's next chunk.
template <class Op, class T = typename Op::Value>
__global__ void TotalAfterScanKernel(const T* in, const T* out, long long m, bool inclusive,
                                     T* total) {
  *total = m == 0 ? Op::Identity() : TotalAfterScan(inclusive, out[m - 1], in[m - 1], Op{});
}

// The rank's offset from the gathered totals (one thread: P values).
template <class Op, class T = typename Op::Value>
__global__ void OffsetKernel(const T* gathered, int rank, T* offset) {
  *offset = RankOffset(gathered, rank, Op{});
}

// Scan, then add: the offset in front of every element (16-byte accesses; out is aligned).
template <class Op, class T = typename Op::Value>
__global__ void AddOffsetKernel(T* out, long long m, const T* offset) {
  const Op op;
  const T o = *offset;
  const long long stride = 4LL * blockDim.x * gridDim.x;
  long long i = 4LL * (blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x);
  for (; i + 3 < m; i += stride) {
    Vec4<T> v = *reinterpret_cast<Vec4<T>*>(out + i);
    v.x = AddOffset(o, v.x, op);
    v.y = AddOffset(o, v.y, op);
    v.z = AddOffset(o, v.z, op);
    v.w = AddOffset(o, v.w, op);
    *reinterpret_cast<Vec4<T>*>(out + i) = v;
  }
  for (long long k = i; k < m && k < i + 4; ++k) out[k] = AddOffset(o, out[k], op);
}

// The block's values combined in thread order (every thread gets it).
template <class Op, class T = typename Op::Value>
__device__ __forceinline__ T BlockReduceOrdered(T v) {
  __shared__ T warp_total[kThreads / 32];
  const Op op;
  const T w = WarpReduce<Op>(v);  // lanes in order
  if ((threadIdx.x & 31) == 0) warp_total[threadIdx.x >> 5] = w;
  __syncthreads();
  T total = Op::Identity();
#pragma unroll
  for (int k = 0; k < kThreads / 32; ++k) total = op(total, warp_total[k]);
  __syncthreads();
  return total;
}

// Reduce, then scan: block b reduces elements [b * per_block, (b + 1) * per_block) into
// partial[b]. A commutative operator lets each thread sum its 16-byte loads first; `last` (not
// commutative) combines each stretch of 4 x kThreads elements in order. per_block: a multiple of 4.
template <class Op, class T = typename Op::Value>
__global__ void __launch_bounds__(kThreads)
    ReducePartialsKernel(const T* in, long long m, long long per_block, T* partial) {
  const Op op;
  const long long begin = blockIdx.x * per_block;
  const long long end = begin + per_block < m ? begin + per_block : m;
  T total = Op::Identity();
  if constexpr (kCommutative<Op>) {
    long long i = begin + 4LL * threadIdx.x;
    for (; i + 3 < end; i += 4LL * kThreads) {
      const Vec4<T> v = *reinterpret_cast<const Vec4<T>*>(in + i);
      total = op(total, op(op(v.x, v.y), op(v.z, v.w)));
    }
    for (long long k = i; k < end && k < i + 4; ++k) total = op(total, in[k]);
    total = BlockReduceOrdered<Op>(total);
  } else {
    for (long long base = begin; base < end; base += 4LL * kThreads) {
      const long long i = base + 4LL * threadIdx.x;
      T v = Op::Identity();
      for (int k = 0; k < 4; ++k)
        if (i + k < end) v = op(v, in[i + k]);
      total = op(total, BlockReduceOrdered<Op>(v));
    }
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = total;
}

// The partials combined in order into *total (one block).
template <class Op, class T = typename Op::Value>
__global__ void __launch_bounds__(kThreads)
    ReduceFinalKernel(const T* partial, int count, T* total) {
  const Op op;
  T acc = Op::Identity();
  for (int base = 0; base < count; base += kThreads) {
    const int i = base + static_cast<int>(threadIdx.x);
    acc = op(acc, BlockReduceOrdered<Op>(i < count ? partial[i] : Op::Identity()));
  }
  if (threadIdx.x == 0) *total = acc;
}

}  // namespace scanviz::multi_gpu
