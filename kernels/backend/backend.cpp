#include "backend/backend.h"

#include <mutex>

#if SCANVIZ_HAVE_CUDA
#include "cuda/cuda_trace.h"
#endif

namespace scanviz {

const char* ToString(BackendChoice c) {
  switch (c) {
    case BackendChoice::kCpu:
      return "cpu";
    case BackendChoice::kCuda:
      return "cuda";
    case BackendChoice::kAuto:
      break;
  }
  return "auto";
}

bool Parse(std::string_view s, BackendChoice* out) {
  for (BackendChoice c : {BackendChoice::kAuto, BackendChoice::kCpu, BackendChoice::kCuda}) {
    if (s == ToString(c)) {
      *out = c;
      return true;
    }
  }
  return false;
}

const CudaAvailability& QueryCuda() {
  static CudaAvailability availability;
  static std::once_flag once;
  std::call_once(once, [] {
#if SCANVIZ_HAVE_CUDA
    availability.compiled = true;
    const cuda::DeviceStatus status = cuda::QueryDevices();
    availability.usable = status.usable;
    availability.reason = status.message;
    availability.error_code = status.error_code;
    availability.driver_version = status.driver_version;
    availability.runtime_version = status.runtime_version;
    for (const cuda::DeviceInfo& d : status.devices) {
      availability.devices.push_back(CudaDevice{d.index, d.name, d.compute_major, d.compute_minor,
                                                d.multiprocessors, d.global_memory_bytes});
    }
#else
    availability.reason = "this build of ScanViz has no CUDA kernels (built without nvcc)";
#endif
  });
  return availability;
}

namespace {

// The fallback rule of every scan: CUDA when asked for and usable (kAuto falls back to the
// simulator, saying why; kCuda fails, quoting CUDA), else the simulator. `gpu` runs on the
// device, filling the outcome and returning "" or CUDA's error; `cpu` fills it from the simulator.
template <class Outcome, class Gpu, class Cpu>
void RunEither(BackendChoice choice, Outcome* outcome, Gpu&& gpu, Cpu&& cpu) {
  if (choice != BackendChoice::kCpu) {
    const CudaAvailability& cuda = QueryCuda();
    if (cuda.usable) {
#if SCANVIZ_HAVE_CUDA
      const std::string error = gpu();
      if (error.empty()) return;
      if (choice == BackendChoice::kCuda) {
        outcome->error = "CUDA run failed: " + error;
        return;
      }
      outcome->fell_back = true;
      outcome->ran = "CPU simulation (the CUDA run failed: " + error + ")";
#else
      (void)gpu;
#endif
    } else if (choice == BackendChoice::kCuda) {
      outcome->error = "no usable CUDA device: " + cuda.reason;
      return;
    } else {
      outcome->fell_back = true;
      outcome->ran = "CPU simulation (no CUDA device: " + cuda.reason + ")";
    }
  }
  if (outcome->ran.empty()) outcome->ran = "CPU simulation";
  cpu();
}

#if SCANVIZ_HAVE_CUDA
// The CUDA run of each grid-sized request: its trace, or none and CUDA's error.
template <class Result>
struct GpuRun {
  std::optional<Result> trace;
  std::string error;
};
GpuRun<GridTrace> RunOnGpu(const GridRequest& request) {
  cuda::GridRun run = cuda::RunGridTrace(request, 0);
  return {std::move(run.grid), std::move(run.error)};
}
GpuRun<SinglePassTrace> RunOnGpu(const SinglePassRequest& request) {
  cuda::SinglePassRun run = cuda::RunSinglePassTrace(request, 0);
  return {std::move(run.trace), std::move(run.error)};
}
GpuRun<ApplicationTrace> RunOnGpu(const ApplicationRequest& request) {
  cuda::ApplicationRun run = cuda::RunApplicationTrace(request, 0);
  return {std::move(run.application), std::move(run.error)};
}
#endif

// The one runner of the grid-sized scans and the applications: a request that is not valid is the
// outcome's error (`invalid`, its validator's message); a valid one runs by RunEither's rule, on
// the GPU (RunOnGpu) or the simulator (`simulate`), its trace in outcome.*result.
template <class Outcome, class Request, class Result, class Simulate>
Outcome RunSized(BackendChoice choice, const Request& request, std::string invalid,
                 std::optional<Result> Outcome::*result, Simulate&& simulate) {
  Outcome outcome;
  if (!invalid.empty()) {
    outcome.error = std::move(invalid);
    return outcome;
  }
  RunEither(
      choice, &outcome,
      [&]() -> std::string {
#if SCANVIZ_HAVE_CUDA
        GpuRun<Result> run = RunOnGpu(request);
        if (!run.trace) return run.error;
        outcome.ran = DescribeBackend(run.trace->backend);
        outcome.*result = std::move(run.trace);
#endif
        return {};
      },
      [&] { outcome.*result = simulate(request); });
  return outcome;
}

}  // namespace

ScanOutcome RunScan(BackendChoice choice, const ScanRequest& request,
                    const SimulatorOptions& simulator_options) {
  ScanOutcome outcome;
  if (const std::string invalid = ValidateRequest(request); !invalid.empty()) {
    outcome.error = invalid;
    return outcome;
  }
  // A mistake's trace is the simulator's, in a thread order it names: a racy kernel's snapshots
  // on the GPU would race with the copy that records them. The GPU runs the broken kernels for
  // their outcomes instead (docs/mistakes.md).
  if (request.mistake != Mistake::kNone && choice == BackendChoice::kCuda) {
    outcome.error =
        "a mistake is traced on the simulator (--backend cpu or auto), which runs the "
        "threads in an order it can name";
    return outcome;
  }
  // A mistake's trace is always the simulator's (kAuto does not even look for a device).
  const BackendChoice where = request.mistake == Mistake::kNone ? choice : BackendChoice::kCpu;
  RunEither(
      where, &outcome,
      [&]() -> std::string {
#if SCANVIZ_HAVE_CUDA
        cuda::TraceRun run = cuda::RunTrace(request, 0);
        if (!run.trace) return run.error;
        outcome.ran = DescribeBackend(run.trace->meta.backend);
        outcome.trace = std::move(run.trace);
#endif
        return {};
      },
      [&] { outcome.trace = Simulate(request, simulator_options); });
  return outcome;
}

GridOutcome RunGridScan(BackendChoice choice, const GridRequest& request, BlockTraces traces) {
  return RunSized(choice, request, ValidateGridRequest(request), &GridOutcome::grid,
                  [traces](const GridRequest& r) { return SimulateGrid(r, traces); });
}

SinglePassOutcome RunSinglePass(BackendChoice choice, const SinglePassRequest& request) {
  return RunSized(choice, request, ValidateSinglePassRequest(request), &SinglePassOutcome::trace,
                  [](const SinglePassRequest& r) { return SimulateSinglePass(r); });
}

ApplicationOutcome RunApplication(BackendChoice choice, const ApplicationRequest& request) {
  return RunSized(choice, request, ValidateApplicationRequest(request),
                  &ApplicationOutcome::application, SimulateApplication);
}

GpuOutcomes RunGpuOutcomes(const ScanRequest& request, int runs) {
  GpuOutcomes result;
  if (const std::string invalid = ValidateRequest(request); !invalid.empty()) {
    result.error = invalid;
    return result;
  }
  const CudaAvailability& cuda = QueryCuda();
  if (!cuda.usable) {
    result.error = "no usable CUDA device: " + cuda.reason;
    return result;
  }
#if SCANVIZ_HAVE_CUDA
  cuda::OutcomeRun run = cuda::RunOutcomes(request, runs, 0);
  result.error = run.error;
  result.device = DescribeBackend(run.backend);
  for (cuda::Outcome& o : run.outcomes) result.outcomes.push_back({std::move(o.values), o.count});
#else
  (void)runs;
  result.error = "this build has no CUDA kernels";
#endif
  return result;
}

std::string MeasureGpuCycles(Trace* trace, int runs) {
  const CudaAvailability& cuda = QueryCuda();
  if (!cuda.usable) return "no usable CUDA device: " + cuda.reason;
#if SCANVIZ_HAVE_CUDA
  const ScanRequest request{trace->meta.algorithm, trace->meta.op, trace->meta.type, trace->input,
                            trace->meta.converted};
  // Also with the conflict-free padding where the algorithm has that layout (its registry
  // entry): the same steps, other addresses. Each timed kernel must compute what the trace holds.
  const std::vector<double> want = trace->Result();
  for (bool padded : {false, true}) {
    if (padded && !Info(trace->meta.algorithm).padded_layout) break;
    const cuda::CycleRun run = cuda::RunCycles(request, runs, padded, 0);
    if (!run.error.empty()) return run.error;
    if (run.cycles.size() != trace->rounds.size()) return "the timing run has another round count";
    if (run.result != want)
      return std::string("the timed ") + (padded ? "padded " : "") +
             "kernel computed another result than the traced one";
    for (size_t i = 0; i < run.cycles.size(); ++i)
      (padded ? trace->rounds[i].padded_cycles : trace->rounds[i].cycles) = run.cycles[i];
  }
  return {};
#else
  (void)trace, (void)runs;
  return "this build has no CUDA kernels";
#endif
}

}  // namespace scanviz
