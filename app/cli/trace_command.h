// scanviz-cli trace: a scan (one block, a grid of blocks, the single pass) or an application of
// the scan, on the GPU or the CPU simulator, printed as a table or JSON, checked, and written to
// a file with -o. trace_command.cpp holds the options and sends each kind to its file:
// trace_block_scan.cpp (one block), trace_grid_scan.cpp (multi-block, single-pass),
// trace_multi_gpu.cpp (the scan across GPUs) and application_command.cpp (the applications).
#pragma once

#include <string>
#include <vector>

#include "core/trace.h"

namespace CLI {
class App;
}

namespace scanviz::cli {

struct TraceArgs {
  std::string algorithm = "hillis-steele";
  std::string input;
  int random_n = 0;
  std::string seed = "1";
  std::string op = "add";
  std::string type = "int32";
  std::string backend = "auto";
  std::string mistake;       // --mistake KEY (the mistakes lab)
  std::string thread_order;  // --thread-order ORDER (the simulator's)
  int runs = 0;              // --runs K: the kernel K times on the GPU, its distinct results
  int cycles = 0;            // --cycles R: time each round on the GPU, R runs (median)
  bool input_given = false;
  bool random_given = false;
  bool output_given = false;
  bool json = false;
  bool windows = false;
  bool convert = false;
  bool narrate = false;
  std::string output;
  // --algorithm multi-block: the block scan and the elements per block.
  std::string block_algorithm = "hillis-steele";
  int block_size = 8;
  bool block_algorithm_given = false;
  bool block_size_given = false;
  // --algorithm single-pass: elements per tile (one tile per block) and the order tiles are taken.
  int tile_size = 8;
  std::string tile_order = "blockidx";
  bool tile_size_given = false;
  bool tile_order_given = false;
  // The applications (core/applications/): compact's predicate, split's bit, radix sort's bit
  // count.
  std::string keep;
  int bit = 0;
  int bits = 0;
  bool keep_given = false;
  bool bit_given = false;
  bool bits_given = false;
  bool op_given = false;
  // --algorithm multi-gpu: the GPUs (ranks) and the strategy across them.
  int gpus = 4;
  std::string strategy = "scan-then-add";
  bool gpus_given = false;
  bool strategy_given = false;
  std::string self;  // the running program (argv[0]): the ranks' launcher starts it again
};

// The subcommand and its options, bound to `args`.
CLI::App* AddTraceCommand(CLI::App* app, TraceArgs* args);

// After parsing: which options were given (into `args`), then the run. Exit 0 when the trace ran
// and passed its self-check, 1 when it failed (or CUDA did), 2 on a usage error.
int RunTraceCommand(const CLI::App& trace, TraceArgs* args);

// [SECTION] Shared by the trace command's files

// --input, or --random N with --seed: the values to scan, at most `max` of them. kExitOk, or the
// usage error's exit code, already reported; `range_note` ends the message for N out of range.
int ParseInputArg(const TraceArgs& args, ElementType type, int max, const std::string& range_note,
                  std::vector<double>* values);

// A bad -o is refused before anything runs or prints: kExitOk, or the usage error's exit code.
int CheckOutputArg(const TraceArgs& args);

// trace_block_scan.cpp: --algorithm hillis-steele, blelloch, ... (one block).
int RunBlockScanCommand(const TraceArgs& args);
// trace_grid_scan.cpp: --algorithm multi-block, and --algorithm single-pass.
int RunGridCommand(const TraceArgs& args);
int RunSinglePassCommand(const TraceArgs& args);
// trace_multi_gpu.cpp: --algorithm multi-gpu (the scan across GPUs, or its simulator).
int RunMultiGpuCommand(const TraceArgs& args);

}  // namespace scanviz::cli
