// Every writer of the app's state library through the checks of support/writer_faults.h (issue
// #38): a write failing at byte k or at the rename, and targets that cannot be written, are
// reported, the old file kept, nothing left. And finding 7: a settings file the app can neither
// read nor keep a copy of is not replaced on exit.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "state/session.h"
#include "state/settings.h"
#include "support/temp_dir.h"
#include "support/writer_faults.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

// A new writer of the app's files gets a row here (the core's are in write_fault_test.cpp, the
// exports' in export_writers_test.cpp, the processes' in ui_writers_test.py).
TEST(Writers, EveryAppStateWriterReportsFaultsAndKeepsTheOldFile) {
  Session session;
  session.input = "3 1 7 0 4 1 6 3";
  Settings settings;
  settings.input = "9 8 7";
  const struct {
    const char* name;
    testing::Writer write;
    const char* file;
    bool makes_its_folder;
  } rows[] = {
      {"SaveSession (File > Save session)",
       [&](const std::string& p) { return SaveSession(session, p); }, "lecture.scanviz", false},
      {"SaveSettings (the app's exit)",
       [&](const std::string& p) { return SaveSettings(settings, p); }, "settings.json", true},
  };
  for (const auto& row : rows)
    testing::ExpectWriterSurvivesFaults(row.name, row.write, row.file, row.makes_its_folder);
}

// Finding 7 of issue #38: settings.json unreadable and settings.json.bad a folder. The app said it
// could not keep a copy, then replaced the user's file on exit. Now the load says once that the
// file is left as it is, and marks it not to be saved over (main.cpp's SaveOnExit honours it).
TEST(Settings, AFileThatCanNeitherBeReadNorKeptIsNotReplaced) {
  const testing::TempDir temp;
  const std::string path = (temp.Path() / "settings.json").string();
  fs::create_directory(path + ".bad");
  const std::string garbage = "\x01 not JSON, the user's own";
  const std::string big = R"({"input": ")" + std::string(2 << 20, '7') + R"("})";
  for (const std::string& text : {garbage, big}) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
    const SettingsLoad l = LoadSettings(path);
    EXPECT_TRUE(l.keep_file) << l.message;
    EXPECT_NE(l.message.find("could not keep a copy"), std::string::npos) << l.message;
    EXPECT_NE(l.message.find("left as it is"), std::string::npos) << l.message;
    EXPECT_TRUE(fs::is_directory(path + ".bad"));
    EXPECT_EQ(testing::SlurpFile(path), text);
  }
  // With the copy kept, the file may be replaced (the copy holds it), as before.
  fs::remove(path + ".bad");
  std::ofstream(path, std::ios::binary | std::ios::trunc) << garbage;
  const SettingsLoad kept = LoadSettings(path);
  EXPECT_FALSE(kept.keep_file) << kept.message;
  EXPECT_EQ(testing::SlurpFile(path + ".bad"), garbage);
}

}  // namespace
}  // namespace scanviz
