// What the app remembers between runs, in $XDG_CONFIG_HOME/scanviz/settings.json (or
// ~/.config/scanviz/settings.json), written atomically. A missing file gives the defaults; a
// corrupt one gives the defaults and a message, never a crash, and is kept as settings.json.bad
// before the app's next save replaces it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/trace.h"
#include "scene/palette.h"

namespace scanviz {

// The tabs of the right-hand panel.
enum class SidePanel : std::uint8_t {
  kInspector,
  kCode,
  kNarration,
  kWorkDepth,
  kNumerics,
  kWarpsBanks,
  kMistakes
};
inline constexpr int kSidePanelCount = 7;
const char* ToString(SidePanel p);     // "inspector", ..., "warps-banks", "mistakes"
const char* DisplayName(SidePanel p);  // "Inspector", "Code", "Narration", ...
bool Parse(std::string_view s, SidePanel* out);

// Bytes of input text the settings keep between runs (SettingsToJson): a longer input (a session's
// 65,536 values) is not saved, and the next start shows the chapters' example.
inline constexpr std::size_t kMaxSavedInput = 64 << 10;

struct Settings {
  int window_width = 1600;  // screen coordinates
  int window_height = 900;
  scene::Theme theme = scene::Theme::kDark;
  std::string input = "3 1 7 0 4 1 6 3";  // the chapters' example
  Algorithm algorithm = Algorithm::kHillisSteele;
  OpKind op = OpKind::kAdd;
  ElementType type = ElementType::kInt32;  // the input text is read as this type
  bool convert = false;                    // the traced inclusive/exclusive conversion round
  SidePanel panel = SidePanel::kInspector;
  std::vector<std::string> recent;  // sessions and traces opened or saved, newest first
  std::string export_dir;           // where Ctrl+S saves figures; empty: the current folder
  bool export_transparent = false;  // exported PNG and SVG without a background
  bool show_fps = false;            // View > Frame rate: frames a second in the status bar
};

inline constexpr size_t kMaxRecent = 8;

struct SettingsLoad {
  Settings settings;
  std::string message;  // empty when the file was read (or absent); else why defaults were used
  bool unreadable = false;  // not JSON at all: LoadSettings keeps a copy as settings.json.bad
  // The file could not be read and no copy of it could be kept: the app must not replace it on
  // exit (this session's settings stay in memory; the message says so, once).
  bool keep_file = false;
};

// The window's size on opening: the saved size, shrunk to fit a monitor's work area of area_w x
// area_h (a projector at 1280x800 must show the side panel, not lose it past the edge); an area of
// 0 (unknown) leaves it as it is.
struct WindowSize {
  int width = 0, height = 0;
};
WindowSize FitToWorkArea(int width, int height, int area_w, int area_h);

// The settings file's path from the environment; empty if neither XDG_CONFIG_HOME nor HOME is set.
std::string SettingsPath();

SettingsLoad ParseSettings(const std::string& json_text);
SettingsLoad LoadSettings(const std::string& path);
std::string SettingsToJson(const Settings& s);
// Creates the folder if needed; returns an empty string on success, else the reason.
std::string SaveSettings(const Settings& s, const std::string& path);

}  // namespace scanviz
