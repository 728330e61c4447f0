// The performance lab's results file (`scanviz-perf/2`; schema in docs/performance.md) as plain
// structs: written by `scanviz-cli bench` (kernels/perf), read by the app's benchmark panel (G).
// One struct for both, read and written through nlohmann-json.
//
// The file holds what was measured and nothing derived from it: the % of memcpy, the ratio to CUB
// and the Hillis-Steele/Blelloch crossovers are methods here, computed from the measurements of
// the same run, so a hand-edited number cannot disagree with the ones it came from.
//
// The loader also reads the older `scanviz-perf/1` (the committed docs/bench/h200.json): no date,
// no commit, the library versions inside `device`, its derived fields ignored. It checks the schema
// name and every field it keeps, and names the first bad one ("measurements[12]: 'gbps' missing"),
// so a hand-edited or truncated file gives one clear line instead of an empty chart.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scanviz::perf {

inline constexpr std::string_view kBenchSchema = "scanviz-perf/2";    // what this build writes
inline constexpr std::string_view kBenchSchemaV1 = "scanviz-perf/1";  // still read

// The GPU as the CUDA runtime reports it (cudaDeviceProp, cudaDeviceGetAttribute).
struct BenchDevice {
  std::string name;                // "NVIDIA H200"
  int sm_count = 0;                // 0: not recorded
  std::string compute_capability;  // "9.0"
  long long l2_bytes = 0;
  long long global_mem_bytes = 0;
  int sm_clock_khz = 0;        // cudaDevAttrClockRate: the peak SM clock, not the one it ran at
  int mem_clock_khz = 0;       // cudaDevAttrMemoryClockRate (peak)
  int mem_bus_width_bits = 0;  // cudaDevAttrGlobalMemoryBusWidth
  int driver_version = 0;      // cudaDriverGetVersion: 13000 is 13.0
  int runtime_version = 0;     // cudaRuntimeGetVersion
};

// The SM clock the run saw, measured on the device (clock64 cycles over %globaltimer
// nanoseconds); absent from the file when it could not be measured.
struct BenchClocks {
  double sm_mhz_before = 0;  // before the first rung
  double sm_mhz_after = 0;   // after the last
  std::string method;        // how, in words
};

// The toolkit the bench was built with (the macros at compile time).
struct BenchToolkit {
  int cuda_version = 0;          // CUDART_VERSION: 13000 is 13.0
  long long cub_version = 0;     // CUB_VERSION: 300001 is 3.0.1
  long long thrust_version = 0;  // THRUST_VERSION
};

// The run's options as it ran (after clamping): the sizes, the repetitions, what was scanned.
struct BenchRunOptions {
  int min_log2 = 0, max_log2 = 0;      // timed n = 2^k for k in [min_log2, max_log2]
  std::vector<long long> timed_sizes;  // ascending
  std::vector<long long> check_sizes;  // checked for correctness only (non-powers of two)
  int repeats = 0;                     // timed repetitions; the median is reported
  int warmup = 0;                      // untimed runs before them
  std::vector<std::string> types;      // "int32", "float32"
  std::vector<std::string> modes;      // "inclusive", "exclusive"
  double float_tolerance = 0;          // ||out - ref|| / ||ref||, reference in float64
  std::string throughput;              // how GB/s is computed, in words
};

struct BenchRung {
  std::string name;  // "a", "e.lb8", "cub", "memcpy"
  std::string description;
};

struct BenchMeasurement {
  std::string type;  // "int32", "float32"
  std::string mode;  // "inclusive", "exclusive"
  long long n = 0;
  std::string rung;
  bool timed = false;  // false: a correctness check only (no time, no gbps)
  double time_us_median = 0, time_us_min = 0, time_us_max = 0;
  double gbps = 0;        // 2 * n * 4 bytes / median time (bytes read + bytes written)
  int rotation_sets = 0;  // input/output buffer pairs cycled so that L2 holds none (0: unknown)
  bool correct = true;    // the check, and the recheck when there was one
  double rel_err = 0;     // float: ||out - ref|| / ||ref||; int: 0 or 1
  long long mismatches = 0;
  long long first_bad = -1;             // the first wrong index; -1: none or not recorded
  std::optional<bool> recheck_correct;  // look-back rungs: checked again after the timed runs
};

// One point of the Hillis-Steele (a) against Blelloch (b) comparison.
struct CrossoverPoint {
  long long n = 0;
  double a_gbps = 0, b_gbps = 0;
  std::string winner;  // "a" or "b"
};
struct Crossover {
  std::string type, mode;
  std::vector<CrossoverPoint> points;  // timed sizes where both ran, ascending
  std::vector<long long>
      winner_changes_at;  // the n at which the winner differs from the one before
};

struct BenchResults {
  std::string schema;  // as read; kBenchSchema when written
  std::string date;    // ISO-8601 UTC of the run ("2026-12-02T10:11:12Z"); "" in /1
  std::string commit;  // the project's commit the bench was built from, or "unknown"
  BenchDevice device;
  std::optional<BenchClocks> clocks;
  BenchToolkit toolkit;
  BenchRunOptions options;
  std::vector<BenchRung> rungs;
  std::vector<BenchMeasurement> measurements;
  std::string fatal;  // the error that stopped the run early; empty when it ran to the end
  bool all_correct = false;
  std::string source;  // the path it was read from (not in the file)

  // The measurement of one rung at one type, mode and n; nullptr when there is none.
  const BenchMeasurement* Find(std::string_view type, std::string_view mode, long long n,
                               std::string_view rung) const;
  // Timed points of one rung for one type and mode, sorted by n.
  std::vector<const BenchMeasurement*> Series(std::string_view type, std::string_view mode,
                                              std::string_view rung) const;
  // 100 * m.gbps / the memcpy rung's GB/s at the same type, mode and n: how close a scan comes to
  // copying its bytes. Empty when m is untimed or the run has no timed memcpy there.
  std::optional<double> PctOfMemcpy(const BenchMeasurement& m) const;
  // The same for each point of a series (one pass over the measurements, for a chart's frame).
  std::vector<std::optional<double>> PctOfMemcpy(
      const std::vector<const BenchMeasurement*>& series) const;
  // m.gbps / CUB's GB/s at the same type, mode and n; empty as above.
  std::optional<double> RatioVsCub(const BenchMeasurement& m) const;
  // For each type and mode (in the options' order, else the measurements'), rungs a and b at
  // every timed n both ran; a type and mode where they never both ran is left out.
  std::vector<Crossover> Crossovers() const;
  // Every measurement checked correct (and the run not stopped): what all_correct should say.
  bool AllChecksPassed() const;
};

struct BenchLoad {
  std::optional<BenchResults> results;
  std::string error;  // empty when results is set
};

BenchLoad ParseBenchResults(std::string_view json_text);
BenchLoad LoadBenchResults(const std::string& path);

// The file's text (schema kBenchSchema whatever `results.schema` says): one top-level field a
// line and one measurement a line, so that two runs diff line by line. Numbers keep 6 significant
// digits (the events' resolution is about half a microsecond).
std::string WriteBenchResults(const BenchResults& results);
// Writes it atomically (core/file_io.h); empty on success, else why not.
std::string SaveBenchResults(const BenchResults& results, const std::string& path);

}  // namespace scanviz::perf
