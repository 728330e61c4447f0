#include "core/trace_io.h"

#include "core/simulator.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "core/analysis.h"
#include "core/file_io.h"
#include "core/registry.h"
#include "core/trace_json.h"

namespace scanviz {
namespace trace_json {

using nlohmann::json;

// float32 max/min identities are infinities, which JSON numbers cannot hold: they are written as
// the strings "inf" and "-inf", and NaN (inf + -inf in a float32 sum) as "nan". Undefined cells
// are null.
json EncodeValue(ElementType type, double v) {
  if (type == ElementType::kInt32) return static_cast<long long>(v);
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  if (std::isnan(v)) return "nan";  // float32 sums that meet inf and -inf
  return static_cast<double>(static_cast<float>(v));
}

// An access as the file writes it: [array, position], the array an index into "arrays" or the
// string "input" (the scan's input) or "reserved" (the block's reserved shared memory, which only
// a mistake reads).
json EncodeAccess(int array, int pos) {
  return json::array({array == kInputArray      ? json("input")
                      : array == kReservedArray ? json("reserved")
                                                : json(array),
                      pos});
}

json EncodeAction(const ThreadAction& a) {
  if (a.kind == ActionKind::kIdle) return nullptr;
  json reads = json::array(), writes = json::array();
  for (int k = 0; k < 2; ++k)
    if (a.read[k] >= 0) reads.push_back(EncodeAccess(a.read_array[k], a.read[k]));
  for (int k = 0; k < 2; ++k)
    if (a.write[k] >= 0) writes.push_back(EncodeAccess(a.write_array[k], a.write[k]));
  return json::array({ToString(a.kind), reads, writes});
}

[[noreturn]] void Fail(std::string_view where, const std::string& what) {
  throw LoadError(where.empty() ? what : std::string(where) + ": " + what);
}

const json& Field(const json& object, const char* key, std::string_view where) {
  if (!object.is_object()) Fail(where, "expected an object");
  auto it = object.find(key);
  if (it == object.end()) Fail(where, std::string("missing field \"") + key + "\"");
  return *it;
}

// A JSON integer within [lo, hi], or false: an unsigned 2^64 - 1 must not read as -1.
bool IntegerIn(const json& v, long long lo, long long hi, long long* out) {
  if (v.is_number_unsigned()) {
    // Compared as unsigned only when hi is not negative: an empty array's hi is -1.
    const auto u = v.get<unsigned long long>();
    if (hi < 0 || u > static_cast<unsigned long long>(hi)) return false;
    *out = static_cast<long long>(u);
    return *out >= lo;
  }
  if (!v.is_number_integer()) return false;
  *out = v.get<long long>();
  return *out >= lo && *out <= hi;
}

int IntField(const json& object, const char* key, std::string_view where) {
  const json& v = Field(object, key, where);
  if (!v.is_number_integer()) Fail(std::string(where) + "." + key, "expected an integer");
  long long x = 0;
  if (!IntegerIn(v, -2147483648LL, 2147483647LL, &x))
    Fail(std::string(where) + "." + key, "out of range");
  return static_cast<int>(x);
}

std::int64_t Int64Field(const json& object, const char* key, std::string_view where) {
  const json& v = Field(object, key, where);
  if (!v.is_number_integer()) Fail(std::string(where) + "." + key, "expected an integer");
  long long x = 0;
  if (!IntegerIn(v, -(1LL << 62), 1LL << 62, &x)) Fail(std::string(where) + "." + key, "out of range");
  return x;
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
    long long x = 0;
    if (!IntegerIn(v, -2147483648LL, 2147483647LL, &x)) Fail(where, "value outside int32");
    return static_cast<double>(x);
  }
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (s == "inf") return HUGE_VAL;
    if (s == "-inf") return -HUGE_VAL;
    if (s == "nan") return std::nan("");
    Fail(where, "expected a float32 value");
  }
  if (!v.is_number()) Fail(where, "expected a float32 value");
  const double x = v.get<double>();
  if (static_cast<double>(static_cast<float>(x)) != x) Fail(where, "not a float32 value");
  return x;
}

