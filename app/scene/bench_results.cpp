#include "scene/bench_results.h"

#include <algorithm>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <type_traits>

#include "core/file_io.h"

namespace scanviz::scene {

namespace {

using nlohmann::json;

constexpr std::size_t kMaxBenchFileBytes = 64u << 20;  // the H200 run is ~100 KB
constexpr int kMaxBenchNesting = 8;

// Field readers: each returns false and sets `error` to "<where>: '<key>' <problem>".
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

struct Reader {
  std::string error;

  const json* Field(const json& obj, const std::string& where, const char* key) {
    if (!obj.is_object()) {
      error = where + ": not an object";
      return nullptr;
    }
    auto it = obj.find(key);
    if (it == obj.end()) {
      error = where + ": '" + key + "' missing";
      return nullptr;
    }
    return &*it;
  }
  bool String(const json& obj, const std::string& where, const char* key, std::string* out) {
    const json* v = Field(obj, where, key);
    if (v == nullptr) return false;
    if (!v->is_string()) {
      error = where + ": '" + key + "' is not a string";
      return false;
    }
    *out = v->get<std::string>();
    return true;
  }
  // A double takes any number; an integer field only an integer that fits (1.3e47 is neither a
  // count nor convertible to one without undefined behaviour).
  template <typename T>
  bool Number(const json& obj, const std::string& where, const char* key, T* out) {
    const json* v = Field(obj, where, key);
    if (v == nullptr) return false;
    if constexpr (std::is_integral_v<T>) {
      if (!IntegerIn(*v, out)) {
        error = where + ": '" + key + "' is not an integer in range";
        return false;
      }
    } else {
      if (!v->is_number()) {
        error = where + ": '" + key + "' is not a number";
        return false;
      }
      *out = v->get<T>();
    }
    return true;
  }
  bool Bool(const json& obj, const std::string& where, const char* key, bool* out) {
    const json* v = Field(obj, where, key);
    if (v == nullptr) return false;
    if (!v->is_boolean()) {
      error = where + ": '" + key + "' is not true or false";
      return false;
    }
    *out = v->get<bool>();
    return true;
  }
};

BenchLoad Fail(std::string error) {
  BenchLoad out;
  out.error = std::move(error);
  return out;
}

}  // namespace

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
  Reader r;
  BenchResults res;
  if (!r.String(j, "file", "schema", &res.schema)) {
    return Fail("not a results file: " + r.error + " (expected \"" + std::string(kBenchSchema) +
                "\")");
  }
  if (res.schema != kBenchSchema) {
    return Fail("unsupported schema \"" + res.schema + "\" (this app reads \"" +
                std::string(kBenchSchema) + "\")");
  }
  const json* device = r.Field(j, "file", "device");
  if (device == nullptr || !r.String(*device, "device", "name", &res.device.name)) {
    return Fail(r.error);
  }
  if (device->contains("sm_count")) IntegerIn((*device)["sm_count"], &res.device.sm_count);
  if (device->contains("compute_capability") && (*device)["compute_capability"].is_string())
    res.device.compute_capability = (*device)["compute_capability"].get<std::string>();
  if (device->contains("l2_bytes")) IntegerIn((*device)["l2_bytes"], &res.device.l2_bytes);
  for (const char* key : {"date", "measured_at"}) {
    if (j.contains(key) && j[key].is_string()) {
      res.date = j[key].get<std::string>();
      break;
    }
  }

  const json* rungs = r.Field(j, "file", "rungs");
  if (rungs == nullptr) return Fail(r.error);
  if (!rungs->is_array()) return Fail("file: 'rungs' is not an array");
  for (size_t i = 0; i < rungs->size(); ++i) {
    const std::string where = "rungs[" + std::to_string(i) + "]";
    BenchRung rung;
    if (!r.String((*rungs)[i], where, "name", &rung.name)) return Fail(r.error);
    if ((*rungs)[i].contains("description") && (*rungs)[i]["description"].is_string())
      rung.description = (*rungs)[i]["description"].get<std::string>();
    res.rungs.push_back(std::move(rung));
  }

  const json* ms = r.Field(j, "file", "measurements");
  if (ms == nullptr) return Fail(r.error);
  if (!ms->is_array()) return Fail("file: 'measurements' is not an array");
  int timed = 0;
  for (size_t i = 0; i < ms->size(); ++i) {
    const json& mj = (*ms)[i];
    const std::string where = "measurements[" + std::to_string(i) + "]";
    BenchMeasurement m;
    if (!r.String(mj, where, "type", &m.type) || !r.String(mj, where, "mode", &m.mode) ||
        !r.Number(mj, where, "n", &m.n) || !r.String(mj, where, "rung", &m.rung) ||
        !r.Bool(mj, where, "timed", &m.timed) || !r.Bool(mj, where, "correct", &m.correct)) {
      return Fail(r.error);
    }
    if (m.type != "int32" && m.type != "float32")
      return Fail(where + ": 'type' is \"" + m.type + "\" (int32 or float32)");
    if (m.mode != "inclusive" && m.mode != "exclusive")
      return Fail(where + ": 'mode' is \"" + m.mode + "\" (inclusive or exclusive)");
    if (m.n < 1) return Fail(where + ": 'n' must be at least 1");
    const bool known = std::any_of(res.rungs.begin(), res.rungs.end(),
                                   [&](const BenchRung& b) { return b.name == m.rung; });
    if (!known) return Fail(where + ": rung \"" + m.rung + "\" is not listed in 'rungs'");
    if (m.timed) {
      if (!r.Number(mj, where, "gbps", &m.gbps) ||
          !r.Number(mj, where, "time_us_median", &m.time_us_median)) {
        return Fail(r.error);
      }
      if (!(m.gbps >= 0) || !(m.time_us_median > 0))
        return Fail(where + ": 'gbps' or 'time_us_median' out of range");
      ++timed;
    }
    res.measurements.push_back(std::move(m));
  }
  if (timed == 0) return Fail("no timed measurements (every entry has \"timed\": false)");
  if (j.contains("all_correct") && j["all_correct"].is_boolean())
    res.all_correct = j["all_correct"].get<bool>();
  BenchLoad out;
  out.results = std::move(res);
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

}  // namespace scanviz::scene
