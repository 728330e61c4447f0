// ScanViz performance lab: device-wide prefix scans on an NVIDIA GPU, from the textbook to
// single-pass, measured against CUB, thrust and a device-to-device cudaMemcpy (the ceiling).
// `scanviz-cli bench` (app/cli/bench_command.cpp) is its one entry.
//
// Plain C++ (no CUDA headers): includable by a g++-compiled file. The implementation lives in the
// .cu files of this folder (kernels/perf/*.cu; the stages of a run: bench_stages.cuh); what needs
// no GPU (the plan, the checks, the report, the results file) in core/perf/.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace scanviz::perf {

struct BenchOptions {
  int min_log2 = 10,
      max_log2 = 28;  // n = 2^k for k in [min,max], plus non-powers of two for correctness
  bool inclusive = true, exclusive = true;
  bool int32 = true, float32 = true;
  int repeats = 20;                // timed repetitions (median reported)
  std::string json_path;           // if non-empty, write the results file (scanviz-perf/2) here
  std::vector<std::string> rungs;  // empty = the ladder (a, b, c, d, e, cub, thrust, memcpy)
};

// Runs the ladder; prints the tables to `out`; returns 0 on success, 1 if any correctness check
// failed, the run stopped early or the results file could not be written (why in *error, except
// for a failed check, which `out` names), 2 if it could not start: no usable CUDA device, an
// unknown rung, no type or mode left, or a results path that cannot be written (why in *error).
int RunBench(const BenchOptions& options, std::ostream& out, std::string* error);

}  // namespace scanviz::perf
