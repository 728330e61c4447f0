// The warp-shuffle scan: inclusive, one thread per element, values in registers. This is how CUB
// and every fast GPU scan work today.
//
//   1. load:         each thread reads its element into its register v (padding lanes: the
//                    identity)
//   2. warp scan:    for offset = 1, 2, 4, 8, 16: v = shfl_up(v, offset) . v in lanes >= offset;
//                    a Hillis-Steele inside each warp, with no shared memory and no barrier (the
//                    shuffle itself keeps the warp in step)
//   3. warp totals:  the last lane of each warp writes the warp's total to shared memory; barrier
//   4. totals scan:  warp 0 reads the totals into its register t, scans them the same way, and
//                    writes them back; barrier
//   5. add offset:   each thread of warp w > 0 combines the total of warps 0..w-1 with its v
//   optional conversion to exclusive: v moves one lane up (a shuffle); lane 0 of warp w takes
//   the total of the warps before it
// With one warp (n <= 32) steps 3 to 5 are not needed. Blocks are padded to whole warps: n <= 32
// uses one warp of n' = the next power of two >= n lanes, larger n a multiple of 32.
//
// Run is the round loop that the instrumented CUDA kernel and the CPU simulator both execute (see
// core/exec.h); the simulator implements the shuffle's semantics, including lanes whose source
// lane is out of range (they keep their value).
#pragma once

#include "core/action.h"
#include "core/exec.h"
#include "core/hd.h"
#include "core/round_spec.h"
#include "core/scan_steps.h"

