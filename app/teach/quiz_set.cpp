#include "quiz_set.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>

#include "core/analysis.h"
#include "core/file_io.h"
#include "core/input.h"
#include "core/json_read.h"
#include "core/quote.h"
#include "core/registry.h"
#include "core/schedule.h"

namespace scanviz::teach {

namespace {

using Json = nlohmann::json;

// {"exercises": [{"random": {...}}]}, or {"input": [...]}: four levels.
constexpr int kMaxNesting = 4;
constexpr std::size_t kMaxTextBytes = 400;

const char* const kKeys[] = {"title",  "note",    "algorithm",   "op",  "type",
                             "input",  "random",  "convert",     "ask", "round",
                             "rounds", "mistake", "thread_order"};

bool Whole(const Json& v) {
  return v.is_number_integer() || v.is_number_unsigned();
}

// Empty when `key` of `j` is absent or a string of 1..kMaxTextBytes bytes (then in *out).
// "\"hillis-steele\", \"blelloch\", ... or \"sklansky\"": every key in the registry.
std::string AlgorithmKeys() {
  std::string out;
  const auto all = Algorithms();
  for (size_t i = 0; i < all.size(); ++i) {
    if (i > 0) out += i + 1 < all.size() ? ", " : " or ";
    out += '"';
    out += all[i]->key;
    out += '"';
  }
  return out;
}

std::string Text(const Json& j, const char* key, std::string* out, bool required) {
  if (!j.contains(key)) return required ? std::string("'") + key + "' missing" : std::string();
  const Json& v = j[key];
  if (!v.is_string() || v.get<std::string>().empty() || v.get<std::string>().size() > kMaxTextBytes)
    return std::string("'") + key + "' must be a string of 1.." + std::to_string(kMaxTextBytes) +
           " bytes";
  *out = v.get<std::string>();
  return {};
}

std::string ParseInput(const Json& j, Exercise* ex) {
  ScanRequest& r = ex->request;
  const bool has_input = j.contains("input"), has_random = j.contains("random");
  if (has_input == has_random) return "needs exactly one of 'input' and 'random'";
  if (has_random) {
    const Json& rnd = j["random"];
    if (!rnd.is_object()) return "'random' must be an object {\"n\": .., \"seed\": ..}";
    for (const auto& [key, value] : rnd.items()) {
      (void)value;
      if (key != "n" && key != "seed" && key != "lo" && key != "hi")
        return "'random' has an unknown key " + QuoteForMessage(key, 40);
    }
    if (!rnd.contains("n") || !Whole(rnd["n"]) || rnd["n"].get<double>() < 1 ||
        rnd["n"].get<double>() > kMaxElements)
      return "'random.n' must be a whole number 1.." + std::to_string(kMaxElements);
    std::uint64_t seed = 0;
    if (rnd.contains("seed")) {
      if (!rnd["seed"].is_number_unsigned() &&
          !(Whole(rnd["seed"]) && rnd["seed"].get<double>() >= 0))
        return "'random.seed' must be a whole number >= 0";
      seed = rnd["seed"].get<std::uint64_t>();
    }
    int lo = 0, hi = 9;  // RandomValues' defaults: one-digit values a student adds in the head
    for (const char* k : {"lo", "hi"}) {
      if (!rnd.contains(k)) continue;
      if (!Whole(rnd[k]) || std::fabs(rnd[k].get<double>()) > 1e6)
        return std::string("'random.") + k + "' must be a whole number in -1e6..1e6";
      (k[0] == 'l' ? lo : hi) = rnd[k].get<int>();
    }
    if (lo > hi) return "'random.lo' is above 'random.hi'";
    r.input = RandomValues(rnd["n"].get<int>(), seed, r.type, lo, hi);
    return {};
  }
  const Json& v = j["input"];
  if (!v.is_array() || v.empty() || v.size() > static_cast<std::size_t>(kMaxElements))
    return "'input' must be an array of 1.." + std::to_string(kMaxElements) + " numbers";
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_number() || !std::isfinite(v[i].get<double>()))
      return "input[" + std::to_string(i) + "] is not a finite number";
    const double d = v[i].get<double>();
    if (r.type == ElementType::kFloat32) {
      if (std::fabs(d) > std::numeric_limits<float>::max())
        return "input[" + std::to_string(i) + "] is out of float32's range";
      r.input.push_back(static_cast<double>(static_cast<float>(d)));
    } else {
      if (d != std::trunc(d) || d < std::numeric_limits<std::int32_t>::min() ||
          d > std::numeric_limits<std::int32_t>::max())
        return "input[" + std::to_string(i) + "] is not an integer in int32's range";
      r.input.push_back(d);
    }
  }
  return {};
}

