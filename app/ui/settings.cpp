#include "settings.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/file_io.h"
#include "core/trace_io.h"

namespace scanviz {

namespace {

constexpr const char* kSidePanelNames[kSidePanelCount] = {
    "inspector", "code", "narration", "work-depth", "numerics", "warps-banks", "mistakes"};
constexpr const char* kSidePanelTitles[kSidePanelCount] = {
    "Inspector", "Code", "Narration", "Work & depth", "Numerics", "Warps & banks", "Mistakes"};

}  // namespace

const char* ToString(SidePanel p) {
  return kSidePanelNames[static_cast<int>(p)];
}

const char* DisplayName(SidePanel p) {
  return kSidePanelTitles[static_cast<int>(p)];
}

bool Parse(std::string_view s, SidePanel* out) {
  for (int i = 0; i < kSidePanelCount; ++i) {
    if (s == kSidePanelNames[i]) {
      *out = static_cast<SidePanel>(i);
      return true;
    }
  }
  return false;
}

std::string SettingsPath() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg != nullptr && xdg[0] != '\0') return std::string(xdg) + "/scanviz/settings.json";
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] != '\0')
    return std::string(home) + "/.config/scanviz/settings.json";
  return {};
}

namespace {

constexpr std::size_t kMaxSettingsBytes = 1 << 20;  // a settings file is a few hundred bytes
constexpr int kMaxSettingsNesting = 8;

// An integer in [lo, hi], read without wrapping: 4294967616 is not 320.
bool IntIn(const nlohmann::json& v, int lo, int hi, int* out) {
  if (v.is_number_unsigned()) {
    const auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(hi) || static_cast<long long>(u) < lo) return false;
    *out = static_cast<int>(u);
    return true;
  }
  if (!v.is_number_integer()) return false;
  const auto i = v.get<std::int64_t>();
  if (i < lo || i > hi) return false;
  *out = static_cast<int>(i);
  return true;
}

}  // namespace

SettingsLoad ParseSettings(const std::string& json_text) {
  SettingsLoad out;
  nlohmann::json j;
  if (CheckJsonNesting(json_text, kMaxSettingsNesting).empty()) {
    try {
      j = nlohmann::json::parse(json_text, nullptr, /*allow_exceptions=*/false);
    } catch (const nlohmann::json::exception&) {  // a number out of range (1e400)
      j = nlohmann::json(nlohmann::json::value_t::discarded);
    }
  } else {
    j = nlohmann::json(nlohmann::json::value_t::discarded);
  }
  if (j.is_discarded() || !j.is_object()) {
    out.message = "settings file is not valid JSON; using the defaults";
    out.unreadable = true;
    return out;
  }
  Settings& s = out.settings;
  auto bad = [&](const char* key) {
    out.message +=
        std::string(out.message.empty() ? "" : "; ") + "ignored bad value for '" + key + "'";
  };
  if (j.contains("window_width") && !IntIn(j["window_width"], 320, 16384, &s.window_width))
    bad("window_width");
  if (j.contains("window_height") && !IntIn(j["window_height"], 240, 16384, &s.window_height))
    bad("window_height");
  if (j.contains("theme")) {
    if (!j["theme"].is_string() || !scene::Parse(j["theme"].get<std::string>(), &s.theme))
      bad("theme");
  }
  if (j.contains("input")) {
    if (j["input"].is_string()) {
      s.input = j["input"].get<std::string>();
    } else {
      bad("input");
    }
  }
  if (j.contains("algorithm")) {
    if (!j["algorithm"].is_string() || !Parse(j["algorithm"].get<std::string>(), &s.algorithm)) {
      bad("algorithm");
    }
  }
  if (j.contains("op")) {
    if (!j["op"].is_string() || !Parse(j["op"].get<std::string>(), &s.op)) bad("op");
  }
  if (j.contains("type")) {
    if (!j["type"].is_string() || !Parse(j["type"].get<std::string>(), &s.type)) bad("type");
  }
  if (j.contains("convert")) {
    if (j["convert"].is_boolean()) {
      s.convert = j["convert"].get<bool>();
    } else {
      bad("convert");
    }
  }
  if (j.contains("panel")) {
    if (!j["panel"].is_string() || !Parse(j["panel"].get<std::string>(), &s.panel)) bad("panel");
  }
  if (j.contains("recent")) {
    const nlohmann::json& r = j["recent"];
    bool ok = r.is_array();
    for (size_t i = 0; ok && i < r.size(); ++i) {
      ok = r[i].is_string() && !r[i].get<std::string>().empty() &&
           r[i].get<std::string>().size() <= 4096;
      if (ok && s.recent.size() < kMaxRecent &&
          std::find(s.recent.begin(), s.recent.end(), r[i].get<std::string>()) == s.recent.end())
        s.recent.push_back(r[i].get<std::string>());
    }
    if (!ok) {
      s.recent.clear();
      bad("recent");
    }
  }
  if (j.contains("export_dir")) {
    if (j["export_dir"].is_string()) {
      s.export_dir = j["export_dir"].get<std::string>();
    } else {
      bad("export_dir");
    }
  }
  if (j.contains("export_transparent")) {
    if (j["export_transparent"].is_boolean()) {
      s.export_transparent = j["export_transparent"].get<bool>();
    } else {
      bad("export_transparent");
    }
  }
  return out;
}

SettingsLoad LoadSettings(const std::string& path) {
  SettingsLoad out;
  std::error_code ec;
  if (path.empty() || !std::filesystem::exists(path, ec)) return out;
  FileText file = ReadFileLimited(path, kMaxSettingsBytes);
  if (!file.Ok()) {
    out.message = path + ": " + file.error + "; using the defaults";
    return out;
  }
  out = ParseSettings(file.text);
  if (out.unreadable) {
    // The app saves its settings on exit: keep the user's file before that replaces it.
    const std::string copy = path + ".bad";
    const std::string err = WriteFileAtomically(copy, file.text);
    out.message += err.empty() ? " (the file was kept as " + copy + ")"
                               : " (could not keep a copy: " + err + ")";
  }
  if (!out.message.empty()) out.message = path + ": " + out.message;
  return out;
}

std::string SettingsToJson(const Settings& s) {
  nlohmann::json j;
  j["window_width"] = s.window_width;
  j["window_height"] = s.window_height;
  j["theme"] = scene::ToString(s.theme);
  j["input"] = s.input;
  j["recent"] = s.recent;
  j["algorithm"] = ToString(s.algorithm);
  j["op"] = ToString(s.op);
  j["type"] = ToString(s.type);
  j["convert"] = s.convert;
  j["panel"] = ToString(s.panel);
  j["export_dir"] = s.export_dir;
  j["export_transparent"] = s.export_transparent;
  return j.dump(2) + "\n";
}

std::string SaveSettings(const Settings& s, const std::string& path) {
  if (path.empty()) return "no settings path (neither XDG_CONFIG_HOME nor HOME is set)";
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  if (ec)
    return "cannot create " + std::filesystem::path(path).parent_path().string() + ": " +
           ec.message();
  return WriteFileAtomically(path, SettingsToJson(s));
}

WindowSize FitToWorkArea(int width, int height, int area_w, int area_h) {
  WindowSize w{width, height};
  if (area_w > 0) w.width = std::min(w.width, area_w);
  if (area_h > 0) w.height = std::min(w.height, area_h);
  return w;
}

}  // namespace scanviz
