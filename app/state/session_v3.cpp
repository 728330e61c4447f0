// Version 3 of the session (session.h): each pane's round side by side, the folds, the panels'
// options and the mistake (in "view"), the benchmark chart, a quiz at its question, and Random's
// generator in place of the values; read with their checks and written.
#include <cstring>
#include <nlohmann/json.hpp>

#include "core/any_trace_io.h"
#include "core/input.h"
#include "core/mistake.h"
#include "core/multi_gpu/multi_gpu_io.h"
#include "core/registry.h"
#include "state/session.h"
#include "state/session_read.h"

namespace scanviz {

using namespace session_read;

namespace {

PanelFold FoldAt(const json& j, const char* key) {
  if (!j.contains(key)) return PanelFold::kAuto;
  const json& v = j[key];
  const std::string f = v.is_string() ? v.get<std::string>() : "";
  if (f == "auto") return PanelFold::kAuto;
  if (f == "folded") return PanelFold::kFolded;
  if (f == "unfolded") return PanelFold::kUnfolded;
  throw Bad{std::string(key) + ": expected auto, folded or unfolded"};
}

// "none", or "algorithm:key" ("blelloch:no-barrier": a key may serve several algorithms).
Mistake MistakeAt(const json& m) {
  const std::string text = m.is_string() ? m.get<std::string>() : "";
  if (text == "none") return Mistake::kNone;
  const std::size_t colon = text.find(':');
  Algorithm a{};
  const MistakeInfo* info = nullptr;
  if (colon != std::string::npos && Parse(text.substr(0, colon), &a))
    info = FindMistake(a, text.substr(colon + 1));
  if (info == nullptr)
    throw Bad{
        "view.mistake: expected \"none\" or one of the lab's mistakes (\"blelloch:no-seed\")"};
  return info->id;
}

}  // namespace

// Version 3's view fields: each pane's round, the folds, the panels' options, the mistake.
void ParseViewV3(const json& view, Session& s) {
  if (view.contains("rounds")) {
    const json& r = view["rounds"];
    if (!r.is_array() || r.size() != 2 || !InRange(r[0], -1, 1000) || !InRange(r[1], -1, 1000))
      throw Bad{"view.rounds: expected [left, right], each -1 (the last) or a round number"};
    s.left_round = static_cast<int>(r[0].get<long long>());
    s.right_round = static_cast<int>(r[1].get<long long>());
  }
  // [["blelloch", 2], ...]: pairs, since the reader keeps only the format's own keys (json_read.h).
  if (view.contains("player_rounds")) {
    const json& pr = view["player_rounds"];
    const char* want = "view.player_rounds: expected [[\"algorithm\", round], ...]";
    if (!pr.is_array() || pr.size() > 64) throw Bad{want};
    for (const json& p : pr) {
      Algorithm a{};
      if (!p.is_array() || p.size() != 2 || !p[0].is_string() ||
          !Parse(p[0].get<std::string>(), &a) || !InRange(p[1], -1, 1000))
        throw Bad{want};
      s.player_rounds.emplace_back(a, static_cast<int>(p[1].get<long long>()));
    }
  }
  try {
    s.left_fold = FoldAt(view, "left_panel");
    s.right_fold = FoldAt(view, "right_panel");
    s.pseudo_code = BoolAt(view, "pseudo_code", s.pseudo_code);
    s.lanes_log2 = static_cast<int>(IntAt(view, "lanes_log2", s.lanes_log2, 0, 10));
    s.bank_padding = BoolAt(view, "bank_padding", s.bank_padding);
  } catch (const Bad& b) {
    throw Bad{"view." + b.what};
  }
  if (view.contains("mistake")) s.mistake = MistakeAt(view["mistake"]);
}

// A file name without a folder ("sets.json"), as a quiz set is named.
namespace {

bool IsPlainFileName(const std::string& name) {
  if (name.empty() || name.size() > 128 || name == "." || name == "..") return false;
  return name.find_first_of("/\\:") == std::string::npos;
}

}  // namespace

void ParseBenchmarkAndQuiz(const json& j, Session& s) {
  ObjectAt(j, "benchmark", [&](const json& b) {
    s.benchmark = BoolAt(b, "shown", false);
    s.bench_float = BoolAt(b, "float", false);
    s.bench_exclusive = BoolAt(b, "exclusive", false);
    s.bench_pct = BoolAt(b, "percent", false);
    if (b.contains("toggled")) {
      const json& t = b["toggled"];
      if (!t.is_array() || t.size() > 64) throw Bad{"toggled: expected a list of rung names"};
      for (const json& name : t) {
        if (!name.is_string() || name.get<std::string>().empty() ||
            name.get<std::string>().size() > 40)
          throw Bad{"toggled: expected a list of rung names"};
        s.bench_toggled.push_back(name.get<std::string>());
      }
    }
  });
  ObjectAt(j, "quiz", [&](const json& q) {
    s.quiz = BoolAt(q, "shown", false);
    if (q.contains("set")) {
      const json& set = q["set"];
      if (!set.is_string() ||
          (!set.get<std::string>().empty() && !IsPlainFileName(set.get<std::string>())))
        throw Bad{"set: expected a quiz set's file name"};
      s.quiz_set = set.get<std::string>();
    }
    s.quiz_question = static_cast<int>(IntAt(q, "question", 0, 0, 10000));
  });
}

// Version 3's generator: the values it makes, checked against the hash the writer saw.
std::vector<double> ReadRandom(const json& j, Session& s) {
  RandomInput r;
  ObjectAt(j, "random", [&](const json& g) {
    r.n = static_cast<int>(IntAt(g, "n", 0, 1, kMaxGridElements));
    const ParsedSeed seed = ParseSeed(Need(g, "seed").dump());
    if (!seed.Ok()) throw Bad{"seed " + seed.error};
    r.seed = seed.value;
    r.lo = static_cast<int>(IntAt(g, "lo", r.lo, -1000000000, 1000000000));
    r.hi = static_cast<int>(IntAt(g, "hi", r.hi, r.lo, 1000000000));
    r.check = static_cast<std::uint32_t>(IntAt(g, "check", 0, 0, 0xffffffffLL));
    if (r.n == 0) throw Bad{"missing field \"n\""};
    if (g.contains("head")) {
      if (!g["head"].is_string()) throw Bad{"head: expected the first values' text"};
      r.head = g["head"].get<std::string>();
      const ParsedValues head = ParseValues(r.head, s.type, r.n - 1);
      if (!r.head.empty() && !head.Ok()) throw Bad{"head: " + head.error};
    }
  });
  std::vector<double> values = GeneratedValues(r, s.type);
  if (ValuesCheck(values) != r.check)
    throw Bad{
        "random: this build's random numbers are not those of the build that wrote it "
        "(its values cannot be made again here)"};
  s.random = r;
  return values;
}

namespace {

const char* FoldKey(PanelFold f) {
  return f == PanelFold::kFolded ? "folded" : f == PanelFold::kUnfolded ? "unfolded" : "auto";
}

}  // namespace

// Version 3's fields beside the view's and the modes' earlier ones.
void WriteV3(const Session& s, json& j) {
  json& v = j["view"];
  v["rounds"] = {s.left_round, s.right_round};
  json rounds = json::array();
  for (const auto& [a, round] : s.player_rounds) rounds.push_back({ToString(a), round});
  v["player_rounds"] = std::move(rounds);
  v["left_panel"] = FoldKey(s.left_fold);
  v["right_panel"] = FoldKey(s.right_fold);
  v["pseudo_code"] = s.pseudo_code;
  v["lanes_log2"] = s.lanes_log2;
  v["bank_padding"] = s.bank_padding;
  const MistakeInfo* m = FindMistake(s.mistake);
  v["mistake"] =
      m == nullptr ? std::string("none") : std::string(ToString(m->algorithm)) + ":" + m->key;
  j["benchmark"] = {{"shown", s.benchmark},
                    {"float", s.bench_float},
                    {"exclusive", s.bench_exclusive},
                    {"percent", s.bench_pct},
                    {"toggled", s.bench_toggled}};
  j["quiz"] = {{"shown", s.quiz}, {"set", s.quiz_set}, {"question", s.quiz_question}};
}

std::vector<double> GeneratedValues(const RandomInput& r, ElementType type) {
  std::vector<double> out;
  if (!r.head.empty()) {
    ParsedValues head = ParseValues(r.head, type, kMaxGridElements);
    if (!head.Ok() || static_cast<int>(head.values.size()) >= r.n) return {};
    out = std::move(head.values);
  }
  const std::vector<double> made = RandomValues(r.n, r.seed, type, r.lo, r.hi);
  out.insert(out.end(), made.begin() + static_cast<std::ptrdiff_t>(out.size()), made.end());
  return out;
}

std::uint32_t ValuesCheck(const std::vector<double>& values) {
  std::uint32_t h = 2166136261u;
  for (double v : values) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    for (int i = 0; i < 8; ++i) h = (h ^ static_cast<std::uint8_t>(bits >> (8 * i))) * 16777619u;
  }
  return h;
}

}  // namespace scanviz

