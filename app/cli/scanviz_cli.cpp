// scanviz-cli: the trace of a single-block scan, on the GPU or the CPU simulator, as a table or
// JSON; checks trace files; lists CUDA devices; runs the performance lab where built.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "backend/backend.h"
#include "cli/app_command.h"
#include "cli/grid_table.h"
#include "cli/narrate.h"
#include "cli/report.h"
#include "cli/single_pass_table.h"
#include "cli/trace_table.h"
#include "core/analysis.h"
#include "core/apps/apps.h"
#include "core/file_io.h"
#include "core/grid/grid_io.h"
#include "core/input.h"
#include "core/registry.h"
#include "core/trace_io.h"
#include "teach/mistake_report.h"

#if SCANVIZ_HAVE_PERF
#include "perf/perf_bench.h"
#endif

namespace {

using namespace scanviz;

constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;

// "hillis-steele, blelloch or warp-shuffle": every key in the registry.
std::string AlgorithmKeys() {
  std::string out;
  const auto all = Algorithms();
  for (size_t i = 0; i < all.size(); ++i) {
    if (i > 0) out += i + 1 == all.size() ? " or " : ", ";
    out += all[i]->key;
  }
  return out;
}

std::string MistakeKeys(Algorithm a) {
  std::string keys;
  for (const MistakeInfo& m : Mistakes()) {
    if (m.algorithm != a) continue;
    keys += (keys.empty() ? "" : ", ") + std::string(m.key);
  }
  return keys.empty() ? std::string("the lab has no mistakes of ") + DisplayName(a)
                      : std::string("mistakes of ") + DisplayName(a) + ": " + keys;
}

// The mistake's run beside the correct one: what was taken away, the first wrong result cell,
// where the two runs first part (the round and the cell), and the first hazard (teach/).
void ReportMistake(const Trace& broken, const Trace& correct, std::ostream& out) {
  const MistakeInfo& m = *FindMistake(broken.meta.mistake);
  out << "mistake: " << m.key << " (" << m.name << "), threads " << broken.meta.thread_order
      << "\n  taken away: " << m.removed << '\n';
  if (m.step) {
    out << "  the chapters: " << m.chapter_line << "\n  the mistake:  " << m.mistaken_line
        << '\n';
  }
  out << "  why it matters: " << m.why << '\n';
  const teach::MistakeReport r = teach::ReportMistake(broken, correct);
  out << "result: " << teach::ResultLine(broken, r);
  if (r.wrong == 0) {
    out << " (try another: in-order, reverse, random:SEED, warp-by-warp)\n";
    return;
  }
  out << '\n';
  if (r.diff_round >= 0) {
    if (m.no_barrier) {
      out << "(without barriers each round's snapshot is memory as the last "
          << (broken.meta.thread_order == "warp-by-warp" ? "warp" : "thread")
          << " to run it left it: the ones before had already run ahead)\n";
    }
    out << "first difference: " << teach::DifferenceLine(broken, r) << '\n';
  }
  if (!r.hazard.empty()) out << "hazard: " << r.hazard << '\n';
}

int UsageError(const std::string& message);

// --runs K: the kernel (with its mistake, or the correct one) K times on the GPU; how many
// distinct results, how often each, and where each wrong one first differs from the correct scan.
// How many cells of `got` differ from `want`, and the first of them (got.size() when none).
std::pair<size_t, size_t> WrongCells(const std::vector<double>& got,
                                     const std::vector<double>& want) {
  size_t wrong = 0, first = got.size();
  for (size_t i = 0; i < got.size() && i < want.size(); ++i) {
    if (got[i] == want[i]) continue;
    ++wrong;
    first = std::min(first, i);
  }
  return {wrong, first};
}

int RunOutcomesCommand(const ScanRequest& request, int runs, bool json) {
  const GpuOutcomes got = RunGpuOutcomes(request, runs);
  if (!got.error.empty()) {
    std::cerr << "scanviz-cli: error: " << got.error << '\n';
    return kExitFailed;
  }
  ScanRequest correct = request;
  correct.mistake = Mistake::kNone;
  const std::vector<double> want = Simulate(correct).Result();
  const MistakeInfo* m = FindMistake(request.mistake);
  if (json) {
    // One kernel's entry of a lab results file (docs/mistakes.md: scripts/mistakes_device.sh
    // gathers them; the app's Mistakes tab shows them).
    nlohmann::json entry = {{"algorithm", ToString(request.algorithm)},
                            {"mistake", m ? m->key : "none"},
                            {"n", request.input.size()},
                            {"runs", runs},
                            {"device", got.device}};
    int right = 0;
    nlohmann::json outcomes = nlohmann::json::array();
    for (const GpuOutcome& o : got.outcomes) {
      const auto [wrong, first] = WrongCells(o.values, want);
      nlohmann::json jo = {{"count", o.count}, {"wrong_cells", wrong}};
      if (wrong == 0) {
        right += o.count;
      } else {
        jo["first_wrong"] = first;
        jo["got"] = FormatValue(request.type, o.values[first]);
        jo["want"] = FormatValue(request.type, want[first]);
      }
      outcomes.push_back(std::move(jo));
    }
    entry["right"] = right;
    entry["outcomes"] = std::move(outcomes);
    std::cout << entry.dump() << '\n';
    return kExitOk;
  }
  std::cout << (m ? std::string(m->key) : std::string("correct kernel")) << ", "
            << DisplayName(request.algorithm) << ", n = " << request.input.size() << ": " << runs
            << " runs on " << got.device << ", " << got.outcomes.size() << " distinct result"
            << (got.outcomes.size() == 1 ? "" : "s") << '\n';
  int right_runs = 0;
  for (size_t k = 0; k < got.outcomes.size(); ++k) {
    const GpuOutcome& o = got.outcomes[k];
    const auto [wrong, first] = WrongCells(o.values, want);
    std::cout << "  #" << k + 1 << "  x" << o.count << "  ";
    if (wrong == 0) {
      right_runs += o.count;
      std::cout << "correct\n";
    } else {
      std::cout << wrong << " cells wrong, first result[" << first
                << "] = " << FormatValue(request.type, o.values[first]) << ", should be "
                << FormatValue(request.type, want[first]) << '\n';
    }
  }
  std::cout << "correct in " << right_runs << " of " << runs << " runs\n";
  return kExitOk;
}

int UsageError(const std::string& message) {
  std::cerr << "scanviz-cli: error: " << message << '\n';
  return kExitUsage;
}

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
  // The applications (core/apps/): compact's predicate, split's bit, radix sort's bit count.
  std::string keep;
  int bit = 0;
  int bits = 0;
  bool keep_given = false;
  bool bit_given = false;
  bool bits_given = false;
  bool op_given = false;
};

