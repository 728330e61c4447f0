// ScanViz performance lab: device-wide prefix scans on an NVIDIA GPU, from the textbook to
// single-pass, measured against CUB, thrust and a device-to-device cudaMemcpy (the ceiling).
//
// Plain C++ (no CUDA headers): includable by a g++-compiled file. The implementation lives in the
// .cu files of this folder (kernels/perf/*.cu); kernels/perf/perf_main.cpp is a standalone driver.
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
  std::string json_path;           // if non-empty, write the results file here
  std::vector<std::string> rungs;  // empty = all (a, b, c, d, e, cub, thrust, memcpy)
};

// Runs the ladder; prints a table to `out`; returns 0 on success, 1 if any correctness check
// failed, 2 if no usable CUDA device (message in *error).
int RunBench(const BenchOptions& options, std::ostream& out, std::string* error);

}  // namespace scanviz::perf
