// A scan over a grid of blocks: the multi-block scan (core/grid/multi_block.h), the chapters'
// three steps, recorded the way a class watches them: each block's own trace (a single-block
// trace of its slice, which the app opens in the single-block view), and the global arrays
// between the phases: the blocks' outputs, their totals, the scanned totals, the output.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "core/registry.h"
#include "core/trace.h"

namespace scanviz {

inline constexpr int kMinGridBlockSize = 4;
inline constexpr int kMaxGridBlockSize = 1024;

struct GridRequest {
  Algorithm block_algorithm = Algorithm::kHillisSteele;  // the block scan: any of the registry
  int block_size = 8;  // elements per block: a power of two in 4..1024
  OpKind op = OpKind::kAdd;
  ElementType type = ElementType::kInt32;
  std::vector<double> input;  // 1..kMaxGridElements values of `type`
  // The flavour: the block algorithm's own (its registry entry's `inclusive`), or the other one:
  // every block scan then ends with its conversion round.
  bool convert = false;
};

// Empty if the request can run; else one line naming what is wrong.
std::string ValidateGridRequest(const GridRequest& request);
// Every algorithm of the registry can be the block scan of a grid, of a single pass's tiles and of
// an application's scan: the grids ask each block for the flavour they need (phase 2 always an
// exclusive scan), and a block scan of any flavour converts. So this is whether `a` names an
// algorithm of the registry (a value cast from outside may not), and the keys for messages are
// the registry's: "hillis-steele, blelloch, warp-shuffle or sklansky".
bool IsGridBlockAlgorithm(Algorithm a);
std::string GridBlockAlgorithmKeys();

struct GridTrace {
  Algorithm block_algorithm = Algorithm::kHillisSteele;
  int block_size = 0;  // elements per block
  OpKind op = OpKind::kAdd;
  ElementType type = ElementType::kInt32;
  double identity = 0;
  bool converted = false;  // the block scans convert to the other flavour
  BackendInfo backend;
  int depth = 0;  // 0: the scan asked for; d: the scan of the block totals of depth d - 1

  std::vector<double> input;         // n values, global memory
  std::vector<Trace> blocks;         // phase 1: block b's trace, of input[b * B, (b + 1) * B)
  std::vector<double> block_output;  // phase 1: what the blocks wrote, each its own scan
  std::vector<double> sums;          // phase 1: each block's total (none with one block)
  // Phase 2: the exclusive scan of sums, a grid of its own (of one block when the totals fit in
  // one); none with one block.
  std::vector<GridTrace> sums_scan;
  std::vector<double> output;  // phase 3: the scan of the whole input

  int N() const { return static_cast<int>(input.size()); }
  // Blocks of the grid (ceil(n / block_size)); `blocks` holds as many traces once they are made.
  int BlockCount() const { return block_size > 0 ? (N() + block_size - 1) / block_size : 0; }
  // Whether every level holds its blocks' traces (false after BlockTraces::kLater).
  bool HasBlockTraces() const;
  bool Inclusive() const;
  // The offsets phase 3 adds (sums_scan's output); empty with one block.
  const std::vector<double>& Offsets() const;
  // The first element of block b and its count.
  int BlockBegin(int b) const { return b * block_size; }
  int BlockCount(int b) const;
};

// The grid's metadata and input, before anything ran.
GridTrace MakeGridTrace(const GridRequest& request, const BackendInfo& backend, int depth = 0);
// The block scan request of block b of `request`.
ScanRequest BlockRequest(const GridRequest& request, int block);

// Phase 1's block traces are most of a large grid's cost (16,384 traces of 4 elements at 2^16):
// kLater fills the grid's arrays from each block's result alone (the same driver and executor,
// nothing recorded: SimulateResult), and TraceBlocks makes the traces afterwards, so that the
// live app shows an edit first and traces beside it.
enum class BlockTraces : bool { kRecorded, kLater };

// Requires ValidateGridRequest(request) to be empty.
GridTrace SimulateGrid(const GridRequest& request, BlockTraces traces = BlockTraces::kRecorded);
// The block traces of every level of a grid simulated with kLater (no-op where they exist):
// each block simulated again, traced. CheckGrid then holds each block's output against its trace.
// False when `stop` was set before the last block (the traces then partial: the grid is dropped).
bool TraceBlocks(GridTrace* grid, const std::atomic<bool>* stop = nullptr);

// The three invariants, one per phase, and each block's own self-check: a block's output cell
// holds the scan of its block up to it; sums[b] the total of block b; offsets[b] the total of
// blocks 0..b-1; an output cell the scan of the whole prefix. Empty when all hold; else what
// broke, naming phase, block and cell (at most a few).
std::vector<std::string> CheckGrid(const GridTrace& trace);

// "multi-block": the CLI's and the file's name.
inline constexpr const char* kMultiBlockKey = "multi-block";

}  // namespace scanviz
