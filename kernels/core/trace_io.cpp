// The single-block trace file (docs/trace-format.md): writing it (version 2), and the front door
// of reading it (limits, JSON, then trace_decode.cpp's checked decoding).
#include "core/trace_io.h"

#include <new>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/file_io.h"
#include "core/registry.h"
#include "core/trace_json.h"

namespace scanviz {
namespace trace_json {
namespace {

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

}  // namespace

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

const JsonKeys& TraceFileKeys() {
  // What the decoders read (trace_decode.cpp, trace_json.cpp, grid/grid_io.cpp,
  // grid/single_pass_io.cpp, applications/application_io.cpp), version 1's names included.
  static const JsonKeys keys = {
      // the top level, the metadata and the backend
      "format", "version", "meta", "input", "arrays", "rounds", "grid", "output", "algorithm", "op",
      "type", "identity", "n", "padded_n", "block_size", "block_count", "buffer_count", "converted",
      "backend", "mistake", "thread_order", "block_algorithm", "kind", "device", "compute_major",
      "compute_minor", "driver_version", "runtime_version",
      // a single block's arrays and rounds
      "name", "space", "size", "phase", "phase_round", "step", "stride", "level", "block", "pin",
      "pout", "values", "buffers", "actions", "cycles", "padded_cycles",
      // a grid
      "blocks", "block_output", "sums", "sums_scan", "depth",
      // a single-pass trace
      "single_pass", "tile_size", "tile_count", "tile_order", "tiles", "tile", "tile_output",
      "measured", "clock", "sm", "start", "end", "time", "flag", "value", "aggregate", "inclusive",
      "exclusive", "published_a", "published_p", "reads", "total_reads", "waited",
      // an application
      "keep", "bit", "bits", "keys", "flags", "scan", "passes", "total", "sign_flipped",
      // the scan across GPUs (core/multi_gpu/multi_gpu_io.cpp) and a shard's carried-in prefix
      "carry_in", "strategy", "gpus", "alignment", "interconnect", "nccl_version", "multi_gpu",
      "ranks", "rank", "device_index", "host", "begin", "gathered", "offset", "phases", "shard",
      "clock_origin"};
  return keys;
}

namespace trace_json {

std::string ReadError(const JsonRead& read) {
  switch (read.problem) {
    case JsonRead::Problem::kSyntax:
      return "malformed JSON (truncated file?): " + read.error;
    case JsonRead::Problem::kRange:
      return "malformed JSON: " + read.error;
    case JsonRead::Problem::kShape:
      return "not a ScanViz trace: " + read.error;
    case JsonRead::Problem::kNone:
    case JsonRead::Problem::kMemory:
      break;
  }
  return read.error;
}

}  // namespace trace_json

std::size_t TraceArrayBound(std::string_view key) {
  return key == "rounds" ? kMaxTraceRoundsListed : kMaxTraceArrayElements;
}

JsonLimits TraceJsonLimits(int max_depth) {
  JsonLimits limits;
  limits.max_depth = max_depth;
  limits.known = &TraceFileKeys();
  limits.bytes_per_byte = kTraceJsonBytesPerByte;
  limits.base_bytes = kTraceJsonBaseBytes;
  limits.max_elements = &TraceArrayBound;
  return limits;
}

TraceLoadResult ParseTraceJson(std::string_view text) {
  TraceLoadResult result;
  if (text.size() > kMaxTraceFileBytes) {
    result.error = "the file is " + std::to_string(text.size()) + " bytes, more than the " +
                   std::to_string(kMaxTraceFileBytes) + " a trace may have";
    return result;
  }
  // A trace nests 5 levels (the top, rounds, a round, its values, one array); allow some slack.
  const JsonRead read = ReadJson(text, TraceJsonLimits(kMaxTraceNesting));
  if (!read.Ok()) {
    result.error = trace_json::ReadError(read);
    return result;
  }
  try {
    result = DecodeTraceJson(read.value);
  } catch (const std::bad_alloc&) {
    result.error = NoMemoryError(text.size());
  }
  if (result.trace && !read.unknown.empty()) {
    result.trace.reset();
    result.error = "not a ScanViz trace: " + read.unknown;
  }
  return result;
}

TraceLoadResult DecodeTraceJson(const nlohmann::json& root) {
  TraceLoadResult result;
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