// [SECTION] Issue #36: the GPUs kind

namespace scanviz {

using namespace session_read;

void ParseGpus(const json& j, Session& s) {
  ObjectAt(j, "gpus", [&](const json& g) {
    s.gpus_shown = BoolAt(g, "shown", false);
    s.gpus = static_cast<int>(IntAt(g, "gpus", s.gpus, 1, kMaxGpus));
    if (g.contains("strategy")) {
      if (!g["strategy"].is_string() || !Parse(g["strategy"].get<std::string>(), &s.gpus_strategy))
        throw Bad{"strategy: expected scan-then-add or reduce-then-scan"};
    }
    s.gpus_cursor = IntAt(g, "cursor", -1, -1, 1LL << 50);
    s.gpus_zoom = static_cast<int>(IntAt(g, "zoom", -1, -1, kMaxGpus - 1));
  });
  if (!j.contains("multi_gpu_trace")) return;
  // Read by the trace loader itself, with all its checks, as the single-pass trace is.
  AnyTraceLoad t = DecodeAnyTraceJson(j["multi_gpu_trace"]);
  if (!t.multi_gpu)
    throw Bad{"multi_gpu_trace: " + (t.error.empty() ? "not a multi-gpu trace" : t.error)};
  if (s.gpus_zoom >= t.multi_gpu->Gpus())
    throw Bad{"gpus.zoom: GPU " + std::to_string(s.gpus_zoom) + ", but the trace has " +
              std::to_string(t.multi_gpu->Gpus())};
  s.multi_gpu = std::move(*t.multi_gpu);
  if (j.contains("multi_gpu_origin") && j["multi_gpu_origin"].is_string())
    s.multi_gpu_origin = j["multi_gpu_origin"].get<std::string>().substr(0, 200);
}

void WriteGpus(const Session& s, json& j) {
  if (!s.gpus_shown && !s.multi_gpu) return;
  j["gpus"] = {{"shown", s.gpus_shown},
               {"gpus", s.gpus},
               {"strategy", ToString(s.gpus_strategy)},
               {"cursor", s.gpus_cursor},
               {"zoom", s.gpus_zoom}};
  if (s.multi_gpu) {
    j["multi_gpu_trace"] = EncodeMultiGpu(*s.multi_gpu);
    j["multi_gpu_origin"] = s.multi_gpu_origin;
  }
}

}  // namespace scanviz
