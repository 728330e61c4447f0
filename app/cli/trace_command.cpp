#include "cli/trace_command.h"

#include <CLI/CLI.hpp>
#include <cstdint>
#include <limits>
#include <utility>

#include "cli/application_command.h"
#include "cli/usage.h"
#include "core/applications/applications.h"
#include "core/file_io.h"
#include "core/grid/grid.h"
#include "core/grid/single_pass.h"
#include "core/input.h"
#include "core/multi_gpu/multi_gpu.h"
#include "core/registry.h"

namespace scanviz::cli {

namespace {

// [SECTION] The options

// What to scan and how: the algorithm (and the applications' and the grid's own options), the
// input, the operator, type and backend.
void AddWhatOptions(CLI::App* trace, TraceArgs* args) {
  trace
      ->add_option("-a,--algorithm", args->algorithm,
                   AlgorithmKeys() +
                       ", multi-block, single-pass or multi-gpu; or an application of the scan: " +
                       ApplicationKeys())
      ->capture_default_str();
  trace->add_option("--keep", args->keep,
                    "compact: which elements to keep, odd, even, positive, nonzero (default) or "
                    "greater:K");
  trace->add_option("--bit", args->bit, "split: the bit to split on, 0..31 (default 0)");
  trace->add_option("--bits", args->bits,
                    "radix-sort: passes over the low K bits, 1..32 (default: as many as the keys "
                    "need; 32 with a negative key)");
  trace
      ->add_option("--block-algorithm", args->block_algorithm,
                   "multi-block, single-pass and the applications: each block's (tile's) scan, "
                   "any algorithm: " +
                       AlgorithmKeys() + " (applications: " +
                       ToString(kDefaultApplicationBlockAlgorithm) + " unless given)")
      ->capture_default_str();
  trace
      ->add_option("--block-size", args->block_size,
                   "multi-block and the applications: elements per block, a power of two from 4 "
                   "to 1024 (applications: the smallest covering n, at most 1024)")
      ->capture_default_str();
  trace
      ->add_option("--tile-size", args->tile_size,
                   "single-pass: elements per tile, a power of two from 4 to 1024")
      ->capture_default_str();
  trace
      ->add_option("--tile-order", args->tile_order,
                   "single-pass: tiles taken in blockidx order or by an atomic ticket")
      ->capture_default_str();
  trace->add_option("--gpus", args->gpus, "multi-gpu: the GPUs (ranks), 1 to 16")
      ->capture_default_str();
  trace
      ->add_option("--strategy", args->strategy,
                   "multi-gpu: scan-then-add (scan each shard, all-gather the totals, add the "
                   "offsets) or reduce-then-scan (reduce, all-gather, scan from the offset)")
      ->capture_default_str();
  trace->add_option("-i,--input", args->input,
                    "the array, e.g. 3,1,7,0,4,1,6,3, \"3 1 7 0\" or -3,1,2");
  trace->add_option("--random", args->random_n, "scan N random values in 0..9 instead");
  trace->add_option("--seed", args->seed, "seed for --random")->capture_default_str();
  trace
      ->add_option("--op", args->op,
                   "add, max, min or last (the last non-zero value: not commutative)")
      ->capture_default_str();
  trace->add_option("--type", args->type, "int32 or float32")->capture_default_str();
  trace
      ->add_option("-b,--backend", args->backend,
                   "auto (CUDA when usable, else the CPU simulator), cpu or cuda")
      ->capture_default_str();
}

// What to print and write, and the labs' runs (the mistakes lab, the GPU's cycles).
void AddOutputOptions(CLI::App* trace, TraceArgs* args) {
  trace->add_flag("--json", args->json, "print the trace as JSON (the trace file format)");
  trace->add_flag("--windows", args->windows, "add each cell's invariant window to the table");
  trace->add_flag("--convert", args->convert,
                  "add a traced conversion round: Hillis-Steele to exclusive (shift right), "
                  "Blelloch to inclusive (add each input)");
  trace->add_flag("--narrate", args->narrate,
                  "print each round's narration (title, then paragraphs) after its table, and "
                  "the summary at the end, as the app's Narration tab tells them");
  trace->add_option("-o,--output", args->output, "also write the trace to this file");
  trace->add_option("--mistake", args->mistake,
                    "run a classic mistake (the mistakes lab): Hillis-Steele single-buffer, "
                    "no-barrier or no-edge-check; Blelloch no-barrier, wrong-index or no-seed. "
                    "Prints where it goes wrong");
  trace->add_option("--runs", args->runs,
                    "run the kernel (with --mistake, the broken one) K times on the GPU without "
                    "instrumentation and count its distinct results (the mistakes lab)");
  trace->add_option("--cycles", args->cycles,
                    "time each round on the GPU: R runs without snapshots, the median clock "
                    "cycles per round, printed and kept in the trace file");
  trace->add_option("--thread-order", args->thread_order,
                    "the simulator's thread order: in-order (default), reverse, random:SEED, "
                    "warp-by-warp (lanes in lockstep)");
}

void RecordGivenOptions(const CLI::App& trace, TraceArgs* args) {
  args->input_given = trace.count("--input") > 0;
  args->random_given = trace.count("--random") > 0;
  args->output_given = trace.count("--output") > 0;
  args->block_algorithm_given = trace.count("--block-algorithm") > 0;
  args->block_size_given = trace.count("--block-size") > 0;
  args->tile_size_given = trace.count("--tile-size") > 0;
  args->tile_order_given = trace.count("--tile-order") > 0;
  args->keep_given = trace.count("--keep") > 0;
  args->bit_given = trace.count("--bit") > 0;
  args->bits_given = trace.count("--bits") > 0;
  args->op_given = trace.count("--op") > 0;
  args->gpus_given = trace.count("--gpus") > 0;
  args->strategy_given = trace.count("--strategy") > 0;
}

// [SECTION] The kinds of trace

// --algorithm compact|split|radix-sort|allocate: the application's command, with the options
// that are for scans only named when given.
int TraceApplication(const TraceArgs& args) {
  ApplicationCommandArgs a;
  a.algorithm = args.algorithm;
  a.input = args.input;
  a.random_n = args.random_n;
  a.seed = args.seed;
  a.type = args.type;
  a.backend = args.backend;
  a.keep = args.keep;
  a.bit = args.bit;
  a.bits = args.bits;
  a.block_algorithm = args.block_algorithm;
  a.block_size = args.block_size;
  a.output = args.output;
  a.input_given = args.input_given;
  a.random_given = args.random_given;
  a.output_given = args.output_given;
  a.json = args.json;
  a.keep_given = args.keep_given;
  a.bit_given = args.bit_given;
  a.bits_given = args.bits_given;
  a.block_algorithm_given = args.block_algorithm_given;
  a.block_size_given = args.block_size_given;
  const std::pair<const char*, bool> scan_only[] = {{"--op", args.op_given},
                                                    {"--mistake", !args.mistake.empty()},
                                                    {"--thread-order", !args.thread_order.empty()},
                                                    {"--runs", args.runs != 0},
                                                    {"--cycles", args.cycles != 0},
                                                    {"--narrate", args.narrate},
                                                    {"--windows", args.windows},
                                                    {"--convert", args.convert}};
  for (const auto& [option, given] : scan_only)
    if (given) a.scan_only.push_back(option);
  return RunApplicationCommand(a);
}

// Each kind of --algorithm to its command, once the options given are the kind's.
int RunTrace(const TraceArgs& args) {
  if (IsApplicationKey(args.algorithm)) return TraceApplication(args);
  if (std::string misplaced = MisplacedApplicationOption(args.algorithm, args.keep_given,
                                                         args.bit_given, args.bits_given);
      !misplaced.empty())
    return UsageError(misplaced);
  // The scan across GPUs: its own options, and each shard's tiles (--tile-size).
  if (args.algorithm == kMultiGpuKey) {
    if (args.block_size_given || args.tile_order_given)
      return UsageError(std::string(args.block_size_given ? "--block-size" : "--tile-order") +
                        " is not for --algorithm multi-gpu (each shard's tiles: --tile-size)");
    return RunMultiGpuCommand(args);
  }
  if (args.gpus_given || args.strategy_given)
    return UsageError(std::string(args.gpus_given ? "--gpus" : "--strategy") +
                      " is for --algorithm multi-gpu");
  const bool single_pass = args.algorithm == kSinglePassKey;
  if (single_pass && args.block_size_given)
    return UsageError(
        "--block-size is for --algorithm multi-block; a single-pass tile is --tile-size");
  if (!single_pass && (args.tile_size_given || args.tile_order_given))
    return UsageError(std::string(args.tile_size_given ? "--tile-size" : "--tile-order") +
                      " is for --algorithm single-pass");
  if (args.algorithm == kMultiBlockKey) return RunGridCommand(args);
  if (single_pass) return RunSinglePassCommand(args);
  if (args.block_algorithm_given || args.block_size_given)
    return UsageError(std::string(args.block_size_given ? "--block-size" : "--block-algorithm") +
                      " is for --algorithm multi-block or single-pass");
  return RunBlockScanCommand(args);
}

}  // namespace

CLI::App* AddTraceCommand(CLI::App* app, TraceArgs* args) {
  CLI::App* trace = app->add_subcommand(
      "trace", "Run a scan (one block, or a grid of blocks) and print its trace round by round");
  AddWhatOptions(trace, args);
  AddOutputOptions(trace, args);
  return trace;
}

int RunTraceCommand(const CLI::App& trace, TraceArgs* args) {
  if (trace.count("--input") == 0 && trace.count("--random") == 0)
    return UsageError("trace needs --input or --random");
  RecordGivenOptions(trace, args);
  return RunTrace(*args);
}

// [SECTION] Shared by the trace command's files

int ParseInputArg(const TraceArgs& args, ElementType type, int max, const std::string& range_note,
                  std::vector<double>* values) {
  if (args.input_given && args.random_given)
    return UsageError("give either --input or --random, not both");
  if (!args.input_given) {
    if (args.random_n < 1 || args.random_n > max)
      return UsageError("--random " + std::to_string(args.random_n) + ": choose 1.." +
                        std::to_string(max) + range_note);
    const ParsedSeed seed = ParseSeed(args.seed);
    if (!seed.Ok()) return UsageError("--seed " + seed.error);
    *values = RandomValues(args.random_n, seed.value, type);
  } else {
    const ParsedValues parsed = ParseValues(args.input, type, max);
    if (!parsed.Ok()) return UsageError("--input: " + parsed.error);
    *values = parsed.values;
  }
  return kExitOk;
}

int CheckOutputArg(const TraceArgs& args) {
  if (args.output_given) {
    if (args.output.empty()) return UsageError("--output: the file name is empty");
    if (const std::string error = CheckWriteTarget(args.output); !error.empty())
      return UsageError("--output: " + error);
  }
  return kExitOk;
}

}  // namespace scanviz::cli