std::string ParseRounds(const Json& j, Exercise* ex) {
  const int count = static_cast<int>(RoundSchedule(ex->request.algorithm,
                                                   static_cast<int>(ex->request.input.size()),
                                                   ex->request.convert)
                                         .size());
  const std::string range = "0.." + std::to_string(count - 1);
  auto check = [&](const Json& v, const std::string& what) -> std::string {
    if (!Whole(v) || v.get<double>() < 0 || v.get<double>() >= count)
      return what + " must be a round " + range + " of this scan (it has " + std::to_string(count) +
             " rounds, the load is 0)";
    ex->rounds.push_back(v.get<int>());
    return {};
  };
  if (j.contains("round") && j.contains("rounds")) return "give 'round' or 'rounds', not both";
  if (j.contains("round")) return check(j["round"], "'round'");
  if (!j.contains("rounds") || (j["rounds"].is_string() && j["rounds"] == "all")) {
    ex->all_rounds = true;
    for (int r = 1; r < count; ++r) ex->rounds.push_back(r);
    if (ex->rounds.empty()) ex->rounds.push_back(0);  // n = 1 with no conversion: only the load
    return {};
  }
  const Json& list = j["rounds"];
  if (!list.is_array() || list.empty() || list.size() > 64)
    return "'rounds' must be \"all\" or an array of 1..64 round numbers";
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (std::string e = check(list[i], "rounds[" + std::to_string(i) + "]"); !e.empty()) return e;
  }
  return {};
}

// A mistake can leave a round unwritten (Blelloch's no-seed skips the seed step, its wrong-index
// writes nothing in some rounds): a question on its values or classes would ask nothing, and the
// quiz would skip it unseen. A round named is refused; "all" asks the rounds that write (the
// load, when none after it does). The correct kernels write in every round.
std::string CheckRoundsWrite(Exercise* ex) {
  if (ex->request.mistake == Mistake::kNone || ex->mode == QuizMode::kThreads) return {};
  const TraceAnalysis analysis = Analyze(Simulate(ex->request, ex->order));
  auto writes = [&](int round) {
    for (const std::vector<CellInfo>& array : analysis.rounds[static_cast<size_t>(round)].cells)
      for (const CellInfo& cell : array)
        if (cell.writer >= 0) return true;
    return false;
  };
  if (ex->all_rounds) {
    std::erase_if(ex->rounds, [&](int round) { return !writes(round); });
    if (ex->rounds.empty()) ex->rounds.push_back(0);
    return {};
  }
  for (int round : ex->rounds) {
    if (!writes(round))
      return "round " + std::to_string(round) + " writes no cell with the mistake '" +
             FindMistake(ex->request.mistake)->key + "': ask \"threads\", or another round";
  }
  return {};
}

// Empty when `j` is a good exercise (then in *out); else why not, without the "exercises[i]".
std::string ParseExercise(const Json& j, Exercise* out) {
  if (!j.is_object()) return "not an object";
  for (const auto& item : j.items()) {
    const std::string key = item.key();  // a copy: clang 14 cannot capture a structured binding
    if (std::find_if(std::begin(kKeys), std::end(kKeys), [&](const char* k) { return key == k; }) ==
        std::end(kKeys))
      return "unknown key " + QuoteForMessage(key, 40);
  }
  if (std::string e = Text(j, "title", &out->title, true); !e.empty()) return e;
  if (std::string e = Text(j, "note", &out->note, false); !e.empty()) return e;
  ScanRequest& r = out->request;
  if (!j.contains("algorithm") || !j["algorithm"].is_string() ||
      !Parse(j["algorithm"].get<std::string>(), &r.algorithm))
    return "'algorithm' must be " + AlgorithmKeys();
  // A mistake variant (docs/mistakes.md) and the thread order that makes its race reproducible.
  if (j.contains("mistake")) {
    std::string keys;
    for (const MistakeInfo& m : Mistakes())
      if (m.algorithm == r.algorithm) keys += (keys.empty() ? "" : ", ") + std::string(m.key);
    const MistakeInfo* m = j["mistake"].is_string()
                               ? FindMistake(r.algorithm, j["mistake"].get<std::string>())
                               : nullptr;
    if (m == nullptr)
      return std::string("'mistake' must be one of ") + DisplayName(r.algorithm) +
             "'s: " + (keys.empty() ? std::string("it has none") : keys);
    r.mistake = m->id;
  }
  if (j.contains("thread_order") &&
      (!j["thread_order"].is_string() ||
       !ParseThreadOrder(j["thread_order"].get<std::string>(), &out->order)))
    return "'thread_order' must be \"in-order\", \"reverse\", \"random:SEED\" or "
           "\"warp-by-warp\"";
  if (j.contains("op") && (!j["op"].is_string() || !Parse(j["op"].get<std::string>(), &r.op)))
    return "'op' must be \"add\", \"max\", \"min\" or \"last\"";
  if (j.contains("type") &&
      (!j["type"].is_string() || !Parse(j["type"].get<std::string>(), &r.type)))
    return "'type' must be \"int32\" or \"float32\"";
  if (j.contains("convert")) {
    if (!j["convert"].is_boolean()) return "'convert' must be true or false";
    r.convert = j["convert"].get<bool>();
  }
  if (j.contains("ask") &&
      (!j["ask"].is_string() || !Parse(j["ask"].get<std::string>(), &out->mode)))
    return "'ask' must be \"values\", \"class\" or \"threads\"";
  if (std::string e = ParseInput(j, out); !e.empty()) return e;
  if (std::string e = ValidateRequest(r); !e.empty()) return e;
  if (std::string e = ParseRounds(j, out); !e.empty()) return e;
  return CheckRoundsWrite(out);
}

