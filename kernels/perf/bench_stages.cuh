// The stages of a bench run (RunBench in perf_bench.cu calls them in this order):
//   1. describe the device (bench_device.cu): its properties, the toolkit, the SM clock;
//   2. make the rungs by name (MakeRung, the registry of perf_internal.cuh);
//   3. plan the sizes (core/perf/bench_host.h: PlanRun);
//   4. measure (bench_measure.cu): for each type and size, the input and its CPU reference, then
//      each mode and rung checked once, and at a timed size warmed up and timed with CUDA events;
//   5. report (core/perf/bench_report.h, bench_results.h): the tables and the results file.
// Only 1, 2 and 4 need CUDA; the rest is core C++, tested without a GPU.
// CUDA-only header: include it from .cu files only.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/perf/bench_results.h"
#include "perf/perf_internal.cuh"

namespace scanviz::perf {

// A CUDA call that failed during the run: what was being done, and the error's name and text.
struct CudaError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
void Check(cudaError_t e, const char* what);
inline void Check(cudaError_t e, const std::string& what) {
  Check(e, what.c_str());
}

// [1] Device 0 as the runtime reports it, made current. Empty on success, else why there is no
// usable device.
std::string DescribeDevice(BenchDevice* device);
// The toolkit this file was compiled with: CUDART_VERSION, CUB_VERSION, THRUST_VERSION.
BenchToolkit BuildToolkit();
// The SM clock in MHz now: one thread counts clock64() cycles against %globaltimer nanoseconds
// for about 10 ms. Empty when that could not run.
std::optional<double> MeasureSmClockMhz();
// How MeasureSmClockMhz measures, for the results file.
extern const char* const kClockMethod;

// [2] The rungs by name, each once, in the order given (empty: LadderNames()). Empty on success,
// else "unknown rung 'x' (known: ...)".
std::string MakeRungs(const std::vector<std::string>& names,
                      std::vector<std::unique_ptr<Rung>>* rungs);

// [4] Every planned size, type, mode and rung, appended to results->measurements in that order,
// with a CHECK FAILED line for each failed check and a progress line for each timed size written
// to `out` as they happen. Throws CudaError when a CUDA call fails; what was measured stays.
void MeasureAll(const BenchRunOptions& plan, long long l2_bytes,
                const std::vector<std::unique_ptr<Rung>>& rungs, BenchResults* results,
                std::ostream& out);

}  // namespace scanviz::perf