// --algorithm compact|split|radix-sort|allocate: the application's command, with the options
// that are for scans only named when given.
int RunApp(const TraceArgs& args) {
  AppCommandArgs a;
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
  return RunAppCommand(a);
}

// The options the grid-sized scans (multi-block, single-pass) share: the block scan, the block
// (or tile) size, operator, type, backend, the input or --random, the conversion, the output
// target. kExitOk when they parse; else the usage error's exit code, already reported.
int ParseGridArgs(const TraceArgs& args, const std::string& kind, GridRequest* request,
                  BackendChoice* choice) {
  if (!Parse(args.block_algorithm, &request->block_algorithm) ||
      !IsGridBlockAlgorithm(request->block_algorithm))
    return UsageError("--block-algorithm '" + args.block_algorithm + "': choose " +
                      GridBlockAlgorithmKeys());
  if (!Parse(args.op, &request->op))
    return UsageError("unknown operator '" + args.op + "' (add, max, min or last)");
  if (!Parse(args.type, &request->type))
    return UsageError("unknown element type '" + args.type + "' (int32 or float32)");
  if (!Parse(args.backend, choice))
    return UsageError("unknown backend '" + args.backend + "' (auto, cpu or cuda)");
  const char* single_only[][2] = {{"--mistake", args.mistake.empty() ? nullptr : "x"},
                                  {"--thread-order", args.thread_order.empty() ? nullptr : "x"},
                                  {"--runs", args.runs ? "x" : nullptr},
                                  {"--cycles", args.cycles ? "x" : nullptr},
                                  {"--narrate", args.narrate ? "x" : nullptr},
                                  {"--windows", args.windows ? "x" : nullptr}};
  for (const auto& o : single_only)
    if (o[1] != nullptr)
      return UsageError(std::string(o[0]) + " is for single-block scans, not " + kind);
  if (args.input_given && args.random_given)
    return UsageError("give either --input or --random, not both");
  if (!args.input_given) {
    if (args.random_n < 1 || args.random_n > kMaxGridElements)
      return UsageError("--random " + std::to_string(args.random_n) + ": choose 1.." +
                        std::to_string(kMaxGridElements) + " for a " + kind + " scan");
    const ParsedSeed seed = ParseSeed(args.seed);
    if (!seed.Ok()) return UsageError("--seed " + seed.error);
    request->input = RandomValues(args.random_n, seed.value, request->type);
  } else {
    const ParsedValues parsed = ParseValues(args.input, request->type, kMaxGridElements);
    if (!parsed.Ok()) return UsageError("--input: " + parsed.error);
    request->input = parsed.values;
  }
  request->convert = args.convert;
  if (args.output_given) {
    if (args.output.empty()) return UsageError("--output: the file name is empty");
    if (const std::string error = CheckWriteTarget(args.output); !error.empty())
      return UsageError("--output: " + error);
  }
  return kExitOk;
}