bool BoolField(const json& object, const char* key, std::string_view where) {
  const json& v = Field(object, key, where);
  if (!v.is_boolean()) Fail(std::string(where) + "." + key, "expected true or false");
  return v.get<bool>();
}

// The size of the array an access names, for its bounds check: the input has n cells.
int AccessLimit(const Trace& trace, int array) {
  if (array == kReservedArray) return kReservedCells;
  return array == kInputArray ? trace.meta.n : trace.arrays[static_cast<size_t>(array)].size;
}

// Version 2: [kind, [[array, pos], ...], [[array, pos], ...]].
ThreadAction DecodeAction(const json& v, const Trace& trace, const std::string& where) {
  ThreadAction a;
  if (v.is_null()) return a;
  if (!v.is_array() || v.size() != 3 || !v[0].is_string() || !v[1].is_array() || !v[2].is_array() ||
      v[1].size() > 2 || v[2].size() > 2)
    Fail(where, "expected null or [kind, [reads], [writes]]");
  if (!Parse(v[0].get<std::string>(), &a.kind) || a.kind == ActionKind::kIdle)
    Fail(where, "unknown action \"" + v[0].get<std::string>() + "\"");
  const int arrays = static_cast<int>(trace.arrays.size());
  for (int dir = 1; dir <= 2; ++dir) {
    for (size_t k = 0; k < v[dir].size(); ++k) {
      const json& access = v[dir][k];
      if (!access.is_array() || access.size() != 2)
        Fail(where, "expected an access [array, position]");
      int array = kInputArray;
      if (access[0].is_string() && access[0] == "input") {
        if (dir == 2) Fail(where, "writes to the input");
      } else if (access[0].is_string() && access[0] == "reserved") {
        if (dir == 2) Fail(where, "writes to the reserved shared memory");
        array = kReservedArray;
      } else if (long long index = 0; IntegerIn(access[0], 0, arrays - 1, &index)) {
        array = static_cast<int>(index);
      } else {
        Fail(where, "array out of range");
      }
      const json& p = access[1];
      long long pos = 0;
      if (!IntegerIn(p, 0, AccessLimit(trace, array) - 1, &pos)) Fail(where, "position out of range");
      if (dir == 1) {
        a.read_array[k] = static_cast<std::int8_t>(array);
        a.read[k] = static_cast<int>(pos);
      } else {
        a.write_array[k] = static_cast<std::int8_t>(array);
        a.write[k] = static_cast<int>(pos);
      }
    }
  }
  return a;
}

// Version 1: [kind, [positions read], [positions written]]; reads come from the round's pin (the
// input for the load, and for Blelloch's add-input its second read), writes go to its pout.
ThreadAction DecodeActionV1(const json& v, const Trace& trace, const RoundSpec& spec,
                            const std::string& where) {
  ThreadAction a;
  if (v.is_null()) return a;
  if (!v.is_array() || v.size() != 3 || !v[0].is_string() || !v[1].is_array() || !v[2].is_array() ||
      v[1].size() > 2 || v[2].size() > 2)
    Fail(where, "expected null or [kind, [reads], [writes]]");
  if (!Parse(v[0].get<std::string>(), &a.kind) || a.kind == ActionKind::kIdle)
    Fail(where, "unknown action \"" + v[0].get<std::string>() + "\"");
  for (int k = 0; k < 2; ++k) {
    a.read_array[k] = static_cast<std::int8_t>(spec.pin);
    a.write_array[k] = static_cast<std::int8_t>(spec.pout);
  }
  if (a.kind == ActionKind::kLoad) a.read_array[0] = kInputArray;
  if (a.kind == ActionKind::kAddInput) a.read_array[1] = kInputArray;
  for (size_t k = 0; k < 2; ++k) {
    for (int dir = 1; dir <= 2; ++dir) {
      if (k >= v[dir].size()) continue;
      const json& p = v[dir][k];
      const int array = dir == 1 ? a.read_array[k] : a.write_array[k];
      long long pos = 0;
      if (!IntegerIn(p, 0, AccessLimit(trace, array) - 1, &pos)) Fail(where, "position out of range");
      (dir == 1 ? a.read : a.write)[k] = static_cast<int>(pos);
    }
  }
  return a;
}

