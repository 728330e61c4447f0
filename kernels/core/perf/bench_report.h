// What `scanviz-cli bench` prints, from the results alone (no GPU): the header before the run, a
// line for each failed check while it runs, and after it the table of every timed measurement,
// the correctness count, the Hillis-Steele/Blelloch crossovers, the GB/s summary, the % of memcpy
// of rung e and CUB, and the project's targets.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/perf/bench_results.h"

namespace scanviz::perf {

// "13.0" for 13000 (CUDART_VERSION, cudaDriverGetVersion); "3.0.1" for 300001 (CUB_VERSION,
// THRUST_VERSION: major * 100000 + minor * 100 + patch); "?" for 0.
std::string CudaVersionString(int version);
std::string LibraryVersionString(long long version);

// The device, its clocks, the toolkit, the commit and date, and one line per rung.
void PrintHeader(const BenchResults& results, std::ostream& out);
// "CHECK FAILED: e int32 inclusive n=1000 rel_err=1 mismatches=3 first_bad=17 (recheck ok)".
std::string CheckFailureLine(const BenchMeasurement& m);

// The project's targets at int32 inclusive (docs/performance.md): rung e at the largest timed n
// against memcpy (>= 85 %) and CUB (>= 1.10x), e faster than CUB at every timed n <= 2^16, and
// the ladder a..e not slower from rung to rung at n = 2^24.
struct BenchTargets {
  long long large_n = 0;
  std::optional<double> e_pct_memcpy, e_ratio_vs_cub, memcpy_gbps, cub_gbps, e_gbps;
  struct Latency {
    long long n = 0;
    double e_us = 0, cub_us = 0;
  };
  std::vector<Latency> small_n_latency;
  std::vector<std::pair<std::string, double>> ladder_2_24;  // the rungs a..e that ran there
  bool PctMet() const { return e_pct_memcpy && *e_pct_memcpy >= 85; }
  bool CubMet() const { return e_ratio_vs_cub && *e_ratio_vs_cub >= 1.10; }
  bool LatencyMet() const;  // false when no small n was timed for both
  bool LadderComplete() const { return ladder_2_24.size() == 5; }
  bool LadderMonotone() const;
};
BenchTargets ComputeTargets(const BenchResults& results);

void PrintTable(const BenchResults& results, std::ostream& out);
void PrintCorrectness(const BenchResults& results, std::ostream& out);
void PrintCrossovers(const BenchResults& results, std::ostream& out);
void PrintSummary(const BenchResults& results, std::ostream& out);
void PrintPctOfMemcpy(const BenchResults& results, std::ostream& out);
void PrintTargets(const BenchResults& results, std::ostream& out);
// Everything after the run: the table through the targets, in that order.
void PrintReport(const BenchResults& results, std::ostream& out);

}  // namespace scanviz::perf
