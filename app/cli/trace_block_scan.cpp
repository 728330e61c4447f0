// scanviz-cli trace --algorithm hillis-steele|blelloch|...: a single-block scan, on the GPU or
// the simulator (in a thread order), as a table, a narrated table or JSON; its self-check, then
// the -o file. With --mistake, the mistakes lab's report; with --runs, the GPU's outcomes.
#include <iostream>
#include <string>

#include "backend/backend.h"
#include "cli/mistake_lab.h"
#include "cli/narrate.h"
#include "cli/report.h"
#include "cli/trace_command.h"
#include "cli/trace_table.h"
#include "cli/usage.h"
#include "core/analysis.h"
#include "core/applications/applications.h"
#include "core/grid/grid.h"
#include "core/grid/single_pass.h"
#include "core/registry.h"
#include "core/simulator.h"
#include "core/trace_io.h"

namespace scanviz::cli {

namespace {

// The request (algorithm, operator, type, input, conversion, mistake) and the backend; kExitOk,
// or the usage error's exit code, already reported.
int ParseScanRequest(const TraceArgs& args, ScanRequest* request, BackendChoice* choice) {
  if (!Parse(args.algorithm, &request->algorithm))
    return UsageError("unknown algorithm '" + args.algorithm + "' (scans: " + AlgorithmKeys() +
                      "; the grid: " + kMultiBlockKey + " or " + kSinglePassKey +
                      "; applications: " + ApplicationKeys() + ")");
  if (!Parse(args.op, &request->op))
    return UsageError("unknown operator '" + args.op + "' (add, max, min or last)");
  if (!Parse(args.type, &request->type))
    return UsageError("unknown element type '" + args.type + "' (int32 or float32)");
  if (!Parse(args.backend, choice))
    return UsageError("unknown backend '" + args.backend + "' (auto, cpu or cuda)");
  if (const int code = ParseInputArg(args, request->type, kMaxElements,
                                     " (a single block, one thread per element)", &request->input);
      code != kExitOk)
    return code;
  request->convert = args.convert;
  if (!args.mistake.empty()) {
    const MistakeInfo* m = FindMistake(request->algorithm, args.mistake);
    if (m == nullptr)
      return UsageError("--mistake '" + args.mistake + "': " + MistakeKeys(request->algorithm));
    request->mistake = m->id;
  }
  if (args.cycles < 0 || args.cycles > 100000)
    return UsageError("--cycles " + std::to_string(args.cycles) + ": choose 1..100000");
  if (args.runs < 0 || args.runs > 100000)
    return UsageError("--runs " + std::to_string(args.runs) + ": choose 1..100000");
  return kExitOk;
}

// --thread-order: the simulator's, so the backend becomes the simulator (auto) or is refused.
int ParseThreadOrderArg(const TraceArgs& args, BackendChoice* choice, SimulatorOptions* order) {
  if (args.thread_order.empty()) return kExitOk;
  if (!ParseThreadOrder(args.thread_order, order))
    return UsageError("--thread-order '" + args.thread_order +
                      "': choose in-order, reverse, random:SEED or warp-by-warp");
  if (*choice == BackendChoice::kCuda)
    return UsageError("--thread-order orders the simulator's threads; the GPU picks its own");
  if (*choice == BackendChoice::kAuto) *choice = BackendChoice::kCpu;
  return kExitOk;
}

// --cycles R: the rounds timed on the GPU, into the trace.
int MeasureCyclesArg(const TraceArgs& args, const std::string& ran, Trace* trace) {
  if (args.cycles <= 0) return kExitOk;
  if (trace->meta.backend.kind != BackendKind::kCuda)
    return UsageError("--cycles times the rounds on the GPU; this trace ran on the simulator (" +
                      ran + ")");
  if (const std::string error = MeasureGpuCycles(trace, args.cycles); !error.empty()) {
    std::cerr << "scanviz-cli: error: --cycles: " << error << '\n';
    return kExitFailed;
  }
  return kExitOk;
}

void WarnOverflow(const Trace& trace, const TraceAnalysis& analysis) {
  if (!analysis.overflow) return;
  const Overflow& o = *analysis.overflow;
  std::cerr << "warning: int32 overflow: the first cell that wrapped is round " << o.round << ", "
            << trace.arrays[static_cast<size_t>(o.buffer)].name << "[" << o.position
            << "] (exact sum " << o.exact << ", stored " << FormatValue(trace.meta.type, o.stored)
            << "); the trace shows what the hardware computed, modulo 2^32\n";
}

// The trace on stdout: JSON, or the table (narrated with --narrate).
void PrintTrace(const TraceArgs& args, const Trace& trace, const TraceAnalysis& analysis) {
  if (args.json) {
    WriteTraceJson(trace, std::cout, /*pretty=*/true);
    return;
  }
  TableOptions options;
  options.windows = args.windows;
  if (args.narrate) {
    PrintNarratedTrace(trace, analysis, std::cout, options);
  } else {
    PrintTraceTable(trace, analysis, std::cout, options);
  }
}

// After the scan ran: the trace printed, its check (or the mistake's report), the -o file.
int ReportScan(const TraceArgs& args, const ScanRequest& request, const std::string& ran,
               const Trace& trace) {
  const TraceAnalysis analysis = Analyze(trace);
  // Which backend ran goes to stderr with --json, so stdout stays one JSON document.
  std::ostream& note = args.json ? std::cerr : std::cout;
  note << "ran on: " << ran << '\n';
  WarnOverflow(trace, analysis);
  PrintTrace(args, trace, analysis);
  if (request.mistake != Mistake::kNone) {
    // The lesson: what the mistake did, against the correct kernel on the same input.
    ScanRequest correct = request;
    correct.mistake = Mistake::kNone;
    ReportMistake(trace, Simulate(correct), note);
    // A broken kernel's trace fails the self-check by design: it is written as it is.
    return CheckAndSave(note, {}, args.output_given, args.output, "",
                        [&](const std::string& path) { return SaveTraceFile(trace, path); });
  }
  // Output only on success: a failed run leaves what was at -o as it was, and says why.
  return CheckAndSave(note, analysis.violations, args.output_given, args.output, "",
                      [&](const std::string& path) { return SaveTraceFile(trace, path); });
}

}  // namespace

int RunBlockScanCommand(const TraceArgs& args) {
  ScanRequest request;
  BackendChoice choice{};
  if (const int code = ParseScanRequest(args, &request, &choice); code != kExitOk) return code;
  if (args.runs > 0) return RunOutcomesCommand(request, args.runs, args.json);
  SimulatorOptions order;
  if (const int code = ParseThreadOrderArg(args, &choice, &order); code != kExitOk) return code;
  if (const int code = CheckOutputArg(args); code != kExitOk) return code;
  ScanOutcome outcome = RunScan(choice, request, order);
  if (!outcome.trace) {
    std::cerr << "scanviz-cli: error: " << outcome.error << '\n';
    return choice == BackendChoice::kCuda ? kExitFailed : kExitUsage;
  }
  Trace& trace = *outcome.trace;
  if (const int code = MeasureCyclesArg(args, outcome.ran, &trace); code != kExitOk) return code;
  return ReportScan(args, request, outcome.ran, trace);
}

}  // namespace scanviz::cli
