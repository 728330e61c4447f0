// A device-wide performance results file (`scanviz-perf/1`, written by `scanviz-cli bench` and
// scripts/perf_device.sh; schema in docs/performance.md) as plain structs, for the benchmark panel.
//
// The loader checks the schema name and every field the panel reads, and names the first bad one
// ("measurements[12]: 'gbps' missing"), so a hand-edited or truncated file gives one clear line
// instead of an empty chart. Core only: no GL, no ImGui.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scanviz::scene {

inline constexpr std::string_view kBenchSchema = "scanviz-perf/1";

struct BenchDevice {
  std::string name;  // "NVIDIA H200"
  int sm_count = 0;
  std::string compute_capability;  // "9.0"
  long long l2_bytes = 0;
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
  double time_us_median = 0;
  double gbps = 0;
  bool correct = true;
};

struct BenchResults {
  std::string schema;
  BenchDevice device;
  std::string date;  // optional in the file ("date" or "measured_at"); empty when not recorded
  std::vector<BenchRung> rungs;
  std::vector<BenchMeasurement> measurements;
  bool all_correct = false;
  std::string source;  // the path it was read from

  // Timed points of one rung for one type and mode, sorted by n.
  std::vector<const BenchMeasurement*> Series(std::string_view type, std::string_view mode,
                                              std::string_view rung) const;
};

struct BenchLoad {
  std::optional<BenchResults> results;
  std::string error;  // empty when results is set
};

BenchLoad ParseBenchResults(std::string_view json_text);
BenchLoad LoadBenchResults(const std::string& path);

}  // namespace scanviz::scene
