// scanviz-cli trace --algorithm multi-gpu: the scan across GPUs (core/multi_gpu/), on P GPUs
// through the NCCL ranks (backend/multi_gpu_backend.h) or on P simulated GPUs, as a table or
// JSON; the self-check, then the -o file.
#include <filesystem>
#include <iostream>
#include <string>

#include "backend/backend.h"
#include "backend/multi_gpu_backend.h"
#include "cli/multi_gpu_table.h"
#include "cli/report.h"
#include "cli/trace_command.h"
#include "cli/usage.h"
#include "core/multi_gpu/multi_gpu_io.h"
#include "core/registry.h"

namespace scanviz::cli {

namespace {

// The request from the options: the GPUs, the strategy, each shard's tiles and block scan (its
// flavour, converted with --convert as for the other kinds), the operator, type and input.
// kExitOk, or the usage error's exit code, already reported.
int ParseMultiGpuArgs(const TraceArgs& args, MultiGpuRequest* request, BackendChoice* choice) {
  request->gpus = args.gpus;
  if (!Parse(args.strategy, &request->strategy))
    return UsageError("--strategy '" + args.strategy +
                      "': choose scan-then-add or "
                      "reduce-then-scan");
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
  const std::pair<const char*, bool> single_only[] = {
      {"--mistake", !args.mistake.empty()}, {"--thread-order", !args.thread_order.empty()},
      {"--runs", args.runs != 0},           {"--cycles", args.cycles != 0},
      {"--narrate", args.narrate},          {"--windows", args.windows}};
  for (const auto& [option, given] : single_only)
    if (given) return UsageError(std::string(option) + " is for single-block scans, not multi-gpu");
  request->inclusive = Info(request->block_algorithm).inclusive != args.convert;
  request->tile_size = args.tile_size;
  if (const int code = ParseInputArg(args, request->type, kMaxGridElements, " for a multi-gpu scan",
                                     &request->input);
      code != kExitOk)
    return code;
  if (const std::string invalid = ValidateMultiGpuRequest(*request); !invalid.empty())
    return UsageError(invalid);
  return CheckOutputArg(args);
}

// This program's path, which the ranks' launcher starts once per GPU.
std::string Self(const TraceArgs& args) {
  std::error_code error;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? args.self : exe.string();
}

// On the GPUs (cuda, or auto when they can), else the simulator. Nothing when cuda was asked for
// and cannot run, after the one line that says why.
std::optional<MultiGpuTrace> Run(const TraceArgs& args, const MultiGpuRequest& request,
                                 BackendChoice choice) {
  std::ostream& note = args.json ? std::cerr : std::cout;
  if (choice != BackendChoice::kCpu) {
    MultiGpuLaunch launch;
    launch.self = Self(args);
    std::string why;
    if (std::optional<MultiGpuTrace> t = RunMultiGpuOnGpus(request, launch, &why)) {
      note << "ran on: " << t->Gpus() << " GPUs (" << t->backend.device_name << ")\n";
      return t;
    }
    if (choice == BackendChoice::kCuda) {
      std::cerr << "scanviz-cli: error: multi-gpu on " << request.gpus << " GPUs: " << why << '\n';
      return std::nullopt;
    }
    note << "no GPUs for multi-gpu (" << why << "): " << request.gpus
         << (request.gpus == 1 ? " simulated GPU instead\n" : " simulated GPUs instead\n");
  }
  note << "ran on: the CPU simulator (" << request.gpus
       << (request.gpus == 1 ? " simulated GPU)\n" : " simulated GPUs)\n");
  return SimulateMultiGpu(request);
}

}  // namespace

int RunMultiGpuCommand(const TraceArgs& args) {
  MultiGpuRequest request;
  BackendChoice choice{};
  if (const int code = ParseMultiGpuArgs(args, &request, &choice); code != kExitOk) return code;
  const std::optional<MultiGpuTrace> trace = Run(args, request, choice);
  if (!trace) return kExitFailed;
  if (args.json) {
    WriteMultiGpuJson(*trace, std::cout, /*pretty=*/true);
  } else {
    PrintMultiGpuTable(*trace, std::cout);
  }
  return cli::CheckAndSave(
      args.json ? std::cerr : std::cout, CheckMultiGpu(*trace), args.output_given, args.output,
      std::string("every shard, total, gathered total, offset and shard timeline holds; the "
                  "result equals the sequential ") +
          (trace->inclusive ? "inclusive" : "exclusive") + " scan",
      [&](const std::string& path) { return SaveMultiGpuFile(*trace, path); });
}

}  // namespace scanviz::cli
