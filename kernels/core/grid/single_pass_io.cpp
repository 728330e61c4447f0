// Single-pass trace files: the trace format's "single-pass" form (docs/trace-format.md): the
// metadata, the input, each tile's own scan and record (times, aggregate, prefixes, the look-back's
// reads) and the output. Loading validates the shape (tile count, the reads' bounds) and never
// half-loads; `scanviz-cli check` then checks what the values mean (CheckSinglePass).
#include <sstream>

#include "core/file_io.h"
#include "core/grid/grid_io.h"
#include "core/quote.h"
#include "core/trace_io.h"
#include "core/trace_json.h"

namespace scanviz {

using namespace trace_json;

namespace {

json EncodeValues(ElementType type, const std::vector<double>& values) {
  json out = json::array();
  for (double v : values) out.push_back(EncodeValue(type, v));
  return out;
}

std::vector<double> DecodeValues(const json& object, const char* key, ElementType type, size_t size,
                                 const std::string& where) {
  const json& v = Field(object, key, where);
  const std::string at = where + "." + key;
  if (!v.is_array() || v.size() != size) Fail(at, "expected " + std::to_string(size) + " values");
  std::vector<double> out;
  out.reserve(size);
  for (size_t i = 0; i < size; ++i)
    out.push_back(DecodeValue(v[i], type, at + "[" + std::to_string(i) + "]"));
  return out;
}

json EncodeTile(const TileRecord& r, ElementType type) {
  json reads = json::array();
  for (const LookRead& x : r.reads)
    reads.push_back({{"tile", x.predecessor},
                     {"flag", x.flag},
                     {"value", EncodeValue(type, x.value)},
                     {"time", x.time},
                     {"reads", x.reads}});
  return {{"tile", r.tile},
          {"block", r.block},
          {"sm", r.sm},
          {"start", r.start},
          {"published_a", r.published_a},
          {"published_p", r.published_p},
          {"end", r.end},
          {"waited", r.waited},
          {"aggregate", EncodeValue(type, r.aggregate)},
          {"exclusive", EncodeValue(type, r.exclusive)},
          {"inclusive", EncodeValue(type, r.inclusive)},
          {"total_reads", r.total_reads},
          {"reads", std::move(reads)}};
}

// A tile's times as the timeline draws them, on a plot from 0 to the last tile's end (the app
// draws a file without CheckSinglePass): not before 0 (the first tile's start), in order (start,
// A, P, end; tile 0 may publish P at once, its A -1), each read within the look-back, from A to
// P. Every recorded trace has them so: one SM's clock, relative to the earliest start.
void CheckTimes(const TileRecord& r, int place, const std::string& at) {
  if (r.start < 0) Fail(at + ".start", "is before 0, the first tile's start");
  if (r.published_p < r.start || r.published_p > r.end)
    Fail(at + ".published_p", "is not between the tile's start and end");
  if ((place > 0 || r.published_a != -1) &&
      (r.published_a < r.start || r.published_a > r.published_p))
    Fail(at + ".published_a", place > 0 ? "is not between the tile's start and published_p"
                                        : "is neither -1 nor between start and published_p");
  for (size_t k = 0; k < r.reads.size(); ++k)
    if (r.reads[k].time < r.published_a || r.reads[k].time > r.published_p)
      Fail(at + ".reads[" + std::to_string(k) + "].time",
           "is not between the tile's published_a and published_p");
}

// The record in place `place` of the list, which must be that tile's. The timeline indexes its rows
// by `tile` and the look-back finds a predecessor's record at its index, so both are checked here,
// not left to `scanviz-cli check`.
TileRecord DecodeTile(const json& j, ElementType type, int place, int tiles, TileOrder order,
                      const std::string& at) {
  if (!j.is_object()) Fail(at, "expected a tile object");
  TileRecord r;
  r.tile = IntField(j, "tile", at);
  if (r.tile != place)
    Fail(at + ".tile", "is " + std::to_string(r.tile) + ", not its place " + std::to_string(place));
  r.block = IntField(j, "block", at);
  if (r.block < 0 || r.block >= tiles) Fail(at + ".block", "is not a block of the launch");
  if (order == TileOrder::kBlockIdx && r.block != r.tile)
    Fail(at + ".block", "in blockIdx order, block " + std::to_string(r.tile) + " scans tile " +
                            std::to_string(r.tile));
  r.sm = IntField(j, "sm", at);
  r.start = Int64Field(j, "start", at);
  r.published_a = Int64Field(j, "published_a", at);
  r.published_p = Int64Field(j, "published_p", at);
  r.end = Int64Field(j, "end", at);
  r.waited = Int64Field(j, "waited", at);
  if (r.waited < 0) Fail(at + ".waited", "is negative");
  r.aggregate = DecodeValue(Field(j, "aggregate", at), type, at + ".aggregate");
  r.exclusive = DecodeValue(Field(j, "exclusive", at), type, at + ".exclusive");
  r.inclusive = DecodeValue(Field(j, "inclusive", at), type, at + ".inclusive");
  r.total_reads = IntField(j, "total_reads", at);
  const json& reads = Field(j, "reads", at);
  if (!reads.is_array() || reads.size() > static_cast<size_t>(kMaxRecordedReads))
    Fail(at + ".reads", "expected at most " + std::to_string(kMaxRecordedReads) + " reads");
  long long recorded = 0;
  for (size_t k = 0; k < reads.size(); ++k) {
    const std::string rk = at + ".reads[" + std::to_string(k) + "]";
    if (!reads[k].is_object()) Fail(rk, "expected a read object");
    LookRead x;
    x.predecessor = IntField(reads[k], "tile", rk);
    if (x.predecessor < 0 || x.predecessor >= r.tile) Fail(rk + ".tile", "is not a predecessor");
    x.flag = IntField(reads[k], "flag", rk);
    if (x.flag < 0 || x.flag > 2) Fail(rk + ".flag", "expected 0 (X), 1 (A) or 2 (P)");
    x.value = DecodeValue(Field(reads[k], "value", rk), type, rk + ".value");
    x.time = Int64Field(reads[k], "time", rk);
    x.reads = IntField(reads[k], "reads", rk);
    if (x.reads < 1) Fail(rk + ".reads", "expected at least 1");
    recorded += x.reads;
    r.reads.push_back(x);
  }
  // total_reads counts every read, the recorded ones included.
  if (r.total_reads < recorded)
    Fail(at + ".total_reads", "is fewer than the " + std::to_string(recorded) + " reads recorded");
  CheckTimes(r, place, at);
  return r;
}

}  // namespace

json EncodeSinglePass(const SinglePassTrace& t) {
  json root;
  root["format"] = kTraceFormatName;
  root["version"] = kTraceFormatVersion;
  root["meta"] = {{"algorithm", kSinglePassKey},
                  {"block_algorithm", ToString(t.block_algorithm)},
                  {"tile_size", t.tile_size},
                  {"op", ToString(t.op)},
                  {"type", ToString(t.type)},
                  {"identity", EncodeValue(t.type, t.identity)},
                  {"n", t.N()},
                  {"tile_count", t.TileCount()},
                  {"converted", t.converted},
                  {"tile_order", ToString(t.order)},
                  {"measured", t.measured},
                  {"clock", t.clock},
                  {"backend", EncodeBackend(t.backend)}};
  // Only a shard with a prefix carried in has it: every other file stays as it was.
  if (t.carry_in) root["meta"]["carry_in"] = EncodeValue(t.type, *t.carry_in);
  root["input"] = EncodeValues(t.type, t.input);
  json tiles = json::array();
  for (const TileRecord& r : t.tiles) tiles.push_back(EncodeTile(r, t.type));
  root["single_pass"] = {{"tile_output", EncodeValues(t.type, t.tile_output)},
                         {"tiles", std::move(tiles)},
                         {"output", EncodeValues(t.type, t.output)}};
  return root;
}

SinglePassTrace DecodeSinglePass(const json& root) {
  const json& m = Field(root, "meta", "");
  SinglePassRequest request;
  const std::string block_key = StringField(m, "block_algorithm", "meta");
  if (!Parse(block_key, &request.block_algorithm) || !IsGridBlockAlgorithm(request.block_algorithm))
    Fail("meta.block_algorithm",
         QuoteForMessage(block_key) + ": expected " + GridBlockAlgorithmKeys());
  request.tile_size = IntField(m, "tile_size", "meta");
  if (!Parse(StringField(m, "op", "meta"), &request.op)) Fail("meta.op", "unknown operator");
  if (!Parse(StringField(m, "type", "meta"), &request.type)) Fail("meta.type", "unknown type");
  if (!Parse(StringField(m, "tile_order", "meta"), &request.order))
    Fail("meta.tile_order", "expected \"blockidx\" or \"ticket\"");
  request.convert = BoolField(m, "converted", "meta");
  const int n = IntField(m, "n", "meta");
  if (n < 1 || n > kMaxGridElements)
    Fail("meta.n", std::to_string(n) + " is outside 1.." + std::to_string(kMaxGridElements));
  request.input = DecodeValues(root, "input", request.type, static_cast<size_t>(n), "");
  if (m.contains("carry_in"))
    request.carry_in = DecodeValue(m["carry_in"], request.type, "meta.carry_in");
  if (std::string error = ValidateSinglePassRequest(request); !error.empty()) Fail("meta", error);
  SinglePassTrace t = MakeSinglePassTrace(request, DecodeBackend(Field(m, "backend", "meta")));
  t.measured = BoolField(m, "measured", "meta");
  t.clock = StringField(m, "clock", "meta");
  if (DecodeValue(Field(m, "identity", "meta"), t.type, "meta.identity") != t.identity)
    Fail("meta.identity",
         "is not the identity of " + std::string(ToString(t.op)) + " on " + ToString(t.type));
  const int tiles = (n + t.tile_size - 1) / t.tile_size;
  if (IntField(m, "tile_count", "meta") != tiles)
    Fail("meta.tile_count", std::to_string(n) + " elements in tiles of " +
                                std::to_string(t.tile_size) + " make " + std::to_string(tiles));
  const json& sp = Field(root, "single_pass", "");
  t.tile_output = DecodeValues(sp, "tile_output", t.type, static_cast<size_t>(n), "single_pass");
  t.output = DecodeValues(sp, "output", t.type, static_cast<size_t>(n), "single_pass");
  const json& jt = Field(sp, "tiles", "single_pass");
  if (!jt.is_array() || static_cast<int>(jt.size()) != tiles)
    Fail("single_pass.tiles", "expected " + std::to_string(tiles) + " tiles");
  // In ticket order the blocks take the tiles in any order, but each block scans exactly one.
  std::vector<bool> block_seen(static_cast<size_t>(tiles), false);
  for (int k = 0; k < tiles; ++k) {
    const std::string at = "single_pass.tiles[" + std::to_string(k) + "]";
    t.tiles.push_back(DecodeTile(jt[static_cast<size_t>(k)], t.type, k, tiles, t.order, at));
    const auto block = static_cast<size_t>(t.tiles.back().block);
    if (block_seen[block]) Fail(at + ".block", "scans a second tile");
    block_seen[block] = true;
  }
  return t;
}

void WriteSinglePassJson(const SinglePassTrace& trace, std::ostream& out, bool pretty) {
  out << EncodeSinglePass(trace).dump(pretty ? 1 : -1) << '\n';
}

std::string SaveSinglePassFile(const SinglePassTrace& trace, const std::string& path) {
  std::ostringstream out;
  WriteSinglePassJson(trace, out, false);
  return WriteFileAtomically(path, out.str());
}

}  // namespace scanviz
