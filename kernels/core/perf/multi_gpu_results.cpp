// The bench across GPUs' results as a model (core/perf/multi_gpu_results.h): the values derived
// from the measurements, and the file's writer. Reading it is multi_gpu_results_read.cpp.
#include "core/perf/multi_gpu_results.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "core/file_io.h"
#include "core/perf/results_file.h"

namespace scanviz::perf {

namespace {

using nlohmann::ordered_json;

// [SECTION] Writing


ordered_json Stats(const TimeStats& t) {
  return ordered_json{
      {"median_us", Sig6(t.median_us)}, {"min_us", Sig6(t.min_us)}, {"max_us", Sig6(t.max_us)}};
}

ordered_json Device(const BenchDevice& d) {
  return ordered_json{{"name", d.name},
                      {"sm_count", d.sm_count},
                      {"compute_capability", d.compute_capability},
                      {"l2_bytes", d.l2_bytes},
                      {"global_mem_bytes", d.global_mem_bytes},
                      {"sm_clock_khz", d.sm_clock_khz},
                      {"mem_clock_khz", d.mem_clock_khz},
                      {"mem_bus_width_bits", d.mem_bus_width_bits},
                      {"driver_version", d.driver_version},
                      {"runtime_version", d.runtime_version}};
}

ordered_json Point(const MultiGpuPoint& p) {
  return ordered_json{{"n", p.n},
                      {"gpus", p.gpus},
                      {"shard", p.shard},
                      {"scan_then_add", Stats(p.scan_then_add)},
                      {"reduce_then_scan", Stats(p.reduce_then_scan)},
                      {"scan_us", Sig6(p.scan_us)},
                      {"add_us", Sig6(p.add_us)},
                      {"reduce_us", Sig6(p.reduce_us)},
                      {"carried_scan_us", Sig6(p.carried_scan_us)},
                      {"exchange_us", Sig6(p.exchange_us)},
                      {"one_gpu_e_shard_us", Sig6(p.one_gpu_e_shard_us)},
                      {"one_gpu_memcpy_shard_us", Sig6(p.one_gpu_memcpy_shard_us)},
                      {"one_gpu_e_full_us", Sig6(p.one_gpu_e_full_us)},
                      {"check", p.check},
                      {"check_detail", p.check_detail},
                      {"correct", p.correct},
                      {"mismatches", p.mismatches},
                      {"first_bad", p.first_bad}};
}

// The schema is always this build's, whatever was read.
ordered_json File(const MultiGpuBenchResults& r) {
  ordered_json j = ordered_json::object();
  j["schema"] = kMultiGpuBenchSchema;
  j["date"] = r.date;
  j["commit"] = r.commit;
  j["device"] = Device(r.device);
  j["hosts"] = r.hosts;
  j["gpus"] = r.gpus;
  j["topology"] = r.topology;
  j["nccl_version"] = r.nccl_version;
  j["type"] = r.type;
  j["mode"] = r.mode;
  j["repeats"] = r.repeats;
  j["alignment"] = r.alignment;
  ordered_json points = ordered_json::array();
  for (const MultiGpuPoint& p : r.points) points.push_back(Point(p));
  j["points"] = std::move(points);
  j["fatal"] = r.fatal.empty() ? ordered_json(nullptr) : ordered_json(r.fatal);
  j["all_correct"] = r.all_correct;
  return j;
}

}  // namespace

std::string WriteMultiGpuBenchResults(const MultiGpuBenchResults& r) {
  const ordered_json j = File(r);
  // One top-level field a line, and the points one a line, so two runs diff line by line.
  std::string text = "{\n";
  bool first = true;
  for (const auto& [key, value] : j.items()) {
    text += first ? "" : ",\n";
    first = false;
    text += ordered_json(key).dump() + ":";
    if (key == "points") {
      text += "[";
      for (size_t i = 0; i < value.size(); ++i) text += (i ? ",\n" : "\n") + value[i].dump();
      text += "\n]";
    } else {
      text += value.dump();
    }
  }
  return text + "\n}\n";
}

std::string SaveMultiGpuBenchResults(const MultiGpuBenchResults& results, const std::string& path) {
  return WriteFileAtomically(path, WriteMultiGpuBenchResults(results));
}

// [SECTION] Derived values

std::string MultiGpuPoint::Faster() const {
  // A tie goes to scan, then add: the simpler of the two, as the chapters present it first.
  return std::string(reduce_then_scan.median_us < scan_then_add.median_us ? kReduceThenScan
                                                                          : kScanThenAdd);
}

double MultiGpuPoint::FasterUs() const {
  return std::min(scan_then_add.median_us, reduce_then_scan.median_us);
}

double MultiGpuPoint::PctOfBound() const {
  const double time = FasterUs();
  if (!(time > 0)) return 0;
  const double bound = Faster() == kScanThenAdd ? ScanThenAddBoundUs() : ReduceThenScanBoundUs();
  const double pct = 100.0 * bound / time;
  return std::isfinite(pct) ? pct : 0;
}

std::optional<double> MultiGpuPoint::SpeedUpOverOneGpu() const {
  const double time = FasterUs();
  if (!(one_gpu_e_full_us > 0) || !(time > 0)) return std::nullopt;
  const double s = one_gpu_e_full_us / time;
  if (!std::isfinite(s)) return std::nullopt;
  return s;
}

double MultiGpuPoint::Gbps(double us) const {
  if (!(us > 0)) return 0;
  const double gbps = 2.0 * static_cast<double>(n) * 4 / (us * 1e3);  // bytes / (us * 1e3): GB/s
  return std::isfinite(gbps) ? gbps : 0;
}

std::optional<double> MultiGpuPoint::IdealGbps() const {
  if (!(one_gpu_e_shard_us > 0)) return std::nullopt;
  const double one = 2.0 * static_cast<double>(shard) * 4 / (one_gpu_e_shard_us * 1e3);
  const double ideal = gpus * one;
  if (!std::isfinite(ideal)) return std::nullopt;
  return ideal;
}

double MultiGpuPoint::TrafficCeiling(std::string_view strategy) const {
  return strategy == kReduceThenScan ? 2.0 * gpus / 3.0 : gpus / 2.0;
}

std::vector<int> MultiGpuBenchResults::GpuCounts() const {
  std::vector<int> out;
  for (const MultiGpuPoint& p : points) out.push_back(p.gpus);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<const MultiGpuPoint*> MultiGpuBenchResults::Series(int count) const {
  std::vector<const MultiGpuPoint*> out;
  for (const MultiGpuPoint& p : points) {
    if (p.gpus == count) out.push_back(&p);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const MultiGpuPoint* a, const MultiGpuPoint* b) { return a->n < b->n; });
  return out;
}

bool MultiGpuBenchResults::AllChecksPassed() const {
  if (!fatal.empty()) return false;
  return std::all_of(points.begin(), points.end(),
                     [](const MultiGpuPoint& p) { return p.correct; });
}

}  // namespace scanviz::perf