namespace scanviz::warp_shuffle {

enum Phase : PhaseId {
  kLoad,
  kWarpScan,
  kWarpTotals,
  kTotalsLoad,
  kTotalsScan,
  kTotalsStore,
  kAddOffset,
  kConvert
};
enum Array : int {
  kV,     // register, one per lane of the block
  kSums,  // shared, one per warp: the warps' totals, then their scan
  kT,     // register of warp 0's lanes: the totals while warp 0 scans them
};

inline constexpr int kWarpSize = 32;

// Lanes in the block: n rounded up to a power of two (one warp) or to whole warps.
SCANVIZ_HD SCANVIZ_FORCEINLINE int Lanes(int n) {
  return n <= kWarpSize ? NextPowerOfTwo(n) : (n + kWarpSize - 1) / kWarpSize * kWarpSize;
}
// The logical warp width the shuffles use: 32, or fewer lanes when the block is smaller.
SCANVIZ_HD SCANVIZ_FORCEINLINE int Width(int n) {
  return Lanes(n) < kWarpSize ? Lanes(n) : kWarpSize;
}
SCANVIZ_HD SCANVIZ_FORCEINLINE int Warps(int n) {
  return Lanes(n) / Width(n);
}
// Lanes of warp 0 that scan the totals: the warp count rounded up to a power of two (0: one warp).
SCANVIZ_HD SCANVIZ_FORCEINLINE int TotalsWidth(int n) {
  return Warps(n) > 1 ? NextPowerOfTwo(Warps(n)) : 0;
}

// One shuffle round of a warp's Hillis-Steele on register array `array` (size lanes): every lane
// hands its value up; lane l >= offset (within its group of `width` lanes) combines the value of
// lane l - offset, which covers the earlier inputs, with its own.
template <class Op, class Exec, class T = typename Op::Value>
SCANVIZ_HD ThreadAction ShuffleScanStep(Exec& exec, int array, int size, int tid, int offset,
                                        int width, Op op) {
  const T up = exec.ShflUp(array, tid, offset, width);              // [does:all]
  if (tid >= size || tid % width < offset) return ThreadAction{};  // [does:all]
  T& v = exec.Reg(array, tid);                                     // [does:add]
  v = op(up, v);                                                   // [does:add]
  return MakeAction(ActionKind::kAdd, array, tid - offset, tid, array, tid, kNoPosition);  // [does:add]
}

// [kernel:warp-shuffle]
// Warp-shuffle inclusive scan of n elements, one thread per lane. exec.Round(spec, step) runs
// step on every thread, then what the round's level needs: nothing in a lane or warp round,
// __syncthreads() in a block round. Returns the array that holds the result (v).
template <class Op, class Exec, class T = typename Op::Value>
SCANVIZ_HD int Run(Exec& exec, const T* data, int n, bool convert, Op op) {
  const int lanes = Lanes(n), width = Width(n), warps = Warps(n), k = TotalsWidth(n);
  T* sums = exec.Shared(kSums);
  exec.Round(MakeRoundSpec(kLoad, 1, 0, kInputArray, kV, Level::kLane, lanes), [&](int tid) {
    exec.Reg(kV, tid) = tid < n ? data[tid] : Op::Identity();  // [line:load]
    return MakeAction(ActionKind::kLoad, kInputArray, tid < n ? tid : kNoPosition, kNoPosition, kV,
                      tid, kNoPosition);
  });
  int round = 1;
  for (int offset = 1; offset < width; offset *= 2, ++round) {  // [line:loop]
    exec.Round(MakeRoundSpec(kWarpScan, round, offset, kV, kV, Level::kWarp, lanes), [&](int tid) {
      return ShuffleScanStep(exec, kV, lanes, tid, offset, width, op);  // [line:step]
    });
  }
  if (warps > 1) {
    exec.Round(MakeRoundSpec(kWarpTotals, 1, 0, kV, kSums, Level::kBlock, lanes), [&](int tid) {
      if (tid % width != width - 1) return ThreadAction{};
      sums[tid / width] = exec.Reg(kV, tid);  // [line:totals]
      return MakeAction(ActionKind::kCopy, kV, tid, kNoPosition, kSums, tid / width, kNoPosition);
    });
    exec.Round(MakeRoundSpec(kTotalsLoad, 1, 0, kSums, kT, Level::kLane, k), [&](int tid) {
      if (tid >= k) return ThreadAction{};
      exec.Reg(kT, tid) = tid < warps ? sums[tid] : Op::Identity();  // [line:totals-load]
      return tid < warps
                 ? MakeAction(ActionKind::kCopy, kSums, tid, kNoPosition, kT, tid, kNoPosition)
                 : MakeAction(ActionKind::kSeed, kSums, kNoPosition, kNoPosition, kT, tid,
                              kNoPosition);
    });
    round = 1;
    for (int offset = 1; offset < k; offset *= 2, ++round) {  // [line:totals-loop]
      exec.Round(MakeRoundSpec(kTotalsScan, round, offset, kT, kT, Level::kWarp, k), [&](int tid) {
        if (tid >= kWarpSize) return ThreadAction{};
        return ShuffleScanStep(exec, kT, k, tid, offset, k, op);  // [line:totals-step]
      });
    }
    exec.Round(MakeRoundSpec(kTotalsStore, 1, 0, kT, kSums, Level::kBlock, warps), [&](int tid) {
      if (tid >= warps) return ThreadAction{};
      sums[tid] = exec.Reg(kT, tid);  // [line:totals-store]
      return MakeAction(ActionKind::kCopy, kT, tid, kNoPosition, kSums, tid, kNoPosition);
    });
    exec.Round(MakeRoundSpec(kAddOffset, 1, 0, kSums, kV, Level::kLane, lanes), [&](int tid) {
      const int warp = tid / width;
      if (warp == 0) return ThreadAction{};
      T& v = exec.Reg(kV, tid);
      v = op(sums[warp - 1], v);  // [line:offset]
      ThreadAction a = MakeAction(ActionKind::kAdd, kSums, warp - 1, tid, kV, tid, kNoPosition);
      a.read_array[1] = kV;
      return a;
    });
  }
  if (convert) {
    exec.Round(MakeRoundSpec(kConvert, 1, 1, kV, kV, Level::kWarp, lanes), [&](int tid) {
      const T up = exec.ShflUp(kV, tid, 1, width);  // [line:convert]
      const int warp = tid / width;
      T& v = exec.Reg(kV, tid);
      if (tid % width != 0) {
        v = up;
        return MakeAction(ActionKind::kCopy, kV, tid - 1, kNoPosition, kV, tid, kNoPosition);
      }
      if (warp == 0) {
        v = Op::Identity();
        return MakeAction(ActionKind::kSeed, kV, kNoPosition, kNoPosition, kV, tid, kNoPosition);
      }
      v = sums[warp - 1];
      return MakeAction(ActionKind::kCopy, kSums, warp - 1, kNoPosition, kV, tid, kNoPosition);
    });
  }
  return kV;  // [line:store]
}
// [/kernel:warp-shuffle]

}  // namespace scanviz::warp_shuffle