// Reads one snapshot of `desc` (a list of its cells, null where undefined).
void DecodeCells(const json& cells, const ArrayDesc& desc, ElementType type,
                 const std::string& where, std::vector<double>* values,
                 std::vector<std::uint8_t>* defined) {
  if (!cells.is_array() || static_cast<int>(cells.size()) != desc.size) {
    Fail(where, "has " + std::to_string(cells.is_array() ? cells.size() : 0) + " cells, but " +
                    desc.name + " has " + std::to_string(desc.size));
  }
  values->assign(static_cast<size_t>(desc.size), 0.0);
  defined->assign(static_cast<size_t>(desc.size), 0);
  for (int i = 0; i < desc.size; ++i) {
    if (cells[static_cast<size_t>(i)].is_null()) continue;
    (*values)[static_cast<size_t>(i)] =
        DecodeValue(cells[static_cast<size_t>(i)], type, where + "[" + std::to_string(i) + "]");
    (*defined)[static_cast<size_t>(i)] = 1;
  }
}

BackendInfo DecodeBackend(const json& b) {
  BackendInfo backend;
  backend.kind = EnumField<BackendKind>(b, "kind", "meta.backend");
  if (backend.kind == BackendKind::kCuda) {
    backend.device_name = StringField(b, "device", "meta.backend");
    backend.compute_major = IntField(b, "compute_major", "meta.backend");
    backend.compute_minor = IntField(b, "compute_minor", "meta.backend");
    backend.driver_version = IntField(b, "driver_version", "meta.backend");
    backend.runtime_version = IntField(b, "runtime_version", "meta.backend");
  }
  return backend;
}

json EncodeBackend(const BackendInfo& b) {
  json backend = {{"kind", ToString(b.kind)}};
  if (b.kind == BackendKind::kCuda) {
    backend["device"] = b.device_name;
    backend["compute_major"] = b.compute_major;
    backend["compute_minor"] = b.compute_minor;
    backend["driver_version"] = b.driver_version;
    backend["runtime_version"] = b.runtime_version;
  }
  return backend;
}

