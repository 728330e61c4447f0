// The Presets menu as data: assets/presets.json, installed as share/scanviz/presets.json and found
// through the data dir (data_dir.h). No GL, no ImGui.
//
// The file (schema "scanviz-presets/1"; docs/app.md describes it) lists the presets in menu order.
// Each has a "name" and either "values" (the array itself) or "random": N (N values drawn from the
// app's seed when the menu opens, so they change with "New seed"), and optionally "type" ("int32"
// or "float32": picking the preset switches to that type and to add). A file that is missing,
// too large, nested too deep or wrong anywhere is refused whole: the app says why in one line and
// uses the built-in list, which is the shipped file's contents (a test checks they are equal).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/trace.h"

namespace scanviz {

inline constexpr std::string_view kPresetsSchema = "scanviz-presets/1";
inline constexpr int kMaxPresets = 100;
inline constexpr std::size_t kMaxPresetNameBytes = 100;
inline constexpr std::size_t kMaxPresetsFileBytes = 1 << 20;  // the shipped file is about 1 KiB

// One entry of the file.
struct PresetSpec {
  std::string name;
  std::vector<double> values;       // empty when random > 0
  int random = 0;                   // > 0: that many values drawn from the seed
  std::optional<ElementType> type;  // set: picking it switches to this type
  bool operator==(const PresetSpec&) const = default;
};

// One entry of the menu, its values made.
struct Preset {
  std::string name;
  std::vector<double> values;
  std::optional<ElementType> type = std::nullopt;  // set: the preset needs this element type
};

struct PresetLoad {
  std::vector<PresetSpec> presets;  // the built-in list when error is set
  std::string error;                // empty when the file was used; else why it was not
};

// The built-in list: the same presets as the shipped assets/presets.json, in the same order.
std::vector<PresetSpec> BuiltinPresets();

// Checks every field (names, counts, types, values in range for their type); float32 values are
// rounded to float32 as the app would store them. On any problem: the built-in list, and the
// first problem in `error` ("presets[3]: 'values' holds a value that is not an int32 integer").
PresetLoad ParsePresets(std::string_view json_text);
// Reads at most kMaxPresetsFileBytes; a missing file is an error too (the install is incomplete).
// The error names the path.
PresetLoad LoadPresets(const std::string& path);

// The menu: values made for the random entries from `seed` (int32 unless the entry has a type).
std::vector<Preset> MakePresets(const std::vector<PresetSpec>& specs, std::uint64_t seed);

}  // namespace scanviz
