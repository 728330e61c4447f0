// Reading a single-block trace file (docs/trace-format.md, versions 1 and 2), checked as it is
// read: the metadata against the scan it names, the arrays against the algorithm's, each round
// against the driver's schedule, and the defined cells against the writes. Whatever is loaded
// needs no second check; the first thing wrong throws LoadError, naming its place.
#include <cmath>
#include <string>
#include <vector>

#include "core/analysis.h"
#include "core/quote.h"
#include "core/registry.h"
#include "core/schedule.h"
#include "core/simulator.h"
#include "core/trace_io.h"
#include "core/trace_json.h"

namespace scanviz::trace_json {
namespace {

// The size of the array an access names, for its bounds check: the input has n cells.
int AccessLimit(const Trace& trace, int array) {
  if (array == kReservedArray) return kReservedCells;
  return array == kInputArray ? trace.meta.n : trace.arrays[static_cast<size_t>(array)].size;
}

// The action's kind, and the shape both versions share: null (idle) or [kind, [reads], [writes]].
ThreadAction DecodeActionKind(const json& v, const std::string& where) {
  ThreadAction a;
  if (!v.is_array() || v.size() != 3 || !v[0].is_string() || !v[1].is_array() || !v[2].is_array() ||
      v[1].size() > 2 || v[2].size() > 2)
    Fail(where, "expected null or [kind, [reads], [writes]]");
  if (!Parse(v[0].get<std::string>(), &a.kind) || a.kind == ActionKind::kIdle)
    Fail(where, "unknown action " + QuoteForMessage(v[0].get<std::string>()));
  return a;
}

// The array of an access: an index into the trace's arrays, "input" or "reserved" (read only).
int DecodeAccessArray(const json& array, bool write, int arrays, const std::string& where) {
  if (array.is_string() && array == "input") {
    if (write) Fail(where, "writes to the input");
    return kInputArray;
  }
  if (array.is_string() && array == "reserved") {
    if (write) Fail(where, "writes to the reserved shared memory");
    return kReservedArray;
  }
  long long index = 0;
  if (!IntegerIn(array, 0, arrays - 1, &index)) Fail(where, "array out of range");
  return static_cast<int>(index);
}

// Version 2: [kind, [[array, pos], ...], [[array, pos], ...]].
ThreadAction DecodeAction(const json& v, const Trace& trace, const std::string& where) {
  if (v.is_null()) return {};
  ThreadAction a = DecodeActionKind(v, where);
  const int arrays = static_cast<int>(trace.arrays.size());
  for (int dir = 1; dir <= 2; ++dir) {
    for (size_t k = 0; k < v[dir].size(); ++k) {
      const json& access = v[dir][k];
      if (!access.is_array() || access.size() != 2)
        Fail(where, "expected an access [array, position]");
      const int array = DecodeAccessArray(access[0], dir == 2, arrays, where);
      long long pos = 0;
      if (!IntegerIn(access[1], 0, AccessLimit(trace, array) - 1, &pos))
        Fail(where, "position out of range");
      (dir == 1 ? a.read_array : a.write_array)[k] = static_cast<std::int8_t>(array);
      (dir == 1 ? a.read : a.write)[k] = static_cast<int>(pos);
    }
  }
  return a;
}

// Version 1: [kind, [positions read], [positions written]]; reads come from the round's pin (the
// input for the load, and for Blelloch's add-input its second read), writes go to its pout.
ThreadAction DecodeActionV1(const json& v, const Trace& trace, const RoundSpec& spec,
                            const std::string& where) {
  if (v.is_null()) return {};
  ThreadAction a = DecodeActionKind(v, where);
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
      if (!IntegerIn(p, 0, AccessLimit(trace, array) - 1, &pos))
        Fail(where, "position out of range");
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

// [SECTION] The header: format, version and metadata

// The format's version, 1 or kTraceFormatVersion.
int DecodeVersion(const json& root) {
  if (!root.is_object()) Fail("", "the top level is not a JSON object");
  auto format = root.find("format");
  if (format == root.end() || !format->is_string() || *format != kTraceFormatName)
    Fail("", "not a ScanViz trace (missing \"format\": \"scanviz-trace\")");
  const int version = IntField(root, "version", "");
  if (version != 1 && version != kTraceFormatVersion) {
    Fail("", "unsupported trace format version " + std::to_string(version) +
                 " (this build reads versions 1 and " + std::to_string(kTraceFormatVersion) + ")");
  }
  return version;
}

// The mistakes lab's runs say which mistake and which thread order made them (absent: none).
void DecodeMistakeRun(const json& m, TraceMeta* meta) {
  if (m.contains("mistake")) {
    const std::string key = StringField(m, "mistake", "meta");
    const MistakeInfo* mistake = FindMistake(meta->algorithm, key);
    if (mistake == nullptr)
      Fail("meta.mistake",
           QuoteForMessage(key) + " is not a mistake of " + DisplayName(meta->algorithm));
    meta->mistake = mistake->id;
  }
  if (m.contains("thread_order")) {
    meta->thread_order = StringField(m, "thread_order", "meta");
    SimulatorOptions order;
    if (!ParseThreadOrder(meta->thread_order, &order))
      Fail("meta.thread_order", QuoteForMessage(meta->thread_order) + " is not a thread order");
  }
}

// The identity is the operator's: a file that says otherwise was written wrong or edited.
void DecodeIdentity(const json& m, const TraceMeta& want, TraceMeta* meta) {
  meta->identity = DecodeValue(Field(m, "identity", "meta"), meta->type, "meta.identity");
  // Bit for bit: -0 is not the identity of float addition's 0, even though -0 == 0.
  if (meta->identity != want.identity ||
      std::signbit(meta->identity) != std::signbit(want.identity)) {
    Fail("meta.identity", FormatValue(meta->type, meta->identity) + ", but the identity of " +
                              ToString(meta->op) + " on " + ToString(meta->type) + " is " +
                              FormatValue(meta->type, want.identity));
  }
}

// The sizes follow from the algorithm and n; a file must state the same ones.
void DecodeSizes(const json& m, const TraceMeta& want, bool v1, TraceMeta* meta) {
  struct SizeField {
    const char* key;
    int* field;
    int expected;
  };
  std::vector<SizeField> sizes = {{"padded_n", &meta->padded_n, want.padded_n},
                                  {"block_size", &meta->block_size, want.block_size}};
  if (v1) {
    sizes.push_back({"buffer_count", &meta->buffer_count, want.buffer_count});
  } else {
    sizes.push_back({"block_count", &meta->block_count, 1});
    meta->buffer_count = want.buffer_count;
  }
  for (const SizeField& s : sizes) {
    *s.field = IntField(m, s.key, "meta");
    if (*s.field != s.expected) {
      Fail(std::string("meta.") + s.key,
           std::to_string(*s.field) + ", but a " + ToString(meta->algorithm) + " scan of " +
               std::to_string(meta->n) + " elements has " + std::to_string(s.expected));
    }
  }
}

TraceMeta DecodeMeta(const json& m, int version) {
  const bool v1 = version == 1;
  TraceMeta meta;
  meta.algorithm = EnumField<Algorithm>(m, "algorithm", "meta");
  // A fact of the version 1 format, not a property of the algorithms (so not the registry's):
  // version 1 was frozen before the registry grew past the chapters' two, and this build writes
  // only version 2. The list stays as the format had it, whatever the registry holds.
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
  DecodeMistakeRun(m, &meta);
  ScanRequest request{meta.algorithm, meta.op, meta.type, {}, meta.converted};
  request.input.resize(static_cast<size_t>(meta.n));
  const TraceMeta want = MakeMeta(request);
  meta.format_version = version;
  DecodeIdentity(m, want, &meta);
  DecodeSizes(m, want, v1, &meta);
  meta.backend = DecodeBackend(Field(m, "backend", "meta"));
  return meta;
}

// [SECTION] The input and the arrays

std::vector<double> DecodeInput(const json& input, const TraceMeta& meta) {
  if (!input.is_array() || static_cast<int>(input.size()) != meta.n) {
    Fail("input", "has " + std::to_string(input.is_array() ? input.size() : 0) +
                      " values, but meta.n is " + std::to_string(meta.n));
  }
  std::vector<double> values;
  for (int i = 0; i < meta.n; ++i)
    values.push_back(
        DecodeValue(input[static_cast<size_t>(i)], meta.type, "input[" + std::to_string(i) + "]"));
  return values;
}

// The arrays are the algorithm's: a file may not invent, drop or resize one.
void CheckArrays(const json& arrays, const Trace& trace) {
  const TraceMeta& meta = trace.meta;
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
      Fail(where, QuoteForMessage(name) + " (" + ToString(space) + ", " + std::to_string(size) +
                      "), but a " + ToString(meta.algorithm) + " scan of " +
                      std::to_string(meta.n) + " elements has " + d.name + " (" +
                      ToString(d.space) + ", " + std::to_string(d.size) + ")");
    }
  }
}

// [SECTION] The rounds

void CheckRoundCount(const json& rounds, const json& m, const TraceMeta& meta,
                     const std::vector<RoundSpec>& schedule) {
  if (!rounds.is_array()) Fail("rounds", "expected an array");
  if (rounds.size() == schedule.size()) return;
  // A version 1 file that lost its "converted" (rather than one written before the flag
  // existed) has the conversion round that the flag would have announced: name the flag.
  if (meta.format_version == 1 && !m.contains("converted") &&
      rounds.size() == RoundSchedule(meta.algorithm, meta.n, /*convert=*/true).size()) {
    Fail("meta.converted", "missing, but the file has the " + std::to_string(rounds.size()) +
                               " rounds of a converted scan");
  }
  Fail("rounds", "the file has " + std::to_string(rounds.size()) + " rounds, but a " +
                     ToString(meta.algorithm) + " scan of " + std::to_string(meta.n) +
                     " elements records " + std::to_string(schedule.size()) +
                     " (truncated or edited?)");
}

// The round's spec as the file states it, which must be the schedule's round `s`.
RoundSpec DecodeRoundSpec(const json& jr, const RoundSpec& s, const TraceMeta& meta,
                          const std::string& where) {
  const bool v1 = meta.format_version == 1;
  RoundSpec spec;
  const std::string phase = StringField(jr, "phase", where);
  if (!ParsePhase(meta.algorithm, phase, &spec.phase))
    Fail(where + ".phase", "unknown value " + QuoteForMessage(phase));
  // The round's number within its phase: "phase_round" (version 1 said "step", which clashes
  // with the chapters' word for the staging and seed steps).
  spec.phase_round = IntField(jr, v1 ? "step" : "phase_round", where);
  spec.stride = IntField(jr, "stride", where);
  const json& pin = Field(jr, "pin", where);
  spec.pin = pin.is_null() ? kInputArray : IntField(jr, "pin", where);
  spec.pout = IntField(jr, "pout", where);
  spec.level = v1 ? s.level : EnumField<Level>(jr, "level", where);
  spec.block = v1 ? 0 : IntField(jr, "block", where);
  spec.working = s.working;
  if (spec.phase != s.phase || spec.phase_round != s.phase_round || spec.stride != s.stride ||
      spec.pin != s.pin || spec.pout != s.pout || spec.level != s.level || spec.block != s.block) {
    // The level is named only when it is what differs, to keep the usual message short.
    const bool level = spec.level != s.level;
    Fail(where, std::string("is ") + phase + " stride " + std::to_string(spec.stride) +
                    (level ? std::string(" at ") + ToString(spec.level) + " level" : "") +
                    ", but the metadata's scan has " + PhaseName(meta.algorithm, s.phase) +
                    " stride " + std::to_string(s.stride) +
                    (level ? std::string(" at ") + ToString(s.level) + " level" : "") + " here");
  }
  return spec;
}

// The round's snapshot of every array; returns which arrays the file recorded (version 2 may
// leave one out as null: it holds what it held after `previous`, the round before).
std::vector<std::uint8_t> DecodeSnapshots(const json& jr, const Trace& trace, const Round* previous,
                                          const std::string& where, Round* round) {
  const bool v1 = trace.meta.format_version == 1;
  const size_t array_count = trace.arrays.size();
  const json& snapshots = Field(jr, v1 ? "buffers" : "values", where);
  if (!snapshots.is_array() || snapshots.size() != array_count)
    Fail(where + (v1 ? ".buffers" : ".values"),
         "expected " + std::to_string(array_count) + " arrays");
  round->buffers.resize(array_count);
  round->defined.resize(array_count);
  std::vector<std::uint8_t> recorded(array_count, 1);
  for (size_t a = 0; a < array_count; ++a) {
    const std::string aw = where + (v1 ? ".buffers[" : ".values[") + std::to_string(a) + "]";
    if (!v1 && snapshots[a].is_null()) {
      if (previous == nullptr) Fail(aw, "the first round records every array");
      round->buffers[a] = previous->buffers[a];
      round->defined[a] = previous->defined[a];
      recorded[a] = 0;
      continue;
    }
    DecodeCells(snapshots[a], trace.arrays[a], trace.meta.type, aw, &round->buffers[a],
                &round->defined[a]);
  }
  return recorded;
}

// Measured on a GPU (absent: not).
void DecodeCycles(const json& jr, const std::string& where, Round* round) {
  for (const char* key : {"cycles", "padded_cycles"}) {
    if (!jr.contains(key)) continue;
    const json& c = jr[key];
    if (!c.is_number() || !(c.get<double>() >= 0) || !(c.get<double>() < 1e15))
      Fail(where + "." + key, "expected a number of clock cycles, 0 or more");
    (std::string_view(key) == "cycles" ? round->cycles : round->padded_cycles) = c.get<double>();
  }
}

void DecodeActions(const json& jr, const Trace& trace, const std::string& where, Round* round) {
  const bool v1 = trace.meta.format_version == 1;
  const int block_size = trace.meta.block_size;
  const json& actions = Field(jr, "actions", where);
  if (!actions.is_array() || static_cast<int>(actions.size()) != block_size)
    Fail(where + ".actions", "expected " + std::to_string(block_size) + " threads");
  for (int t = 0; t < block_size; ++t) {
    const std::string aw = where + ".actions[" + std::to_string(t) + "]";
    const json& ja = actions[static_cast<size_t>(t)];
    round->actions.push_back(v1 ? DecodeActionV1(ja, trace, round->spec, aw)
                                : DecodeAction(ja, trace, aw));
  }
}

// A cell is defined exactly when some recorded write reached it, in this round or before: null
// cells and the actions must tell the same story. `written` carries the writes so far.
void CheckDefinedCells(const Round& round, const std::vector<std::uint8_t>& recorded, bool v1,
                       const std::string& where, std::vector<std::vector<std::uint8_t>>* written) {
  for (const ThreadAction& a : round.actions) {
    for (int k = 0; k < 2; ++k) {
      if (a.write[k] < 0) continue;
      const size_t array = static_cast<size_t>(a.write_array[k]);
      if (!recorded[array])
        Fail(where + ".values[" + std::to_string(array) + "]", "is not recorded, but written");
      (*written)[array][static_cast<size_t>(a.write[k])] = 1;
    }
  }
  for (size_t a = 0; a < written->size(); ++a) {
    for (size_t i = 0; i < (*written)[a].size(); ++i) {
      if ((*written)[a][i] != round.defined[a][i]) {
        Fail(where + (v1 ? ".buffers[" : ".values[") + std::to_string(a) + "][" +
                 std::to_string(i) + "]",
             (*written)[a][i] ? "is null, but a thread has written it"
                              : "has a value, but no thread has written it yet");
      }
    }
  }
}

void DecodeRounds(const json& rounds, const std::vector<RoundSpec>& schedule, Trace* trace) {
  const bool v1 = trace->meta.format_version == 1;
  std::vector<std::vector<std::uint8_t>> written(trace->arrays.size());
  for (size_t a = 0; a < written.size(); ++a)
    written[a].assign(static_cast<size_t>(trace->arrays[a].size), 0);
  for (size_t r = 0; r < schedule.size(); ++r) {
    const std::string where = "rounds[" + std::to_string(r) + "]";
    const json& jr = rounds[r];
    Round round;
    round.spec = DecodeRoundSpec(jr, schedule[r], trace->meta, where);
    const Round* previous = r == 0 ? nullptr : &trace->rounds.back();
    const std::vector<std::uint8_t> recorded = DecodeSnapshots(jr, *trace, previous, where, &round);
    DecodeCycles(jr, where, &round);
    DecodeActions(jr, *trace, where, &round);
    CheckDefinedCells(round, recorded, v1, where, &written);
    trace->rounds.push_back(std::move(round));
  }
}

}  // namespace

Trace DecodeTrace(const json& root) {
  const int version = DecodeVersion(root);
  Trace trace;
  const json& m = Field(root, "meta", "");
  trace.meta = DecodeMeta(m, version);
  const TraceMeta& meta = trace.meta;
  trace.input = DecodeInput(Field(root, "input", ""), meta);
  trace.arrays = Info(meta.algorithm).arrays(meta.n, meta.converted);
  if (version != 1) CheckArrays(Field(root, "arrays", ""), trace);
  const std::vector<RoundSpec> schedule =
      RoundSchedule(meta.algorithm, meta.n, meta.converted, meta.mistake);
  const json& rounds = Field(root, "rounds", "");
  CheckRoundCount(rounds, m, meta, schedule);
  DecodeRounds(rounds, schedule, &trace);
  return trace;
}

}  // namespace scanviz::trace_json
