// Hillis-Steele (chapter 6): inclusive scan, one block, one thread per element, two buffers.
//
//   1. load:  buf[0][i] = data[i]
//   2. scan:  for stride = 1, 2, 4, ... < n: swap pin and pout; pout[i] = pin[i - stride] . pin[i]
//             if i >= stride, else pout[i] = pin[i]; barrier
//   3. the last pout holds the inclusive scan
//   optional conversion to exclusive: one more round shifts the result right by one place into
//   the other buffer, the identity at position 0
//
// The steps are what one thread does in one round; Run is the round loop, the one source that the
// instrumented CUDA kernel, the CPU simulator and the performance lab's rung (a) all execute (see
// core/exec.h). The code panel shows the text between the [kernel:...] markers, and lights the
// lines tagged [line:...] for the round on screen.
#pragma once

#include "core/action.h"
#include "core/exec.h"
#include "core/hd.h"
#include "core/round_spec.h"
#include "core/scan_steps.h"

namespace scanviz::hillis_steele {

enum Phase : PhaseId { kLoad, kScan, kConvert };
enum Array : int { kBuf0, kBuf1 };  // the two shared buffers, n cells each

// A round: reads only pin, writes only pout[tid], so no thread can see a value written in the same
// round (the reason for the second buffer). The earlier inputs (pin[tid - stride]) come first.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD ThreadAction ScanStep(const T* pin, T* pout, int in, int out, int n, int stride, int tid,
                                 Op op) {
  if (tid >= n) return ThreadAction{};            // [does:all]
  if (tid >= stride) {                            // [does:add] [does:copy]
    pout[tid] = op(pin[tid - stride], pin[tid]);  // [does:add]
    return MakeAction(ActionKind::kAdd, in, tid - stride, tid, out, tid, kNoPosition);  // [does:add]
  }
  pout[tid] = pin[tid];  // [does:copy]
  return MakeAction(ActionKind::kCopy, in, tid, kNoPosition, out, tid, kNoPosition);  // [does:copy]
}

// The inclusive result to exclusive: thread tid moves its left neighbour's prefix one place
// right; thread 0 writes the identity.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD ThreadAction ToExclusiveStep(const T* pin, T* pout, int in, int out, int n, int tid,
                                        Op) {
  if (tid >= n) return ThreadAction{};  // [does:all]
  if (tid == 0) {                       // [does:seed] [does:copy]
    pout[0] = Op::Identity();           // [does:seed]
    return MakeAction(ActionKind::kSeed, in, kNoPosition, kNoPosition, out, 0, kNoPosition);  // [does:seed]
  }
  pout[tid] = pin[tid - 1];  // [does:copy]
  return MakeAction(ActionKind::kCopy, in, tid - 1, kNoPosition, out, tid, kNoPosition);  // [does:copy]
}

// [kernel:hillis-steele]
// Hillis-Steele inclusive scan of n elements, one thread per element, two buffers of n.
// exec.Round(spec, step) runs step on every thread, then the barrier (__syncthreads) that ends
// the round. Returns the buffer that holds the result.
template <class Op, class Exec, class T = typename Op::Value>
SCANVIZ_HD int Run(Exec& exec, const T* data, int n, bool convert, Op op) {
  T* in = exec.Shared(kBuf1);  // pin and pout swap at the start of every round
  T* out = exec.Shared(kBuf0);
  exec.Round(MakeRoundSpec(kLoad, 1, 0, kInputArray, kBuf0, Level::kBlock, n),  // [line:load]
             [&](int tid) { return LoadStep(data, n, out, kBuf0, tid, op); });  // [line:load]
  int pout = 0;
  int round = 1;  // within the phase: the chapters' round 1, 2, 3, ...
  for (int stride = 1; stride < n; stride *= 2, ++round) {  // [line:loop]
    T* const swap = in;                                    // [line:swap]
    in = out;                                              // [line:swap]
    out = swap;                                            // [line:swap]
    pout = 1 - pout;                                       // [line:swap]
    exec.Round(MakeRoundSpec(kScan, round, stride, 1 - pout, pout, Level::kBlock, n),  // [line:step]
               [&](int tid) {                                                         // [line:step]
                 return ScanStep(in, out, 1 - pout, pout, n, stride, tid, op);        // [line:step]
               });                                                                    // [line:step]
  }
  if (convert) {
    T* const swap = in;  // [line:convert-swap]
    in = out;            // [line:convert-swap]
    out = swap;          // [line:convert-swap]
    pout = 1 - pout;     // [line:convert-swap]
    exec.Round(MakeRoundSpec(kConvert, 1, 1, 1 - pout, pout, Level::kBlock, n),  // [line:convert]
               [&](int tid) {                                                     // [line:convert]
                 return ToExclusiveStep(in, out, 1 - pout, pout, n, tid, op);     // [line:convert]
               });                                                                // [line:convert]
  }
  return pout;  // [line:store]
}
// [/kernel:hillis-steele]

}  // namespace scanviz::hillis_steele
