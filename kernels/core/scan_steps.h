// The per-thread step of every round of the two single-block scans.
//
// One source for each algorithm: these functions are called by the CUDA kernels between
// __syncthreads() barriers (kernels/cuda/trace_kernels.cu) and by the CPU simulator in a loop
// over threads (kernels/core/simulator.cpp). Each step does the thread's work on shared memory
// and returns what it did, so the trace records the run rather than a second model of it.
//
// Hillis-Steele (chapter 6), inclusive, double-buffered, one thread per element:
//   1. load:  buf[0][i] = data[i]
//   2. scan:  for stride = 1, 2, 4, ... < n: pout[i] = pin[i - stride] + pin[i] if i >= stride,
//             else pout[i] = pin[i]; barrier; swap pin and pout
//   3. the last pout holds the inclusive scan
//
// Blelloch (chapter 7), exclusive, one buffer of n' = next power of two >= n, one thread per cell:
//   1. load:       buf[i] = data[i] for i < n, the identity for the padding cells i >= n
//   2. up-sweep:   for stride = 1, 2, ..., n'/2: index = (tid + 1) * stride * 2 - 1;
//                  buf[index] = buf[index - stride] + buf[index] if index < n'
//   3. seed:       buf[n' - 1] = identity
//   4. down-sweep: for stride = n'/2, ..., 1: same index; swap-and-add
//   5. buf holds the exclusive scan
//
// Optional conversion round (ScanRequest::convert), traced like any other:
//   Hillis-Steele inclusive -> exclusive: shift right by one, the identity at position 0 (into the
//     other buffer, as every Hillis-Steele round);
//   Blelloch exclusive -> inclusive: one map, buf[i] = buf[i] + data[i].
#pragma once

#include "core/action.h"
#include "core/hd.h"

namespace scanviz {

// Load: thread tid stages its element in shared memory. Threads at tid >= n exist only in the
// Blelloch kernel (padding up to a power of two) and write the identity.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD ThreadAction LoadStep(const T* data, int n, T* buf, int tid, Op) {
  if (tid < n) {
    buf[tid] = data[tid];
    return MakeAction(ActionKind::kLoad, tid, kNoPosition, tid, kNoPosition);
  }
  buf[tid] = Op::Identity();
  return MakeAction(ActionKind::kLoad, kNoPosition, kNoPosition, tid, kNoPosition);
}

// Hillis-Steele round: reads only pin, writes only pout[tid], so no thread can see a value
// written in the same round (the reason for the second buffer).
template <class Op, class T = typename Op::Value>
SCANVIZ_HD ThreadAction HillisSteeleStep(const T* pin, T* pout, int n, int stride, int tid, Op op) {
  if (tid >= n) return ThreadAction{};
  if (tid >= stride) {
    pout[tid] = op(pin[tid - stride], pin[tid]);
    return MakeAction(ActionKind::kAdd, tid - stride, tid, tid, kNoPosition);
  }
  pout[tid] = pin[tid];
  return MakeAction(ActionKind::kCopy, tid, kNoPosition, tid, kNoPosition);
}

// The chapter's index formula, shared by both sweeps: the right end of the tree node that
// thread tid owns at this stride.
SCANVIZ_HD SCANVIZ_FORCEINLINE int BlellochIndex(int tid, int stride) {
  return (tid + 1) * stride * 2 - 1;
}

// Up-sweep round: the right child absorbs its left sibling. Within a round the positions written
// (index) and the positions read by other threads (their own index and index - stride) are
// disjoint, so one buffer is safe.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD ThreadAction BlellochUpSweepStep(T* buf, int padded_n, int stride, int tid, Op op) {
  const int index = BlellochIndex(tid, stride);
  if (index >= padded_n) return ThreadAction{};
  buf[index] = op(buf[index - stride], buf[index]);
  return MakeAction(ActionKind::kAdd, index - stride, index, index, kNoPosition);
}

// Seed: the root, which holds the total after the up-sweep, becomes the identity. This is what
// makes the result exclusive.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD ThreadAction BlellochSeedStep(T* buf, int padded_n, int tid, Op) {
  if (tid != 0) return ThreadAction{};
  buf[padded_n - 1] = Op::Identity();
  return MakeAction(ActionKind::kSeed, kNoPosition, kNoPosition, padded_n - 1, kNoPosition);
}

// Down-sweep round: the left child receives the parent's prefix; the right child receives the
// parent's prefix combined with the left subtree's total. The prefix covers the earlier inputs, so
// it comes first: with a non-commutative operator (last) the other order gives a wrong scan. (Add,
// max, min and IEEE float addition are all commutative, so they cannot tell the orders apart.)
template <class Op, class T = typename Op::Value>
SCANVIZ_HD ThreadAction BlellochDownSweepStep(T* buf, int padded_n, int stride, int tid, Op op) {
  const int index = BlellochIndex(tid, stride);
  if (index >= padded_n) return ThreadAction{};
  const T left = buf[index - stride];
  buf[index - stride] = buf[index];
  buf[index] = op(buf[index], left);
  return MakeAction(ActionKind::kSwapAdd, index - stride, index, index - stride, index);
}

// Hillis-Steele's inclusive result to exclusive: thread tid moves its left neighbour's prefix one
// place right; thread 0 writes the identity.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD ThreadAction HillisSteeleToExclusiveStep(const T* pin, T* pout, int n, int tid, Op) {
  if (tid >= n) return ThreadAction{};
  if (tid == 0) {
    pout[0] = Op::Identity();
    return MakeAction(ActionKind::kSeed, kNoPosition, kNoPosition, 0, kNoPosition);
  }
  pout[tid] = pin[tid - 1];
  return MakeAction(ActionKind::kCopy, tid - 1, kNoPosition, tid, kNoPosition);
}

// Blelloch's exclusive result to inclusive: each cell adds its own input element (read again from
// global memory), prefix first. Padding cells stay as they are.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD ThreadAction BlellochToInclusiveStep(T* buf, const T* data, int n, int tid, Op op) {
  if (tid >= n) return ThreadAction{};
  buf[tid] = op(buf[tid], data[tid]);
  return MakeAction(ActionKind::kAddInput, tid, tid, tid, kNoPosition);
}

// Sizes shared by the kernels' launch code and the simulator.
SCANVIZ_HD SCANVIZ_FORCEINLINE int NextPowerOfTwo(int n) {
  int p = 1;
  while (p < n) p *= 2;
  return p;
}

}  // namespace scanviz
