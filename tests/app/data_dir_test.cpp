#include "state/data_dir.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

#include "support/temp_dir.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

// A fake install and build tree inside a temporary directory (the programs need not exist: the
// search reads only their paths).
struct Trees {
  testing::TempDir tmp;
  fs::path root = fs::canonical(tmp.Path());
  std::string installed_exe = (root / "usr/bin/scanviz").string();
  fs::path installed_data = root / "usr/share/scanviz";
  fs::path build = root / "build";
  std::string build_exe = (build / "app/ui/scanviz").string();
  fs::path build_data = build / "share/scanviz";
  fs::path env_data = root / "mine";

  Trees() {
    for (const fs::path& d : {installed_data, build_data, env_data, build / "app/ui"})
      fs::create_directories(d);
    fs::create_directories(root / "usr/bin");
  }
};

TEST(DataDir, TheEnvironmentVariableComesFirst) {
  Trees t;
  const DataDir d = FindDataDir({t.env_data.string(), t.installed_exe, t.build.string()});
  EXPECT_EQ(d.path, t.env_data.string());
  EXPECT_EQ(d.found_by, "SCANVIZ_DATA_DIR");
  EXPECT_EQ(d.note, "");
}

TEST(DataDir, TheVariablesPathIsKeptAsSpelledThroughALink) {
  // Its path is what the app shows beside a bundled trace: a link keeps its own (shorter, or
  // the same in every checkout) name rather than the real path behind it.
  Trees t;
  fs::create_directory_symlink(t.env_data, t.root / "link-to-mine");
  for (const std::string& env : {(t.root / "link-to-mine").string(),
                                 (t.root / "link-to-mine/").string(),
                                 (t.root / "usr/../link-to-mine").string()}) {
    const DataDir d = FindDataDir({env, t.installed_exe, ""});
    EXPECT_EQ(d.path, (t.root / "link-to-mine").string()) << env;
    EXPECT_EQ(d.found_by, "SCANVIZ_DATA_DIR");
  }
}

TEST(DataDir, ABadEnvironmentVariableIsNamedAndPassedOver) {
  Trees t;
  const std::string file = (t.root / "a-file").string();
  std::ofstream(file) << "x";
  for (const std::string& env : {file, (t.root / "absent").string()}) {
    const DataDir d = FindDataDir({env, t.installed_exe, ""});
    EXPECT_EQ(d.path, t.installed_data.string()) << env;
    EXPECT_EQ(d.note, "SCANVIZ_DATA_DIR=" + env + " is not a directory; ignored");
  }
}

TEST(DataDir, AnInstallIsFoundBesideItsExecutable) {
  Trees t;
  const DataDir d = FindDataDir({"", t.installed_exe, t.build.string()});
  EXPECT_EQ(d.path, t.installed_data.string());
  EXPECT_EQ(d.found_by, "beside the executable (../share/scanviz)");
  // Through a link to the install's bin/ (the path is resolved).
  fs::create_directory_symlink(t.root / "usr/bin", t.root / "bin-link");
  EXPECT_EQ(FindDataDir({"", (t.root / "bin-link/scanviz").string(), ""}).path,
            t.installed_data.string());
}

TEST(DataDir, TheBuildTreeOnlyForAProgramInsideIt) {
  Trees t;
  DataDir d = FindDataDir({"", t.build_exe, t.build.string()});
  EXPECT_EQ(d.path, t.build_data.string());
  EXPECT_EQ(d.found_by, "the build tree (a development run)");
  EXPECT_EQ(FindDataDir({"", t.build_exe, t.build.string() + "/"}).path, t.build_data.string());

  // An installed copy of the same program, with no share/scanviz beside it, never reads the tree
  // it was built from; nor does a program in a sibling whose name starts the same.
  fs::remove_all(t.installed_data);
  for (const std::string& exe :
       {t.installed_exe, (t.root / "build2/scanviz").string(), (t.root / "bui/scanviz").string()}) {
    d = FindDataDir({"", exe, t.build.string()});
    EXPECT_EQ(d.path, "") << exe;
    EXPECT_NE(d.note.find("no data dir"), std::string::npos) << d.note;
  }
  d = FindDataDir({"", t.installed_exe, t.build.string()});
  EXPECT_EQ(d.note, "no data dir: set SCANVIZ_DATA_DIR or install ScanViz (looked in " +
                        (t.root / "usr/share/scanviz").string() + ")");
}

TEST(DataDir, NothingToGoOn) {
  const DataDir d = FindDataDir({});
  EXPECT_EQ(d.path, "");
  EXPECT_NE(d.note.find("the executable's path is unknown"), std::string::npos) << d.note;
  EXPECT_EQ(d.File("presets.json"), "");
  EXPECT_EQ(DataDirReport(d).rfind("data dir: none\nnote: no data dir", 0), 0u) << DataDirReport(d);
}

TEST(DataDir, FilesAreGivenOnlyWhenTheyExist) {
  Trees t;
  std::ofstream(t.installed_data / "presets.json") << "{}";
  const DataDir d = FindDataDir({"", t.installed_exe, ""});
  EXPECT_EQ(d.File("presets.json"), (t.installed_data / "presets.json").string());
  EXPECT_EQ(d.File("bench/h200.json"), "");
  const std::string report = DataDirReport(d);
  EXPECT_NE(report.find("data dir: " + t.installed_data.string() + "\n"), std::string::npos);
  EXPECT_NE(report.find("presets.json: " + (t.installed_data / "presets.json").string() + "\n"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("bench/h200.json: missing\n"), std::string::npos) << report;
}

// This build tree's own data dir: links into the source tree (assets/CMakeLists.txt).
TEST(DataDir, ThisBuildTreeHasTheShippedData) {
  const DataDir d = FindDataDir({"", SCANVIZ_BINARY_DIR "/app/ui/scanviz", SCANVIZ_BINARY_DIR});
  ASSERT_NE(d.path, "") << d.note;
  const std::pair<const char*, const char*> files[] = {
      {"presets.json", "assets/presets.json"},
      {"bench/h200.json", "docs/bench/h200.json"},
      {"icons/scanviz-48.png", "assets/icons/scanviz-48.png"},
      {"shaders/box.vert.glsl", "shaders/box.vert.glsl"}};
  for (auto [in_data, in_source] : files) {
    const std::string p = d.File(in_data);
    ASSERT_NE(p, "") << in_data << " not in " << d.path;
    EXPECT_TRUE(fs::equivalent(p, fs::path(SCANVIZ_SOURCE_DIR) / in_source)) << in_data;
  }
}

}  // namespace
}  // namespace scanviz
