#include "core/grid/grid_io.h"

#include <sstream>

#include "core/file_io.h"
#include "core/grid/grid_json.h"
#include "core/quote.h"
#include "core/trace_io.h"
#include "core/trace_json.h"

namespace scanviz {
namespace trace_json {

json EncodeValues(ElementType type, const std::vector<double>& values) {
  json out = json::array();
  for (double v : values) out.push_back(EncodeValue(type, v));
  return out;
}

namespace {

json EncodeGridMeta(const GridTrace& t) {
  return {{"algorithm", kMultiBlockKey},
          {"block_algorithm", ToString(t.block_algorithm)},
          {"block_size", t.block_size},
          {"op", ToString(t.op)},
          {"type", ToString(t.type)},
          {"identity", EncodeValue(t.type, t.identity)},
          {"n", t.N()},
          {"block_count", t.BlockCount()},
          {"converted", t.converted},
          {"depth", t.depth},
          {"backend", EncodeBackend(t.backend)}};
}

}  // namespace

json EncodeGrid(const GridTrace& t) {
  json root;
  root["format"] = kTraceFormatName;
  root["version"] = kTraceFormatVersion;
  root["meta"] = EncodeGridMeta(t);
  root["input"] = EncodeValues(t.type, t.input);
  json blocks = json::array();
  for (const Trace& b : t.blocks) blocks.push_back(EncodeTrace(b));
  root["grid"] = {{"blocks", std::move(blocks)},
                  {"block_output", EncodeValues(t.type, t.block_output)},
                  {"sums", EncodeValues(t.type, t.sums)},
                  {"sums_scan", t.sums_scan.empty() ? json(nullptr) : EncodeGrid(t.sums_scan[0])},
                  {"output", EncodeValues(t.type, t.output)}};
  return root;
}

void AppendGridJson(const GridTrace& t, std::string* out) {
  // The keys in the order nlohmann's dump writes an object's, sorted; each value as it dumps it.
  *out += "{\"format\":" + json(kTraceFormatName).dump();
  *out += ",\"grid\":{\"block_output\":" + EncodeValues(t.type, t.block_output).dump();
  *out += ",\"blocks\":[";
  for (size_t b = 0; b < t.blocks.size(); ++b) {
    if (b > 0) *out += ',';
    *out += EncodeTrace(t.blocks[b]).dump();
  }
  *out += "],\"output\":" + EncodeValues(t.type, t.output).dump();
  *out += ",\"sums\":" + EncodeValues(t.type, t.sums).dump();
  *out += ",\"sums_scan\":";
  if (t.sums_scan.empty()) {
    *out += "null";
  } else {
    AppendGridJson(t.sums_scan[0], out);
  }
  *out += "},\"input\":" + EncodeValues(t.type, t.input).dump();
  *out += ",\"meta\":" + EncodeGridMeta(t).dump();
  *out += ",\"version\":" + json(kTraceFormatVersion).dump() + "}";
}

std::vector<double> DecodeValues(const json& object, const char* key, ElementType type,
                                 size_t size, const std::string& where) {
  const json& v = Field(object, key, where);
  const std::string at = where + "." + key;
  if (!v.is_array() || v.size() != size)
    Fail(at, "expected " + std::to_string(size) + " values");
  std::vector<double> out;
  out.reserve(size);
  for (size_t i = 0; i < size; ++i)
    out.push_back(DecodeValue(v[i], type, at + "[" + std::to_string(i) + "]"));
  return out;
}

GridTrace DecodeGrid(const json& root, const std::string& where, int depth) {
  if (!root.is_object()) Fail(where, "expected a grid object");
  const json& m = Field(root, "meta", where);
  const std::string meta = where.empty() ? "meta" : where + ".meta";
  if (StringField(m, "algorithm", meta) != kMultiBlockKey)
    Fail(meta + ".algorithm", std::string("expected \"") + kMultiBlockKey + "\"");
  GridRequest request;
  const std::string block_key = StringField(m, "block_algorithm", meta);
  if (!Parse(block_key, &request.block_algorithm) || !IsGridBlockAlgorithm(request.block_algorithm))
    Fail(meta + ".block_algorithm",
         QuoteForMessage(block_key) + ": expected " + GridBlockAlgorithmKeys());
  request.block_size = IntField(m, "block_size", meta);
  if (!Parse(StringField(m, "op", meta), &request.op)) Fail(meta + ".op", "unknown operator");
  if (!Parse(StringField(m, "type", meta), &request.type)) Fail(meta + ".type", "unknown type");
  request.convert = BoolField(m, "converted", meta);
  const int n = IntField(m, "n", meta);
  if (n < 1 || n > kMaxGridElements)
    Fail(meta + ".n", std::to_string(n) + " is outside 1.." + std::to_string(kMaxGridElements));
  if (IntField(m, "depth", meta) != depth)
    Fail(meta + ".depth", "expected " + std::to_string(depth));
  request.input = DecodeValues(root, "input", request.type, static_cast<size_t>(n), where);
  if (std::string error = ValidateGridRequest(request); !error.empty()) Fail(meta, error);
  GridTrace t = MakeGridTrace(request, DecodeBackend(Field(m, "backend", meta)), depth);
  if (DecodeValue(Field(m, "identity", meta), t.type, meta + ".identity") != t.identity)
    Fail(meta + ".identity", "is not the identity of " + std::string(ToString(t.op)) + " on " +
                                 ToString(t.type));
  const int blocks = (n + t.block_size - 1) / t.block_size;
  if (IntField(m, "block_count", meta) != blocks)
    Fail(meta + ".block_count", std::to_string(n) + " elements in blocks of " +
                                    std::to_string(t.block_size) + " make " +
                                    std::to_string(blocks) + " blocks");

  const std::string g = where.empty() ? "grid" : where + ".grid";
  const json& grid = Field(root, "grid", where);
  const json& jb = Field(grid, "blocks", g);
  if (!jb.is_array() || static_cast<int>(jb.size()) != blocks)
    Fail(g + ".blocks", "expected " + std::to_string(blocks) + " block traces");
  for (int b = 0; b < blocks; ++b) {
    const std::string at = g + ".blocks[" + std::to_string(b) + "]";
    Trace bt;
    try {
      bt = DecodeBlockTrace(jb[static_cast<size_t>(b)]);
    } catch (const LoadError& e) {
      Fail(at, e.what());
    }
    const ScanRequest want = BlockRequest(request, b);
    if (bt.meta.algorithm != want.algorithm || bt.meta.op != want.op ||
        bt.meta.type != want.type || bt.meta.converted != want.convert || bt.input != want.input)
      Fail(at, "is not the block scan of block " + std::to_string(b) + "'s " +
                   std::to_string(want.input.size()) + " elements");
    t.blocks.push_back(std::move(bt));
  }
  t.block_output = DecodeValues(grid, "block_output", t.type, static_cast<size_t>(n), g);
  t.output = DecodeValues(grid, "output", t.type, static_cast<size_t>(n), g);
  t.sums = DecodeValues(grid, "sums", t.type, blocks > 1 ? static_cast<size_t>(blocks) : 0, g);
  const json& inner = Field(grid, "sums_scan", g);
  if (blocks == 1) {
    if (!inner.is_null()) Fail(g + ".sums_scan", "one block has no sums to scan: expected null");
  } else {
    t.sums_scan.push_back(DecodeGrid(inner, g + ".sums_scan", depth + 1));
    if (t.sums_scan[0].input != t.sums)
      Fail(g + ".sums_scan.input", "is not the block sums");
  }
  return t;
}

}  // namespace trace_json

using namespace trace_json;

void WriteGridJson(const GridTrace& grid, std::ostream& out, bool pretty) {
  if (pretty) {
    out << EncodeGrid(grid).dump(1) << '\n';
  } else {
    out << GridToJson(grid);
  }
}

std::string GridToJson(const GridTrace& grid, bool pretty) {
  if (pretty) {
    std::ostringstream out;
    WriteGridJson(grid, out, pretty);
    return out.str();
  }
  // Compact (what -o and Save write): appended into one string, never a whole tree (issue #38).
  std::string out;
  AppendGridJson(grid, &out);
  out += '\n';
  return out;
}

std::string SaveGridFile(const GridTrace& grid, const std::string& path) {
  return WriteFileAtomically(path, GridToJson(grid));
}

}  // namespace scanviz
