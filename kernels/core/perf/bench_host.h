// The host side of a performance-lab run, which needs no GPU: which sizes run, the inputs and
// their CPU references, the check of a device output against them, and the timing arithmetic.
// kernels/perf's measuring stage calls these between its CUDA calls; tests/core tests them here.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "core/ops.h"
#include "core/perf/bench_results.h"

namespace scanviz::perf {

inline constexpr int kMaxBenchLog2 = 28;         // 2^28 int32 = 1 GiB in and out
inline constexpr double kFloatTolerance = 1e-5;  // ||out - ref|| / ||ref||, reference in float64
inline constexpr int kBenchWarmup = 3;           // untimed runs before the timed ones
inline constexpr const char* kThroughput = "2*n*sizeof(T)/median_time (bytes read + bytes written)";

// What a run does, before it runs: timed n = 2^k for k in [min_log2, max_log2] (clamped to
// [0, kMaxBenchLog2], max at least min), and the awkward sizes (1, 3, 31, 1000, 1337, 4095, ...)
// below 2^(max_log2 + 1) checked for correctness only. At least one repeat.
BenchRunOptions PlanRun(int min_log2, int max_log2, int repeats, std::vector<std::string> types,
                        std::vector<std::string> modes);

// Every size of the plan, timed and checked-only, ascending: the order the run measures them.
struct PlannedSize {
  long long n = 0;
  bool timed = false;
};
std::vector<PlannedSize> PlannedSizes(const BenchRunOptions& options);

// Input for one (type, n): random data (int32: any 32-bit value; float32: uniform [0, 1)), the
// same for the same seed, and its inclusive scan as the reference (int32 wrapping, as the GPU
// adds; float32 summed in float64).
struct HostCase {
  ElementType type = ElementType::kInt32;
  long long n = 0;
  std::vector<std::int32_t> in_i;
  std::vector<float> in_f;
  std::vector<std::uint32_t> ref_i;
  std::vector<double> ref_f;
  const void* Input() const;  // n elements of 4 bytes
};
HostCase MakeCase(ElementType type, long long n, std::uint64_t seed);

struct Verdict {
  bool correct = false;
  double rel_err = 0;        // float: ||out - ref|| / ||ref||; int and copies: 0 or 1
  long long mismatches = 0;  // int and copies: elements that differ; float: non-finite elements
  long long first_bad = -1;  // the first of those; -1: none
};
// The memcpy ceiling: out must equal the input, bit for bit.
Verdict CheckCopy(const HostCase& c, const void* out);
// A scan: out[i] against the reference (exclusive: shifted by one, 0 first). int32 must match
// exactly; float32 within `tolerance` and finite everywhere. With tile > 0 (an ablation that
// scans each tile of that many elements on its own), each tile is checked as a scan of its own.
Verdict CheckScan(const HostCase& c, bool inclusive, const void* out,
                  double tolerance = kFloatTolerance, long long tile = 0);

// Input/output buffer pairs a timed size cycles through so that no run finds the last one's data
// in L2: enough sets to cover 3 x L2 while one set fits twice in it, at most 64; 1 otherwise.
int RotationSets(long long set_bytes, long long l2_bytes, bool timed);

// Median (the mean of the middle two for an even count), min and max of timings in microseconds.
struct TimingSummary {
  double median_us = 0, min_us = 0, max_us = 0;
};
TimingSummary Summarise(std::vector<double> us);
// GB/s of a scan of n 4-byte elements that took `us`: each element read once and written once.
double ScanGbps(long long n, double us);

// ISO-8601 in UTC to the second: "2026-12-02T10:11:12Z".
std::string IsoUtc(std::chrono::system_clock::time_point t);

// "int32"/"float32", "inclusive"/"exclusive": the names the file uses.
const char* TypeName(ElementType type);
const char* ModeName(bool inclusive);

}  // namespace scanviz::perf
