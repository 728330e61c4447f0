#include "core/trace_io.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "core/analysis.h"

namespace scanviz {
namespace {

using nlohmann::json;

// float32 max/min identities are infinities, which JSON numbers cannot hold: they are written as
// the strings "inf" and "-inf". Undefined cells are null.
json EncodeValue(ElementType type, double v) {
  if (type == ElementType::kInt32) return static_cast<long long>(v);
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  return static_cast<double>(static_cast<float>(v));
}

json EncodeAction(const ThreadAction& a) {
  if (a.kind == ActionKind::kIdle) return nullptr;
  json reads = json::array(), writes = json::array();
  for (int r : a.read)
    if (r >= 0) reads.push_back(r);
  for (int w : a.write)
    if (w >= 0) writes.push_back(w);
  return json::array({ToString(a.kind), reads, writes});
}

struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void Fail(std::string_view where, const std::string& what) {
  throw LoadError(where.empty() ? what : std::string(where) + ": " + what);
}

const json& Field(const json& object, const char* key, std::string_view where) {
  if (!object.is_object()) Fail(where, "expected an object");
  auto it = object.find(key);
  if (it == object.end()) Fail(where, std::string("missing field \"") + key + "\"");
  return *it;
}

int IntField(const json& object, const char* key, std::string_view where) {
  const json& v = Field(object, key, where);
  if (!v.is_number_integer()) Fail(std::string(where) + "." + key, "expected an integer");
  const long long x = v.get<long long>();
  if (x < -2147483648LL || x > 2147483647LL) Fail(std::string(where) + "." + key, "out of range");
  return static_cast<int>(x);
}

std::string StringField(const json& object, const char* key, std::string_view where) {
  const json& v = Field(object, key, where);
  if (!v.is_string()) Fail(std::string(where) + "." + key, "expected a string");
  return v.get<std::string>();
}

template <class E>
E EnumField(const json& object, const char* key, std::string_view where) {
  const std::string s = StringField(object, key, where);
  E e{};
  if (!Parse(s, &e)) Fail(std::string(where) + "." + key, "unknown value \"" + s + "\"");
  return e;
}

double DecodeValue(const json& v, ElementType type, const std::string& where) {
  if (type == ElementType::kInt32) {
    if (!v.is_number_integer()) Fail(where, "expected an int32 value");
    const long long x = v.get<long long>();
    if (x < -2147483648LL || x > 2147483647LL) Fail(where, "value outside int32");
    return static_cast<double>(x);
  }
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (s == "inf") return HUGE_VAL;
    if (s == "-inf") return -HUGE_VAL;
    Fail(where, "expected a float32 value");
  }
  if (!v.is_number()) Fail(where, "expected a float32 value");
  const double x = v.get<double>();
  if (static_cast<double>(static_cast<float>(x)) != x) Fail(where, "not a float32 value");
  return x;
}

ThreadAction DecodeAction(const json& v, const TraceMeta& meta, int input_reads,
                          const std::string& where) {
  ThreadAction a;
  if (v.is_null()) return a;
  if (!v.is_array() || v.size() != 3 || !v[0].is_string() || !v[1].is_array() || !v[2].is_array() ||
      v[1].size() > 2 || v[2].size() > 2)
    Fail(where, "expected null or [kind, [reads], [writes]]");
  if (!Parse(v[0].get<std::string>(), &a.kind) || a.kind == ActionKind::kIdle)
    Fail(where, "unknown action \"" + v[0].get<std::string>() + "\"");
  for (size_t k = 0; k < 2; ++k) {
    for (int dir = 1; dir <= 2; ++dir) {
      if (k >= v[dir].size()) continue;
      const json& p = v[dir][k];
      const int limit = dir == 1 ? input_reads : meta.padded_n;
      if (!p.is_number_integer() || p.get<long long>() < 0 || p.get<long long>() >= limit)
        Fail(where, "position out of range");
      (dir == 1 ? a.read : a.write)[k] = p.get<int>();
    }
  }
  return a;
}

Trace Decode(const json& root) {
  if (!root.is_object()) Fail("", "the top level is not a JSON object");
  auto format = root.find("format");
  if (format == root.end() || !format->is_string() || *format != kTraceFormatName)
    Fail("", "not a ScanViz trace (missing \"format\": \"scanviz-trace\")");
  const int version = IntField(root, "version", "");
  if (version != kTraceFormatVersion) {
    Fail("", "unsupported trace format version " + std::to_string(version) +
                 " (this build reads version " + std::to_string(kTraceFormatVersion) + ")");
  }

  Trace trace;
  TraceMeta& meta = trace.meta;
  const json& m = Field(root, "meta", "");
  meta.algorithm = EnumField<Algorithm>(m, "algorithm", "meta");
  meta.op = EnumField<OpKind>(m, "op", "meta");
  meta.type = EnumField<ElementType>(m, "type", "meta");
  meta.n = IntField(m, "n", "meta");
  if (meta.n < 1 || meta.n > kMaxElements)
    Fail("meta.n", std::to_string(meta.n) + " is outside 1.." + std::to_string(kMaxElements));
  ScanRequest request{meta.algorithm, meta.op, meta.type, {}};
  request.input.resize(meta.n);
  const TraceMeta want = MakeMeta(request);
  // The file records the identity so that a reader needs no table of operators. It must be the
  // operator's: a file that says otherwise was written by a broken writer (or edited), and the
  // analysis folds empty windows and padding with meta.identity, so it would mislead.
  meta.identity = DecodeValue(Field(m, "identity", "meta"), meta.type, "meta.identity");
  if (meta.identity != want.identity ||
      std::signbit(meta.identity) != std::signbit(want.identity)) {
    Fail("meta.identity", FormatValue(meta.type, meta.identity) + ", but the identity of " +
                              ToString(meta.op) + " on " + ToString(meta.type) + " is " +
                              FormatValue(meta.type, want.identity));
  }
  const struct {
    const char* key;
    int* field;
    int expected;
  } sizes[] = {{"padded_n", &meta.padded_n, want.padded_n},
               {"block_size", &meta.block_size, want.block_size},
               {"buffer_count", &meta.buffer_count, want.buffer_count}};
  for (const auto& s : sizes) {
    *s.field = IntField(m, s.key, "meta");
    if (*s.field != s.expected) {
      Fail(std::string("meta.") + s.key,
           std::to_string(*s.field) + ", but a " + ToString(meta.algorithm) + " scan of " +
               std::to_string(meta.n) + " elements has " + std::to_string(s.expected));
    }
  }
  // "converted" arrived with the conversion round, after version 1 files had been recorded
  // (docs/example-blelloch-h200.json, from the H200, has none): absent means no conversion round,
  // which is all such a file can hold. A file that lost the flag but has a conversion round is
  // rejected at the round count below, naming meta.converted.
  const auto converted = m.find("converted");
  if (converted != m.end()) {
    if (!converted->is_boolean()) Fail("meta.converted", "expected true or false");
    meta.converted = converted->get<bool>();
  }
  const json& b = Field(m, "backend", "meta");
  meta.backend.kind = EnumField<BackendKind>(b, "kind", "meta.backend");
  if (meta.backend.kind == BackendKind::kCuda) {
    meta.backend.device_name = StringField(b, "device", "meta.backend");
    meta.backend.compute_major = IntField(b, "compute_major", "meta.backend");
    meta.backend.compute_minor = IntField(b, "compute_minor", "meta.backend");
    meta.backend.driver_version = IntField(b, "driver_version", "meta.backend");
    meta.backend.runtime_version = IntField(b, "runtime_version", "meta.backend");
  }

  const json& input = Field(root, "input", "");
  if (!input.is_array() || static_cast<int>(input.size()) != meta.n) {
    Fail("input", "has " + std::to_string(input.is_array() ? input.size() : 0) +
                      " values, but meta.n is " + std::to_string(meta.n));
  }
  for (int i = 0; i < meta.n; ++i)
    trace.input.push_back(DecodeValue(input[i], meta.type, "input[" + std::to_string(i) + "]"));

  const std::vector<RoundSpec> schedule = RoundSchedule(meta.algorithm, meta.n, meta.converted);
  const json& rounds = Field(root, "rounds", "");
  if (!rounds.is_array()) Fail("rounds", "expected an array");
  if (rounds.size() != schedule.size()) {
    if (converted == m.end() &&
        rounds.size() == RoundSchedule(meta.algorithm, meta.n, /*convert=*/true).size()) {
      Fail("meta.converted", "missing, but the file has the " + std::to_string(rounds.size()) +
                                 " rounds of a converted scan");
    }
    Fail("rounds", "the file has " + std::to_string(rounds.size()) + " rounds, but a " +
                       ToString(meta.algorithm) + " scan of " + std::to_string(meta.n) +
                       " elements records " + std::to_string(schedule.size()) +
                       " (truncated or edited?)");
  }
  std::vector<std::vector<std::uint8_t>> written(meta.buffer_count,
                                                 std::vector<std::uint8_t>(meta.padded_n, 0));
  for (size_t r = 0; r < schedule.size(); ++r) {
    const std::string where = "rounds[" + std::to_string(r) + "]";
    const json& jr = rounds[r];
    Round round;
    round.spec.phase = EnumField<Phase>(jr, "phase", where);
    round.spec.step = IntField(jr, "step", where);
    round.spec.stride = IntField(jr, "stride", where);
    const json& pin = Field(jr, "pin", where);
    round.spec.pin = pin.is_null() ? -1 : IntField(jr, "pin", where);
    round.spec.pout = IntField(jr, "pout", where);
    const RoundSpec& s = schedule[r];
    if (round.spec.phase != s.phase || round.spec.step != s.step || round.spec.stride != s.stride ||
        round.spec.pin != s.pin || round.spec.pout != s.pout) {
      Fail(where, std::string("is ") + ToString(round.spec.phase) + " stride " +
                      std::to_string(round.spec.stride) + ", but the metadata's scan has " +
                      ToString(s.phase) + " stride " + std::to_string(s.stride) + " here");
    }
    const json& buffers = Field(jr, "buffers", where);
    if (!buffers.is_array() || static_cast<int>(buffers.size()) != meta.buffer_count)
      Fail(where + ".buffers", "expected " + std::to_string(meta.buffer_count) + " buffers");
    for (int bi = 0; bi < meta.buffer_count; ++bi) {
      const std::string bw = where + ".buffers[" + std::to_string(bi) + "]";
      const json& cells = buffers[bi];
      if (!cells.is_array() || static_cast<int>(cells.size()) != meta.padded_n) {
        Fail(bw, "has " + std::to_string(cells.is_array() ? cells.size() : 0) +
                     " cells, but meta.padded_n is " + std::to_string(meta.padded_n));
      }
      std::vector<double> values(meta.padded_n, 0.0);
      std::vector<std::uint8_t> defined(meta.padded_n, 0);
      for (int i = 0; i < meta.padded_n; ++i) {
        if (cells[i].is_null()) continue;
        values[i] = DecodeValue(cells[i], meta.type, bw + "[" + std::to_string(i) + "]");
        defined[i] = 1;
      }
      round.buffers.push_back(std::move(values));
      round.defined.push_back(std::move(defined));
    }
    const json& actions = Field(jr, "actions", where);
    if (!actions.is_array() || static_cast<int>(actions.size()) != meta.block_size)
      Fail(where + ".actions", "expected " + std::to_string(meta.block_size) + " threads");
    const int input_reads = s.phase == Phase::kLoad ? meta.n : meta.padded_n;  // positions read
    for (int t = 0; t < meta.block_size; ++t) {
      round.actions.push_back(DecodeAction(actions[t], meta, input_reads,
                                           where + ".actions[" + std::to_string(t) + "]"));
    }
    // A cell is defined exactly when some recorded write reached it, in this round or before:
    // null cells and the actions must tell the same story.
    for (const ThreadAction& a : round.actions)
      for (int w : a.write)
        if (w >= 0) written[round.spec.pout][w] = 1;
    for (int bi = 0; bi < meta.buffer_count; ++bi) {
      for (int i = 0; i < meta.padded_n; ++i) {
        if (written[bi][i] != round.defined[bi][i]) {
          Fail(where + ".buffers[" + std::to_string(bi) + "][" + std::to_string(i) + "]",
               written[bi][i] ? "is null, but a thread has written it"
                              : "has a value, but no thread has written it yet");
        }
      }
    }
    trace.rounds.push_back(std::move(round));
  }
  return trace;
}

}  // namespace