Trace DecodeTrace(const json& root) {
  if (!root.is_object()) Fail("", "the top level is not a JSON object");
  auto format = root.find("format");
  if (format == root.end() || !format->is_string() || *format != kTraceFormatName)
    Fail("", "not a ScanViz trace (missing \"format\": \"scanviz-trace\")");
  const int version = IntField(root, "version", "");
  if (version != 1 && version != kTraceFormatVersion) {
    Fail("", "unsupported trace format version " + std::to_string(version) +
                 " (this build reads versions 1 and " + std::to_string(kTraceFormatVersion) + ")");
  }
  const bool v1 = version == 1;

  Trace trace;
  TraceMeta& meta = trace.meta;
  const json& m = Field(root, "meta", "");
  meta.algorithm = EnumField<Algorithm>(m, "algorithm", "meta");
  if (v1 && meta.algorithm != Algorithm::kHillisSteele && meta.algorithm != Algorithm::kBlelloch)
    Fail("meta.algorithm", "version 1 files hold only hillis-steele and blelloch");
  meta.op = EnumField<OpKind>(m, "op", "meta");
  meta.type = EnumField<ElementType>(m, "type", "meta");
  meta.n = IntField(m, "n", "meta");
  if (meta.n < 1 || meta.n > kMaxElements)
    Fail("meta.n", std::to_string(meta.n) + " is outside 1.." + std::to_string(kMaxElements));
  // Version 1 files written before the conversion round existed have no "converted": they have
  // no conversion round either. Version 2 files always say.
  if (!v1 || m.contains("converted")) meta.converted = BoolField(m, "converted", "meta");
  // The mistakes lab's runs say which mistake and which thread order made them (absent: none).
  if (m.contains("mistake")) {
    const std::string key = StringField(m, "mistake", "meta");
    const MistakeInfo* mistake = FindMistake(meta.algorithm, key);
    if (mistake == nullptr)
      Fail("meta.mistake", "'" + key + "' is not a mistake of " + DisplayName(meta.algorithm));
    meta.mistake = mistake->id;
  }
  if (m.contains("thread_order")) {
    meta.thread_order = StringField(m, "thread_order", "meta");
    SimulatorOptions order;
    if (!ParseThreadOrder(meta.thread_order, &order))
      Fail("meta.thread_order", "'" + meta.thread_order + "' is not a thread order");
  }
  ScanRequest request{meta.algorithm, meta.op, meta.type, {}, meta.converted};
  request.input.resize(static_cast<size_t>(meta.n));
  const TraceMeta want = MakeMeta(request);
  meta.format_version = version;
  // The identity is the operator's: a file that says otherwise was written wrong or edited.
  meta.identity = DecodeValue(Field(m, "identity", "meta"), meta.type, "meta.identity");
  // Bit for bit: -0 is not the identity of float addition's 0, even though -0 == 0.
  if (meta.identity != want.identity ||
      std::signbit(meta.identity) != std::signbit(want.identity)) {
    Fail("meta.identity", FormatValue(meta.type, meta.identity) + ", but the identity of " +
                              ToString(meta.op) + " on " + ToString(meta.type) + " is " +
                              FormatValue(meta.type, want.identity));
  }
  struct SizeField {
    const char* key;
    int* field;
    int expected;
  };
  std::vector<SizeField> sizes = {{"padded_n", &meta.padded_n, want.padded_n},
                                  {"block_size", &meta.block_size, want.block_size}};
  if (v1) {
    sizes.push_back({"buffer_count", &meta.buffer_count, want.buffer_count});
  } else {
    sizes.push_back({"block_count", &meta.block_count, 1});
    meta.buffer_count = want.buffer_count;
  }
  for (const SizeField& s : sizes) {
    *s.field = IntField(m, s.key, "meta");
    if (*s.field != s.expected) {
      Fail(std::string("meta.") + s.key,
           std::to_string(*s.field) + ", but a " + ToString(meta.algorithm) + " scan of " +
               std::to_string(meta.n) + " elements has " + std::to_string(s.expected));
    }
  }
  meta.backend = DecodeBackend(Field(m, "backend", "meta"));

  const json& input = Field(root, "input", "");
  if (!input.is_array() || static_cast<int>(input.size()) != meta.n) {
    Fail("input", "has " + std::to_string(input.is_array() ? input.size() : 0) +
                      " values, but meta.n is " + std::to_string(meta.n));
  }
  for (int i = 0; i < meta.n; ++i)
    trace.input.push_back(
        DecodeValue(input[static_cast<size_t>(i)], meta.type, "input[" + std::to_string(i) + "]"));

  // The arrays are the algorithm's: a file may not invent, drop or resize one.
  trace.arrays = Info(meta.algorithm).arrays(meta.n, meta.converted);
  if (!v1) {
    const json& arrays = Field(root, "arrays", "");
    if (!arrays.is_array() || arrays.size() != trace.arrays.size())
      Fail("arrays", "expected the " + std::to_string(trace.arrays.size()) + " arrays of a " +
                         ToString(meta.algorithm) + " scan");
    for (size_t a = 0; a < trace.arrays.size(); ++a) {
      const std::string where = "arrays[" + std::to_string(a) + "]";
      const ArrayDesc& d = trace.arrays[a];
      const std::string name = StringField(arrays[a], "name", where);
      const Space space = EnumField<Space>(arrays[a], "space", where);
      const int size = IntField(arrays[a], "size", where);
      if (name != d.name || space != d.space || size != d.size) {
        Fail(where, name + " (" + ToString(space) + ", " + std::to_string(size) + "), but a " +
                        ToString(meta.algorithm) + " scan of " + std::to_string(meta.n) +
                        " elements has " + d.name + " (" + ToString(d.space) + ", " +
                        std::to_string(d.size) + ")");
      }
    }
  }

  const std::vector<RoundSpec> schedule =
      RoundSchedule(meta.algorithm, meta.n, meta.converted, meta.mistake);
  const json& rounds = Field(root, "rounds", "");
  if (!rounds.is_array()) Fail("rounds", "expected an array");
  if (rounds.size() != schedule.size()) {
    // A version 1 file that lost its "converted" (rather than one written before the flag
    // existed) has the conversion round that the flag would have announced: name the flag.
    if (v1 && !m.contains("converted") &&
        rounds.size() == RoundSchedule(meta.algorithm, meta.n, /*convert=*/true).size()) {
      Fail("meta.converted", "missing, but the file has the " + std::to_string(rounds.size()) +
                                 " rounds of a converted scan");
    }
    Fail("rounds", "the file has " + std::to_string(rounds.size()) + " rounds, but a " +
                       ToString(meta.algorithm) + " scan of " + std::to_string(meta.n) +
                       " elements records " + std::to_string(schedule.size()) +
                       " (truncated or edited?)");
  }
  const size_t array_count = trace.arrays.size();
  std::vector<std::vector<std::uint8_t>> written(array_count);
  for (size_t a = 0; a < array_count; ++a)
    written[a].assign(static_cast<size_t>(trace.arrays[a].size), 0);
  for (size_t r = 0; r < schedule.size(); ++r) {
    const std::string where = "rounds[" + std::to_string(r) + "]";
    const json& jr = rounds[r];
    const RoundSpec& s = schedule[r];
    Round round;
    const std::string phase = StringField(jr, "phase", where);
    if (!ParsePhase(meta.algorithm, phase, &round.spec.phase))
      Fail(where + ".phase", "unknown value \"" + phase + "\"");
    // The round's number within its phase: "phase_round" (version 1 said "step", which clashes
    // with the chapters' word for the staging and seed steps).
    round.spec.phase_round = IntField(jr, v1 ? "step" : "phase_round", where);
    round.spec.stride = IntField(jr, "stride", where);
    const json& pin = Field(jr, "pin", where);
    round.spec.pin = pin.is_null() ? kInputArray : IntField(jr, "pin", where);
    round.spec.pout = IntField(jr, "pout", where);
    round.spec.level = v1 ? s.level : EnumField<Level>(jr, "level", where);
    round.spec.block = v1 ? 0 : IntField(jr, "block", where);
    round.spec.working = s.working;
    if (round.spec.phase != s.phase || round.spec.phase_round != s.phase_round || round.spec.stride != s.stride ||
        round.spec.pin != s.pin || round.spec.pout != s.pout || round.spec.level != s.level ||
        round.spec.block != s.block) {
      // The level is named only when it is what differs, to keep the usual message short.
      const bool level = round.spec.level != s.level;
      Fail(where, std::string("is ") + phase + " stride " + std::to_string(round.spec.stride) +
                      (level ? std::string(" at ") + ToString(round.spec.level) + " level" : "") +
                      ", but the metadata's scan has " + PhaseName(meta.algorithm, s.phase) +
                      " stride " + std::to_string(s.stride) +
                      (level ? std::string(" at ") + ToString(s.level) + " level" : "") + " here");
    }
    const json& snapshots = Field(jr, v1 ? "buffers" : "values", where);
    if (!snapshots.is_array() || snapshots.size() != array_count)
      Fail(where + (v1 ? ".buffers" : ".values"),
           "expected " + std::to_string(array_count) + " arrays");
    round.buffers.resize(array_count);
    round.defined.resize(array_count);
    std::vector<std::uint8_t> recorded(array_count, 1);
    for (size_t a = 0; a < array_count; ++a) {
      const std::string aw = where + (v1 ? ".buffers[" : ".values[") + std::to_string(a) + "]";
      if (!v1 && snapshots[a].is_null()) {
        // Not recorded in this round: it holds what it held after the round before.
        if (r == 0) Fail(aw, "the first round records every array");
        round.buffers[a] = trace.rounds.back().buffers[a];
        round.defined[a] = trace.rounds.back().defined[a];
        recorded[a] = 0;
        continue;
      }
      DecodeCells(snapshots[a], trace.arrays[a], meta.type, aw, &round.buffers[a],
                  &round.defined[a]);
    }
    for (const char* key : {"cycles", "padded_cycles"}) {  // measured on a GPU (absent: not)
      if (!jr.contains(key)) continue;
      const json& c = jr[key];
      if (!c.is_number() || !(c.get<double>() >= 0) || !(c.get<double>() < 1e15))
        Fail(where + "." + key, "expected a number of clock cycles, 0 or more");
      (std::string_view(key) == "cycles" ? round.cycles : round.padded_cycles) = c.get<double>();
    }
    const json& actions = Field(jr, "actions", where);
    if (!actions.is_array() || static_cast<int>(actions.size()) != meta.block_size)
      Fail(where + ".actions", "expected " + std::to_string(meta.block_size) + " threads");
    for (int t = 0; t < meta.block_size; ++t) {
      const std::string aw = where + ".actions[" + std::to_string(t) + "]";
      const json& ja = actions[static_cast<size_t>(t)];
      round.actions.push_back(v1 ? DecodeActionV1(ja, trace, round.spec, aw)
                                 : DecodeAction(ja, trace, aw));
    }
    // A cell is defined exactly when some recorded write reached it, in this round or before:
    // null cells and the actions must tell the same story.
    for (const ThreadAction& a : round.actions) {
      for (int k = 0; k < 2; ++k) {
        if (a.write[k] < 0) continue;
        const size_t array = static_cast<size_t>(a.write_array[k]);
        if (!recorded[array])
          Fail(where + ".values[" + std::to_string(array) + "]", "is not recorded, but written");
        written[array][static_cast<size_t>(a.write[k])] = 1;
      }
    }
    for (size_t a = 0; a < array_count; ++a) {
      for (size_t i = 0; i < written[a].size(); ++i) {
        if (written[a][i] != round.defined[a][i]) {
          Fail(where + (v1 ? ".buffers[" : ".values[") + std::to_string(a) + "][" +
                   std::to_string(i) + "]",
               written[a][i] ? "is null, but a thread has written it"
                             : "has a value, but no thread has written it yet");
        }
      }
    }
    trace.rounds.push_back(std::move(round));
  }
  return trace;
}