// After a grid-sized trace was printed: its self-check's verdict, then the file.
template <class Save>
int CheckAndSave(const TraceArgs& args, const std::vector<std::string>& broken,
                 const std::string& ok, Save&& save) {
  return cli::CheckAndSave(args.json ? std::cerr : std::cout, broken, args.output_given,
                           args.output, ok, std::forward<Save>(save));
}

// --algorithm multi-block: the chapters' three phases over a grid of blocks (core/grid/).
int RunGridCommand(const TraceArgs& args) {
  GridRequest request;
  BackendChoice choice{};
  if (const int code = ParseGridArgs(args, kMultiBlockKey, &request, &choice); code != kExitOk)
    return code;
  request.block_size = args.block_size;
  if (const std::string invalid = ValidateGridRequest(request); !invalid.empty())
    return UsageError(invalid);
  GridOutcome outcome = RunGridScan(choice, request);
  if (!outcome.grid) {
    std::cerr << "scanviz-cli: error: " << outcome.error << '\n';
    return choice == BackendChoice::kCuda ? kExitFailed : kExitUsage;
  }
  const GridTrace& grid = *outcome.grid;
  (args.json ? std::cerr : std::cout) << "ran on: " << outcome.ran << '\n';
  if (args.json) {
    WriteGridJson(grid, std::cout, /*pretty=*/true);
  } else {
    PrintGridTable(grid, std::cout);
  }
  return CheckAndSave(args, CheckGrid(grid),
                      std::string("every block's cells, sum, offset and output cell hold their "
                                  "windows; the result equals the sequential ") +
                          (grid.Inclusive() ? "inclusive" : "exclusive") + " scan",
                      [&](const std::string& path) { return SaveGridFile(grid, path); });
}

