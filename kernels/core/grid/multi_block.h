// The multi-block scan, the chapters' three steps, for arrays larger than one block:
//
//   1. block scan:   each block scans its own B elements with a block scan (any algorithm of the
//                    registry, its driver in core/algorithms/ unchanged) and writes its result
//                    to the output; its last thread writes the block's total to sums[block]
//   2. sums scan:    one block scans sums exclusively: offsets[b] = the total of blocks 0..b-1
//                    (more sums than a block holds: the same three steps on the sums, recursively)
//   3. add offsets:  every element of block b >= 1 becomes offsets[b] . output[i] (offset first:
//                    it covers the earlier elements); block 0's offset is the identity
//
// The flavours compose through the registry: phase 1 scans in the flavour asked for (the block
// algorithm's own, or converted), phase 2 always asks for the exclusive one (an inclusive
// algorithm's blocks convert), and BlockTotal reads a block's total from either.
//
// Run is the grid's loop, written once: the simulator (grid.cpp) and the CUDA kernels
// (CudaGridExec in kernels/cuda/trace_kernel.cu) are executors that run each phase, and both call
// the per-thread steps below. The executor's interface:
//
//   exec.ScanBlocks(request, convert, &trace)  phase 1 on request.input: fills trace.blocks,
//                                               trace.block_output and (with > 1 block) trace.sums
//   exec.AddOffsets(request, &trace)            phase 3: trace.output from trace.block_output and
//                                               the offsets (trace.sums_scan's output)
//   exec.Failed()                               a phase could not run (the GPU's error): stop
#pragma once

#include <vector>

#include "core/grid/grid.h"
#include "core/hd.h"

namespace scanviz::multi_block {

// The total of a block, by its last thread after the block scan, from its own result and input
// element: the last inclusive value is the total; the last exclusive value lacks its own element.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD T BlockTotal(T last_result, T last_input, bool inclusive, Op op) {
  return inclusive ? last_result : op(last_result, last_input);
}

// Phase 3, element i of a grid of blocks of `block_size`: its block's offset (the combination of
// every earlier block), first, with the value its block scan left. Block 0 has nothing before it.
template <class Op, class T = typename Op::Value>
SCANVIZ_HD void AddOffsetStep(T* out, const T* offsets, int block_size, int n, int i, Op op) {
  const int block = i / block_size;
  if (i >= n || block == 0) return;
  out[i] = op(offsets[block], out[i]);
}

// The grid's loop: the three phases, phase 2 recursive when the sums need more than one block.
// The app's code panel shows the text between the [kernel:...] markers and lights the lines tagged
// [line:...] for the phase on screen.
// [kernel:multi-block]
template <class Exec>
GridTrace Run(Exec& exec, const GridRequest& request, int depth = 0) {
  GridTrace trace = MakeGridTrace(request, exec.backend(), depth);
  exec.ScanBlocks(request, request.convert, &trace);  // phase 1  // [line:phase1]
  if (exec.Failed()) return trace;
  if (trace.BlockCount() == 1) {           // [line:single]
    trace.output = trace.block_output;     // [line:single]
    return trace;                          // [line:single]
  }
  GridRequest sums = request;  // phase 2: an exclusive scan of the block totals  // [line:phase2]
  sums.input = trace.sums;                                       // [line:phase2]
  sums.convert = Info(request.block_algorithm).inclusive;        // [line:phase2]
  trace.sums_scan.push_back(Run(exec, sums, depth + 1));         // [line:phase2]
  if (exec.Failed()) return trace;
  exec.AddOffsets(request, &trace);  // phase 3  // [line:phase3]
  return trace;
}
// [/kernel:multi-block]

}  // namespace scanviz::multi_block
