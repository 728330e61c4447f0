// The "multi-gpu" form of the trace format (core/multi_gpu/multi_gpu_io.h). A rank's shard
// timeline is stored in the single-pass form (core/grid/single_pass_io.cpp), whole.
#include "core/multi_gpu/multi_gpu_io.h"

#include <sstream>

#include "core/file_io.h"
#include "core/grid/grid_io.h"
#include "core/grid/grid_json.h"
#include "core/trace_io.h"
#include "core/trace_json.h"

namespace scanviz {

using namespace trace_json;

namespace {

json EncodeRank(const GpuRank& r, ElementType type) {
  json phases = json::array();
  for (const GpuPhase& p : r.phases)
    phases.push_back({{"kind", ToString(p.kind)}, {"start", p.start}, {"end", p.end}});
  return {{"rank", r.rank},
          {"device", r.device},
          {"device_index", r.device_index},
          {"host", r.host},
          {"begin", r.begin},
          {"end", r.end},
          {"total", EncodeValue(type, r.total)},
          {"gathered", EncodeValues(type, r.gathered)},
          {"offset", EncodeValue(type, r.offset)},
          {"clock_origin", r.clock_origin},
          {"phases", std::move(phases)},
          {"shard", r.shard ? EncodeSinglePass(*r.shard) : json(nullptr)}};
}

// A phase as the view draws it: a kind, and 0 <= start <= end on the trace's one clock.
GpuPhase DecodePhase(const json& j, const std::string& at) {
  if (!j.is_object()) Fail(at, "expected a phase object");
  GpuPhase p;
  p.kind = EnumField<GpuPhaseKind>(j, "kind", at);
  p.start = Int64Field(j, "start", at);
  p.end = Int64Field(j, "end", at);
  if (p.start < 0) Fail(at + ".start", "is before 0, the aligned origin");
  if (p.end < p.start) Fail(at + ".end", "is before the phase's start");
  return p;
}

// The shard's timeline: a single-pass trace of exactly the rank's shard, in the trace's operator
// and type.
SinglePassTrace DecodeShard(const json& j, const MultiGpuTrace& t, const GpuRank& r,
                            const std::string& at) {
  if (!j.is_object()) Fail(at, "expected null or a single-pass trace");
  SinglePassTrace s;
  try {
    s = DecodeSinglePass(j);
  } catch (const LoadError& e) {
    Fail(at, e.what());
  }
  if (s.N() != r.end - r.begin)
    Fail(at, "does not hold the rank's shard of " + std::to_string(r.end - r.begin) + " elements");
  if (s.op != t.op || s.type != t.type) Fail(at, "is in another operator or type than the trace");
  return s;
}

constexpr size_t kMaxPhases = 16;

GpuRank DecodeRank(const json& j, const MultiGpuTrace& t, int place, int gpus,
                   const std::string& at) {
  if (!j.is_object()) Fail(at, "expected a rank object");
  GpuRank r;
  r.rank = IntField(j, "rank", at);
  if (r.rank < 0 || r.rank >= gpus || (place >= 0 && r.rank != place))
    Fail(at + ".rank", "is " + std::to_string(r.rank) + ", not " +
                           (place >= 0 ? "its place " + std::to_string(place)
                                       : "a rank of " + std::to_string(gpus)));
  r.device = StringField(j, "device", at);
  r.device_index = IntField(j, "device_index", at);
  r.host = StringField(j, "host", at);
  r.begin = IntField(j, "begin", at);
  r.end = IntField(j, "end", at);
  if (r.begin < 0 || r.end < r.begin || r.end > kMaxGridElements)
    Fail(at + ".end", "the shard [begin, end) is not a range of the input");
  r.total = DecodeValue(Field(j, "total", at), t.type, at + ".total");
  r.gathered = DecodeValues(j, "gathered", t.type, static_cast<size_t>(gpus), at);
  r.offset = DecodeValue(Field(j, "offset", at), t.type, at + ".offset");
  r.clock_origin = Int64Field(j, "clock_origin", at);
  const json& phases = Field(j, "phases", at);
  if (!phases.is_array() || phases.size() > kMaxPhases)
    Fail(at + ".phases", "expected at most " + std::to_string(kMaxPhases) + " phases");
  for (size_t k = 0; k < phases.size(); ++k)
    r.phases.push_back(DecodePhase(phases[k], at + ".phases[" + std::to_string(k) + "]"));
  const json& shard = Field(j, "shard", at);
  if (!shard.is_null()) r.shard = DecodeShard(shard, t, r, at + ".shard");
  return r;
}

MultiGpuTrace DecodeMeta(const json& m, int* gpus) {
  MultiGpuTrace t;
  t.strategy = EnumField<MultiGpuStrategy>(m, "strategy", "meta");
  t.op = EnumField<OpKind>(m, "op", "meta");
  t.type = EnumField<ElementType>(m, "type", "meta");
  t.inclusive = BoolField(m, "inclusive", "meta");
  t.identity = DecodeValue(Field(m, "identity", "meta"), t.type, "meta.identity");
  const double identity = DispatchOp(
      t.op, t.type, [](auto op) { return static_cast<double>(decltype(op)::Identity()); });
  if (t.identity != identity)
    Fail("meta.identity",
         "is not the identity of " + std::string(ToString(t.op)) + " on " + ToString(t.type));
  *gpus = IntField(m, "gpus", "meta");
  if (*gpus < 1 || *gpus > kMaxGpus)
    Fail("meta.gpus", std::to_string(*gpus) + " is outside 1.." + std::to_string(kMaxGpus));
  t.backend = DecodeBackend(Field(m, "backend", "meta"));
  t.measured = BoolField(m, "measured", "meta");
  t.clock = StringField(m, "clock", "meta");
  t.alignment = StringField(m, "alignment", "meta");
  t.interconnect = StringField(m, "interconnect", "meta");
  t.nccl_version = StringField(m, "nccl_version", "meta");
  return t;
}

// A whole trace's ranks are 0..P-1 in order, their shards following one another over the input.
void CheckCover(const MultiGpuTrace& t) {
  long long next = 0;
  for (const GpuRank& r : t.ranks) {
    if (r.begin != next)
      Fail("multi_gpu.ranks[" + std::to_string(r.rank) + "].begin",
           "is " + std::to_string(r.begin) + ", not " + std::to_string(next) +
               ", where the shard before it ended");
    next = r.end;
  }
  if (next != t.N())
    Fail("multi_gpu.ranks",
         "the shards end at " + std::to_string(next) + ", not at n = " + std::to_string(t.N()));
}

}  // namespace

json EncodeMultiGpu(const MultiGpuTrace& t) {
  json root;
  root["format"] = kTraceFormatName;
  root["version"] = kTraceFormatVersion;
  const int gpus = t.ranks.empty() ? 0 : static_cast<int>(t.ranks.front().gathered.size());
  root["meta"] = {{"algorithm", kMultiGpuKey},
                  {"strategy", ToString(t.strategy)},
                  {"op", ToString(t.op)},
                  {"type", ToString(t.type)},
                  {"identity", EncodeValue(t.type, t.identity)},
                  {"inclusive", t.inclusive},
                  {"n", t.N()},
                  {"gpus", gpus},
                  {"measured", t.measured},
                  {"clock", t.clock},
                  {"alignment", t.alignment},
                  {"interconnect", t.interconnect},
                  {"nccl_version", t.nccl_version},
                  {"backend", EncodeBackend(t.backend)}};
  root["input"] = EncodeValues(t.type, t.input);
  json ranks = json::array();
  for (const GpuRank& r : t.ranks) ranks.push_back(EncodeRank(r, t.type));
  root["multi_gpu"] = {{"output", EncodeValues(t.type, t.output)}, {"ranks", std::move(ranks)}};
  return root;
}

MultiGpuTrace DecodeMultiGpu(const json& root, bool part) {
  const json& m = Field(root, "meta", "");
  int gpus = 0;
  MultiGpuTrace t = DecodeMeta(m, &gpus);
  const int n = IntField(m, "n", "meta");
  if (n < (part ? 0 : 1) || n > kMaxGridElements)
    Fail("meta.n", std::to_string(n) + " is outside " + (part ? "0" : "1") + ".." +
                       std::to_string(kMaxGridElements));
  t.input = DecodeValues(root, "input", t.type, static_cast<size_t>(n), "");
  const json& mg = Field(root, "multi_gpu", "");
  t.output = DecodeValues(mg, "output", t.type, static_cast<size_t>(n), "multi_gpu");
  const json& ranks = Field(mg, "ranks", "multi_gpu");
  const size_t want = part ? 1 : static_cast<size_t>(gpus);
  if (!ranks.is_array() || ranks.size() != want)
    Fail("multi_gpu.ranks", part ? "a rank's part holds exactly one rank"
                                 : "expected " + std::to_string(gpus) + " ranks");
  for (size_t k = 0; k < ranks.size(); ++k)
    t.ranks.push_back(DecodeRank(ranks[k], t, part ? -1 : static_cast<int>(k), gpus,
                                 "multi_gpu.ranks[" + std::to_string(k) + "]"));
  if (part && t.ranks[0].end - t.ranks[0].begin != n)
    Fail("meta.n", "a rank's part holds its shard: " +
                       std::to_string(t.ranks[0].end - t.ranks[0].begin) + " elements");
  if (!part) CheckCover(t);
  return t;
}

void WriteMultiGpuJson(const MultiGpuTrace& trace, std::ostream& out, bool pretty) {
  out << EncodeMultiGpu(trace).dump(pretty ? 1 : -1) << '\n';
}

std::string SaveMultiGpuFile(const MultiGpuTrace& trace, const std::string& path) {
  std::ostringstream out;
  WriteMultiGpuJson(trace, out, false);
  return WriteFileAtomically(path, out.str());
}

std::optional<MultiGpuTrace> ParseMultiGpuPartJson(std::string_view text, std::string* why) {
  const JsonRead read = ReadJson(text, TraceJsonLimits(kMaxGridNesting));
  std::string error = read.Ok() ? read.unknown : ReadError(read);
  if (error.empty()) {
    try {
      if (IntField(read.value, "version", "") != kTraceFormatVersion ||
          StringField(Field(read.value, "meta", ""), "algorithm", "meta") != kMultiGpuKey)
        Fail("meta.algorithm", "not a rank's part of a multi-gpu trace");
      return DecodeMultiGpu(read.value, /*part=*/true);
    } catch (const LoadError& e) {
      error = e.what();
    } catch (const json::exception& e) {
      error = e.what();
    }
  }
  if (why) *why = error;
  return std::nullopt;
}

std::optional<MultiGpuTrace> LoadMultiGpuPartFile(const std::string& path, std::string* why) {
  const FileText file = ReadFileLimited(path, kMaxTraceFileBytes);
  if (!file.Ok()) {
    if (why) *why = path + ": " + file.error;
    return std::nullopt;
  }
  std::optional<MultiGpuTrace> part = ParseMultiGpuPartJson(file.text, why);
  if (!part && why) *why = path + ": " + *why;
  return part;
}

}  // namespace scanviz