json EncodeTrace(const Trace& trace) {
  const TraceMeta& meta = trace.meta;
  json root;
  root["format"] = kTraceFormatName;
  root["version"] = kTraceFormatVersion;
  const json backend = EncodeBackend(meta.backend);
  root["meta"] = {{"algorithm", ToString(meta.algorithm)},
                  {"op", ToString(meta.op)},
                  {"type", ToString(meta.type)},
                  {"identity", EncodeValue(meta.type, meta.identity)},
                  {"n", meta.n},
                  {"padded_n", meta.padded_n},
                  {"block_size", meta.block_size},
                  {"block_count", meta.block_count},
                  {"converted", meta.converted},
                  {"backend", backend}};
  if (meta.mistake != Mistake::kNone) root["meta"]["mistake"] = ToString(meta.mistake);
  if (!meta.thread_order.empty()) root["meta"]["thread_order"] = meta.thread_order;
  json input = json::array();
  for (double v : trace.input) input.push_back(EncodeValue(meta.type, v));
  root["input"] = std::move(input);
  json arrays = json::array();
  for (const ArrayDesc& a : trace.arrays)
    arrays.push_back({{"name", a.name}, {"space", ToString(a.space)}, {"size", a.size}});
  root["arrays"] = std::move(arrays);
  json rounds = json::array();
  for (const Round& r : trace.rounds) {
    json jr;
    jr["phase"] = PhaseName(meta.algorithm, r.spec.phase);
    jr["phase_round"] = r.spec.phase_round;
    jr["stride"] = r.spec.stride;
    jr["level"] = ToString(r.spec.level);
    jr["block"] = r.spec.block;
    jr["pin"] = r.spec.pin < 0 ? json(nullptr) : json(r.spec.pin);
    jr["pout"] = r.spec.pout;
    json values = json::array();
    for (size_t b = 0; b < r.buffers.size(); ++b) {
      json cells = json::array();
      for (size_t i = 0; i < r.buffers[b].size(); ++i)
        cells.push_back(r.defined[b][i] ? EncodeValue(meta.type, r.buffers[b][i]) : json(nullptr));
      values.push_back(std::move(cells));
    }
    jr["values"] = std::move(values);
    json actions = json::array();
    for (const ThreadAction& a : r.actions) actions.push_back(EncodeAction(a));
    jr["actions"] = std::move(actions);
    if (r.cycles >= 0) jr["cycles"] = r.cycles;
    if (r.padded_cycles >= 0) jr["padded_cycles"] = r.padded_cycles;
    rounds.push_back(std::move(jr));
  }
  root["rounds"] = std::move(rounds);
  return root;
}

}  // namespace trace_json