// --algorithm single-pass: one launch, tiles chained by their status words (core/grid/single_pass.h).
int RunSinglePassCommand(const TraceArgs& args) {
  GridRequest grid;
  BackendChoice choice{};
  if (const int code = ParseGridArgs(args, kSinglePassKey, &grid, &choice); code != kExitOk)
    return code;
  SinglePassRequest request;
  request.block_algorithm = grid.block_algorithm;
  request.tile_size = args.tile_size;
  request.op = grid.op;
  request.type = grid.type;
  request.input = std::move(grid.input);
  request.convert = grid.convert;
  if (!Parse(args.tile_order, &request.order))
    return UsageError("--tile-order '" + args.tile_order + "': choose blockidx or ticket");
  if (const std::string invalid = ValidateSinglePassRequest(request); !invalid.empty())
    return UsageError(invalid);
  SinglePassOutcome outcome = RunSinglePass(choice, request);
  if (!outcome.trace) {
    std::cerr << "scanviz-cli: error: " << outcome.error << '\n';
    return choice == BackendChoice::kCuda ? kExitFailed : kExitUsage;
  }
  const SinglePassTrace& trace = *outcome.trace;
  (args.json ? std::cerr : std::cout) << "ran on: " << outcome.ran << '\n';
  if (args.json) {
    WriteSinglePassJson(trace, std::cout, /*pretty=*/true);
  } else {
    PrintSinglePassTable(trace, std::cout);
  }
  return CheckAndSave(args, CheckSinglePass(trace),
                      std::string("every tile's scan, aggregate, look-back reads and prefixes hold; "
                                  "the result equals the sequential ") +
                          (trace.Inclusive() ? "inclusive" : "exclusive") + " scan",
                      [&](const std::string& path) { return SaveSinglePassFile(trace, path); });
}

