// The three-phase device-wide scan shared by rungs (a), (b) and (c):
//   1. scan each tile in one block, write the tile's total to sums[tile];
//   2. scan the tile totals (exclusive) with the same rung, recursively, until they fit one tile;
//   3. add each tile's offset to its elements.
// Device traffic: phase 1 reads and writes n elements, phase 3 reads and writes them again (4n).
#pragma once

#include "perf/perf_internal.cuh"

namespace scanviz::perf {

// Phase 3: out[i] = offsets[i / TILE] + out[i] for i >= TILE (tile 0 has offset identity).
// Each thread handles 4 elements, 256 apart, so a block covers 1024 consecutive elements.
template <class Op, int TILE, class T = typename Op::Value>
__global__ __launch_bounds__(256) void AddOffsetsKernel(T* out, int n, const T* offsets) {
  const Op op;
  const long long first = TILE + static_cast<long long>(blockIdx.x) * 1024 + threadIdx.x;
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    const long long i = first + k * 256;
    if (i < n) out[i] = op(offsets[i / TILE], out[i]);
  }
}

// Host recursion. Kernel launcher signature: launch(in, out, n, sums_or_null, inclusive, grid,
// stream).
template <class Op, int TILE, class Launch, class T = typename Op::Value>
cudaError_t ThreePhaseScan(Workspace& ws, const T* in, T* out, int n, bool inclusive,
                           cudaStream_t stream, int level, Launch launch) {
  if (n <= 0) return cudaSuccess;
  if (n <= TILE) {
    launch(in, out, n, static_cast<T*>(nullptr), inclusive, 1, stream);
    return LastLaunchError();
  }
  const int tiles = (n + TILE - 1) / TILE;
  void* sums = nullptr;
  void* scanned = nullptr;
  SCANVIZ_PERF_TRY(ws.Get(2 * level, sizeof(T) * tiles, &sums));
  SCANVIZ_PERF_TRY(ws.Get(2 * level + 1, sizeof(T) * tiles, &scanned));
  launch(in, out, n, static_cast<T*>(sums), inclusive, tiles, stream);
  SCANVIZ_PERF_TRY(LastLaunchError());
  SCANVIZ_PERF_TRY(ThreePhaseScan<Op, TILE>(ws, static_cast<const T*>(sums),
                                            static_cast<T*>(scanned), tiles,
                                            /*inclusive=*/false, stream, level + 1, launch));
  const long long rest = static_cast<long long>(n) - TILE;
  const int blocks = static_cast<int>((rest + 1023) / 1024);
  AddOffsetsKernel<Op, TILE><<<blocks, 256, 0, stream>>>(out, n, static_cast<const T*>(scanned));
  return LastLaunchError();
}

// A three-phase rung: Launch{}(in, out, n, sums, inclusive, grid, stream) scans tiles of TILE
// elements (and writes each tile's total to sums when it is not null).
template <int TILE, class Launch>
class ThreePhaseRung {
 public:
  template <class T, bool INCLUSIVE>
  cudaError_t Scan(const T* in, T* out, int n, cudaStream_t stream) {
    return ThreePhaseScan<AddOp<T>, TILE>(ws_, in, out, n, INCLUSIVE, stream, 0, Launch{});
  }

 private:
  Workspace ws_;
};

}  // namespace scanviz::perf
