#include "core/perf/bench_results.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <tuple>
#include <type_traits>

#include "core/file_io.h"

namespace scanviz::perf {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

constexpr std::size_t kMaxBenchFileBytes = 64u << 20;  // the H200 run is ~400 KB
constexpr int kMaxBenchNesting = 8;

// [SECTION] Reading

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

const json& Field(const json& obj, const std::string& where, const char* key) {
  if (!obj.is_object()) Bad(where, "not an object");
  auto it = obj.find(key);
  if (it == obj.end()) Bad(where, std::string("'") + key + "' missing");
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
const json& Array(const json& obj, const std::string& where, const char* key) {
  const json& v = Field(obj, where, key);
  if (!v.is_array()) Bad(where, std::string("'") + key + "' is not an array");
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
    Bad(where, "'type' is \"" + m.type + "\" (int32 or float32)");
  if (m.mode != "inclusive" && m.mode != "exclusive")
    Bad(where, "'mode' is \"" + m.mode + "\" (inclusive or exclusive)");
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

BenchResults Read(const json& j) {
  BenchResults res;
  res.schema = String(j, "file", "schema");
  const bool old = res.schema == kBenchSchemaV1;
  if (old) {
    // /1 had no date unless one was added by hand ("date" or "measured_at").
    for (const char* key : {"date", "measured_at"}) {
      if (const json* d = Optional(j, key); d != nullptr && d->is_string()) {
        res.date = d->get<std::string>();
        break;
      }
    }
  } else {
    res.date = String(j, "file", "date");
    res.commit = String(j, "file", "commit");
  }
  res.device = ReadDevice(Field(j, "file", "device"), old);
  if (old) {
    const json& d = j["device"];
    Lenient(d, "cub_version", &res.toolkit.cub_version);
    Lenient(d, "thrust_version", &res.toolkit.thrust_version);
    if (const json* o = Optional(j, "options"); o != nullptr) res.options = ReadOptionsV1(*o);
  } else {
    if (const json* c = Optional(j, "clocks"); c != nullptr) {
      BenchClocks clocks;
      clocks.sm_mhz_before = Number<double>(*c, "clocks", "sm_mhz_before");
      clocks.sm_mhz_after = Number<double>(*c, "clocks", "sm_mhz_after");
      clocks.method = String(*c, "clocks", "method");
      res.clocks = clocks;
    }
    const json& t = Field(j, "file", "toolkit");
    res.toolkit.cuda_version = Number<int>(t, "toolkit", "cuda_version");
    res.toolkit.cub_version = Number<long long>(t, "toolkit", "cub_version");
    res.toolkit.thrust_version = Number<long long>(t, "toolkit", "thrust_version");
    res.options = ReadOptions(Field(j, "file", "options"));
  }

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
    if (!names.insert(rung.name).second) Bad(where, "rung \"" + rung.name + "\" is listed twice");
    res.rungs.push_back(std::move(rung));
  }

  const json& ms = Array(j, "file", "measurements");
  std::set<std::tuple<std::string, std::string, long long, std::string>> seen;
  int timed = 0;
  for (size_t i = 0; i < ms.size(); ++i) {
    const std::string where = "measurements[" + std::to_string(i) + "]";
    BenchMeasurement m = ReadMeasurement(ms[i], where, old);
    if (names.count(m.rung) == 0) Bad(where, "rung \"" + m.rung + "\" is not listed in 'rungs'");
    // One measurement per point: the derived numbers (% of memcpy) look points up by these four.
    if (!seen.insert({m.type, m.mode, m.n, m.rung}).second) {
      Bad(where, "a second measurement of rung " + m.rung + ", " + m.type + " " + m.mode +
                     ", n = " + std::to_string(m.n));
    }
    timed += m.timed ? 1 : 0;
    res.measurements.push_back(std::move(m));
  }
  if (timed == 0) throw FormatError("no timed measurements (every entry has \"timed\": false)");
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

// [SECTION] Writing

// 6 significant digits, as the run's own table prints them; a non-finite value is written null.
double Sig6(double v) {
  if (!std::isfinite(v)) return v;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return std::strtod(buf, nullptr);
}

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
std::optional<double> RatioTo(const BenchResults& r, const BenchMeasurement& m,
                              std::string_view base) {
  if (!m.timed) return std::nullopt;
  const BenchMeasurement* b = r.Find(m.type, m.mode, m.n, base);
  if (b == nullptr || !b->timed || !(b->gbps > 0)) return std::nullopt;
  return m.gbps / b->gbps;
}
}  // namespace

std::optional<double> BenchResults::PctOfMemcpy(const BenchMeasurement& m) const {
  const std::optional<double> r = RatioTo(*this, m, "memcpy");
  if (!r) return std::nullopt;
  return 100.0 * *r;
}

std::vector<std::optional<double>> BenchResults::PctOfMemcpy(
    const std::vector<const BenchMeasurement*>& series) const {
  std::map<std::tuple<std::string_view, std::string_view, long long>, double> copy_gbps;
  for (const BenchMeasurement& m : measurements) {
    if (m.timed && m.rung == "memcpy" && m.gbps > 0)
      copy_gbps.insert({{m.type, m.mode, m.n}, m.gbps});
  }
  std::vector<std::optional<double>> out;
  out.reserve(series.size());
  for (const BenchMeasurement* m : series) {
    auto it = copy_gbps.find({m->type, m->mode, m->n});
    if (m->timed && it != copy_gbps.end()) {
      out.push_back(100.0 * m->gbps / it->second);
    } else {
      out.push_back(std::nullopt);
    }
  }
  return out;
}

std::optional<double> BenchResults::RatioVsCub(const BenchMeasurement& m) const {
  return RatioTo(*this, m, "cub");
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

// [SECTION] Files

BenchLoad ParseBenchResults(std::string_view json_text) {
  if (std::string nesting = CheckJsonNesting(json_text, kMaxBenchNesting); !nesting.empty())
    return Fail("not a results file: " + nesting);
  json j;
  try {
    j = json::parse(json_text);
  } catch (const json::exception& e) {  // a syntax error, or a number out of range (1e400)
    return Fail(std::string("not valid JSON (") + e.what() + ")");
  }
  if (!j.is_object()) return Fail("not a results file: the top level is not a JSON object");
  const json* schema = Optional(j, "schema");
  if (schema == nullptr || !schema->is_string()) {
    return Fail("not a results file: file: 'schema' " +
                std::string(schema == nullptr ? "missing" : "is not a string") + " (expected \"" +
                std::string(kBenchSchema) + "\")");
  }
  const std::string name = schema->get<std::string>();
  if (name != kBenchSchema && name != kBenchSchemaV1) {
    return Fail("unsupported schema \"" + name + "\" (this app reads \"" +
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

}  // namespace scanviz::perf
