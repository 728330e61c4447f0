// Steps and sizes that every algorithm's driver shares (core/algorithms/*.h holds each
// algorithm's own steps and its round loop).
#pragma once

#include "core/action.h"
#include "core/hd.h"

namespace scanviz {

// Load: thread tid stages its element in `buf` (array `array` of the trace). Threads at tid >= n
// exist only where the algorithm pads the block (Blelloch: up to a power of two) and write the
// identity.
template <class Op, class Buf, class T = typename Op::Value>
SCANVIZ_HD ThreadAction LoadStep(const T* data, int n, Buf buf, int array, int tid, Op) {
  if (tid < n) {           // [does:all]
    buf[tid] = data[tid];  // [does:load-input]
    return MakeAction(ActionKind::kLoad, kInputArray, tid, kNoPosition, array, tid, kNoPosition);  // [does:load-input]
  }
  buf[tid] = Op::Identity();  // [does:load-identity]
  return MakeAction(ActionKind::kLoad, kInputArray, kNoPosition, kNoPosition, array, tid,  // [does:load-identity]
                    kNoPosition);  // [does:load-identity]
}

SCANVIZ_HD SCANVIZ_FORCEINLINE int NextPowerOfTwo(int n) {
  int p = 1;
  while (p < n) p *= 2;
  return p;
}

}  // namespace scanviz