int RunTraceCommand(const TraceArgs& args) {
  if (IsAppKey(args.algorithm)) return RunApp(args);
  if (std::string misplaced =
          MisplacedAppOption(args.algorithm, args.keep_given, args.bit_given, args.bits_given);
      !misplaced.empty())
    return UsageError(misplaced);
  const bool single_pass = args.algorithm == kSinglePassKey;
  if (single_pass && args.block_size_given)
    return UsageError("--block-size is for --algorithm multi-block; a single-pass tile is --tile-size");
  if (!single_pass && (args.tile_size_given || args.tile_order_given))
    return UsageError(std::string(args.tile_size_given ? "--tile-size" : "--tile-order") +
                      " is for --algorithm single-pass");
  if (args.algorithm == kMultiBlockKey) return RunGridCommand(args);
  if (single_pass) return RunSinglePassCommand(args);
  if (args.block_algorithm_given || args.block_size_given)
    return UsageError(std::string(args.block_size_given ? "--block-size" : "--block-algorithm") +
                      " is for --algorithm multi-block or single-pass");
  ScanRequest request;
  if (!Parse(args.algorithm, &request.algorithm))
    return UsageError("unknown algorithm '" + args.algorithm + "' (scans: " + AlgorithmKeys() +
                      "; the grid: " + kMultiBlockKey + " or " + kSinglePassKey +
                      "; applications: " + AppKeys() + ")");
  if (!Parse(args.op, &request.op))
    return UsageError("unknown operator '" + args.op + "' (add, max, min or last)");
  if (!Parse(args.type, &request.type))
    return UsageError("unknown element type '" + args.type + "' (int32 or float32)");
  BackendChoice choice{};
  if (!Parse(args.backend, &choice))
    return UsageError("unknown backend '" + args.backend + "' (auto, cpu or cuda)");
  if (args.input_given && args.random_given)
    return UsageError("give either --input or --random, not both");
  if (!args.input_given) {
    if (args.random_n < 1 || args.random_n > kMaxElements)
      return UsageError("--random " + std::to_string(args.random_n) + ": choose 1.." +
                        std::to_string(kMaxElements) + " (a single block, one thread per element)");
    const ParsedSeed seed = ParseSeed(args.seed);
    if (!seed.Ok()) return UsageError("--seed " + seed.error);
    request.input = RandomValues(args.random_n, seed.value, request.type);
  } else {
    const ParsedValues parsed = ParseValues(args.input, request.type);
    if (!parsed.Ok()) return UsageError("--input: " + parsed.error);
    request.input = parsed.values;
  }
  request.convert = args.convert;
  if (!args.mistake.empty()) {
    const MistakeInfo* m = FindMistake(request.algorithm, args.mistake);
    if (m == nullptr)
      return UsageError("--mistake '" + args.mistake + "': " + MistakeKeys(request.algorithm));
    request.mistake = m->id;
  }
  if (args.cycles < 0 || args.cycles > 100000)
    return UsageError("--cycles " + std::to_string(args.cycles) + ": choose 1..100000");
  if (args.runs < 0 || args.runs > 100000)
    return UsageError("--runs " + std::to_string(args.runs) + ": choose 1..100000");
  if (args.runs > 0) return RunOutcomesCommand(request, args.runs, args.json);
  SimulatorOptions order;
  if (!args.thread_order.empty()) {
    if (!ParseThreadOrder(args.thread_order, &order))
      return UsageError("--thread-order '" + args.thread_order +
                        "': choose in-order, reverse, random:SEED or warp-by-warp");
    if (choice == BackendChoice::kCuda)
      return UsageError("--thread-order orders the simulator's threads; the GPU picks its own");
    if (choice == BackendChoice::kAuto) choice = BackendChoice::kCpu;
  }
  // A bad -o is refused before anything runs or prints.
  if (args.output_given) {
    if (args.output.empty()) return UsageError("--output: the file name is empty");
    if (const std::string error = CheckWriteTarget(args.output); !error.empty())
      return UsageError("--output: " + error);
  }

  ScanOutcome outcome = RunScan(choice, request, order);
  if (!outcome.trace) {
    std::cerr << "scanviz-cli: error: " << outcome.error << '\n';
    return choice == BackendChoice::kCuda ? kExitFailed : kExitUsage;
  }
  Trace& trace = *outcome.trace;
  if (args.cycles > 0) {
    if (trace.meta.backend.kind != BackendKind::kCuda)
      return UsageError("--cycles times the rounds on the GPU; this trace ran on the simulator (" +
                        outcome.ran + ")");
    if (const std::string error = MeasureGpuCycles(&trace, args.cycles); !error.empty()) {
      std::cerr << "scanviz-cli: error: --cycles: " << error << '\n';
      return kExitFailed;
    }
  }
  const TraceAnalysis analysis = Analyze(trace);

  // Which backend ran goes to stderr with --json, so stdout stays one JSON document.
  std::ostream& note = args.json ? std::cerr : std::cout;
  note << "ran on: " << outcome.ran << '\n';
  if (analysis.overflow) {
    const Overflow& o = *analysis.overflow;
    std::cerr << "warning: int32 overflow: the first cell that wrapped is round " << o.round << ", "
              << trace.arrays[static_cast<size_t>(o.buffer)].name << "[" << o.position
              << "] (exact sum " << o.exact << ", stored " << FormatValue(trace.meta.type, o.stored)
              << "); the trace shows what the hardware computed, modulo 2^32\n";
  }
  if (args.json) {
    WriteTraceJson(trace, std::cout, /*pretty=*/true);
  } else {
    TableOptions options;
    options.windows = args.windows;
    if (args.narrate) {
      PrintNarratedTrace(trace, analysis, std::cout, options);
    } else {
      PrintTraceTable(trace, analysis, std::cout, options);
    }
  }
  if (request.mistake != Mistake::kNone) {
    // The lesson: what the mistake did, against the correct kernel on the same input.
    ScanRequest correct = request;
    correct.mistake = Mistake::kNone;
    ReportMistake(trace, Simulate(correct), note);
    // A broken kernel's trace fails the self-check by design: it is written as it is.
    return cli::CheckAndSave(note, {}, args.output_given, args.output, "",
                             [&](const std::string& path) { return SaveTraceFile(trace, path); });
  }
  // Output only on success: a failed run leaves what was at -o as it was, and says why.
  return cli::CheckAndSave(note, analysis.violations, args.output_given, args.output, "",
                           [&](const std::string& path) { return SaveTraceFile(trace, path); });
}