using trace_json::json;

void WriteTraceJson(const Trace& trace, std::ostream& out, bool pretty) {
  out << trace_json::EncodeTrace(trace).dump(pretty ? 1 : -1) << '\n';
}

std::string TraceToJson(const Trace& trace, bool pretty) {
  std::ostringstream out;
  WriteTraceJson(trace, out, pretty);
  return out.str();
}

TraceLoadResult ParseTraceJson(std::string_view text) {
  TraceLoadResult result;
  if (text.size() > kMaxTraceFileBytes) {
    result.error = "the file is " + std::to_string(text.size()) + " bytes, more than the " +
                   std::to_string(kMaxTraceFileBytes) + " a trace may have";
    return result;
  }
  // A trace nests 5 levels (the top, rounds, a round, its values, one array); allow some slack.
  if (std::string nesting = CheckJsonNesting(text, kMaxTraceNesting); !nesting.empty()) {
    result.error = "not a ScanViz trace: " + nesting;
    return result;
  }
  json root;
  try {
    root = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    result.error = "malformed JSON (truncated file?): " + std::string(e.what());
    return result;
  } catch (const json::exception& e) {  // a number too large for a double (1e400), ...
    result.error = "malformed JSON: " + std::string(e.what());
    return result;
  }
  try {
    result.trace = trace_json::DecodeTrace(root);
  } catch (const trace_json::LoadError& e) {
    result.error = e.what();
  } catch (const json::exception& e) {
    result.error = e.what();
  }
  return result;
}

TraceLoadResult LoadTraceFile(const std::string& path) {
  const FileText file = ReadFileLimited(path, kMaxTraceFileBytes);
  if (!file.Ok()) return {std::nullopt, file.error};
  TraceLoadResult result = ParseTraceJson(file.text);
  if (!result.trace) result.error = path + ": " + result.error;
  return result;
}

std::string SaveTraceFile(const Trace& trace, const std::string& path) {
  return WriteFileAtomically(path, TraceToJson(trace));
}

}  // namespace scanviz
