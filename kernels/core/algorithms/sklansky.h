// Sklansky (the third corner of the trade-off): inclusive scan, one block, one buffer of n' = the
// next power of two >= n, one thread per cell. Depth log2 n' like Hillis-Steele, work
// n'/2 log2 n' (half of it), in place like Blelloch.
//
//   1. load:  buf[i] = data[i] for i < n, the identity for the padding cells i >= n
//   2. scan:  for d = 0, 1, 2, ... while 2^d < n' (stride 2^d): every thread whose position i has
//             bit d set combines the last cell of the 2^d-block before its own:
//             buf[i] = buf[(i >> d << d) - 1] . buf[i]; barrier
//   3. buf holds the inclusive scan
//   optional conversion to exclusive: thread i reads its left neighbour's prefix into a register
//   x (thread 0: the identity); x holds the exclusive scan
//
// Run is the round loop that the instrumented CUDA kernel and the CPU simulator both execute (see
// core/exec.h). The code panel shows the text between the [kernel:...] markers, and lights the
// lines tagged [line:...] for the round on screen.
#pragma once

#include "core/action.h"
#include "core/exec.h"
#include "core/hd.h"
#include "core/round_spec.h"
#include "core/scan_steps.h"

namespace scanviz::sklansky {

enum Phase : PhaseId { kLoad, kScan, kConvert };
enum Array : int {
  kBuf,  // shared, n' cells: the scan, in place
  kX,    // register, one per element, only with the conversion: the exclusive result
};

// The cell thread tid reads in round d: the last of the 2^d-block before its own, the block
// whose bit d is clear.
SCANVIZ_HD SCANVIZ_FORCEINLINE int Source(int tid, int d) {
  return (tid >> d << d) - 1;
}

// A round: threads with bit d set write their own cell; they read Source, whose bit d is clear,
// so no cell is read and written in the same round and one buffer is enough. The 2^d threads of
// a block all read the same cell: a broadcast, not a bank conflict. The earlier inputs
// (buf[Source]) come first.
template <class Op, class Buf>
SCANVIZ_HD ThreadAction ScanStep(Buf buf, int padded_n, int d, int tid, Op op) {
  if (tid >= padded_n || ((tid >> d) & 1) == 0) return ThreadAction{};  // [does:all]
  const int source = Source(tid, d);     // (tid >> d << d) - 1 [does:add]
  buf[tid] = op(buf[source], buf[tid]);  // [does:add]
  return MakeAction(ActionKind::kAdd, kBuf, source, tid, kBuf, tid, kNoPosition);  // [does:add]
}

// The inclusive result to exclusive without a second buffer: thread tid takes its left
// neighbour's prefix into its register x; thread 0 takes the identity. The round reads only the
// buffer and writes only registers, so no thread overwrites a cell another still has to read.
template <class Op, class Exec, class Buf, class T = typename Op::Value>
SCANVIZ_HD ThreadAction ToExclusiveStep(Exec& exec, Buf buf, int n, int tid, Op) {
  if (tid >= n) return ThreadAction{};  // [does:all]
  T& x = exec.Reg(kX, tid);             // [does:all]
  if (tid == 0) {                       // [does:seed] [does:copy]
    x = Op::Identity();                 // [does:seed]
    return MakeAction(ActionKind::kSeed, kBuf, kNoPosition, kNoPosition, kX, 0, kNoPosition);  // [does:seed]
  }
  x = buf[tid - 1];  // [does:copy]
  return MakeAction(ActionKind::kCopy, kBuf, tid - 1, kNoPosition, kX, tid, kNoPosition);  // [does:copy]
}

// [kernel:sklansky]
// Sklansky inclusive scan of n elements, one thread per cell of a buffer of padded_n (the next
// power of two >= n). exec.Round(spec, step) runs step on every thread, then the barrier
// (__syncthreads) that ends the round. Returns the array that holds the result.
template <class Op, class Exec, class T = typename Op::Value>
SCANVIZ_HD int Run(Exec& exec, const T* data, int n, bool convert, Op op) {
  const int padded_n = NextPowerOfTwo(n);
  auto buf = exec.Shared(kBuf);  // a pointer, or a padded view (core/padded.h)
  exec.Round(MakeRoundSpec(kLoad, 1, 0, kInputArray, kBuf, Level::kBlock, padded_n), [&](int tid) {
    return tid < padded_n ? LoadStep(data, n, buf, kBuf, tid, op) : ThreadAction{};  // [line:load]
  });
  int round = 1;  // within the phase: round 1, 2, 3, ... at d = 0, 1, 2, ...
  for (int d = 0; (1 << d) < padded_n; ++d, ++round) {  // [line:loop]
    exec.Round(MakeRoundSpec(kScan, round, 1 << d, kBuf, kBuf, Level::kBlock, padded_n),  // [line:step]
               [&](int tid) {                                                          // [line:step]
                 return ScanStep(buf, padded_n, d, tid, op);                           // [line:step]
               });                                                                     // [line:step]
  }
  if (convert) {
    // Registers only: the scan's last barrier already made every cell visible.
    exec.Round(MakeRoundSpec(kConvert, 1, 1, kBuf, kX, Level::kLane, n), [&](int tid) {  // [line:convert]
      return ToExclusiveStep(exec, buf, n, tid, op);  // [line:convert]
    });                                               // [line:convert]
  }
  return convert ? kX : kBuf;  // [line:store]
}
// [/kernel:sklansky]

}  // namespace scanviz::sklansky