int RunCheckGrid(const std::string& path, const GridTrace& grid) {
  std::ostringstream ok;
  ok << "multi-block, " << grid.BlockCount() << " blocks of " << grid.block_size << " ("
     << DisplayName(grid.block_algorithm) << "), " << ToString(grid.op) << ", "
     << ToString(grid.type) << ", n = " << grid.N() << ", recorded on "
     << DescribeBackend(grid.backend)
     << "; every block, sum, offset and output cell holds its window and the result equals the "
        "sequential "
     << (grid.Inclusive() ? "inclusive" : "exclusive") << " scan";
  return cli::ReportFileCheck(path, CheckGrid(grid), ok.str());
}

int RunCheckSinglePass(const std::string& path, const SinglePassTrace& t) {
  std::ostringstream ok;
  ok << "single-pass, " << t.TileCount() << " tiles of " << t.tile_size << " ("
     << DisplayName(t.block_algorithm) << "), " << ToString(t.op) << ", " << ToString(t.type)
     << ", n = " << t.N() << ", tiles in " << ToString(t.order) << " order, recorded on "
     << DescribeBackend(t.backend) << (t.measured ? " (times measured)" : " (times simulated)")
     << "; every tile's scan, look-back and prefixes hold and the result equals the sequential "
     << (t.Inclusive() ? "inclusive" : "exclusive") << " scan";
  return cli::ReportFileCheck(path, CheckSinglePass(t), ok.str());
}

int RunCheckCommand(const std::string& path) {
  AnyTraceLoad loaded = LoadAnyTraceFile(path);
  if (loaded.grid) return RunCheckGrid(path, *loaded.grid);
  if (loaded.single_pass) return RunCheckSinglePass(path, *loaded.single_pass);
  if (loaded.app) return CheckAppFile(path, *loaded.app);
  if (!loaded.trace) {
    std::cerr << "scanviz-cli: check: " << loaded.error << '\n';
    return kExitFailed;
  }
  const Trace& trace = *loaded.trace;
  std::ostringstream ok;
  ok << DisplayName(trace.meta.algorithm) << ", " << ToString(trace.meta.op) << ", "
     << ToString(trace.meta.type) << ", n = " << trace.meta.n << ", " << trace.rounds.size()
     << " rounds, recorded on " << DescribeBackend(trace.meta.backend)
     << "; every cell holds its invariant window and the result equals the sequential "
     << (trace.Inclusive() ? "inclusive" : "exclusive") << " scan";
  return cli::ReportFileCheck(path, Analyze(trace).violations, ok.str());
}

