#include "session.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "core/file_io.h"
#include "core/input.h"
#include "core/trace_io.h"

namespace scanviz {
namespace {

using json = nlohmann::json;

constexpr int kMaxSessionNesting = 64;  // the embedded trace nests a few levels

struct Bad {
  std::string what;
};

const json& Need(const json& j, const char* key) {
  if (!j.contains(key)) throw Bad{std::string("missing field \"") + key + "\""};
  return j[key];
}

template <class E>
E EnumAt(const json& j, const char* key, E fallback, bool required) {
  if (!j.contains(key)) {
    if (required) throw Bad{std::string("missing field \"") + key + "\""};
    return fallback;
  }
  E out{};
  const json& v = j[key];
  if (!v.is_string() || !Parse(v.get<std::string>(), &out))
    throw Bad{std::string(key) + ": unknown value " + v.dump().substr(0, 40)};
  return out;
}

bool BoolAt(const json& j, const char* key, bool fallback) {
  if (!j.contains(key)) return fallback;
  if (!j[key].is_boolean()) throw Bad{std::string(key) + ": expected true or false"};
  return j[key].get<bool>();
}

}  // namespace

SessionLoad ParseSession(std::string_view text) {
  SessionLoad out;
  if (std::string nesting = CheckJsonNesting(text, kMaxSessionNesting); !nesting.empty()) {
    out.error = "not a session: " + nesting;
    return out;
  }
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {  // a syntax error, or a number out of range (1e400)
    out.error = std::string("not valid JSON (") + e.what() + ")";
    return out;
  }
  try {
    if (!j.is_object()) throw Bad{"not a session: the top level is not a JSON object"};
    const json& format = Need(j, "format");
    if (!format.is_string() || format.get<std::string>() != kSessionFormat)
      throw Bad{std::string("format: expected \"") + kSessionFormat + "\""};
    const json& version = Need(j, "version");
    if (!version.is_number_integer() || version.get<long long>() != kSessionVersion)
      throw Bad{"version: " + version.dump().substr(0, 40) + " (this build reads version " +
                std::to_string(kSessionVersion) + ")"};
    Session s;
    s.type = EnumAt(j, "type", s.type, true);
    const json& input = Need(j, "input");
    if (!input.is_string()) throw Bad{"input: expected a string such as \"3,1,7,0\""};
    s.input = input.get<std::string>();
    if (const ParsedValues parsed = ParseValues(s.input, s.type); !parsed.Ok())
      throw Bad{"input: " + parsed.error};
    s.op = EnumAt(j, "op", s.op, true);
    s.algorithm = EnumAt(j, "algorithm", s.algorithm, true);
    s.convert = BoolAt(j, "convert", s.convert);
    if (j.contains("round")) {
      const json& r = j["round"];
      if (!r.is_number_integer() || r.get<long long>() < -1 || r.get<long long>() > 1000)
        throw Bad{"round: expected -1 (the last) or a round number"};
      s.round = static_cast<int>(r.get<long long>());
    }
    if (j.contains("seed")) {
      if (!j["seed"].is_number_unsigned()) throw Bad{"seed: expected 0 .. 2^64 - 1"};
      s.seed = j["seed"].get<std::uint64_t>();
    }
    const json view = j.contains("view") ? j["view"] : json::object();
    if (!view.is_object()) throw Bad{"view: expected an object"};
    s.side_by_side = BoolAt(view, "side_by_side", s.side_by_side);
    if (view.contains("pair")) {
      const json& p = view["pair"];
      if (!p.is_array() || p.size() != 2) throw Bad{"view.pair: expected [left, right]"};
      json pj = {{"l", p[0]}, {"r", p[1]}};
      s.left = EnumAt(pj, "l", s.left, true);
      s.right = EnumAt(pj, "r", s.right, true);
    }
    s.only_current = BoolAt(view, "only_current", s.only_current);
    s.color_by_case = BoolAt(view, "color_by_case", s.color_by_case);
    if (view.contains("theme")) {
      if (!view["theme"].is_string() || !scene::Parse(view["theme"].get<std::string>(), &s.theme))
        throw Bad{"view.theme: unknown value"};
    }
    s.panel = EnumAt(view, "panel", s.panel, false);
    if (view.contains("figure_scale")) {
      const json& f = view["figure_scale"];
      if (!f.is_number() || !(f.get<double>() >= 0.5 && f.get<double>() <= 4.0))
        throw Bad{"view.figure_scale: expected 0.5 .. 4"};
      s.figure_scale = static_cast<float>(f.get<double>());
    }
    if (j.contains("trace")) {
      // Read by the trace loader itself, with all its checks.
      const TraceLoadResult t = ParseTraceJson(j["trace"].dump());
      if (!t.trace) throw Bad{"trace: " + t.error};
      if (t.trace->meta.algorithm != s.algorithm)
        throw Bad{"trace: a " + std::string(ToString(t.trace->meta.algorithm)) +
                  " trace, but the session shows " + ToString(s.algorithm)};
      s.trace = *t.trace;
      if (j.contains("trace_origin") && j["trace_origin"].is_string())
        s.trace_origin = j["trace_origin"].get<std::string>().substr(0, 200);
    }
    out.session = std::move(s);
  } catch (const Bad& b) {
    out.error = b.what;
  } catch (const json::exception& e) {  // a value of an unexpected JSON type somewhere
    out.error = std::string("not a session (") + e.what() + ")";
  }
  return out;
}

SessionLoad LoadSession(const std::string& path) {
  const FileText file = ReadFileLimited(path, kMaxTraceFileBytes);
  SessionLoad out;
  if (!file.Ok()) {
    out.error = path + ": " + file.error;
    return out;
  }
  out = ParseSession(file.text);
  if (!out.error.empty()) out.error = path + ": " + out.error;
  return out;
}

std::string SessionToJson(const Session& s) {
  json j;
  j["format"] = kSessionFormat;
  j["version"] = kSessionVersion;
  j["input"] = s.input;
  j["type"] = ToString(s.type);
  j["op"] = ToString(s.op);
  j["convert"] = s.convert;
  j["algorithm"] = ToString(s.algorithm);
  j["round"] = s.round;
  j["seed"] = s.seed;
  j["view"] = {{"side_by_side", s.side_by_side},    {"pair", {ToString(s.left), ToString(s.right)}},
               {"only_current", s.only_current},    {"color_by_case", s.color_by_case},
               {"theme", scene::ToString(s.theme)}, {"panel", ToString(s.panel)},
               {"figure_scale", s.figure_scale}};
  if (s.trace) {
    j["trace"] = json::parse(TraceToJson(*s.trace));
    j["trace_origin"] = s.trace_origin;
  }
  return j.dump(2) + "\n";
}

std::string SaveSession(const Session& s, const std::string& path) {
  if (std::string err = CheckWriteTarget(path); !err.empty()) return err;
  return WriteFileAtomically(path, SessionToJson(s));
}

FileKind SniffFileKind(std::string_view text) {
  // The format key sits near the top of both kinds of file; a full parse would read a large trace
  // twice.
  const std::string_view head = text.substr(0, 4096);
  if (head.find("\"scanviz-session\"") != std::string_view::npos) return FileKind::kSession;
  if (head.find("\"scanviz-trace\"") != std::string_view::npos) return FileKind::kTrace;
  return FileKind::kUnknown;
}

}  // namespace scanviz
