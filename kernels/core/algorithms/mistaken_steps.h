// The mistakes lab's step-level mistakes (core/mistake.h): each is one of the chapters' steps with
// one line changed, marked MISTAKE. The drivers stay as they are: run with the operator wrapped as
// Mistaken<Op, M>, their unqualified call to the step finds these overloads (argument-dependent
// lookup on the wrapped operator's namespace) and prefers them, being more specialised.
#pragma once

#include "core/action.h"
#include "core/algorithms/blelloch.h"
#include "core/algorithms/hillis_steele.h"
#include "core/hd.h"
#include "core/mistake.h"

namespace scanviz::mistaken {

template <class Op>
using NoEdgeCheck = Mistaken<Op, Mistake::kHillisSteeleNoEdgeCheck>;
template <class Op>
using WrongIndex = Mistaken<Op, Mistake::kBlellochWrongIndex>;

// Where pin[pos] lies for a position left of 0: Hillis-Steele's shared arrays sit one after the
// other (buf[0], then buf[1], n cells each; core/trace_builder.h), and before the first of them
// the block's reserved shared memory.
SCANVIZ_HD SCANVIZ_FORCEINLINE void LeftOfZero(int array, int pos, int n, std::int8_t* out_array,
                                               std::int32_t* out_pos) {
  if (array == hillis_steele::kBuf1) {
    *out_array = static_cast<std::int8_t>(hillis_steele::kBuf0);
    *out_pos = n + pos;
  } else {
    *out_array = static_cast<std::int8_t>(kReservedArray);
    *out_pos = kReservedCells + pos;
  }
}

// hillis_steele::ScanStep without its edge check.
template <class Op, class T>
SCANVIZ_HD ThreadAction ScanStep(const T* pin, T* pout, int in, int out, int n, int stride, int tid,
                                 NoEdgeCheck<Op> op) {
  if (tid >= n) return ThreadAction{};
  // MISTAKE: `if (tid >= stride)` is gone, and with it the copy for the threads left of stride.
  pout[tid] = op(pin[tid - stride], pin[tid]);
  ThreadAction a = MakeAction(ActionKind::kAdd, in, tid - stride, tid, out, tid, kNoPosition);
  if (tid < stride) LeftOfZero(in, tid - stride, n, &a.read_array[0], &a.read[0]);
  return a;
}

// blelloch::Index without its - 1.
SCANVIZ_HD SCANVIZ_FORCEINLINE int WrongIndexOf(int tid, int stride) {
  return (tid + 1) * stride * 2;  // MISTAKE: the chapters' formula ends in - 1
}

// blelloch::UpSweepStep with WrongIndexOf.
template <class Op, class Buf>
SCANVIZ_HD ThreadAction UpSweepStep(Buf buf, int padded_n, int stride, int tid, WrongIndex<Op> op) {
  const int index = WrongIndexOf(tid, stride);
  if (index >= padded_n) return ThreadAction{};
  buf[index] = op(buf[index - stride], buf[index]);
  return MakeAction(ActionKind::kAdd, blelloch::kBuf, index - stride, index, blelloch::kBuf, index,
                    kNoPosition);
}

// blelloch::DownSweepStep with WrongIndexOf.
template <class Op, class Buf, class T = typename Op::Value>
SCANVIZ_HD ThreadAction DownSweepStep(Buf buf, int padded_n, int stride, int tid,
                                      WrongIndex<Op> op) {
  const int index = WrongIndexOf(tid, stride);
  if (index >= padded_n) return ThreadAction{};
  const T left = buf[index - stride];
  buf[index - stride] = buf[index];
  buf[index] = op(buf[index], left);
  return MakeAction(ActionKind::kSwapAdd, blelloch::kBuf, index - stride, index, blelloch::kBuf,
                    index - stride, index);
}

// Calls f(op), or f(Mistaken<Op, m>{}) when m is a step-level mistake of Driver's algorithm (only
// those are instantiated).
template <class Driver, class Op, class F>
decltype(auto) WithMistakenSteps(const MistakeInfo* m, Op op, F&& f) {
  if constexpr (Driver::kId == Algorithm::kHillisSteele) {
    if (m != nullptr && m->id == Mistake::kHillisSteeleNoEdgeCheck) return f(NoEdgeCheck<Op>{});
  } else if constexpr (Driver::kId == Algorithm::kBlelloch) {
    if (m != nullptr && m->id == Mistake::kBlellochWrongIndex) return f(WrongIndex<Op>{});
  }
  return f(op);
}

}  // namespace scanviz::mistaken