void WriteTraceJson(const Trace& trace, std::ostream& out, bool pretty) {
  const TraceMeta& meta = trace.meta;
  json root;
  root["format"] = kTraceFormatName;
  root["version"] = meta.format_version;
  json backend = {{"kind", ToString(meta.backend.kind)}};
  if (meta.backend.kind == BackendKind::kCuda) {
    backend["device"] = meta.backend.device_name;
    backend["compute_major"] = meta.backend.compute_major;
    backend["compute_minor"] = meta.backend.compute_minor;
    backend["driver_version"] = meta.backend.driver_version;
    backend["runtime_version"] = meta.backend.runtime_version;
  }
  root["meta"] = {{"algorithm", ToString(meta.algorithm)},
                  {"op", ToString(meta.op)},
                  {"type", ToString(meta.type)},
                  {"identity", EncodeValue(meta.type, meta.identity)},
                  {"n", meta.n},
                  {"padded_n", meta.padded_n},
                  {"block_size", meta.block_size},
                  {"buffer_count", meta.buffer_count},
                  {"converted", meta.converted},
                  {"backend", backend}};
  json input = json::array();
  for (double v : trace.input) input.push_back(EncodeValue(meta.type, v));
  root["input"] = std::move(input);
  json rounds = json::array();
  for (const Round& r : trace.rounds) {
    json jr;
    jr["phase"] = ToString(r.spec.phase);
    jr["step"] = r.spec.step;
    jr["stride"] = r.spec.stride;
    jr["pin"] = r.spec.pin < 0 ? json(nullptr) : json(r.spec.pin);
    jr["pout"] = r.spec.pout;
    json buffers = json::array();
    for (size_t b = 0; b < r.buffers.size(); ++b) {
      json cells = json::array();
      for (size_t i = 0; i < r.buffers[b].size(); ++i)
        cells.push_back(r.defined[b][i] ? EncodeValue(meta.type, r.buffers[b][i]) : json(nullptr));
      buffers.push_back(std::move(cells));
    }
    jr["buffers"] = std::move(buffers);
    json actions = json::array();
    for (const ThreadAction& a : r.actions) actions.push_back(EncodeAction(a));
    jr["actions"] = std::move(actions);
    rounds.push_back(std::move(jr));
  }
  root["rounds"] = std::move(rounds);
  out << root.dump(pretty ? 1 : -1) << '\n';
}

