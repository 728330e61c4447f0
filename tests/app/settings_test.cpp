#include "state/settings.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>

#include "support/temp_dir.h"

namespace scanviz {
namespace {

TEST(Settings, TheWindowFitsTheScreen) {
  // A projector's 1280x800: the saved 1600x900 shrinks to it; a larger screen keeps it.
  const WindowSize small = FitToWorkArea(1600, 900, 1280, 770);
  EXPECT_EQ(small.width, 1280);
  EXPECT_EQ(small.height, 770);
  const WindowSize large = FitToWorkArea(1600, 900, 2560, 1400);
  EXPECT_EQ(large.width, 1600);
  EXPECT_EQ(large.height, 900);
  const WindowSize unknown = FitToWorkArea(1600, 900, 0, 0);
  EXPECT_EQ(unknown.width, 1600);
  EXPECT_EQ(unknown.height, 900);
}

TEST(Settings, RoundTrip) {
  Settings s;
  s.window_width = 1234;
  s.theme = scene::Theme::kHighContrast;
  s.input = "1, 2, 3";
  s.algorithm = Algorithm::kBlelloch;
  s.op = OpKind::kMax;
  s.type = ElementType::kFloat32;
  s.convert = true;
  s.panel = SidePanel::kWorkDepth;
  SettingsLoad back = ParseSettings(SettingsToJson(s));
  EXPECT_TRUE(back.message.empty());
  EXPECT_EQ(back.settings.window_width, 1234);
  EXPECT_EQ(back.settings.theme, scene::Theme::kHighContrast);
  EXPECT_EQ(back.settings.input, "1, 2, 3");
  EXPECT_EQ(back.settings.algorithm, Algorithm::kBlelloch);
  EXPECT_EQ(back.settings.op, OpKind::kMax);
  EXPECT_EQ(back.settings.type, ElementType::kFloat32);
  EXPECT_TRUE(back.settings.convert);
  EXPECT_EQ(back.settings.panel, SidePanel::kWorkDepth);
}

TEST(Settings, TheExportFolderAndBackgroundAreKept) {
  Settings s;
  s.export_dir = "/home/me/slides/week 3";
  s.export_transparent = true;
  SettingsLoad back = ParseSettings(SettingsToJson(s));
  EXPECT_TRUE(back.message.empty()) << back.message;
  EXPECT_EQ(back.settings.export_dir, "/home/me/slides/week 3");
  EXPECT_TRUE(back.settings.export_transparent);
  // Defaults: the current folder, the theme's background; a bad value is named and ignored.
  SettingsLoad bad = ParseSettings(R"({"export_dir": 3, "export_transparent": "yes"})");
  EXPECT_NE(bad.message.find("'export_dir'"), std::string::npos) << bad.message;
  EXPECT_NE(bad.message.find("'export_transparent'"), std::string::npos) << bad.message;
  EXPECT_EQ(bad.settings.export_dir, "");
  EXPECT_FALSE(bad.settings.export_transparent);
}

TEST(Settings, BadTypeConvertOrPanelAreNamed) {
  SettingsLoad l = ParseSettings(R"({"type": "float64", "convert": "yes", "panel": "chart"})");
  EXPECT_NE(l.message.find("'type'"), std::string::npos) << l.message;
  EXPECT_NE(l.message.find("'convert'"), std::string::npos) << l.message;
  EXPECT_NE(l.message.find("'panel'"), std::string::npos) << l.message;
  EXPECT_EQ(l.settings.type, ElementType::kInt32);
  EXPECT_FALSE(l.settings.convert);
  EXPECT_EQ(l.settings.panel, SidePanel::kInspector);
  for (int i = 0; i < kSidePanelCount; ++i) {
    SidePanel p{};
    EXPECT_TRUE(Parse(ToString(static_cast<SidePanel>(i)), &p));
    EXPECT_EQ(static_cast<int>(p), i);
  }
}

TEST(Settings, CorruptGivesDefaultsAndAMessage) {
  SettingsLoad l = ParseSettings("{ not json");
  EXPECT_FALSE(l.message.empty());
  EXPECT_EQ(l.settings.input, Settings{}.input);
  l = ParseSettings("[1,2]");
  EXPECT_FALSE(l.message.empty());
  l = ParseSettings(R"({"theme": "purple", "window_width": -3, "algorithm": 7})");
  EXPECT_NE(l.message.find("theme"), std::string::npos);
  EXPECT_NE(l.message.find("window_width"), std::string::npos);
  EXPECT_EQ(l.settings.theme, scene::Theme::kDark);
  EXPECT_EQ(l.settings.window_width, Settings{}.window_width);
  // Each bad key once, separated: "ignored bad value for 'theme'; ignored bad value for ...".
  EXPECT_NE(l.message.find("'theme'; ignored"), std::string::npos) << l.message;
}

TEST(Settings, IntegersOutOfRangeAreRefusedNotWrapped) {
  // 2^32 + 320 wraps to 320 as a 32-bit int; 2^64 - 1 is unsigned; 1e400 overflows a double.
  for (const char* text : {R"({"window_width": 4294967616})", R"({"window_width": 18446744073709551615})",
                           R"({"window_width": -9223372036854775808})", R"({"window_width": 800.5})",
                           R"({"window_height": 99999})",
                           // below the minimum, as unsigned JSON numbers (fuzz finding)
                           R"({"window_width": 100})", R"({"window_height": 0})"}) {
    SettingsLoad l = ParseSettings(text);
    EXPECT_NE(l.message.find("ignored bad value"), std::string::npos) << text;
    EXPECT_EQ(l.settings.window_width, Settings{}.window_width) << text;
    EXPECT_EQ(l.settings.window_height, Settings{}.window_height) << text;
  }
  SettingsLoad l = ParseSettings(R"({"window_width": 320, "window_height": 16384})");
  EXPECT_TRUE(l.message.empty()) << l.message;
  EXPECT_EQ(l.settings.window_width, 320);
  EXPECT_EQ(l.settings.window_height, 16384);
  l = ParseSettings(R"({"window_width": 1e400})");
  EXPECT_FALSE(l.message.empty());
  EXPECT_EQ(l.settings.window_width, Settings{}.window_width);
}

TEST(Settings, DeepNestingIsRefusedInOnePass) {
  SettingsLoad l = ParseSettings(std::string(100000, '[') + std::string(100000, ']'));
  EXPECT_TRUE(l.unreadable);
  EXPECT_EQ(l.settings.input, Settings{}.input);
}

// Sets an environment variable for one scope and puts the old value back.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : m_name(name) {
    if (const char* old = std::getenv(name)) m_old = old;
    EXPECT_EQ(setenv(name, value.c_str(), 1), 0);
  }
  ~ScopedEnv() {
    if (m_old)
      setenv(m_name, m_old->c_str(), 1);
    else
      unsetenv(m_name);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* m_name;
  std::optional<std::string> m_old;
};

TEST(Settings, SaveAndLoadUnderXdgConfigHome) {
  const testing::TempDir temp;
  // A directory that does not exist yet: saving creates it.
  const std::filesystem::path dir = temp.Path() / "config";
  const ScopedEnv env("XDG_CONFIG_HOME", dir.string());
  const std::string path = SettingsPath();
  EXPECT_EQ(path, (dir / "scanviz" / "settings.json").string());
  EXPECT_TRUE(LoadSettings(path).message.empty());  // absent: defaults, no message
  Settings s;
  s.input = "9 8 7";
  EXPECT_EQ(SaveSettings(s, path), "");
  EXPECT_EQ(LoadSettings(path).settings.input, "9 8 7");
  std::ofstream(path) << "\x01garbage";
  SettingsLoad l = LoadSettings(path);
  EXPECT_FALSE(l.message.empty());
  EXPECT_EQ(l.settings.input, Settings{}.input);
  // The unreadable file is kept before the app's save on exit replaces it, and the message says
  // where.
  EXPECT_NE(l.message.find(path + ".bad"), std::string::npos) << l.message;
  std::ifstream kept(path + ".bad", std::ios::binary);
  const std::string kept_text((std::istreambuf_iterator<char>(kept)), std::istreambuf_iterator<char>());
  EXPECT_EQ(kept_text, "\x01garbage");
}

TEST(Settings, ABadValueIsNotCopied) {
  // Only a file that is not JSON at all is kept: one bad key loses nothing else.
  const testing::TempDir temp;
  const std::string path = (temp.Path() / "settings.json").string();
  std::ofstream(path) << R"({"theme": "purple", "input": "1 2"})";
  SettingsLoad l = LoadSettings(path);
  EXPECT_EQ(l.settings.input, "1 2");
  EXPECT_FALSE(std::filesystem::exists(path + ".bad"));
}

TEST(Settings, ATooLargeFileIsKeptAndTheInputSavedIsBounded) {
  const testing::TempDir temp;
  const std::string path = (temp.Path() / "settings.json").string();
  // The app saved a 2 MB input: what it writes now stays a settings file the next start reads.
  Settings s;
  s.input = std::string(2 << 20, '7');
  s.recent = {"/tmp/lecture.scanviz"};
  ASSERT_EQ(SaveSettings(s, path), "");
  EXPECT_LT(std::filesystem::file_size(path), 64u << 10);
  SettingsLoad l = LoadSettings(path);
  EXPECT_TRUE(l.message.empty()) << l.message;
  EXPECT_EQ(l.settings.input, Settings{}.input);
  EXPECT_EQ(l.settings.recent, s.recent);
  // A file over the limit (an older version's) is refused, and kept before the save replaces it.
  const std::string big = R"({"input": ")" + std::string(2 << 20, '7') + R"("})";
  std::ofstream(path, std::ios::binary) << big;
  l = LoadSettings(path);
  EXPECT_NE(l.message.find(path + ".bad"), std::string::npos) << l.message;
  EXPECT_EQ(std::filesystem::file_size(path + ".bad"), big.size());
}

TEST(Settings, ADirectoryOrADeviceIsNotReadForever) {
  const testing::TempDir temp;
  SettingsLoad l = LoadSettings(temp.Path().string());
  EXPECT_FALSE(l.message.empty());
  l = LoadSettings("/dev/zero");
  EXPECT_FALSE(l.message.empty());
  EXPECT_EQ(l.settings.input, Settings{}.input);
}

}  // namespace
}  // namespace scanviz
