// What one thread did in one round. Plain data, written by the per-thread step functions on the
// host (simulator) and on the device (instrumented kernels) alike.
#pragma once

#include <cstdint>

#include "core/hd.h"

namespace scanviz {

enum class ActionKind : std::uint8_t {
  kIdle = 0,  // the thread had no work this round (guard failed)
  kLoad,      // copied its element from global memory into shared memory (or the identity, for
              // a padding cell)
  kCopy,      // Hillis-Steele: copied pin[i] to pout[i] (no left neighbour at this stride)
  kAdd,   // combined two cells into one: pout[i] = pin[i-s] + pin[i] / buf[i] = buf[i-s] + buf[i]
  kSeed,  // Blelloch: wrote the identity into the root
  kSwapAdd,   // Blelloch down-sweep: left <- right, right <- right + old left
  kAddInput,  // Blelloch to inclusive: buf[i] = buf[i] + data[i] (read[0]: cell, read[1]: input)
};

inline constexpr int kNoPosition = -1;

struct ThreadAction {
  ActionKind kind = ActionKind::kIdle;
  std::int32_t read[2] = {kNoPosition, kNoPosition};   // cells read (load: input index)
  std::int32_t write[2] = {kNoPosition, kNoPosition};  // cells written
};

SCANVIZ_HD SCANVIZ_FORCEINLINE ThreadAction MakeAction(ActionKind kind, int r0, int r1, int w0,
                                                       int w1) {
  ThreadAction a;
  a.kind = kind;
  a.read[0] = r0;
  a.read[1] = r1;
  a.write[0] = w0;
  a.write[1] = w1;
  return a;
}

// Number of operator applications an action performed.
SCANVIZ_HD SCANVIZ_FORCEINLINE int OperatorApplications(ActionKind kind) {
  return (kind == ActionKind::kAdd || kind == ActionKind::kSwapAdd || kind == ActionKind::kAddInput)
             ? 1
             : 0;
}

}  // namespace scanviz