std::string TraceToJson(const Trace& trace, bool pretty) {
  std::ostringstream out;
  WriteTraceJson(trace, out, pretty);
  return out.str();
}

TraceLoadResult ParseTraceJson(std::string_view text) {
  TraceLoadResult result;
  json root;
  try {
    root = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    result.error = "malformed JSON (truncated file?): " + std::string(e.what());
    return result;
  }
  try {
    result.trace = Decode(root);
  } catch (const LoadError& e) {
    result.error = e.what();
  } catch (const json::exception& e) {
    result.error = e.what();
  }
  return result;
}

TraceLoadResult LoadTraceFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {std::nullopt, "cannot open " + path};
  std::ostringstream text;
  text << in.rdbuf();
  TraceLoadResult result = ParseTraceJson(text.str());
  if (!result.trace) result.error = path + ": " + result.error;
  return result;
}

std::string WriteFileAtomically(const std::string& path, std::string_view contents) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  fs::path tmp = target;
  tmp += ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return "cannot write " + tmp.string();
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.flush();
    if (!out) {
      std::error_code ec;
      fs::remove(tmp, ec);
      return "cannot write " + tmp.string();
    }
  }
  std::error_code ec;
  fs::rename(tmp, target, ec);
  if (ec) {
    fs::remove(tmp, ec);
    return "cannot rename " + tmp.string() + " to " + path + ": " + ec.message();
  }
  return {};
}

std::string SaveTraceFile(const Trace& trace, const std::string& path) {
  return WriteFileAtomically(path, TraceToJson(trace));
}

}  // namespace scanviz
