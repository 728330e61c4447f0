// scanviz-cli trace --algorithm multi-block|single-pass: the scans larger than a block
// (core/grid/), on the GPU or the simulator, as a table or JSON; the self-check, then the -o file.
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "backend/backend.h"
#include "cli/grid_table.h"
#include "cli/report.h"
#include "cli/single_pass_table.h"
#include "cli/trace_command.h"
#include "cli/usage.h"
#include "core/grid/grid_io.h"
#include "core/registry.h"

namespace scanviz::cli {

namespace {

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
  if (const int code = ParseInputArg(args, request->type, kMaxGridElements,
                                     " for a " + kind + " scan", &request->input);
      code != kExitOk)
    return code;
  request->convert = args.convert;
  return CheckOutputArg(args);
}

// After a grid-sized trace was printed: its self-check's verdict, then the file.
template <class Save>
int CheckAndSave(const TraceArgs& args, const std::vector<std::string>& broken,
                 const std::string& ok, Save&& save) {
  return cli::CheckAndSave(args.json ? std::cerr : std::cout, broken, args.output_given,
                           args.output, ok, std::forward<Save>(save));
}

}  // namespace

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

// --algorithm single-pass: one launch, tiles chained by their status words
// (core/grid/single_pass.h).
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
  return CheckAndSave(
      args, CheckSinglePass(trace),
      std::string("every tile's scan, aggregate, look-back reads and prefixes hold; "
                  "the result equals the sequential ") +
          (trace.Inclusive() ? "inclusive" : "exclusive") + " scan",
      [&](const std::string& path) { return SaveSinglePassFile(trace, path); });
}
}  // namespace scanviz::cli
