// An application's loop, written once (core/applications/applications.h):
//
//   radix sort only: flip every key's sign bit when some key is negative (radix_sort.h)
//   for each pass (one; a radix sort's one per bit, lowest first):
//     1. flag:     exec.Flags: the per-thread flag step on the pass's input
//     2. scan:     exec.Scan: the multi-block scan of the flags, exclusive int32 sum
//     3. scatter:  exec.Scatter: the per-thread scatter step, from the flags, the scan and its
//                  total; its output is the next pass's input
//   radix sort only: flip the sign bits back
//
// The simulator (applications.cpp) and the CUDA kernels (kernels/cuda/application_kernel.cu) are
// executors:
//
//   exec.backend(), exec.Failed()
//   exec.Flags(spec, values, &flags)                      step 1 on every element
//   exec.Scan(grid_request)                               step 2: a GridTrace
//   exec.Scatter(spec, values, flags, scan, total, &out)  step 3; out is sized by the driver
//   exec.FlipSignBits(&values)                            radix sort's steps 0 and K + 1
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/applications/applications.h"
#include "core/applications/split.h"

namespace scanviz::applications {

template <class T>
std::vector<T> Typed(const std::vector<double>& v) {
  std::vector<T> t(v.size());
  for (size_t i = 0; i < v.size(); ++i) t[i] = static_cast<T>(v[i]);
  return t;
}

template <class T>
std::vector<double> Doubles(const std::vector<T>& v) {
  return std::vector<double>(v.begin(), v.end());
}

template <class T>
PassSpec<T> MakePassSpec(const ApplicationRequest& request, int pass) {
  PassSpec<T> spec;
  spec.application = request.application;
  spec.keep = request.params.keep.kind;
  spec.threshold = static_cast<T>(request.params.keep.threshold);
  spec.bit = PassBit(request, pass);
  return spec;
}

// Whether `scan` is the exclusive sum of `flags`: what sends every write of the scatter step inside
// the output. Only a broken block scan makes it false; the loop then leaves the pass's output as
// it was sized (zeros) rather than writing past it, and CheckApplication names the scan that broke.
inline bool IsExclusiveSum(const std::vector<int>& flags, const std::vector<int>& scan) {
  if (scan.size() != flags.size()) return false;
  long long sum = 0;
  for (size_t i = 0; i < flags.size(); ++i) {
    if (scan[i] != sum) return false;
    sum += flags[i];
  }
  return true;
}

// The length of a pass's output: the kept elements or the pool (the total), or a permutation.
inline int OutputSize(ApplicationKind application, int n, int total) {
  return Info(application).rule->output_size(n, total);
}

template <class T, class Exec>
ApplicationTrace Run(Exec& exec, const ApplicationRequest& request) {
  ApplicationTrace trace = MakeApplicationTrace(request, exec.backend());
  std::vector<T> values = Typed<T>(request.input);
  if (trace.sign_flipped) {
    exec.FlipSignBits(&values);
    if (exec.Failed()) return trace;
  }
  if (Info(request.application).keyed) trace.keys = Doubles(values);
  const int n = static_cast<int>(values.size());
  for (int p = 0; p < PassCount(request); ++p) {
    const PassSpec<T> spec = MakePassSpec<T>(request, p);
    ApplicationPass pass;
    pass.bit = spec.bit;
    pass.input = Doubles(values);
    std::vector<int> flags(static_cast<size_t>(n));
    exec.Flags(spec, values, &flags);  // 1
    if (exec.Failed()) return trace;
    pass.flags = Doubles(flags);
    pass.scan = exec.Scan(FlagScanRequest(request, pass.flags));  // 2
    if (exec.Failed()) return trace;
    const std::vector<int> scan = Typed<int>(pass.scan.output);
    const int total = ScanTotal(scan.back(), flags.back());
    pass.total = total;
    std::vector<T> out(static_cast<size_t>(std::max(0, OutputSize(request.application, n, total))));
    if (IsExclusiveSum(flags, scan)) exec.Scatter(spec, values, flags, scan, total, &out);  // 3
    if (exec.Failed()) return trace;
    pass.output = Doubles(out);
    values = std::move(out);
    trace.total = total;
    trace.passes.push_back(std::move(pass));
  }
  if (trace.sign_flipped) {
    exec.FlipSignBits(&values);
    if (exec.Failed()) return trace;
  }
  trace.output = Doubles(values);
  return trace;
}

}  // namespace scanviz::applications
