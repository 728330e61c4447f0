#include "state/presets.h"

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>

#include "core/file_io.h"
#include "core/input.h"
#include "core/json_read.h"
#include "core/quote.h"

namespace scanviz {

namespace {

// {"presets": [{"values": [...]}]}: four levels; one more is never needed.
constexpr int kMaxPresetsNesting = 4;

PresetSpec Fixed(std::string name, std::vector<double> values,
                 std::optional<ElementType> type = std::nullopt) {
  return {std::move(name), std::move(values), 0, type};
}

PresetSpec Random(std::string name, int n) {
  return {std::move(name), {}, n, std::nullopt};
}

// A value the preset may hold: an int32 integer unless the preset is float32, then a finite
// float32 (returned rounded to it).
std::optional<double> PresetValue(const nlohmann::json& v, std::optional<ElementType> type) {
  if (!v.is_number()) return std::nullopt;
  const double d = v.get<double>();
  if (!std::isfinite(d)) return std::nullopt;
  if (type == ElementType::kFloat32) {
    if (std::fabs(d) > std::numeric_limits<float>::max()) return std::nullopt;
    return static_cast<double>(static_cast<float>(d));
  }
  // An unsigned number too large for a double's integer range is still refused by the bound.
  if (d != std::trunc(d) || d < std::numeric_limits<std::int32_t>::min() ||
      d > std::numeric_limits<std::int32_t>::max()) {
    return std::nullopt;
  }
  return d;
}

// Empty when `name` may label a menu entry: 1..kMaxPresetNameBytes bytes, no control characters
// (the JSON parser has already refused invalid UTF-8).
std::string CheckName(const std::string& name) {
  if (name.empty()) return "'name' is empty";
  if (name.size() > kMaxPresetNameBytes)
    return "'name' is longer than " + std::to_string(kMaxPresetNameBytes) + " bytes";
  for (unsigned char c : name) {
    if (c < 0x20 || c == 0x7F) return "'name' holds a control character";
  }
  return {};
}

// Empty when entry `j` is a good preset (then in *out); else why not, without the "presets[i]".
std::string ParseEntry(const nlohmann::json& j, PresetSpec* out) {
  if (!j.is_object()) return "not an object";
  for (const auto& [key, value] : j.items()) {
    (void)value;
    if (key != "name" && key != "values" && key != "random" && key != "type")
      return "unknown key " + QuoteForMessage(key, 40);
  }
  if (!j.contains("name") || !j["name"].is_string()) return "'name' missing or not a string";
  out->name = j["name"].get<std::string>();
  if (std::string e = CheckName(out->name); !e.empty()) return e;
  if (j.contains("type")) {
    ElementType t;
    if (!j["type"].is_string() || !Parse(j["type"].get<std::string>(), &t))
      return "'type' must be \"int32\" or \"float32\"";
    out->type = t;
  }
  const bool has_values = j.contains("values"), has_random = j.contains("random");
  if (has_values == has_random) return "needs exactly one of 'values' and 'random'";
  if (has_random) {
    const nlohmann::json& r = j["random"];
    const bool whole = r.is_number_integer() || r.is_number_unsigned();
    if (!whole || r.get<double>() < 1 || r.get<double>() > kMaxElements)
      return "'random' must be a whole number 1.." + std::to_string(kMaxElements);
    out->random = r.get<int>();
    return {};
  }
  const nlohmann::json& v = j["values"];
  if (!v.is_array() || v.empty() || v.size() > static_cast<std::size_t>(kMaxElements))
    return "'values' must be an array of 1.." + std::to_string(kMaxElements) + " numbers";
  out->values.reserve(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    const std::optional<double> x = PresetValue(v[i], out->type);
    if (!x) {
      return "values[" + std::to_string(i) + "] is not " +
             (out->type == ElementType::kFloat32 ? "a finite float32 number"
                                                 : "an integer in int32's range");
    }
    out->values.push_back(*x);
  }
  return {};
}

PresetLoad Refused(std::string error) {
  return {BuiltinPresets(), std::move(error)};
}

}  // namespace

std::vector<PresetSpec> BuiltinPresets() {
  std::vector<PresetSpec> p;
  p.push_back(Fixed("Chapters' example (8)", {3, 1, 7, 0, 4, 1, 6, 3}));
  p.push_back(Fixed("All ones (16)", std::vector<double>(16, 1.0)));
  std::vector<double> desc;
  for (int i = 16; i >= 1; --i) desc.push_back(i);
  p.push_back(Fixed("Descending (16)", desc));
  std::vector<double> alt;
  for (int i = 1; i <= 16; ++i) alt.push_back(i % 2 ? i : -i);
  p.push_back(Fixed("Alternating signs (16)", alt));
  p.push_back(Random("Power of two (32, random)", 32));
  p.push_back(Random("Not a power of two (13, random)", 13));
  p.push_back(Random("Largest block (1024, random)", 1024));
  // Numerics: sums past 2^31 - 1 wrap in int32; float32 adds round differently in a tree than in
  // a left-to-right loop.
  p.push_back(Fixed("int32 wraps (8 x 1e9)", std::vector<double>(8, 1e9), ElementType::kInt32));
  p.push_back(Fixed("float32: sixteen 0.1s", std::vector<double>(16, static_cast<float>(0.1)),
                    ElementType::kFloat32));
  std::vector<double> mixed;
  for (int i = 0; i < 16; ++i) mixed.push_back(i % 4 == 0 ? 1e8 : static_cast<float>(1.5 + i));
  p.push_back(Fixed("float32: 1e8 and small values (16)", mixed, ElementType::kFloat32));
  return p;
}

PresetLoad ParsePresets(std::string_view json_text) {
  if (json_text.size() > kMaxPresetsFileBytes)
    return Refused("larger than " + std::to_string(kMaxPresetsFileBytes) + " bytes");
  JsonLimits limits;
  limits.max_depth = kMaxPresetsNesting;
  const JsonRead read = ReadJson(json_text, limits);
  if (read.problem == JsonRead::Problem::kShape || read.problem == JsonRead::Problem::kMemory)
    return Refused(read.error);
  if (!read.Ok()) return Refused("not valid JSON");  // malformed, or a number out of range (1e400)
  const nlohmann::json& j = read.value;
  if (!j.is_object()) return Refused("not a JSON object");
  if (!j.contains("schema") || !j["schema"].is_string())
    return Refused("'schema' missing (expected \"" + std::string(kPresetsSchema) + "\")");
  if (j["schema"].get<std::string>() != kPresetsSchema) {
    return Refused("unsupported schema " + QuoteForMessage(j["schema"].get<std::string>(), 40) +
                   " (expected \"" + std::string(kPresetsSchema) + "\")");
  }
  if (!j.contains("presets") || !j["presets"].is_array() || j["presets"].empty())
    return Refused("'presets' missing or not a non-empty array");
  const nlohmann::json& list = j["presets"];
  if (list.size() > static_cast<std::size_t>(kMaxPresets))
    return Refused("more than " + std::to_string(kMaxPresets) + " presets");
  PresetLoad out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    PresetSpec spec;
    const std::string where = "presets[" + std::to_string(i) + "]";
    if (std::string e = ParseEntry(list[i], &spec); !e.empty()) return Refused(where + ": " + e);
    for (const PresetSpec& earlier : out.presets) {
      // The menu tells entries apart by their names.
      if (earlier.name == spec.name) return Refused(where + ": 'name' repeats an earlier one");
    }
    out.presets.push_back(std::move(spec));
  }
  return out;
}

PresetLoad LoadPresets(const std::string& path) {
  std::error_code ec;
  if (path.empty()) return Refused("no presets file (no data dir was found)");
  if (!std::filesystem::exists(path, ec)) return Refused(path + ": not found");
  FileText file = ReadFileLimited(path, kMaxPresetsFileBytes);
  if (!file.Ok()) return Refused(path + ": " + file.error);
  PresetLoad out = ParsePresets(file.text);
  if (!out.error.empty()) out.error = path + ": " + out.error;
  return out;
}

std::vector<Preset> MakePresets(const std::vector<PresetSpec>& specs, std::uint64_t seed) {
  std::vector<Preset> menu;
  menu.reserve(specs.size());
  for (const PresetSpec& s : specs) {
    menu.push_back({s.name,
                    s.random > 0
                        ? RandomValues(s.random, seed, s.type.value_or(ElementType::kInt32))
                        : s.values,
                    s.type});
  }
  return menu;
}

}  // namespace scanviz