int RunDevicesCommand() {
  const CudaAvailability& cuda = QueryCuda();
  if (!cuda.usable) {
    std::cout << "no usable CUDA device: " << cuda.reason << '\n'
              << "scanviz-cli trace --backend auto uses the CPU simulator instead.\n";
    return kExitFailed;
  }
  std::cout << "CUDA driver " << cuda.driver_version / 1000 << "."
            << cuda.driver_version % 1000 / 10 << ", runtime " << cuda.runtime_version / 1000 << "."
            << cuda.runtime_version % 1000 / 10 << '\n';
  for (const CudaDevice& d : cuda.devices) {
    std::cout << "  [" << d.index << "] " << d.name << "  sm_" << d.compute_major << d.compute_minor
              << ", " << d.multiprocessors << " multiprocessors, "
              << d.global_memory_bytes / (1024 * 1024) << " MiB\n";
  }
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"scanviz-cli: trace how a GPU computes a prefix sum, round by round"};
  app.set_version_flag("--version", std::string("scanviz-cli ") + SCANVIZ_VERSION);
  app.require_subcommand(1);

  TraceArgs trace_args;
  CLI::App* trace =
      app.add_subcommand("trace", "Run a scan (one block, or a grid of blocks) and print its trace round by round");
  trace
      ->add_option("-a,--algorithm", trace_args.algorithm,
                   AlgorithmKeys() + ", multi-block or single-pass; or an application of the scan: " +
                       AppKeys())
      ->capture_default_str();
  trace->add_option("--keep", trace_args.keep,
                    "compact: which elements to keep, odd, even, positive, nonzero (default) or "
                    "greater:K");
  trace->add_option("--bit", trace_args.bit, "split: the bit to split on, 0..31 (default 0)");
  trace->add_option("--bits", trace_args.bits,
                    "radix-sort: passes over the low K bits, 1..32 (default: as many as the keys "
                    "need; 32 with a negative key)");
  trace
      ->add_option("--block-algorithm", trace_args.block_algorithm,
                   "multi-block and the applications: each block's scan, hillis-steele or "
                   "blelloch (applications: blelloch)")
      ->capture_default_str();
  trace
      ->add_option("--block-size", trace_args.block_size,
                   "multi-block and the applications: elements per block, a power of two from 4 "
                   "to 1024 (applications: the smallest covering n, at most 1024)")
      ->capture_default_str();
  trace->add_option("--tile-size", trace_args.tile_size,
                    "single-pass: elements per tile, a power of two from 4 to 1024")
      ->capture_default_str();
  trace->add_option("--tile-order", trace_args.tile_order,
                    "single-pass: tiles taken in blockidx order or by an atomic ticket")
      ->capture_default_str();
  trace->add_option("-i,--input", trace_args.input,
                    "the array, e.g. 3,1,7,0,4,1,6,3, \"3 1 7 0\" or -3,1,2");
  trace->add_option("--random", trace_args.random_n, "scan N random values in 0..9 instead");
  trace->add_option("--seed", trace_args.seed, "seed for --random")->capture_default_str();
  trace
      ->add_option("--op", trace_args.op,
                   "add, max, min or last (the last non-zero value: not commutative)")
      ->capture_default_str();
  trace->add_option("--type", trace_args.type, "int32 or float32")->capture_default_str();
  trace
      ->add_option("-b,--backend", trace_args.backend,
                   "auto (CUDA when usable, else the CPU simulator), cpu or cuda")
      ->capture_default_str();
  trace->add_flag("--json", trace_args.json, "print the trace as JSON (the trace file format)");
  trace->add_flag("--windows", trace_args.windows, "add each cell's invariant window to the table");
  trace->add_flag("--convert", trace_args.convert,
                  "add a traced conversion round: Hillis-Steele to exclusive (shift right), "
                  "Blelloch to inclusive (add each input)");
  trace->add_flag("--narrate", trace_args.narrate,
                  "print each round's narration (title, then paragraphs) after its table, and "
                  "the summary at the end, as the app's Narration tab tells them");
  trace->add_option("-o,--output", trace_args.output, "also write the trace to this file");
  trace->add_option("--mistake", trace_args.mistake,
                    "run a classic mistake (the mistakes lab): Hillis-Steele single-buffer, "
                    "no-barrier or no-edge-check; Blelloch no-barrier, wrong-index or no-seed. "
                    "Prints where it goes wrong");
  trace->add_option("--runs", trace_args.runs,
                    "run the kernel (with --mistake, the broken one) K times on the GPU without "
                    "instrumentation and count its distinct results (the mistakes lab)");
  trace->add_option("--cycles", trace_args.cycles,
                    "time each round on the GPU: R runs without snapshots, the median clock "
                    "cycles per round, printed and kept in the trace file");
  trace->add_option("--thread-order", trace_args.thread_order,
                    "the simulator's thread order: in-order (default), reverse, random:SEED, "
                    "warp-by-warp (lanes in lockstep)");

  std::string check_path;
  CLI::App* check = app.add_subcommand(
      "check", "Load a trace file, re-run the self-check and compare with a sequential scan");
  check->add_option("file", check_path, "trace file (JSON)")->required();

  CLI::App* devices = app.add_subcommand("devices", "List CUDA devices, or say why there is none");
  CLI::App* algorithms =
      app.add_subcommand("algorithms", "List the algorithms (key, name and what it is)");

