// Reading the performance lab's results file (core/perf/bench_results.h): `scanviz-perf/2` with
// every field it keeps checked, and the older `/1` leniently. The first bad field throws
// FormatError naming its place, which ParseBenchResults returns as the load's one-line error.
#include <limits>
#include <new>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>

#include "core/file_io.h"
#include "core/json_read.h"
#include "core/perf/bench_results.h"
#include "core/perf/results_file.h"
#include "core/quote.h"

namespace scanviz::perf {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxBenchFileBytes = 64u << 20;  // the H200 run is ~400 KB
constexpr int kMaxBenchNesting = 8;

// Every key a results file holds, /1 and /2 (a key not on the list may not hold bulk:
// core/json_read.h), and the fields /1 derived and stored, which are recomputed: dropped unread.
JsonLimits BenchJsonLimits() {
  static const JsonKeys known = {
      // the file, the device and the toolkit
      "schema", "date", "measured_at", "commit", "device", "name", "sm_count", "compute_capability",
      "l2_bytes", "global_mem_bytes", "sm_clock_khz", "mem_clock_khz", "mem_bus_width_bits",
      "driver_version", "runtime_version", "cuda_version", "cub_version", "thrust_version",
      "clocks", "sm_mhz_before", "sm_mhz_after", "method", "toolkit", "fatal", "all_correct",
      // the options and the rungs
      "options", "min_log2", "max_log2", "timed_sizes", "check_sizes", "repeats", "warmup", "types",
      "modes", "float_tolerance", "throughput", "rungs", "description",
      // a measurement
      "measurements", "type", "mode", "n", "rung", "timed", "time_us_median", "time_us_min",
      "time_us_max", "gbps", "rotation_sets", "correct", "rel_err", "mismatches", "first_bad",
      "recheck_correct"};
  static const JsonKeys derived = {"pct_memcpy", "ratio_vs_cub", "crossover", "targets"};
  JsonLimits limits;
  limits.max_depth = kMaxBenchNesting;
  limits.known = &known;
  limits.ignored = &derived;
  limits.bytes_per_byte = 16;  // the H200 run takes 9
  return limits;
}

// What a bad file throws: "<where>: '<key>' <problem>".
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

// `where` by value: GCC 13 warns of a dangling reference when a function that returns a reference
// takes a temporary by reference (a literal "file" made into a std::string).
const json& Field(const json& obj, std::string_view where, const char* key) {
  if (!obj.is_object()) Bad(std::string(where), "not an object");
  auto it = obj.find(key);
  if (it == obj.end()) Bad(std::string(where), std::string("'") + key + "' missing");
  return *it;
}
// nullptr when the key is absent (or null, for the fields a writer may leave null).
const json* Optional(const json& obj, const char* key) {
  if (!obj.is_object()) return nullptr;
  auto it = obj.find(key);
  return it == obj.end() || it->is_null() ? nullptr : &*it;
}

std::string AsString(const json& v, const std::string& where, const char* key) {
  if (!v.is_string()) Bad(where, std::string("'") + key + "' is not a string");
  return v.get<std::string>();
}
// A double takes any number; an integer field only an integer that fits (1.3e47 is neither a
// count nor convertible to one without undefined behaviour).
template <typename T>
T AsNumber(const json& v, const std::string& where, const char* key) {
  T out{};
  if constexpr (std::is_integral_v<T>) {
    if (!IntegerIn(v, &out)) Bad(where, std::string("'") + key + "' is not an integer in range");
  } else {
    if (!v.is_number()) Bad(where, std::string("'") + key + "' is not a number");
    out = v.get<T>();
  }
  return out;
}
bool AsBool(const json& v, const std::string& where, const char* key) {
  if (!v.is_boolean()) Bad(where, std::string("'") + key + "' is not true or false");
  return v.get<bool>();
}

std::string String(const json& obj, const std::string& where, const char* key) {
  return AsString(Field(obj, where, key), where, key);
}
template <typename T>
T Number(const json& obj, const std::string& where, const char* key) {
  return AsNumber<T>(Field(obj, where, key), where, key);
}
bool Bool(const json& obj, const std::string& where, const char* key) {
  return AsBool(Field(obj, where, key), where, key);
}
const json& Array(const json& obj, std::string_view where, const char* key) {
  const json& v = Field(obj, where, key);
  if (!v.is_array()) Bad(std::string(where), std::string("'") + key + "' is not an array");
  return v;
}

// /1 kept its device details loosely: one that is missing or does not fit is left out, not
// wrapped and not an error.
template <typename T>
void Lenient(const json& obj, const char* key, T* out) {
  const json* v = Optional(obj, key);
  if (v == nullptr) return;
  if constexpr (std::is_same_v<T, std::string>) {
    if (v->is_string()) *out = v->get<std::string>();
  } else {
    IntegerIn(*v, out);
  }
}

BenchDevice ReadDevice(const json& d, bool v1) {
  const std::string where = "device";
  BenchDevice out;
  out.name = String(d, where, "name");
  if (v1) {
    Lenient(d, "sm_count", &out.sm_count);
    Lenient(d, "compute_capability", &out.compute_capability);
    Lenient(d, "l2_bytes", &out.l2_bytes);
    Lenient(d, "global_mem_bytes", &out.global_mem_bytes);
    Lenient(d, "sm_clock_khz", &out.sm_clock_khz);
    Lenient(d, "mem_clock_khz", &out.mem_clock_khz);
    Lenient(d, "mem_bus_width_bits", &out.mem_bus_width_bits);
    Lenient(d, "driver_version", &out.driver_version);
    Lenient(d, "runtime_version", &out.runtime_version);
    return out;
  }
  out.sm_count = Number<int>(d, where, "sm_count");
  out.compute_capability = String(d, where, "compute_capability");
  out.l2_bytes = Number<long long>(d, where, "l2_bytes");
  out.global_mem_bytes = Number<long long>(d, where, "global_mem_bytes");
  out.sm_clock_khz = Number<int>(d, where, "sm_clock_khz");
  out.mem_clock_khz = Number<int>(d, where, "mem_clock_khz");
  out.mem_bus_width_bits = Number<int>(d, where, "mem_bus_width_bits");
  out.driver_version = Number<int>(d, where, "driver_version");
  out.runtime_version = Number<int>(d, where, "runtime_version");
  return out;
}

std::vector<long long> Sizes(const json& obj, const std::string& where, const char* key) {
  const json& a = Array(obj, where, key);
  std::vector<long long> out;
  for (size_t i = 0; i < a.size(); ++i) {
    const std::string at = where + "." + key + "[" + std::to_string(i) + "]";
    long long n = 0;
    if (!IntegerIn(a[i], &n) || n < 1) Bad(at, "not a size (an integer of at least 1)");
    out.push_back(n);
  }
  return out;
}
std::vector<std::string> Names(const json& obj, const std::string& where, const char* key) {
  const json& a = Array(obj, where, key);
  std::vector<std::string> out;
  for (size_t i = 0; i < a.size(); ++i)
    out.push_back(AsString(a[i], where + "." + key + "[" + std::to_string(i) + "]", key));
  return out;
}

BenchRunOptions ReadOptions(const json& o) {
  const std::string where = "options";
  BenchRunOptions out;
  out.min_log2 = Number<int>(o, where, "min_log2");
  out.max_log2 = Number<int>(o, where, "max_log2");
  out.timed_sizes = Sizes(o, where, "timed_sizes");
  out.check_sizes = Sizes(o, where, "check_sizes");
  out.repeats = Number<int>(o, where, "repeats");
  out.warmup = Number<int>(o, where, "warmup");
  out.types = Names(o, where, "types");
  out.modes = Names(o, where, "modes");
  out.float_tolerance = Number<double>(o, where, "float_tolerance");
  out.throughput = String(o, where, "throughput");
  return out;
}

// /1's options: the size range and repetitions; the lists it did not keep stay empty.
BenchRunOptions ReadOptionsV1(const json& o) {
  BenchRunOptions out;
  Lenient(o, "min_log2", &out.min_log2);
  Lenient(o, "max_log2", &out.max_log2);
  Lenient(o, "repeats", &out.repeats);
  Lenient(o, "warmup", &out.warmup);
  Lenient(o, "throughput", &out.throughput);
  if (const json* t = Optional(o, "float_tolerance"); t != nullptr && t->is_number())
    out.float_tolerance = t->get<double>();
  return out;
}

BenchMeasurement ReadMeasurement(const json& mj, const std::string& where, bool v1) {
  BenchMeasurement m;
  m.type = String(mj, where, "type");
  m.mode = String(mj, where, "mode");
  m.n = Number<long long>(mj, where, "n");
  m.rung = String(mj, where, "rung");
  m.timed = Bool(mj, where, "timed");
  m.correct = Bool(mj, where, "correct");
  if (m.type != "int32" && m.type != "float32")
    Bad(where, "'type' is " + QuoteForMessage(m.type) + " (int32 or float32)");
  if (m.mode != "inclusive" && m.mode != "exclusive")
    Bad(where, "'mode' is " + QuoteForMessage(m.mode) + " (inclusive or exclusive)");
  if (m.n < 1) Bad(where, "'n' must be at least 1");
  if (m.timed) {
    m.gbps = Number<double>(mj, where, "gbps");
    m.time_us_median = Number<double>(mj, where, "time_us_median");
    if (!(m.gbps >= 0) || !(m.time_us_median > 0))
      Bad(where, "'gbps' or 'time_us_median' out of range");
    if (v1) {
      m.time_us_min = m.time_us_max = m.time_us_median;
      if (const json* v = Optional(mj, "time_us_min"); v && v->is_number()) m.time_us_min = *v;
      if (const json* v = Optional(mj, "time_us_max"); v && v->is_number()) m.time_us_max = *v;
      Lenient(mj, "rotation_sets", &m.rotation_sets);
    } else {
      m.time_us_min = Number<double>(mj, where, "time_us_min");
      m.time_us_max = Number<double>(mj, where, "time_us_max");
      m.rotation_sets = Number<int>(mj, where, "rotation_sets");
    }
  }
  // rel_err is null when it was not finite (a wrong float output can overflow it).
  if (v1) {
    if (const json* v = Optional(mj, "rel_err"); v != nullptr && v->is_number()) m.rel_err = *v;
  } else {
    const json& v = Field(mj, where, "rel_err");
    m.rel_err = v.is_null() ? std::numeric_limits<double>::infinity()
                            : AsNumber<double>(v, where, "rel_err");
  }
  if (v1) {
    Lenient(mj, "mismatches", &m.mismatches);
  } else {
    m.mismatches = Number<long long>(mj, where, "mismatches");
    m.first_bad = Number<long long>(mj, where, "first_bad");
  }
  if (const json* v = Optional(mj, "recheck_correct"); v != nullptr)
    m.recheck_correct = AsBool(*v, where, "recheck_correct");
  return m;
}

// /1 had no date unless one was added by hand ("date" or "measured_at"); /2 has a date and commit.
void ReadDate(const json& j, bool old, BenchResults* res) {
  if (old) {
    for (const char* key : {"date", "measured_at"}) {
      if (const json* d = Optional(j, key); d != nullptr && d->is_string()) {
        res->date = d->get<std::string>();
        break;
      }
    }
  } else {
    res->date = String(j, "file", "date");
    res->commit = String(j, "file", "commit");
  }
}

// /1 kept the library versions in its device and its options loosely; /2 has the toolkit, the
// options and (when they could be measured) the clocks.
void ReadToolkitAndOptions(const json& j, bool old, BenchResults* res) {
  if (old) {
    const json& d = j["device"];
    Lenient(d, "cub_version", &res->toolkit.cub_version);
    Lenient(d, "thrust_version", &res->toolkit.thrust_version);
    if (const json* o = Optional(j, "options"); o != nullptr) res->options = ReadOptionsV1(*o);
    return;
  }
  if (const json* c = Optional(j, "clocks"); c != nullptr) {
    BenchClocks clocks;
    clocks.sm_mhz_before = Number<double>(*c, "clocks", "sm_mhz_before");
    clocks.sm_mhz_after = Number<double>(*c, "clocks", "sm_mhz_after");
    clocks.method = String(*c, "clocks", "method");
    res->clocks = clocks;
  }
  const json& t = Field(j, "file", "toolkit");
  res->toolkit.cuda_version = Number<int>(t, "toolkit", "cuda_version");
  res->toolkit.cub_version = Number<long long>(t, "toolkit", "cub_version");
  res->toolkit.thrust_version = Number<long long>(t, "toolkit", "thrust_version");
  res->options = ReadOptions(Field(j, "file", "options"));
}

// The rungs, each named once; returns their names.
std::set<std::string> ReadRungs(const json& j, bool old, std::vector<BenchRung>* out) {
  const json& rungs = Array(j, "file", "rungs");
  std::set<std::string> names;
  for (size_t i = 0; i < rungs.size(); ++i) {
    const std::string where = "rungs[" + std::to_string(i) + "]";
    BenchRung rung;
    rung.name = String(rungs[i], where, "name");
    if (old) {
      Lenient(rungs[i], "description", &rung.description);
    } else {
      rung.description = String(rungs[i], where, "description");
    }
    if (!names.insert(rung.name).second)
      Bad(where, "rung " + QuoteForMessage(rung.name) + " is listed twice");
    out->push_back(std::move(rung));
  }
  return names;
}

// The measurements, each of a listed rung, at least one of them timed.
void ReadMeasurements(const json& j, bool old, const std::set<std::string>& names,
                      std::vector<BenchMeasurement>* out) {
  const json& ms = Array(j, "file", "measurements");
  std::set<std::tuple<std::string, std::string, long long, std::string>> seen;
  int timed = 0;
  for (size_t i = 0; i < ms.size(); ++i) {
    const std::string where = "measurements[" + std::to_string(i) + "]";
    BenchMeasurement m = ReadMeasurement(ms[i], where, old);
    if (names.count(m.rung) == 0)
      Bad(where, "rung " + QuoteForMessage(m.rung) + " is not listed in 'rungs'");
    // One measurement per point: the derived numbers (% of memcpy) look points up by these four.
    if (!seen.insert({m.type, m.mode, m.n, m.rung}).second) {
      Bad(where, "a second measurement of rung " + m.rung + ", " + m.type + " " + m.mode +
                     ", n = " + std::to_string(m.n));
    }
    timed += m.timed ? 1 : 0;
    out->push_back(std::move(m));
  }
  if (timed == 0) throw FormatError("no timed measurements (every entry has \"timed\": false)");
}

BenchResults Read(const json& j) {
  BenchResults res;
  res.schema = String(j, "file", "schema");
  const bool old = res.schema == kBenchSchemaV1;
  ReadDate(j, old, &res);
  res.device = ReadDevice(Field(j, "file", "device"), old);
  ReadToolkitAndOptions(j, old, &res);
  const std::set<std::string> names = ReadRungs(j, old, &res.rungs);
  ReadMeasurements(j, old, names, &res.measurements);
  if (old) {
    if (const json* a = Optional(j, "all_correct"); a != nullptr && a->is_boolean())
      res.all_correct = a->get<bool>();
  } else {
    if (const json* f = Optional(j, "fatal"); f != nullptr)
      res.fatal = AsString(*f, "file", "fatal");
    res.all_correct = Bool(j, "file", "all_correct");
  }
  return res;
}

BenchLoad Fail(std::string error) {
  BenchLoad out;
  out.error = std::move(error);
  return out;
}

// The file after its JSON: its schema, then every field (Read).
BenchLoad Decode(const json& j) {
  if (!j.is_object()) return Fail("not a results file: the top level is not a JSON object");
  const json* schema = Optional(j, "schema");
  if (schema == nullptr || !schema->is_string()) {
    return Fail("not a results file: file: 'schema' " +
                std::string(schema == nullptr ? "missing" : "is not a string") + " (expected \"" +
                std::string(kBenchSchema) + "\")");
  }
  const std::string name = schema->get<std::string>();
  if (name != kBenchSchema && name != kBenchSchemaV1) {
    return Fail("unsupported schema " + QuoteForMessage(name) + " (this app reads \"" +
                std::string(kBenchSchema) + "\" and \"" + std::string(kBenchSchemaV1) + "\")");
  }
  BenchLoad out;
  try {
    out.results = Read(j);
  } catch (const FormatError& e) {
    return Fail(e.what());
  }
  return out;
}

}  // namespace

// [SECTION] Files

BenchLoad ParseBenchResults(std::string_view json_text) {
  const JsonRead read = ReadJson(json_text, BenchJsonLimits());
  if (!read.Ok()) return Fail(ResultsReadError(read));
  try {
    BenchLoad out = Decode(read.value);
    if (out.results && !read.unknown.empty()) return Fail("not a results file: " + read.unknown);
    return out;
  } catch (const std::bad_alloc&) {
    return Fail(NoMemoryError(json_text.size()));
  }
}

BenchLoad LoadBenchResults(const std::string& path) {
  FileText file = ReadFileLimited(path, kMaxBenchFileBytes);
  if (!file.Ok()) return Fail(file.error);
  BenchLoad out = ParseBenchResults(file.text);
  if (out.results) {
    out.results->source = path;
  } else {
    out.error = path + ": " + out.error;
  }
  return out;
}

}  // namespace scanviz::perf
