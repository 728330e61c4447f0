#include "core/multi_gpu/request_file.h"

#include <nlohmann/json.hpp>

#include "core/trace.h"

namespace scanviz {

using nlohmann::json;

std::string MultiGpuRequestToJson(const MultiGpuRequest& r) {
  json j;
  j["schema"] = "scanviz-multi-gpu-request/1";
  j["gpus"] = r.gpus;
  j["strategy"] = ToString(r.strategy);
  j["op"] = ToString(r.op);
  j["type"] = ToString(r.type);
  j["inclusive"] = r.inclusive;
  j["tile_size"] = r.tile_size;
  j["block_algorithm"] = ToString(r.block_algorithm);
  j["input"] = r.input;
  return j.dump();
}

std::optional<MultiGpuRequest> ParseMultiGpuRequest(const std::string& text, std::string* why) {
  const json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  auto fail = [&](const std::string& what) -> std::optional<MultiGpuRequest> {
    if (why) *why = "request: " + what;
    return std::nullopt;
  };
  if (!j.is_object() || j.value("schema", "") != "scanviz-multi-gpu-request/1")
    return fail("not a scanviz-multi-gpu-request/1 file");
  MultiGpuRequest r;
  try {
    r.gpus = j.at("gpus").get<int>();
    if (!Parse(j.at("strategy").get<std::string>(), &r.strategy)) return fail("bad 'strategy'");
    if (!Parse(j.at("op").get<std::string>(), &r.op)) return fail("bad 'op'");
    if (!Parse(j.at("type").get<std::string>(), &r.type)) return fail("bad 'type'");
    r.inclusive = j.at("inclusive").get<bool>();
    r.tile_size = j.at("tile_size").get<int>();
    if (!Parse(j.at("block_algorithm").get<std::string>(), &r.block_algorithm))
      return fail("bad 'block_algorithm'");
    r.input = j.at("input").get<std::vector<double>>();
  } catch (const json::exception& e) {
    return fail(e.what());
  }
  return r;
}

}  // namespace scanviz