#if SCANVIZ_HAVE_PERF
  perf::BenchOptions bench_options;
  std::string bench_rungs;
  CLI::App* bench = app.add_subcommand(
      "bench", "Device-wide scans from the textbook to single-pass, against CUB and cudaMemcpy");
  bench->add_option("--min-log2", bench_options.min_log2, "smallest n = 2^k")
      ->capture_default_str();
  bench->add_option("--max-log2", bench_options.max_log2, "largest n = 2^k")->capture_default_str();
  bench->add_option("--repeats", bench_options.repeats, "timed repetitions (median)")
      ->capture_default_str();
  bench->add_option("--json", bench_options.json_path, "write the results file here");
  bench->add_option("--rungs", bench_rungs,
                    "comma-separated rungs to run (default: a,b,c,d,e,cub,thrust,memcpy)");
  bool no_int32 = false, no_float32 = false, no_inclusive = false, no_exclusive = false;
  bench->add_flag("--no-int32", no_int32, "skip the int32 scans");
  bench->add_flag("--no-float32", no_float32, "skip the float32 scans");
  bench->add_flag("--no-inclusive", no_inclusive, "skip the inclusive scans");
  bench->add_flag("--no-exclusive", no_exclusive, "skip the exclusive scans");
#endif

  // A misspelt command is named (CLI11 would only say that a subcommand is required).
  if (argc > 1 && argv[1][0] != '-') {
    bool known = false;
    std::string names;
    for (const CLI::App* sub : app.get_subcommands({})) {
      known = known || sub->get_name() == argv[1];
      names += (names.empty() ? "" : ", ") + sub->get_name();
    }
    if (!known) return UsageError("unknown command '" + std::string(argv[1]) + "' (" + names + ")");
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string what = e.what();
    if (what.empty()) what = e.get_name();
    return UsageError(what);
  }

  if (*trace) {
    if (trace->count("--input") == 0 && trace->count("--random") == 0)
      return UsageError("trace needs --input or --random");
    trace_args.input_given = trace->count("--input") > 0;
    trace_args.random_given = trace->count("--random") > 0;
    trace_args.output_given = trace->count("--output") > 0;
    trace_args.block_algorithm_given = trace->count("--block-algorithm") > 0;
    trace_args.block_size_given = trace->count("--block-size") > 0;
    trace_args.tile_size_given = trace->count("--tile-size") > 0;
    trace_args.tile_order_given = trace->count("--tile-order") > 0;
    trace_args.keep_given = trace->count("--keep") > 0;
    trace_args.bit_given = trace->count("--bit") > 0;
    trace_args.bits_given = trace->count("--bits") > 0;
    trace_args.op_given = trace->count("--op") > 0;
    return RunTraceCommand(trace_args);
  }
  if (*check) return RunCheckCommand(check_path);
  if (*devices) return RunDevicesCommand();
  if (*algorithms) {
    for (const AlgorithmInfo* info : Algorithms())
      std::cout << info->key << "  " << info->name << ": " << info->summary << '\n';
    return kExitOk;
  }
#if SCANVIZ_HAVE_PERF
  if (*bench) {
    bench_options.int32 = !no_int32;
    bench_options.float32 = !no_float32;
    bench_options.inclusive = !no_inclusive;
    bench_options.exclusive = !no_exclusive;
    std::stringstream rungs(bench_rungs);
    for (std::string r; std::getline(rungs, r, ',');)
      if (!r.empty()) bench_options.rungs.push_back(r);
    std::string error;
    const int rc = perf::RunBench(bench_options, std::cout, &error);
    if (!error.empty()) std::cerr << "scanviz-cli: bench: " << error << '\n';
    return rc;
  }
#endif
  return kExitUsage;
}
