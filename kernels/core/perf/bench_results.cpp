// The performance lab's results as a model (core/perf/bench_results.h): the values derived from
// the measurements, and the file's writer. Reading it is bench_results_read.cpp.
#include "core/perf/bench_results.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

#include "core/file_io.h"
#include "core/perf/results_file.h"

namespace scanviz::perf {

namespace {

using nlohmann::ordered_json;

// [SECTION] Writing


}  // namespace

// nlohmann finds these by argument-dependent lookup, so they live in this namespace (an unnamed
// one is not searched).
void to_json(ordered_json& j, const BenchDevice& d) {
  j = ordered_json{{"name", d.name},
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

void to_json(ordered_json& j, const BenchClocks& c) {
  j = ordered_json{{"sm_mhz_before", Sig6(c.sm_mhz_before)},
                   {"sm_mhz_after", Sig6(c.sm_mhz_after)},
                   {"method", c.method}};
}

void to_json(ordered_json& j, const BenchToolkit& t) {
  j = ordered_json{{"cuda_version", t.cuda_version},
                   {"cub_version", t.cub_version},
                   {"thrust_version", t.thrust_version}};
}

void to_json(ordered_json& j, const BenchRunOptions& o) {
  j = ordered_json{{"min_log2", o.min_log2},
                   {"max_log2", o.max_log2},
                   {"timed_sizes", o.timed_sizes},
                   {"check_sizes", o.check_sizes},
                   {"repeats", o.repeats},
                   {"warmup", o.warmup},
                   {"types", o.types},
                   {"modes", o.modes},
                   {"float_tolerance", o.float_tolerance},
                   {"throughput", o.throughput}};
}

void to_json(ordered_json& j, const BenchRung& r) {
  j = ordered_json{{"name", r.name}, {"description", r.description}};
}

void to_json(ordered_json& j, const BenchMeasurement& m) {
  j = ordered_json{
      {"type", m.type}, {"mode", m.mode}, {"n", m.n}, {"rung", m.rung}, {"timed", m.timed}};
  if (m.timed) {
    j["time_us_median"] = Sig6(m.time_us_median);
    j["time_us_min"] = Sig6(m.time_us_min);
    j["time_us_max"] = Sig6(m.time_us_max);
    j["gbps"] = Sig6(m.gbps);
    j["rotation_sets"] = m.rotation_sets;
  }
  j["correct"] = m.correct;
  j["rel_err"] = Sig6(m.rel_err);
  j["mismatches"] = m.mismatches;
  j["first_bad"] = m.first_bad;
  if (m.recheck_correct) j["recheck_correct"] = *m.recheck_correct;
}

// The schema is always this build's: the fields are /2's whatever was read.
void to_json(ordered_json& j, const BenchResults& r) {
  j = ordered_json::object();
  j["schema"] = kBenchSchema;
  j["date"] = r.date;
  j["commit"] = r.commit;
  j["device"] = r.device;
  if (r.clocks) j["clocks"] = *r.clocks;
  j["toolkit"] = r.toolkit;
  j["options"] = r.options;
  j["rungs"] = r.rungs;
  j["measurements"] = r.measurements;
  j["fatal"] = r.fatal.empty() ? ordered_json(nullptr) : ordered_json(r.fatal);
  j["all_correct"] = r.all_correct;
}

std::string WriteBenchResults(const BenchResults& r) {
  const ordered_json j = r;
  // One top-level field a line, and the rungs and measurements one element a line.
  std::string text = "{\n";
  bool first = true;
  for (const auto& [key, value] : j.items()) {
    text += first ? "" : ",\n";
    first = false;
    text += ordered_json(key).dump() + ":";
    if (value.is_array() && (key == "rungs" || key == "measurements")) {
      text += "[";
      for (size_t i = 0; i < value.size(); ++i) text += (i ? ",\n" : "\n") + value[i].dump();
      text += "\n]";
    } else {
      text += value.dump();
    }
  }
  return text + "\n}\n";
}

std::string SaveBenchResults(const BenchResults& results, const std::string& path) {
  return WriteFileAtomically(path, WriteBenchResults(results));
}

// [SECTION] Derived values

const BenchMeasurement* BenchResults::Find(std::string_view type, std::string_view mode,
                                           long long n, std::string_view rung) const {
  for (const BenchMeasurement& m : measurements) {
    if (m.n == n && m.rung == rung && m.type == type && m.mode == mode) return &m;
  }
  return nullptr;
}

std::vector<const BenchMeasurement*> BenchResults::Series(std::string_view type,
                                                          std::string_view mode,
                                                          std::string_view rung) const {
  std::vector<const BenchMeasurement*> out;
  for (const BenchMeasurement& m : measurements) {
    if (m.timed && m.type == type && m.mode == mode && m.rung == rung) out.push_back(&m);
  }
  std::sort(out.begin(), out.end(),
            [](const BenchMeasurement* a, const BenchMeasurement* b) { return a->n < b->n; });
  return out;
}

namespace {
// The one place a bandwidth is compared with its baseline, so that the per-point and per-series
// forms agree to the last bit; a ratio too large to draw (a hostile file's 1e308 over 1e-308) is
// not there.
std::optional<double> Ratio(const BenchMeasurement& m, const BenchMeasurement* base, double scale) {
  if (!m.timed || base == nullptr || !base->timed || !(base->gbps > 0)) return std::nullopt;
  const double r = scale * (m.gbps / base->gbps);
  if (!std::isfinite(r)) return std::nullopt;
  return r;
}
}  // namespace

std::optional<double> BenchResults::PctOfMemcpy(const BenchMeasurement& m) const {
  return Ratio(m, Find(m.type, m.mode, m.n, "memcpy"), 100.0);
}

std::vector<std::optional<double>> BenchResults::PctOfMemcpy(
    const std::vector<const BenchMeasurement*>& series) const {
  // Each point's copy found once through a map: a series of the full lab is hundreds of points.
  std::map<std::tuple<std::string_view, std::string_view, long long>, const BenchMeasurement*> copy;
  for (const BenchMeasurement& m : measurements) {
    if (m.rung == "memcpy") copy.insert({{m.type, m.mode, m.n}, &m});
  }
  std::vector<std::optional<double>> out;
  out.reserve(series.size());
  for (const BenchMeasurement* m : series) {
    auto it = copy.find({m->type, m->mode, m->n});
    out.push_back(Ratio(*m, it == copy.end() ? nullptr : it->second, 100.0));
  }
  return out;
}

std::optional<double> BenchResults::RatioVsCub(const BenchMeasurement& m) const {
  return Ratio(m, Find(m.type, m.mode, m.n, "cub"), 1.0);
}

std::vector<Crossover> BenchResults::Crossovers() const {
  std::vector<std::string> types = options.types, modes = options.modes;
  for (const BenchMeasurement& m : measurements) {
    if (std::find(types.begin(), types.end(), m.type) == types.end()) types.push_back(m.type);
    if (std::find(modes.begin(), modes.end(), m.mode) == modes.end()) modes.push_back(m.mode);
  }
  std::vector<Crossover> out;
  for (const std::string& type : types) {
    for (const std::string& mode : modes) {
      Crossover c;
      c.type = type;
      c.mode = mode;
      for (const BenchMeasurement* a : Series(type, mode, "a")) {
        const BenchMeasurement* b = Find(type, mode, a->n, "b");
        if (b == nullptr || !b->timed) continue;
        c.points.push_back({a->n, a->gbps, b->gbps, a->gbps >= b->gbps ? "a" : "b"});
        if (c.points.size() > 1 && c.points[c.points.size() - 2].winner != c.points.back().winner)
          c.winner_changes_at.push_back(a->n);
      }
      if (!c.points.empty()) out.push_back(std::move(c));
    }
  }
  return out;
}

bool BenchResults::AllChecksPassed() const {
  if (!fatal.empty()) return false;
  return std::all_of(measurements.begin(), measurements.end(),
                     [](const BenchMeasurement& m) { return m.correct; });
}

}  // namespace scanviz::perf