QuizSetLoad Refused(std::string_view name, const std::string& error) {
  QuizSetLoad out;
  out.error = std::string(name) + ": " + error;
  return out;
}

}  // namespace

const char* ToString(QuizMode m) {
  switch (m) {
    case QuizMode::kValues:
      return "values";
    case QuizMode::kClass:
      return "class";
    case QuizMode::kThreads:
      return "threads";
  }
  return "?";
}

bool Parse(std::string_view s, QuizMode* out) {
  for (QuizMode m : {QuizMode::kValues, QuizMode::kClass, QuizMode::kThreads}) {
    if (s == ToString(m)) {
      *out = m;
      return true;
    }
  }
  return false;
}

QuizSetLoad ParseQuizSet(std::string_view json_text, std::string_view name) {
  if (json_text.size() > kMaxQuizFileBytes)
    return Refused(name, "larger than " + std::to_string(kMaxQuizFileBytes) + " bytes");
  JsonLimits limits;
  limits.max_depth = kMaxNesting;
  const JsonRead read = ReadJson(json_text, limits);
  if (read.problem == JsonRead::Problem::kShape || read.problem == JsonRead::Problem::kMemory)
    return Refused(name, read.error);
  if (!read.Ok()) return Refused(name, "not valid JSON");  // malformed, or a number past a double
  const Json& j = read.value;
  if (!j.is_object()) return Refused(name, "not a JSON object");
  if (!j.contains("schema") || !j["schema"].is_string() ||
      j["schema"].get<std::string>() != kQuizSchema)
    return Refused(name, std::string("'schema' must be \"") + kQuizSchema + "\"");
  for (const auto& item : j.items()) {
    const std::string key = item.key();  // a copy: clang 14 cannot capture a structured binding
    if (key != "schema" && key != "title" && key != "description" && key != "exercises")
      return Refused(name, "unknown key " + QuoteForMessage(key, 40));
  }
  QuizSetLoad out;
  out.set.path = std::string(name);
  if (std::string e = Text(j, "title", &out.set.title, true); !e.empty()) return Refused(name, e);
  if (std::string e = Text(j, "description", &out.set.description, false); !e.empty())
    return Refused(name, e);
  if (!j.contains("exercises") || !j["exercises"].is_array() || j["exercises"].empty() ||
      j["exercises"].size() > static_cast<std::size_t>(kMaxExercises))
    return Refused(
        name, "'exercises' must be an array of 1.." + std::to_string(kMaxExercises) + " exercises");
  const Json& list = j["exercises"];
  for (std::size_t i = 0; i < list.size(); ++i) {
    Exercise ex;
    if (std::string e = ParseExercise(list[i], &ex); !e.empty())
      return Refused(name, "exercises[" + std::to_string(i) + "]: " + e);
    out.set.exercises.push_back(std::move(ex));
  }
  return out;
}

QuizSetLoad LoadQuizSet(const std::string& path) {
  std::error_code ec;
  if (path.empty()) return Refused("(no file)", "no path given");
  if (!std::filesystem::is_regular_file(path, ec)) return Refused(path, "not found");
  FileText file = ReadFileLimited(path, kMaxQuizFileBytes);
  if (!file.Ok()) return Refused(path, file.error);
  return ParseQuizSet(file.text, path);
}

std::vector<std::string> ListQuizSets(const std::string& folder) {
  std::vector<std::string> out;
  std::error_code ec;
  if (folder.empty() || !std::filesystem::is_directory(folder, ec)) return out;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
    if (entry.path().extension() == ".json") out.push_back(entry.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace scanviz::teach
