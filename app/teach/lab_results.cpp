#include "teach/lab_results.h"

#include <algorithm>
#include <filesystem>
#include <new>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>

#include "core/file_io.h"
#include "core/json_read.h"
#include "core/quote.h"
#include "core/trace.h"

namespace scanviz::teach {
namespace {

using Json = nlohmann::json;

// Reads the fields every entry shares; empty on success, else why not.
std::string ReadKernelId(const Json& j, Algorithm* a, Mistake* m, int* n) {
  if (!j.is_object()) return "not an object";
  if (!j.contains("algorithm") || !j["algorithm"].is_string() ||
      !Parse(j["algorithm"].get<std::string>(), a))
    return "'algorithm' is not an algorithm of the registry";
  if (!j.contains("mistake") || !j["mistake"].is_string()) return "'mistake' is missing";
  const std::string key = j["mistake"].get<std::string>();
  *m = Mistake::kNone;
  if (key != "none") {
    const MistakeInfo* info = FindMistake(*a, key);
    if (info == nullptr)
      return "'mistake' " + QuoteForMessage(key, 40) + " is not one of this algorithm's";
    *m = info->id;
  }
  // Compared as 64-bit: as an int, 2^32 + 8 read as 8.
  if (!j.contains("n") || !j["n"].is_number_integer() || j["n"].get<long long>() < 1 ||
      j["n"].get<long long>() > kMaxElements)
    return "'n' must be 1.." + std::to_string(kMaxElements);
  *n = static_cast<int>(j["n"].get<long long>());
  return {};
}

int Count(const Json& j, const char* key, std::string* error) {
  if (!j.contains(key) || !j[key].is_number_integer() || j[key].get<long long>() < 0 ||
      j[key].get<long long>() > 100000000) {
    *error = std::string("'") + key + "' must be a count";
    return 0;
  }
  return j[key].get<int>();
}

std::string Text(const Json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? j[key].get<std::string>().substr(0, 200)
                                               : std::string();
}

// One outcome of a kernel of `n` cells: a result some run gave, correct or with its wrong cells
// (the first and some after it) inside the result; "" or why not.
std::string ReadOutcome(const Json& jo, int n, LabOutcome* out) {
  if (!jo.is_object()) return "not an object";
  std::string error;
  out->count = Count(jo, "count", &error);
  if (error.empty() && out->count == 0) error = "'count' is 0: no run gave this result";
  if (error.empty()) out->wrong_cells = Count(jo, "wrong_cells", &error);
  if (error.empty() && out->wrong_cells > 0) {
    out->first_wrong = Count(jo, "first_wrong", &error);
    if (error.empty() && static_cast<long long>(out->first_wrong) + out->wrong_cells > n)
      error = std::to_string(out->wrong_cells) + " wrong cells from result[" +
              std::to_string(out->first_wrong) + "] on: the result has " + std::to_string(n);
    out->got = Text(jo, "got");
    out->want = Text(jo, "want");
  }
  return error;
}

// The outcomes of a kernel's runs, which must account for all of them (the correct scan one
// result, `right` its count); "" or why not.
std::string ReadOutcomes(const Json& j, LabKernel* k) {
  if (!j.contains("outcomes") || !j["outcomes"].is_array()) return "'outcomes' must be an array";
  // Up to 10^8 a count: 43 of them pass 2^31, and an int total wrapped to what "runs" claimed.
  long long total = 0, correct = 0;
  int correct_results = 0;
  for (size_t o = 0; o < j["outcomes"].size(); ++o) {
    LabOutcome out;
    if (std::string error = ReadOutcome(j["outcomes"][o], k->n, &out); !error.empty())
      return "outcomes[" + std::to_string(o) + "]: " + error;
    total += out.count;
    if (out.wrong_cells == 0) {
      ++correct_results;
      correct += out.count;
    }
    k->outcomes.push_back(std::move(out));
  }
  // The counts must add up: a file whose outcomes do not account for its runs was edited.
  if (total != k->runs)
    return "the outcomes count " + std::to_string(total) + " runs, not " + std::to_string(k->runs);
  if (correct_results > 1) return "the correct scan is listed as two results";
  if (correct != k->right)
    return "'right' is " + std::to_string(k->right) + ", but the correct result came " +
           std::to_string(correct) + " times";
  return {};
}

// "blelloch no-seed at n = 8": a kernel, as a refusal names it.
std::string KernelName(Algorithm a, Mistake m, int n) {
  const MistakeInfo* info = FindMistake(m);
  return std::string(ToString(a)) + " " + (info != nullptr ? info->key : "none") +
         " at n = " + std::to_string(n);
}

// The kernels and sanitizer runs read so far: one listed twice would show twice in the tab.
using KernelsSeen = std::set<std::tuple<Algorithm, Mistake, int>>;
using RunsSeen = std::set<std::tuple<Algorithm, Mistake, int, std::string>>;

// One entry of "kernels", its outcomes commonest first; "" or why not.
std::string ReadKernel(const Json& j, LabKernel* k, KernelsSeen* seen) {
  std::string error = ReadKernelId(j, &k->algorithm, &k->mistake, &k->n);
  if (error.empty()) k->runs = Count(j, "runs", &error);
  if (error.empty()) k->right = Count(j, "right", &error);
  if (error.empty()) error = ReadOutcomes(j, k);
  if (error.empty() && !seen->insert({k->algorithm, k->mistake, k->n}).second)
    error = KernelName(k->algorithm, k->mistake, k->n) + " is listed twice";
  if (!error.empty()) return error;
  std::stable_sort(k->outcomes.begin(), k->outcomes.end(),
                   [](const LabOutcome& a, const LabOutcome& b) { return a.count > b.count; });
  return {};
}

// One entry of "sanitizers"; "" or why not.
std::string ReadSanitizer(const Json& j, LabSanitizer* s, RunsSeen* seen) {
  std::string error = ReadKernelId(j, &s->algorithm, &s->mistake, &s->n);
  s->tool = Text(j, "tool");
  if (error.empty() && s->tool != "racecheck" && s->tool != "synccheck" && s->tool != "memcheck")
    error = "'tool' must be racecheck, synccheck or memcheck";
  if (error.empty()) s->errors = Count(j, "errors", &error);
  s->summary = Text(j, "summary");
  if (error.empty() && !seen->insert({s->algorithm, s->mistake, s->n, s->tool}).second)
    error = s->tool + " of " + KernelName(s->algorithm, s->mistake, s->n) + " is listed twice";
  return error;
}

}  // namespace

std::vector<const LabKernel*> LabResults::KernelsOf(Algorithm a, Mistake m) const {
  std::vector<const LabKernel*> out;
  for (const LabKernel& k : kernels)
    if (k.algorithm == a && k.mistake == m) out.push_back(&k);
  std::sort(out.begin(), out.end(),
            [](const LabKernel* x, const LabKernel* y) { return x->n < y->n; });
  return out;
}

std::vector<const LabSanitizer*> LabResults::SanitizersOf(Algorithm a, Mistake m) const {
  std::vector<const LabSanitizer*> out;
  for (const LabSanitizer& s : sanitizers)
    if (s.algorithm == a && s.mistake == m) out.push_back(&s);
  return out;
}

namespace {

// Every key of a results file (a key not on the list may not hold bulk: core/json_read.h).
JsonLimits LabJsonLimits() {
  // The file's keys, then a kernel's runs' and a sanitizer's report's.
  static const JsonKeys keys = {"schema",    "device",  "date",        "kernels",     "sanitizers",
                                "algorithm", "mistake", "n",           "runs",        "right",
                                "outcomes",  "count",   "wrong_cells", "first_wrong", "got",
                                "want",      "tool",    "errors",      "summary"};
  JsonLimits limits;
  limits.max_depth = 16;
  limits.known = &keys;
  limits.bytes_per_byte = 16;  // the H200 file takes 7
  return limits;
}

// The results in a parsed file (an object), or the first thing wrong with them.
LabLoad ReadLab(const Json& root, const std::string& where) {
  LabLoad load;
  if (!root.contains("schema") || root["schema"] != "scanviz-lab/1") {
    load.error = where + ": 'schema' must be \"scanviz-lab/1\"";
    return load;
  }
  LabResults& r = load.results;
  r.device = Text(root, "device");
  r.date = Text(root, "date");
  if (r.device.empty()) {
    load.error = where + ": 'device' is missing: results are shown with the GPU they came from";
    return load;
  }
  for (const char* list : {"kernels", "sanitizers"}) {
    if (!root.contains(list) || !root[list].is_array()) {
      load.error = where + ": '" + list + "' must be an array";
      return load;
    }
  }
  const Json& kernels = root["kernels"];
  KernelsSeen kernels_seen;
  for (size_t i = 0; i < kernels.size(); ++i) {
    LabKernel k;
    if (const std::string error = ReadKernel(kernels[i], &k, &kernels_seen); !error.empty()) {
      load.error = where + ": kernels[" + std::to_string(i) + "]: " + error;
      return load;
    }
    r.kernels.push_back(std::move(k));
  }
  const Json& sanitizers = root["sanitizers"];
  RunsSeen runs_seen;
  for (size_t i = 0; i < sanitizers.size(); ++i) {
    LabSanitizer s;
    if (const std::string error = ReadSanitizer(sanitizers[i], &s, &runs_seen); !error.empty()) {
      load.error = where + ": sanitizers[" + std::to_string(i) + "]: " + error;
      return load;
    }
    r.sanitizers.push_back(std::move(s));
  }
  return load;
}

}  // namespace

LabLoad ParseLabResults(std::string_view json_text, std::string_view name) {
  LabLoad load;
  const std::string where(name);
  const JsonRead read = ReadJson(json_text, LabJsonLimits());
  if (read.problem == JsonRead::Problem::kShape || read.problem == JsonRead::Problem::kMemory) {
    load.error = where + ": " + read.error;
    return load;
  }
  if (!read.Ok() || !read.value.is_object()) {
    load.error = where + ": not a JSON object";
    return load;
  }
  try {
    load = ReadLab(read.value, where);
    if (load.error.empty() && !read.unknown.empty()) {
      load.results = LabResults();
      load.error = where + ": " + read.unknown;
    }
    return load;
  } catch (const std::bad_alloc&) {
    load.error = where + ": " + NoMemoryError(json_text.size());
  }
  return load;
}

LabLoad LoadLabResults(const std::string& path) {
  std::error_code ec;
  LabLoad load;
  if (!std::filesystem::is_regular_file(path, ec)) {
    load.error = path + ": not found";
    return load;
  }
  FileText file = ReadFileLimited(path, 8u << 20);
  if (!file.Ok()) {
    load.error = path + ": " + file.error;
    return load;
  }
  return ParseLabResults(file.text, path);
}

std::string DescribeKernel(const LabKernel& k) {
  std::string s = "n = " + std::to_string(k.n) + ": right in " + std::to_string(k.right) + " of " +
                  std::to_string(k.runs) + " runs";
  const size_t distinct = k.outcomes.size();
  if (distinct > 1) s += "; " + std::to_string(distinct) + " distinct results";
  for (const LabOutcome& o : k.outcomes) {
    if (o.wrong_cells == 0) continue;
    s += std::string(distinct > 1 ? ", the commonest wrong one: " : "; ") +
         std::to_string(o.wrong_cells) + " cells wrong, first result[" +
         std::to_string(o.first_wrong) + "] = " + o.got + " (should be " + o.want + ")";
    break;
  }
  return s;
}

}  // namespace scanviz::teach
