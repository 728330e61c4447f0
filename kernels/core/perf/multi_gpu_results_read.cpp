// Reading the bench across GPUs' results file (core/perf/multi_gpu_results.h), strictly: every
// field checked, the first bad one thrown as FormatError naming its place ("points[3]: 'shard'
// is 1000, not ceil(n / gpus) = 1024"), which ParseMultiGpuBenchResults returns as its one line.
// The helpers follow bench_results_read.cpp's (kept in that file's unnamed namespace).
#include <cmath>
#include <limits>
#include <new>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "core/file_io.h"
#include "core/json_read.h"
#include "core/perf/multi_gpu_results.h"
#include "core/perf/results_file.h"
#include "core/quote.h"

// GCC 13 warns that Field's result may dangle whenever an argument is a temporary (a string
// literal made a std::string); Field returns a reference into `obj`, never into its arguments.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 13
#pragma GCC diagnostic ignored "-Wdangling-reference"
#endif

namespace scanviz::perf {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxFileBytes = 16u << 20;  // a run of 8 GPUs is a few tens of KB
constexpr int kMaxNesting = 6;

JsonLimits MultiGpuJsonLimits() {
  static const JsonKeys known = {
      // the file and its device
      "schema", "date", "commit", "device", "name", "sm_count", "compute_capability", "l2_bytes",
      "global_mem_bytes", "sm_clock_khz", "mem_clock_khz", "mem_bus_width_bits", "driver_version",
      "runtime_version", "hosts", "gpus", "topology", "nccl_version", "type", "mode", "repeats",
      "alignment", "points", "fatal", "all_correct",
      // a point
      "n", "shard", "scan_then_add", "reduce_then_scan", "median_us", "min_us", "max_us", "scan_us",
      "add_us", "reduce_us", "carried_scan_us", "exchange_us", "one_gpu_e_shard_us",
      "one_gpu_memcpy_shard_us", "one_gpu_e_full_us", "check", "check_detail", "correct",
      "mismatches", "first_bad"};
  JsonLimits limits;
  limits.max_depth = kMaxNesting;
  limits.known = &known;
  return limits;
}

struct FormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void Bad(const std::string& where, const std::string& what) {
  throw FormatError(where + ": " + what);
}

// v as a T when it is an integer that T holds, without wrapping.
template <typename T>
bool IntegerIn(const json& v, T* out) {
  if (v.is_number_unsigned()) {
    const auto u = v.get<unsigned long long>();
    if (u > static_cast<unsigned long long>(std::numeric_limits<T>::max())) return false;
    *out = static_cast<T>(u);
    return true;
  }
  if (!v.is_number_integer()) return false;
  const auto x = v.get<long long>();
  if (x < static_cast<long long>(std::numeric_limits<T>::min()) ||
      x > static_cast<long long>(std::numeric_limits<T>::max()))
    return false;
  *out = static_cast<T>(x);
  return true;
}

// `where` by value: see bench_results_read.cpp (GCC 13's dangling-reference warning).
const json& Field(const json& obj, const std::string& where, const char* key) {
  if (!obj.is_object()) Bad(where, "not an object");
  auto it = obj.find(key);
  if (it == obj.end()) Bad(where, std::string("'") + key + "' missing");
  return *it;
}

std::string String(const json& obj, const std::string& where, const char* key) {
  const json& v = Field(obj, where, key);
  if (!v.is_string()) Bad(where, std::string("'") + key + "' is not a string");
  return v.get<std::string>();
}
template <typename T>
T Integer(const json& obj, const std::string& where, const char* key) {
  T out{};
  if (!IntegerIn(Field(obj, where, key), &out))
    Bad(where, std::string("'") + key + "' is not an integer in range");
  return out;
}
bool Bool(const json& obj, const std::string& where, const char* key) {
  const json& v = Field(obj, where, key);
  if (!v.is_boolean()) Bad(where, std::string("'") + key + "' is not true or false");
  return v.get<bool>();
}
// A time: a number, finite, at least 0 (0: not measured), or above 0 where `positive`.
double Time(const json& obj, const std::string& where, const char* key, bool positive = false) {
  const json& v = Field(obj, where, key);
  if (!v.is_number()) Bad(where, std::string("'") + key + "' is not a number");
  const double t = v.get<double>();
  if (!std::isfinite(t) || t < 0 || (positive && t == 0))
    Bad(where,
        std::string("'") + key + "' must be a time " + (positive ? "above 0" : "of 0 or more"));
  return t;
}

BenchDevice ReadDevice(const json& d) {
  const std::string where = "device";
  BenchDevice out;
  out.name = String(d, where, "name");
  out.sm_count = Integer<int>(d, where, "sm_count");
  out.compute_capability = String(d, where, "compute_capability");
  out.l2_bytes = Integer<long long>(d, where, "l2_bytes");
  out.global_mem_bytes = Integer<long long>(d, where, "global_mem_bytes");
  out.sm_clock_khz = Integer<int>(d, where, "sm_clock_khz");
  out.mem_clock_khz = Integer<int>(d, where, "mem_clock_khz");
  out.mem_bus_width_bits = Integer<int>(d, where, "mem_bus_width_bits");
  out.driver_version = Integer<int>(d, where, "driver_version");
  out.runtime_version = Integer<int>(d, where, "runtime_version");
  return out;
}

// The repetitions' median between their least and their most, all above 0.
TimeStats ReadStats(const json& obj, const std::string& where, const char* key) {
  const std::string at = where + "." + key;
  const json& s = Field(obj, where, key);
  TimeStats t;
  t.median_us = Time(s, at, "median_us", true);
  t.min_us = Time(s, at, "min_us", true);
  t.max_us = Time(s, at, "max_us", true);
  if (!(t.min_us <= t.median_us && t.median_us <= t.max_us))
    Bad(at, "not min_us <= median_us <= max_us");
  return t;
}

void ReadCheck(const json& pj, const std::string& where, MultiGpuPoint* p) {
  p->check = String(pj, where, "check");
  if (p->check != "full" && p->check != "sampled")
    Bad(where, "'check' is " + QuoteForMessage(p->check) + " (full or sampled)");
  p->check_detail = String(pj, where, "check_detail");
  p->correct = Bool(pj, where, "correct");
  p->mismatches = Integer<long long>(pj, where, "mismatches");
  p->first_bad = Integer<long long>(pj, where, "first_bad");
  if (p->mismatches < 0) Bad(where, "'mismatches' is below 0");
  if (p->first_bad < -1 || p->first_bad >= p->n) Bad(where, "'first_bad' is not -1 or an index");
  if (p->correct && p->mismatches > 0)
    Bad(where, "'correct' is true with " + std::to_string(p->mismatches) + " mismatches");
}

MultiGpuPoint ReadPoint(const json& pj, const std::string& where, int gpus) {
  MultiGpuPoint p;
  p.n = Integer<long long>(pj, where, "n");
  p.gpus = Integer<int>(pj, where, "gpus");
  p.shard = Integer<long long>(pj, where, "shard");
  if (p.gpus < 1 || p.gpus > gpus)
    Bad(where,
        "'gpus' is " + std::to_string(p.gpus) + " (1 to the file's " + std::to_string(gpus) + ")");
  if (p.n < p.gpus) Bad(where, "'n' is below 'gpus' (every GPU holds at least one element)");
  const long long shard = p.n / p.gpus + (p.n % p.gpus != 0 ? 1 : 0);
  if (p.shard != shard)
    Bad(where, "'shard' is " + std::to_string(p.shard) +
                   ", not ceil(n / gpus) = " + std::to_string(shard));
  p.scan_then_add = ReadStats(pj, where, "scan_then_add");
  p.reduce_then_scan = ReadStats(pj, where, "reduce_then_scan");
  p.scan_us = Time(pj, where, "scan_us");
  p.add_us = Time(pj, where, "add_us");
  p.reduce_us = Time(pj, where, "reduce_us");
  p.carried_scan_us = Time(pj, where, "carried_scan_us");
  p.exchange_us = Time(pj, where, "exchange_us");
  p.one_gpu_e_shard_us = Time(pj, where, "one_gpu_e_shard_us");
  p.one_gpu_memcpy_shard_us = Time(pj, where, "one_gpu_memcpy_shard_us");
  p.one_gpu_e_full_us = Time(pj, where, "one_gpu_e_full_us");
  ReadCheck(pj, where, &p);
  return p;
}

// The run's settings: P, the nodes (one per rank), what was scanned.
void ReadRun(const json& j, MultiGpuBenchResults* r) {
  const std::string where = "file";
  r->gpus = Integer<int>(j, where, "gpus");
  if (r->gpus < 1) Bad(where, "'gpus' must be at least 1");
  const json& hosts = Field(j, where, "hosts");
  if (!hosts.is_array()) Bad(where, "'hosts' is not an array");
  for (size_t i = 0; i < hosts.size(); ++i) {
    if (!hosts[i].is_string()) Bad("hosts[" + std::to_string(i) + "]", "not a string");
    r->hosts.push_back(hosts[i].get<std::string>());
  }
  if (r->hosts.size() != static_cast<size_t>(r->gpus))
    Bad(where, "'hosts' names " + std::to_string(r->hosts.size()) + " ranks, 'gpus' is " +
                   std::to_string(r->gpus));
  r->topology = String(j, where, "topology");
  r->nccl_version = String(j, where, "nccl_version");
  r->type = String(j, where, "type");
  r->mode = String(j, where, "mode");
  if (r->type != "int32" && r->type != "float32")
    Bad(where, "'type' is " + QuoteForMessage(r->type) + " (int32 or float32)");
  if (r->mode != "inclusive" && r->mode != "exclusive")
    Bad(where, "'mode' is " + QuoteForMessage(r->mode) + " (inclusive or exclusive)");
  r->repeats = Integer<int>(j, where, "repeats");
  if (r->repeats < 1) Bad(where, "'repeats' must be at least 1");
  r->alignment = String(j, where, "alignment");
}

// The points: at least one, in ascending n, each (n, gpus) once.
void ReadPoints(const json& j, MultiGpuBenchResults* r) {
  const json& points = Field(j, "file", "points");
  if (!points.is_array()) Bad("file", "'points' is not an array");
  if (points.empty()) Bad("file", "'points' is empty (nothing was measured)");
  std::set<std::pair<long long, int>> seen;
  for (size_t i = 0; i < points.size(); ++i) {
    const std::string where = "points[" + std::to_string(i) + "]";
    MultiGpuPoint p = ReadPoint(points[i], where, r->gpus);
    if (!r->points.empty() && p.n < r->points.back().n) Bad(where, "'n' is below the point before");
    if (!seen.insert({p.n, p.gpus}).second)
      Bad(where, "a second point at n = " + std::to_string(p.n) + " on " + std::to_string(p.gpus) +
                     " GPUs");
    r->points.push_back(std::move(p));
  }
}

MultiGpuBenchResults Read(const json& j) {
  MultiGpuBenchResults r;
  r.schema = String(j, "file", "schema");
  r.date = String(j, "file", "date");
  r.commit = String(j, "file", "commit");
  r.device = ReadDevice(Field(j, "file", "device"));
  ReadRun(j, &r);
  ReadPoints(j, &r);
  const json& fatal = Field(j, "file", "fatal");
  if (!fatal.is_null() && !fatal.is_string()) Bad("file", "'fatal' is not null or a string");
  if (fatal.is_string()) r.fatal = fatal.get<std::string>();
  r.all_correct = Bool(j, "file", "all_correct");
  return r;
}

MultiGpuBenchLoad Fail(std::string error) {
  MultiGpuBenchLoad out;
  out.error = std::move(error);
  return out;
}

MultiGpuBenchLoad Decode(const json& j) {
  if (!j.is_object()) return Fail("not a results file: the top level is not a JSON object");
  const auto schema = j.find("schema");
  if (schema == j.end() || !schema->is_string()) {
    return Fail("not a results file: file: 'schema' " +
                std::string(schema == j.end() ? "missing" : "is not a string") + " (expected \"" +
                std::string(kMultiGpuBenchSchema) + "\")");
  }
  if (schema->get<std::string>() != kMultiGpuBenchSchema) {
    return Fail("unsupported schema " + QuoteForMessage(schema->get<std::string>()) +
                " (this app reads \"" + std::string(kMultiGpuBenchSchema) + "\")");
  }
  MultiGpuBenchLoad out;
  try {
    out.results = Read(j);
  } catch (const FormatError& e) {
    return Fail(e.what());
  }
  return out;
}

}  // namespace

// [SECTION] Files

MultiGpuBenchLoad ParseMultiGpuBenchResults(std::string_view json_text) {
  const JsonRead read = ReadJson(json_text, MultiGpuJsonLimits());
  if (!read.Ok()) return Fail(ResultsReadError(read));
  try {
    MultiGpuBenchLoad out = Decode(read.value);
    if (out.results && !read.unknown.empty()) return Fail("not a results file: " + read.unknown);
    return out;
  } catch (const std::bad_alloc&) {
    return Fail(NoMemoryError(json_text.size()));
  }
}

MultiGpuBenchLoad LoadMultiGpuBenchResults(const std::string& path) {
  FileText file = ReadFileLimited(path, kMaxFileBytes);
  if (!file.Ok()) return Fail(file.error);
  MultiGpuBenchLoad out = ParseMultiGpuBenchResults(file.text);
  if (out.results) {
    out.results->source = path;
  } else {
    out.error = path + ": " + out.error;
  }
  return out;
}

}  // namespace scanviz::perf
