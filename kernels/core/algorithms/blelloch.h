// Blelloch (chapter 7): exclusive scan, one block, one buffer of n' = the next power of two >= n,
// one thread per cell.
//
//   1. load:       buf[i] = data[i] for i < n, the identity for the padding cells i >= n
//   2. up-sweep:   for stride = 1, 2, ..., n'/2: index = (tid + 1) * stride * 2 - 1;
//                  buf[index] = buf[index - stride] . buf[index] if index < n'
//   3. seed:       buf[n' - 1] = identity
//   4. down-sweep: for stride = n'/2, ..., 1: same index; swap-and-add
//   5. buf holds the exclusive scan
//   optional conversion to inclusive: one map, buf[i] = buf[i] . data[i]
//
// Run is the round loop that the instrumented CUDA kernel, the CPU simulator and the performance
// lab's rung (b) all execute (see core/exec.h).
#pragma once

#include "core/action.h"
#include "core/exec.h"
#include "core/hd.h"
#include "core/round_spec.h"
#include "core/scan_steps.h"

namespace scanviz::blelloch {

enum Phase : PhaseId { kLoad, kUpSweep, kSeed, kDownSweep, kConvert };
enum Array : int { kBuf };  // the one shared buffer, n' cells

// The chapter's index formula, shared by both sweeps: the right end of the tree node that thread
// tid owns at this stride.
SCANVIZ_HD SCANVIZ_FORCEINLINE int Index(int tid, int stride) {
  return (tid + 1) * stride * 2 - 1;
}

// Up-sweep round: the right child absorbs its left sibling (which covers the earlier inputs, so
// it comes first). Within a round the positions written (index) and the positions read by other
// threads (their own index and index - stride) are disjoint, so one buffer is safe.
template <class Op, class Buf>
SCANVIZ_HD ThreadAction UpSweepStep(Buf buf, int padded_n, int stride, int tid, Op op) {
  const int index = Index(tid, stride);  // (tid + 1) * stride * 2 - 1 [does:all]
  if (index >= padded_n) return ThreadAction{};       // [does:all]
  buf[index] = op(buf[index - stride], buf[index]);  // [does:add]
  return MakeAction(ActionKind::kAdd, kBuf, index - stride, index, kBuf, index, kNoPosition);  // [does:add]
}

// Seed: the root, which holds the total after the up-sweep, becomes the identity. This is what
// makes the result exclusive.
template <class Op, class Buf>
SCANVIZ_HD ThreadAction SeedStep(Buf buf, int padded_n, int tid, Op) {
  if (tid != 0) return ThreadAction{};  // [does:all]
  buf[padded_n - 1] = Op::Identity();   // [does:seed]
  return MakeAction(ActionKind::kSeed, kBuf, kNoPosition, kNoPosition, kBuf, padded_n - 1,  // [does:seed]
                    kNoPosition);  // [does:seed]
}

// Down-sweep round: the left child receives the parent's prefix; the right child receives the
// parent's prefix combined with the left subtree's total. The prefix covers the earlier inputs, so
// it comes first: with a non-commutative operator (last) the other order gives a wrong scan. (Add,
// max, min and IEEE float addition are all commutative, so they cannot tell the orders apart.)
template <class Op, class Buf, class T = typename Op::Value>
SCANVIZ_HD ThreadAction DownSweepStep(Buf buf, int padded_n, int stride, int tid, Op op) {
  const int index = Index(tid, stride);  // (tid + 1) * stride * 2 - 1 [does:all]
  if (index >= padded_n) return ThreadAction{};  // [does:all]
  const T left = buf[index - stride];            // [does:swap-add]
  buf[index - stride] = buf[index];              // [does:swap-add]
  buf[index] = op(buf[index], left);             // [does:swap-add]
  return MakeAction(ActionKind::kSwapAdd, kBuf, index - stride, index, kBuf, index - stride, index);  // [does:swap-add]
}

// The exclusive result to inclusive: each cell adds its own input element (read again from global
// memory), prefix first. Padding cells stay as they are.
template <class Op, class Buf, class T = typename Op::Value>
SCANVIZ_HD ThreadAction ToInclusiveStep(Buf buf, const T* data, int n, int tid, Op op) {
  if (tid >= n) return ThreadAction{};  // [does:all]
  buf[tid] = op(buf[tid], data[tid]);   // [does:add-input]
  ThreadAction a = MakeAction(ActionKind::kAddInput, kBuf, tid, tid, kBuf, tid, kNoPosition);  // [does:add-input]
  a.read_array[1] = kInputArray;  // [does:add-input]
  return a;                       // [does:add-input]
}

// [kernel:blelloch]
// Blelloch exclusive scan of n elements, one thread per cell of a buffer of padded_n (the next
// power of two >= n). exec.Round(spec, step) runs step on every thread, then the barrier
// (__syncthreads) that ends the round. Returns the buffer that holds the result.
template <class Op, class Exec, class T = typename Op::Value>
SCANVIZ_HD int Run(Exec& exec, const T* data, int n, bool convert, Op op) {
  const int padded_n = NextPowerOfTwo(n);
  auto buf = exec.Shared(kBuf);  // a pointer, or a padded view (core/padded.h)
  exec.Round(MakeRoundSpec(kLoad, 1, 0, kInputArray, kBuf, Level::kBlock, padded_n), [&](int tid) {
    return tid < padded_n ? LoadStep(data, n, buf, kBuf, tid, op) : ThreadAction{};  // [line:load]
  });
  // Each sweep is one loop over its rounds, in each of which `working` = padded_n / (2 * stride)
  // threads have a node to work on; `wide` picks the rounds it runs now: those for which
  // exec.Wide(working) says so. The rounds near the root, where at most a warp's worth of threads
  // works, sit in exec.Narrow: the simulator and the traced kernel run them like the others
  // (every round is wide to them); the performance lab gives them to one warp with warp barriers,
  // as CUB does.
  // The sweep's position: the up-sweep keeps it between its wide and its narrow rounds.
  int stride = 1, round = 1, working = padded_n / 2;
  auto up_sweep = [&](bool wide) {
    for (; stride < padded_n; stride *= 2, working /= 2, ++round) {  // [line:up-loop]
      if (exec.Wide(working) != wide) break;  // the wide rounds come first, then the narrow
      exec.Round(MakeRoundSpec(kUpSweep, round, stride, kBuf, kBuf, Level::kBlock, working),  // [line:up-step]
                 [&](int tid) {                                                           // [line:up-step]
                   return UpSweepStep(buf, padded_n, stride, tid, op);  // [line:up-step]
                 });                                                                      // [line:up-step]
    }
  };
  auto down_sweep = [&](bool wide) {
    for (stride = padded_n / 2, round = 1, working = 1; stride >= 1;  // [line:down-loop]
         stride /= 2, working *= 2, ++round) {                        // [line:down-loop]
      if (exec.Wide(working) != wide) {
        if (!wide) break;  // the narrow rounds come first: the rest are wide
        continue;
      }
      exec.Round(MakeRoundSpec(kDownSweep, round, stride, kBuf, kBuf, Level::kBlock, working),  // [line:down-step]
                 [&](int tid) {                                                           // [line:down-step]
                   return DownSweepStep(buf, padded_n, stride, tid, op);  // [line:down-step]
                 });                                                                      // [line:down-step]
    }
  };
  // Up the tree, seed the root, back down.
  up_sweep(true);
  exec.Narrow([&] {
    up_sweep(false);
    exec.Round(MakeRoundSpec(kSeed, 1, 0, kBuf, kBuf, Level::kBlock, 1), [&](int tid) {  // [line:seed]
      return SeedStep(buf, padded_n, tid, op);  // [line:seed]
    });                                         // [line:seed]
    down_sweep(false);
  });
  down_sweep(true);
  if (convert) {
    exec.Round(MakeRoundSpec(kConvert, 1, 0, kBuf, kBuf, Level::kBlock, n), [&](int tid) {  // [line:convert]
      return ToInclusiveStep(buf, data, n, tid, op);  // [line:convert]
    });                                               // [line:convert]
  }
  return kBuf;  // [line:store]
}
// [/kernel:blelloch]

}  // namespace scanviz::blelloch
