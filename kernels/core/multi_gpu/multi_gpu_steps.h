// The scan across GPUs, the hierarchy's level above the grid: P GPUs (ranks), each holding a shard
// of the input, run the chapters' three-step strategy with GPUs in the place of blocks. Only P
// numbers cross between GPUs (one total each, gathered by every rank with ncclAllGather: NCCL has
// no scan collective), so the exchange costs a few microseconds whatever n is.
//
//   scan, then add:   each rank scans its shard (its own single-pass scan) and takes its total;
//                     all-gather the P totals; each rank's offset is the combination of the lower
//                     ranks' totals; each rank adds its offset to every element of its shard.
//                     Traffic per rank: 4 n/P words (the scan reads and writes, the add again).
//   reduce, then scan: each rank reduces its shard (n/P reads); all-gather the totals; each rank
//                     scans its shard with its offset carried into the first tile (3 n/P).
//
// The per-rank steps below are written once: the CUDA ranks (kernels/cuda/multi_gpu/) and the
// simulator (core/multi_gpu/multi_gpu.cpp) both call them.
#pragma once

#include <cstdint>

#include "core/hd.h"

namespace scanviz::multi_gpu {

// Rank r's shard is [ShardBegin(n, P, r), ShardBegin(n, P, r + 1)): n / P elements each, the
// first n % P ranks one more (the remainder spread, so no rank holds more than one extra).
SCANVIZ_HD SCANVIZ_FORCEINLINE long long ShardBegin(long long n, int ranks, int rank) {
  const long long base = n / ranks, extra = n % ranks;
  return rank * base + (rank < extra ? rank : extra);
}
SCANVIZ_HD SCANVIZ_FORCEINLINE long long ShardSize(long long n, int ranks, int rank) {
  return ShardBegin(n, ranks, rank + 1) - ShardBegin(n, ranks, rank);
}

// The total a rank sends after scanning its shard: its last inclusive value. An exclusive scan's
// last value lacks the last element, which goes behind it. The identity for an empty shard.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD SCANVIZ_FORCEINLINE T TotalAfterScan(bool inclusive, T last_out, T last_in, Op op) {
  return inclusive ? last_out : op(last_out, last_in);
}

// A rank's offset: the lower ranks' totals combined in rank order (the order matters for a
// non-commutative operator such as `last`); the identity on rank 0.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD SCANVIZ_FORCEINLINE T RankOffset(const T* gathered, int rank, Op op) {
  T offset = Op::Identity();
  for (int r = 0; r < rank; ++r) offset = op(offset, gathered[r]);
  return offset;
}

// Scan, then add: every element of the shard gets the offset in front of it.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD SCANVIZ_FORCEINLINE T AddOffset(T offset, T local, Op op) {
  return op(offset, local);
}

}  // namespace scanviz::multi_gpu
