#include "state/settings.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/file_io.h"
#include "core/json_read.h"
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

// The text as JSON, or a discarded value: too deep, malformed, a number out of range (1e400), or
// too many values for its size.
nlohmann::json ParseOrDiscard(const std::string& json_text) {
  JsonLimits limits;
  limits.max_depth = kMaxSettingsNesting;
  JsonRead read = ReadJson(json_text, limits);
  if (!read.Ok()) return nlohmann::json(nlohmann::json::value_t::discarded);
  return std::move(read.value);
}

// The file's fields, read one at a time: an absent field keeps its default, and so does a bad
// one, which is named in `message` ("ignored bad value for 'theme'").
class FieldReader {
 public:
  FieldReader(const nlohmann::json& j, std::string* message) : m_j(j), m_message(message) {}

  void Int(const char* key, int lo, int hi, int* out) {
    if (m_j.contains(key) && !IntIn(m_j[key], lo, hi, out)) Bad(key);
  }
  void String(const char* key, std::string* out) {
    if (!m_j.contains(key)) return;
    if (m_j[key].is_string()) {
      *out = m_j[key].get<std::string>();
    } else {
      Bad(key);
    }
  }
  void Bool(const char* key, bool* out) {
    if (!m_j.contains(key)) return;
    if (m_j[key].is_boolean()) {
      *out = m_j[key].get<bool>();
    } else {
      Bad(key);
    }
  }
  // A name that the enum's Parse reads.
  template <class E>
  void Enum(const char* key, E* out) {
    if (m_j.contains(key) && (!m_j[key].is_string() || !Parse(m_j[key].get<std::string>(), out)))
      Bad(key);
  }
  // The recent files: distinct non-empty paths, at most kMaxRecent kept; any bad one drops all.
  void Recent(const char* key, std::vector<std::string>* recent) {
    if (!m_j.contains(key)) return;
    const nlohmann::json& r = m_j[key];
    bool ok = r.is_array();
    for (size_t i = 0; ok && i < r.size(); ++i) {
      ok = r[i].is_string() && !r[i].get<std::string>().empty() &&
           r[i].get<std::string>().size() <= 4096;
      if (ok && recent->size() < kMaxRecent &&
          std::find(recent->begin(), recent->end(), r[i].get<std::string>()) == recent->end())
        recent->push_back(r[i].get<std::string>());
    }
    if (!ok) {
      recent->clear();
      Bad(key);
    }
  }

 private:
  void Bad(const char* key) {
    *m_message +=
        std::string(m_message->empty() ? "" : "; ") + "ignored bad value for '" + key + "'";
  }

  const nlohmann::json& m_j;
  std::string* m_message;
};

}  // namespace

SettingsLoad ParseSettings(const std::string& json_text) {
  SettingsLoad out;
  const nlohmann::json j = ParseOrDiscard(json_text);
  if (j.is_discarded() || !j.is_object()) {
    out.message = "settings file is not valid JSON; using the defaults";
    out.unreadable = true;
    return out;
  }
  Settings& s = out.settings;
  FieldReader read(j, &out.message);
  read.Int("window_width", 320, 16384, &s.window_width);
  read.Int("window_height", 240, 16384, &s.window_height);
  read.Enum("theme", &s.theme);
  read.String("input", &s.input);
  read.Enum("algorithm", &s.algorithm);
  read.Enum("op", &s.op);
  read.Enum("type", &s.type);
  read.Bool("convert", &s.convert);
  read.Enum("panel", &s.panel);
  read.Recent("recent", &s.recent);
  read.String("export_dir", &s.export_dir);
  read.Bool("export_transparent", &s.export_transparent);
  read.Bool("show_fps", &s.show_fps);
  return out;
}

namespace {

// Where no copy of the user's file could be kept: what the app will do instead, said once.
std::string NotSaved() {
  return "; the file is left as it is, and this session's settings will not be saved)";
}

}  // namespace

SettingsLoad LoadSettings(const std::string& path) {
  SettingsLoad out;
  std::error_code ec;
  if (path.empty() || !std::filesystem::exists(path, ec)) return out;
  FileText file = ReadFileLimited(path, kMaxSettingsBytes);
  if (!file.Ok()) {
    out.message = path + ": " + file.error + "; using the defaults";
    // A regular file too large to read is still the user's: keep it before the app's save on exit
    // replaces it (a directory or a device is not copied).
    if (std::filesystem::is_regular_file(path, ec)) {
      const std::string copy = path + ".bad";
      std::filesystem::copy_file(path, copy, std::filesystem::copy_options::overwrite_existing, ec);
      if (ec) out.keep_file = true;
      out.message += ec ? " (could not keep a copy: " + ec.message() + NotSaved()
                        : " (the file was kept as " + copy + ")";
    }
    return out;
  }
  out = ParseSettings(file.text);
  if (out.unreadable) {
    // The app saves its settings on exit: keep the user's file before that replaces it, and where
    // no copy can be kept, do not replace it (issue #38, finding 7).
    const std::string copy = path + ".bad";
    const std::string err = WriteFileAtomically(copy, file.text);
    out.keep_file = !err.empty();
    out.message += err.empty() ? " (the file was kept as " + copy + ")"
                               : " (could not keep a copy: " + err + NotSaved();
  }
  if (!out.message.empty()) out.message = path + ": " + out.message;
  return out;
}

std::string SettingsToJson(const Settings& s) {
  nlohmann::json j;
  j["window_width"] = s.window_width;
  j["window_height"] = s.window_height;
  j["theme"] = scene::ToString(s.theme);
  // The input only while it is small: a session's 65,536 values would make a settings file the next
  // start refuses (kMaxSettingsBytes); past the bound the next start shows the chapters' example.
  if (s.input.size() <= kMaxSavedInput) j["input"] = s.input;
  j["recent"] = s.recent;
  j["algorithm"] = ToString(s.algorithm);
  j["op"] = ToString(s.op);
  j["type"] = ToString(s.type);
  j["convert"] = s.convert;
  j["panel"] = ToString(s.panel);
  j["export_dir"] = s.export_dir;
  j["export_transparent"] = s.export_transparent;
  j["show_fps"] = s.show_fps;
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
