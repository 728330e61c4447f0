// A small results file of the performance lab as the bench builds it (int32 inclusive, n = 1024
// and 2048 timed, n = 3 checked only; rungs a, b, e, cub, memcpy), with round numbers that make
// the derived values easy to state: e is 50 % of memcpy at 1024 and 80 % at 2048, 1.25x CUB at
// both; a beats b at 1024 and b beats a at 2048.
#pragma once

#include <string>

#include "core/perf/bench_results.h"

namespace scanviz::testing {

inline perf::BenchMeasurement TimedPoint(const std::string& rung, long long n, double gbps) {
  perf::BenchMeasurement m;
  m.type = "int32";
  m.mode = "inclusive";
  m.n = n;
  m.rung = rung;
  m.timed = true;
  m.gbps = gbps;
  m.time_us_median = 2.0 * static_cast<double>(n) * 4 / (gbps * 1e3);  // bytes / (GB/s) in us
  m.time_us_min = m.time_us_median * 0.9;
  m.time_us_max = m.time_us_median * 1.5;
  m.rotation_sets = 64;
  m.correct = true;
  return m;
}

inline perf::BenchResults SampleBenchResults() {
  perf::BenchResults r;
  r.schema = std::string(perf::kBenchSchema);
  r.date = "2026-12-02T10:11:12Z";
  r.commit = "0123456789abcdef0123456789abcdef01234567";
  r.device.name = "Test GPU";
  r.device.sm_count = 4;
  r.device.compute_capability = "9.0";
  r.device.l2_bytes = 4 << 20;
  r.device.global_mem_bytes = 8LL << 30;
  r.device.sm_clock_khz = 1980000;
  r.device.mem_clock_khz = 3201000;
  r.device.mem_bus_width_bits = 6016;
  r.device.driver_version = 13000;
  r.device.runtime_version = 13000;
  r.clocks = perf::BenchClocks{1755.5, 1980.25, "clock64 over globaltimer"};
  r.toolkit = {13000, 300001, 300001};
  r.options.min_log2 = 10;
  r.options.max_log2 = 11;
  r.options.timed_sizes = {1024, 2048};
  r.options.check_sizes = {3};
  r.options.repeats = 5;
  r.options.warmup = 3;
  r.options.types = {"int32"};
  r.options.modes = {"inclusive"};
  r.options.float_tolerance = 1e-5;
  r.options.throughput = "2*n*sizeof(T)/median_time";
  for (const char* name : {"a", "b", "e", "cub", "memcpy"})
    r.rungs.push_back({name, std::string("rung ") + name});
  const double gbps_1024[] = {0.6, 0.5, 1.0, 0.8, 2.0};
  const double gbps_2048[] = {1.0, 1.2, 2.0, 1.6, 2.5};
  for (int i = 0; i < 5; ++i)
    r.measurements.push_back(TimedPoint(r.rungs[i].name, 1024, gbps_1024[i]));
  for (int i = 0; i < 5; ++i)
    r.measurements.push_back(TimedPoint(r.rungs[i].name, 2048, gbps_2048[i]));
  r.measurements[7].recheck_correct = true;  // e at 2048
  perf::BenchMeasurement check;
  check.type = "int32";
  check.mode = "inclusive";
  check.n = 3;
  check.rung = "a";
  check.correct = true;
  r.measurements.push_back(check);
  r.all_correct = true;
  return r;
}

}  // namespace scanviz::testing
