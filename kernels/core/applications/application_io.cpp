#include "core/applications/application_io.h"

#include <sstream>

#include "core/applications/application_driver.h"
#include "core/applications/application_json.h"
#include "core/file_io.h"
#include "core/grid/grid_json.h"
#include "core/quote.h"
#include "core/trace_io.h"

namespace scanviz {
namespace trace_json {

namespace {

json EncodeApplicationMeta(const ApplicationTrace& t) {
  json meta = {{"algorithm", ToString(t.application)},
               {"type", ToString(t.type)},
               {"n", t.N()},
               {"block_algorithm", ToString(t.block_algorithm)},
               {"block_size", t.block_size},
               {"backend", EncodeBackend(t.backend)}};
  Info(t.application).write_meta(t, &meta);
  return meta;
}

// The compact text of EncodeApplication(t).dump(), each pass's scan a block trace at a time
// (AppendGridJson): a radix sort's tree was 15 times its text (issue #38). The keys in the order
// nlohmann's dump writes an object's, sorted; each value as it dumps it.
void AppendApplicationJson(const ApplicationTrace& t, std::string* out) {
  *out += "{\"format\":" + json(kTraceFormatName).dump();
  *out += ",\"input\":" + EncodeValues(t.type, t.input).dump();
  if (Info(t.application).keyed) *out += ",\"keys\":" + EncodeValues(t.type, t.keys).dump();
  *out += ",\"meta\":" + EncodeApplicationMeta(t).dump();
  *out += ",\"output\":" + EncodeValues(t.type, t.output).dump();
  *out += ",\"passes\":[";
  for (size_t i = 0; i < t.passes.size(); ++i) {
    const ApplicationPass& p = t.passes[i];
    *out += i > 0 ? ",{" : "{";
    *out += "\"bit\":" + json(p.bit).dump();
    *out += ",\"flags\":" + EncodeValues(ElementType::kInt32, p.flags).dump();
    *out += ",\"input\":" + EncodeValues(t.type, p.input).dump();
    *out += ",\"output\":" + EncodeValues(t.type, p.output).dump();
    *out += ",\"scan\":";
    AppendGridJson(p.scan, out);
    *out += ",\"total\":" + json(static_cast<int>(p.total)).dump() + "}";
  }
  *out += "],\"total\":" + json(static_cast<int>(t.total)).dump();
  *out += ",\"version\":" + json(kTraceFormatVersion).dump() + "}";
}

}  // namespace

json EncodeApplication(const ApplicationTrace& t) {
  json root;
  root["format"] = kTraceFormatName;
  root["version"] = kTraceFormatVersion;
  root["meta"] = EncodeApplicationMeta(t);
  root["input"] = EncodeValues(t.type, t.input);
  if (Info(t.application).keyed) root["keys"] = EncodeValues(t.type, t.keys);
  json passes = json::array();
  for (const ApplicationPass& p : t.passes) {
    passes.push_back({{"bit", p.bit},
                      {"input", EncodeValues(t.type, p.input)},
                      {"flags", EncodeValues(ElementType::kInt32, p.flags)},
                      {"scan", EncodeGrid(p.scan)},
                      {"total", static_cast<int>(p.total)},
                      {"output", EncodeValues(t.type, p.output)}});
  }
  root["passes"] = std::move(passes);
  root["output"] = EncodeValues(t.type, t.output);
  root["total"] = static_cast<int>(t.total);
  return root;
}

ApplicationTrace DecodeApplication(const json& root) {
  const json& m = Field(root, "meta", "");
  ApplicationRequest request;
  const std::string key = StringField(m, "algorithm", "meta");
  if (!ParseApplication(key, &request.application))
    Fail("meta.algorithm", QuoteForMessage(key) + " is not an application");
  if (!Parse(StringField(m, "type", "meta"), &request.type)) Fail("meta.type", "unknown type");
  const int n = IntField(m, "n", "meta");
  if (n < 1 || n > kMaxGridElements)
    Fail("meta.n", std::to_string(n) + " is outside 1.." + std::to_string(kMaxGridElements));
  const std::string block_key = StringField(m, "block_algorithm", "meta");
  if (!Parse(block_key, &request.block_algorithm) || !IsGridBlockAlgorithm(request.block_algorithm))
    Fail("meta.block_algorithm",
         QuoteForMessage(block_key) + ": expected " + GridBlockAlgorithmKeys());
  request.block_size = IntField(m, "block_size", "meta");
  bool sign_flipped = false;
  const ApplicationInfo& info = Info(request.application);
  info.read_meta(m, &request, &sign_flipped);
  request.input = DecodeValues(root, "input", request.type, static_cast<size_t>(n), "");
  if (std::string e = ValidateApplicationRequest(request); !e.empty()) Fail("meta", e);
  ApplicationTrace t = MakeApplicationTrace(request, DecodeBackend(Field(m, "backend", "meta")));
  t.sign_flipped = sign_flipped;  // as the file says: CheckApplication holds it against the input
  if (info.keyed) t.keys = DecodeValues(root, "keys", t.type, static_cast<size_t>(n), "");

  const json& passes = Field(root, "passes", "");
  const int count = PassCount(request);
  if (!passes.is_array() || static_cast<int>(passes.size()) != count)
    Fail("passes", "expected " + std::to_string(count) + (count == 1 ? " pass" : " passes"));
  // A pass's output is its total's length (compaction, allocation) or n: the total is bounded
  // before anything that long is read.
  const long long max_total = info.rule->max_total(n);
  int total = 0;
  for (int p = 0; p < count; ++p) {
    const std::string at = "passes[" + std::to_string(p) + "]";
    const json& jp = passes[static_cast<size_t>(p)];
    if (!jp.is_object()) Fail(at, "expected a pass object");
    ApplicationPass pass;
    pass.bit = IntField(jp, "bit", at);
    if (pass.bit != PassBit(request, p))
      Fail(at + ".bit", "expected " + std::to_string(PassBit(request, p)));
    pass.input = DecodeValues(jp, "input", t.type, static_cast<size_t>(n), at);
    pass.flags = DecodeValues(jp, "flags", ElementType::kInt32, static_cast<size_t>(n), at);
    pass.scan = DecodeGrid(Field(jp, "scan", at), at + ".scan", 0);
    if (pass.scan.input != pass.flags) Fail(at + ".scan.input", "is not the pass's flags");
    total = IntField(jp, "total", at);
    if (total < 0 || total > max_total)
      Fail(at + ".total", std::to_string(total) + " is outside 0.." + std::to_string(max_total));
    pass.total = total;
    pass.output =
        DecodeValues(jp, "output", t.type,
                     static_cast<size_t>(applications::OutputSize(t.application, n, total)), at);
    t.passes.push_back(std::move(pass));
  }
  const int last_total = IntField(root, "total", "");
  if (last_total != total) Fail("total", "is not the last pass's total");
  t.total = last_total;
  t.output =
      DecodeValues(root, "output", t.type,
                   static_cast<size_t>(applications::OutputSize(t.application, n, total)), "");
  return t;
}

}  // namespace trace_json

void WriteApplicationJson(const ApplicationTrace& trace, std::ostream& out, bool pretty) {
  if (pretty) {
    out << trace_json::EncodeApplication(trace).dump(1) << '\n';
  } else {
    out << ApplicationToJson(trace);
  }
}

std::string ApplicationToJson(const ApplicationTrace& trace, bool pretty) {
  if (pretty) {
    std::ostringstream out;
    WriteApplicationJson(trace, out, pretty);
    return out.str();
  }
  std::string out;  // compact (what -o and Save write): never a whole tree
  trace_json::AppendApplicationJson(trace, &out);
  out += '\n';
  return out;
}

std::string SaveApplicationFile(const ApplicationTrace& trace, const std::string& path) {
  return WriteFileAtomically(path, ApplicationToJson(trace));
}

}  // namespace scanviz
