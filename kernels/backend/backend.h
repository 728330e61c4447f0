// The one door to the scan backends: the CPU simulator and, where built, the CUDA kernels.
//
// The app and the CLI call RunScan and get a plain Trace back; nothing above this layer includes
// a CUDA header or knows whether CUDA was compiled in.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/applications/applications.h"
#include "core/grid/grid.h"
#include "core/grid/single_pass.h"
#include "core/simulator.h"
#include "core/trace.h"

namespace scanviz {

enum class BackendChoice { kAuto, kCpu, kCuda };
const char* ToString(BackendChoice c);  // "auto", "cpu", "cuda"
bool Parse(std::string_view s, BackendChoice* out);

struct CudaDevice {
  int index = 0;
  std::string name;
  int compute_major = 0;
  int compute_minor = 0;
  int multiprocessors = 0;
  long long global_memory_bytes = 0;
};

struct CudaAvailability {
  bool compiled = false;  // this build has the CUDA kernels
  bool usable = false;    // and a device answered
  std::string reason;     // why not usable: "this build has no CUDA kernels", or the CUDA error
  int error_code = 0;
  int driver_version = 0;
  int runtime_version = 0;
  std::vector<CudaDevice> devices;
};

// Queried once per process (the first call can take a while as the driver starts); thread-safe.
const CudaAvailability& QueryCuda();

struct ScanOutcome {
  std::optional<Trace> trace;
  std::string error;  // set when there is no trace
  // What ran, for a status line: "CUDA: NVIDIA H200 (sm_90)" or
  // "CPU simulation (no CUDA device: cudaGetDeviceCount: ... (error 35))".
  std::string ran;
  bool fell_back = false;  // kAuto chose the simulator because CUDA is not usable
};

// kAuto runs on CUDA when a device is usable, else on the simulator; kCuda with no usable device
// is an error quoting the CUDA error. The request must pass ValidateRequest.
ScanOutcome RunScan(BackendChoice choice, const ScanRequest& request,
                    const SimulatorOptions& simulator_options = {});

// The multi-block scan, the same way: on CUDA when usable (kAuto), else the simulator.
struct GridOutcome {
  std::optional<GridTrace> grid;
  std::string error;
  std::string ran;
  bool fell_back = false;
};
// `traces`: the simulator's (SimulateGrid); the CUDA kernel records its blocks as it runs.
GridOutcome RunGridScan(BackendChoice choice, const GridRequest& request,
                        BlockTraces traces = BlockTraces::kRecorded);

// The single-pass scan with decoupled look-back, the same way: on the GPU its times are measured,
// on the simulator they are its schedule's (SinglePassTrace::measured says which).
struct SinglePassOutcome {
  std::optional<SinglePassTrace> trace;
  std::string error;
  std::string ran;
  bool fell_back = false;
};
SinglePassOutcome RunSinglePass(BackendChoice choice, const SinglePassRequest& request);

// An application of the scan (core/applications/), the same way: its flag and scatter kernels and
// the grid's scan on CUDA when usable (kAuto), else the simulator, saying which ran and why.
struct ApplicationOutcome {
  std::optional<ApplicationTrace> application;
  std::string error;
  std::string ran;
  bool fell_back = false;
};
ApplicationOutcome RunApplication(BackendChoice choice, const ApplicationRequest& request);

// The mistakes lab on the GPU: the request's kernel (with its mistake, or the correct one) run
// `runs` times without instrumentation, each distinct result with its count, most frequent first.
// An error (quoting CUDA's, or saying there is no device) when it cannot run.
struct GpuOutcome {
  std::vector<double> values;
  int count = 0;
};
struct GpuOutcomes {
  std::vector<GpuOutcome> outcomes;
  std::string device;  // DescribeBackend of the device that ran them
  std::string error;
};
GpuOutcomes RunGpuOutcomes(const ScanRequest& request, int runs);

// Fills trace->rounds[i].cycles with the GPU's clock cycles per round: the correct kernel timed
// `runs` times without snapshots, the median of each round. Returns why not, or empty.
std::string MeasureGpuCycles(Trace* trace, int runs);

}  // namespace scanviz
