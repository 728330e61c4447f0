// Fuzz target: the app's settings file (app/state/settings.cpp's ParseSettings, which LoadSettings
// reads the file through).
//
// Beyond "no crash": whatever the file holds, the settings are usable (every field in its range:
// the window at least 320 x 240, every enum one of its values), and saving them (SettingsToJson)
// and reading that back gives the same settings and no message: a file the app wrote itself is
// never "corrupt".
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_check.h"
#include "state/settings.h"

namespace scanviz::fuzz {
namespace {

constexpr const char* kTarget = "fuzz_settings";

// The first field that differs, or empty.
std::string FirstDifference(const Settings& a, const Settings& b) {
  if (a.window_width != b.window_width) return "window_width";
  if (a.window_height != b.window_height) return "window_height";
  if (a.theme != b.theme) return "theme";
  if (a.input != b.input) return "input";
  if (a.algorithm != b.algorithm) return "algorithm";
  if (a.op != b.op) return "op";
  if (a.type != b.type) return "type";
  if (a.convert != b.convert) return "convert";
  if (a.panel != b.panel) return "panel";
  if (a.recent != b.recent) return "recent";
  return {};
}

void CheckRanges(const Settings& s) {
  if (s.window_width < 320 || s.window_width > 16384 || s.window_height < 240 ||
      s.window_height > 16384)
    Fail(kTarget, "window " + std::to_string(s.window_width) + " x " +
                      std::to_string(s.window_height) + " outside 320..16384 x 240..16384");
  if (static_cast<int>(s.algorithm) < 0 || static_cast<int>(s.algorithm) >= kAlgorithmCount)
    Fail(kTarget, "algorithm out of range");
  if (static_cast<int>(s.panel) < 0 || static_cast<int>(s.panel) >= kSidePanelCount)
    Fail(kTarget, "panel out of range");
  if (s.recent.size() > kMaxRecent) Fail(kTarget, "more than kMaxRecent recent files");
  // Each enum names itself: an out-of-range value would not (or would crash trying).
  Settings parsed;
  if (!Parse(ToString(s.algorithm), &parsed.algorithm) || !Parse(ToString(s.op), &parsed.op) ||
      !Parse(ToString(s.type), &parsed.type) || !Parse(ToString(s.panel), &parsed.panel) ||
      !scene::Parse(scene::ToString(s.theme), &parsed.theme))
    Fail(kTarget, "an enum field does not read back its own name");
}

}  // namespace
}  // namespace scanviz::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace scanviz;
  const std::string text(reinterpret_cast<const char*>(data), size);
  const SettingsLoad first = ParseSettings(text);
  fuzz::CheckRanges(first.settings);
  const std::string saved = SettingsToJson(first.settings);
  const SettingsLoad again = ParseSettings(saved);
  if (!again.message.empty())
    fuzz::Fail(fuzz::kTarget, "reading back what SettingsToJson wrote says: " + again.message +
                                  "\n--- written:\n" + saved);
  Settings want = first.settings;  // an input past the bound is not saved (kMaxSavedInput)
  if (want.input.size() > kMaxSavedInput) want.input = Settings{}.input;
  const std::string difference = fuzz::FirstDifference(want, again.settings);
  if (!difference.empty())
    fuzz::Fail(fuzz::kTarget,
               "the round trip changed '" + difference + "'\n--- written:\n" + saved);
  return 0;
}
