#include "state/session.h"

#include <algorithm>
#include <cmath>
#include <new>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/any_trace_io.h"
#include "core/file_io.h"
#include "core/grid/grid_io.h"
#include "core/input.h"
#include "core/json_read.h"
#include "core/registry.h"
#include "core/trace_io.h"
#include "state/session_read.h"

namespace scanviz {
namespace {

using namespace session_read;

constexpr int kMaxSessionNesting = 64;  // the embedded trace nests a few levels

// The session's "view" object (optional; each field keeps its default when absent).
void ParseView(const json& j, Session& s) {
  const json view = j.contains("view") ? j["view"] : json::object();
  if (!view.is_object()) throw Bad{"view: expected an object"};
  s.side_by_side = BoolAt(view, "side_by_side", s.side_by_side);
  if (view.contains("kind")) {  // a kind's key: a few words at most
    if (!view["kind"].is_string() || view["kind"].get<std::string>().size() > 40)
      throw Bad{"view.kind: expected a kind's name"};
    s.kind = view["kind"].get<std::string>();
  }
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
  ParseViewV3(view, s);
}

// What a scan is of: a recorded trace and the session carrying it must say the same.
struct ScanOf {
  ElementType type;
  OpKind op;
  bool convert;
  const std::vector<double>* input;
};

void CheckSameScan(const char* field, const ScanOf& recorded, const ScanOf& session) {
  auto says = [](const ScanOf& s) {
    std::string text = std::string(ToString(s.op)) + " on " + ToString(s.type) + " [" +
                       FormatValues(*s.input, s.type, ",").substr(0, 60) + "]";
    return s.convert ? text + ", converted" : text;
  };
  if (recorded.type != session.type || recorded.op != session.op ||
      recorded.convert != session.convert || *recorded.input != *session.input)
    throw Bad{std::string(field) + ": recorded " + says(recorded) + ", but the session says " +
              says(session)};
}

// Version 2: the multi-block grid, the applications and the timeline; version 3: the benchmark
// chart and a quiz.
void ParseModes(const json& j, Session& s) {
  ObjectAt(j, "multi_block", [&](const json& m) {
    s.multi_block = BoolAt(m, "shown", false);
    // Any algorithm of the registry scans a grid's blocks.
    if (m.contains("block_algorithm") &&
        (!m["block_algorithm"].is_string() ||
         !Parse(m["block_algorithm"].get<std::string>(), &s.block_algorithm)))
      throw Bad{"block_algorithm: expected " + AlgorithmKeys()};
    s.block_size = SizeAt(m, "block_size", s.block_size);
    s.grid_step = static_cast<int>(IntAt(m, "step", -1, -1, 1000000));
  });
  ObjectAt(j, "application", [&](const json& a) {
    s.application = BoolAt(a, "shown", false);
    if (a.contains("app")) {
      if (!a["app"].is_string() ||
          !ParseApplication(a["app"].get<std::string>(), &s.application_kind))
        throw Bad{"app: expected " + ApplicationKeys()};
    }
    if (a.contains("keep")) {
      if (!a["keep"].is_string()) throw Bad{"keep: expected a string such as \"odd\""};
      if (std::string err = ParseKeep(a["keep"].get<std::string>(), s.type, &s.keep); !err.empty())
        throw Bad{"keep: " + err};
    }
    s.split_bit = static_cast<int>(IntAt(a, "bit", 0, 0, 31));
    s.radix_bits = static_cast<int>(IntAt(a, "radix_bits", 0, 0, 32));
    s.application_step = static_cast<int>(IntAt(a, "step", -1, -1, 1000000));
  });
  ObjectAt(j, "timeline", [&](const json& t) {
    s.timeline = BoolAt(t, "shown", false);
    s.tile_size = SizeAt(t, "tile_size", s.tile_size);
    if (t.contains("tile_order")) {
      if (!t["tile_order"].is_string() || !Parse(t["tile_order"].get<std::string>(), &s.tile_order))
        throw Bad{"tile_order: expected blockidx or ticket"};
    }
    s.timeline_cursor = IntAt(t, "cursor", -1, -1, 1LL << 50);
  });
  ParseBenchmarkAndQuiz(j, s);
  ParseGpus(j, s);
  if (s.multi_block && s.application)
    throw Bad{"multi_block and application: only one of them can be shown"};
  if (s.benchmark && (s.multi_block || s.application))
    throw Bad{"benchmark: the chart is shown alone, not with the grid or an application"};
  if (s.trace && (s.multi_block || s.application || s.benchmark))
    throw Bad{"trace: a session with a recorded trace shows its rounds, not another mode"};
  if (j.contains("single_pass_trace")) {
    // Read by the trace loader itself, with all its checks (from the tree: one parse, one tree).
    AnyTraceLoad t = DecodeAnyTraceJson(j["single_pass_trace"]);
    if (!t.single_pass)
      throw Bad{"single_pass_trace: " + (t.error.empty() ? "not a single-pass trace" : t.error)};
    if (t.single_pass->tile_size != s.tile_size || t.single_pass->order != s.tile_order)
      throw Bad{"single_pass_trace: tiles of " + std::to_string(t.single_pass->tile_size) + " in " +
                ToString(t.single_pass->order) + " order, but the session's timeline has " +
                std::to_string(s.tile_size) + " in " + ToString(s.tile_order) + " order"};
    s.single_pass = std::move(*t.single_pass);
    if (j.contains("single_pass_origin") && j["single_pass_origin"].is_string())
      s.single_pass_origin = j["single_pass_origin"].get<std::string>().substr(0, 200);
  }
}

// Every key of a session file, and of the traces it embeds (a key not on the list may not hold
// bulk: core/json_read.h).
JsonLimits SessionJsonLimits() {
  static const JsonKeys session = {
      // the input and the scan
      "format", "version", "type", "input", "op", "algorithm", "convert", "round", "seed",
      // the view
      "view", "kind", "side_by_side", "pair", "only_current", "color_by_case", "theme", "panel",
      "figure_scale",
      // the modes (version 2)
      "multi_block", "shown", "block_algorithm", "block_size", "step", "application", "app", "keep",
      "bit", "radix_bits", "timeline", "tile_size", "tile_order", "cursor",
      // version 3: the generator, the view's rest, the benchmark chart, a quiz
      "random", "n", "lo", "hi", "head", "check", "rounds", "player_rounds", "left_panel",
      "right_panel", "pseudo_code", "lanes_log2", "bank_padding", "mistake", "benchmark", "float",
      "exclusive", "percent", "toggled", "quiz", "set", "question",
      // what it embeds
      "trace", "trace_origin", "single_pass_trace", "single_pass_origin",
      // issue #36: the GPUs kind
      "gpus", "strategy", "zoom", "multi_gpu_trace", "multi_gpu_origin"};
  static const JsonKeys keys = {&session, &TraceFileKeys()};
  JsonLimits limits;
  limits.max_depth = kMaxSessionNesting;
  limits.known = &keys;
  // A session's bulk is the traces it embeds (a single block, a timeline, the GPUs' trace; never
  // a grid): it reads within a trace file's own bounds (issue #38: a 104 MB session with its
  // trace's `rounds` stuffed took 2.23 GB before it was refused).
  limits.bytes_per_byte = kTraceJsonBytesPerByte;
  limits.base_bytes = kTraceJsonBaseBytes;
  limits.max_elements = &TraceArrayBound;
  return limits;
}

// The input: its text, or (version 3) its generator; as parsed values either way.
ParsedValues ReadInput(const json& j, Session& s) {
  if (j.contains("random")) {
    ParsedValues out;
    out.values = ReadRandom(j, s);
    s.input = FormatValues(out.values, s.type, " ");
    return out;
  }
  const json& input = Need(j, "input");
  if (!input.is_string()) throw Bad{"input: expected a string such as \"3,1,7,0\""};
  s.input = input.get<std::string>();
  // The app's input holds up to kMaxGridElements values whichever view is shown (the single
  // block scans the first 1024), and saves them all: the single block's limit refused its files.
  ParsedValues parsed = ParseValues(s.input, s.type, kMaxGridElements);
  if (!parsed.Ok()) throw Bad{"input: " + parsed.error};
  return parsed;
}

// The session in a parsed file; throws Bad naming the first field that is wrong.
Session ReadSession(const json& j) {
  if (!j.is_object()) throw Bad{"not a session: the top level is not a JSON object"};
  const json& format = Need(j, "format");
  if (!format.is_string() || format.get<std::string>() != kSessionFormat)
    throw Bad{std::string("format: expected \"") + kSessionFormat + "\""};
  const json& version = Need(j, "version");
  if (!InRange(version, 1, kSessionVersion))
    throw Bad{"version: " + Shown(version) + " (this build reads versions 1 to " +
              std::to_string(kSessionVersion) + ")"};
  Session s;
  s.type = EnumAt(j, "type", s.type, true);
  const ParsedValues parsed = ReadInput(j, s);
  s.op = EnumAt(j, "op", s.op, true);
  s.algorithm = EnumAt(j, "algorithm", s.algorithm, true);
  s.convert = BoolAt(j, "convert", s.convert);
  if (j.contains("round")) {
    const json& r = j["round"];
    if (!InRange(r, -1, 1000)) throw Bad{"round: expected -1 (the last) or a round number"};
    s.round = static_cast<int>(r.get<long long>());
  }
  if (j.contains("seed")) {
    // Read as --seed reads its text: a JSON number past 2^64 - 1, signed or with a fraction
    // writes itself with something other than digits.
    const ParsedSeed seed = ParseSeed(j["seed"].dump());
    if (!seed.Ok()) throw Bad{"seed " + seed.error};
    s.seed = seed.value;
  }
  ParseView(j, s);
  if (j.contains("trace")) {
    // Read by the trace loader itself, with all its checks (from the tree: one parse, one tree).
    TraceLoadResult t = DecodeTraceJson(j["trace"]);
    if (!t.trace) throw Bad{"trace: " + t.error};
    if (t.trace->meta.algorithm != s.algorithm)
      throw Bad{"trace: a " + std::string(ToString(t.trace->meta.algorithm)) +
                " trace, but the session shows " + ToString(s.algorithm)};
    const TraceMeta& m = t.trace->meta;
    CheckSameScan("trace", {m.type, m.op, m.converted, &t.trace->input},
                  {s.type, s.op, s.convert, &parsed.values});
    s.trace = std::move(*t.trace);
    if (j.contains("trace_origin") && j["trace_origin"].is_string())
      s.trace_origin = j["trace_origin"].get<std::string>().substr(0, 200);
  }
  ParseModes(j, s);
  // The app takes a timeline trace's input where a block can scan it (OpenSinglePass).
  if (s.single_pass && s.single_pass->N() <= kMaxElements)
    CheckSameScan("single_pass_trace",
                  {s.single_pass->type, s.single_pass->op, false, &s.single_pass->input},
                  {s.type, s.op, false, &parsed.values});
  return s;
}

}  // namespace

SessionLoad ParseSession(std::string_view text) {
  SessionLoad out;
  const JsonRead read = ReadJson(text, SessionJsonLimits());
  switch (read.problem) {
    case JsonRead::Problem::kNone:
      break;
    case JsonRead::Problem::kSyntax:
    case JsonRead::Problem::kRange:  // a syntax error, or a number out of range (1e400)
      out.error = "not valid JSON (" + read.error + ")";
      return out;
    case JsonRead::Problem::kShape:
      out.error = "not a session: " + read.error;
      return out;
    case JsonRead::Problem::kMemory:
      out.error = read.error;
      return out;
  }
  try {
    out.session = ReadSession(read.value);
    if (!read.unknown.empty()) {
      out.session.reset();
      out.error = "not a session: " + read.unknown;
    }
  } catch (const Bad& b) {
    out.error = b.what;
  } catch (const json::exception& e) {  // a value of an unexpected JSON type somewhere
    out.error = std::string("not a session (") + e.what() + ")";
  } catch (const std::bad_alloc&) {
    out.error = NoMemoryError(text.size());
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
  if (s.random) {
    const RandomInput& r = *s.random;
    j["random"] = {{"n", r.n},   {"seed", r.seed}, {"lo", r.lo},
                   {"hi", r.hi}, {"head", r.head}, {"check", r.check}};
  } else {
    j["input"] = s.input;
  }
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
  if (!s.kind.empty()) j["view"]["kind"] = s.kind;  // only then: older sessions stay as they were
  WriteV3(s, j);
  j["multi_block"] = {{"shown", s.multi_block},
                      {"block_algorithm", ToString(s.block_algorithm)},
                      {"block_size", s.block_size},
                      {"step", s.grid_step}};
  j["application"] = {{"shown", s.application},           {"app", ToString(s.application_kind)},
                      {"keep", ToString(s.keep, s.type)}, {"bit", s.split_bit},
                      {"radix_bits", s.radix_bits},       {"step", s.application_step}};
  j["timeline"] = {{"shown", s.timeline},
                   {"tile_size", s.tile_size},
                   {"tile_order", ToString(s.tile_order)},
                   {"cursor", s.timeline_cursor}};
  if (s.single_pass) {
    std::ostringstream sp;
    WriteSinglePassJson(*s.single_pass, sp);
    j["single_pass_trace"] = json::parse(sp.str());
    j["single_pass_origin"] = s.single_pass_origin;
  }
  WriteGpus(s, j);
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
  // The format key sits near the top of both kinds of file ScanViz writes; a full parse would read
  // a large trace twice. A file written otherwise (indented, its keys in another order) is looked
  // through whole, as `scanviz-cli check` reads it: a session names its format before the trace it
  // carries names its own.
  const size_t start = std::min(text.size(), text.find_first_not_of(" \t\r\n"));
  for (const std::string_view part : {text.substr(start, 4096), text}) {
    const size_t session = part.find("\"scanviz-session\"");
    const size_t trace = part.find("\"scanviz-trace\"");
    if (session != std::string_view::npos && session < trace) return FileKind::kSession;
    if (trace != std::string_view::npos) return FileKind::kTrace;
  }
  return FileKind::kUnknown;
}

}  // namespace scanviz
