// Host interface of the instrumented CUDA kernels. Plain C++: no CUDA header leaks out of
// kernels/cuda/, so everything above it builds with a C++ compiler alone.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/applications/applications.h"
#include "core/grid/grid.h"
#include "core/grid/single_pass.h"
#include "core/trace.h"

namespace scanviz::cuda {

struct DeviceInfo {
  int index = 0;
  std::string name;
  int compute_major = 0;
  int compute_minor = 0;
  int multiprocessors = 0;
  long long global_memory_bytes = 0;
  int max_threads_per_block = 0;
};

struct DeviceStatus {
  bool usable = false;  // at least one device answered
  int error_code = 0;   // the cudaError_t of cudaGetDeviceCount, 0 when it succeeded
  std::string message;  // why no device is usable ("cudaGetDeviceCount: ... (error 35)")
  int driver_version = 0;
  int runtime_version = 0;
  std::vector<DeviceInfo> devices;
};

// Asks the CUDA runtime which devices exist. Never throws; with no driver or no GPU, usable is
// false and message quotes the CUDA error.
DeviceStatus QueryDevices();

struct TraceRun {
  std::optional<Trace> trace;
  std::string error;  // quotes the CUDA error when the run failed
};

// Runs the instrumented kernel of request.algorithm on `device` and assembles its trace.
// Requires ValidateRequest(request) to be empty.
TraceRun RunTrace(const ScanRequest& request, int device = 0);

// The multi-block scan (core/grid/multi_block.h) on the GPU: phase 1 the traced kernel over the
// grid's blocks, phase 2 the same on the block sums (recursively), phase 3 a kernel adding the
// offsets. Requires ValidateGridRequest(request) to be empty.
struct GridRun {
  std::optional<GridTrace> grid;
  std::string error;
};
GridRun RunGridTrace(const GridRequest& request, int device = 0);

// The single-pass scan with decoupled look-back (core/grid/single_pass_steps.h), one block per
// tile, each tile's times and look-back reads recorded from %globaltimer (single_pass_kernel.cu).
// Requires ValidateSinglePassRequest(request) to be empty.
struct SinglePassRun {
  std::optional<SinglePassTrace> trace;
  std::string error;
};
SinglePassRun RunSinglePassTrace(const SinglePassRequest& request, int device = 0);

// An application of the scan (core/applications/application_driver.h) on the GPU: the flag and
// scatter steps as kernels (application_kernel.cu), the scan of the flags through RunGridTrace.
// Requires ValidateApplicationRequest(request) to be empty.
struct ApplicationRun {
  std::optional<ApplicationTrace> application;
  std::string error;
};
ApplicationRun RunApplicationTrace(const ApplicationRequest& request, int device = 0);

// The mistakes lab: request's kernel (its mistake taken away, or the correct one) run `runs` times
// without instrumentation; each distinct result with how many runs gave it, most frequent first.
struct Outcome {
  std::vector<double> values;
  int count = 0;
};
struct OutcomeRun {
  std::vector<Outcome> outcomes;
  BackendInfo backend;
  std::string error;  // quotes the CUDA error when a run failed
};
OutcomeRun RunOutcomes(const ScanRequest& request, int runs, int device = 0);

// Cycles per round: the correct kernel run `runs` times (after one warm-up) with clock64() read
// after each round's barrier and no snapshot; the median of each round's cycles.
// padded: Blelloch with its conflict-free layout (core/padded.h), through the same steps.
struct CycleRun {
  std::vector<double> cycles;  // [round]
  std::vector<double> result;  // what the timed kernel computed (its last run)
  std::string error;
};
CycleRun RunCycles(const ScanRequest& request, int runs, bool padded = false, int device = 0);

}  // namespace scanviz::cuda
