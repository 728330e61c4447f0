// Sessions and links written before a refactor open identical after it (issue #35, "Done when"):
// each fixture of tests/data/compat (a session file and a share link of every kind of view, in
// the states that matter, and older versions' files) is opened in a fresh app, from its file and
// from its link, and what the app shows is compared with the golden the app wrote when the fixture
// was made (compat_fixtures.cpp; tests/data/compat/README.md): the kind, its step counter and
// status numbers, its state fields, every player's round, the input, the session it would save
// (field by field and its exact bytes) and the link it would copy. A difference names its field.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "compat_support.h"

namespace scanviz::compat {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The goldens' names ("block-scan-gpu-trace"), sorted.
std::vector<std::string> Goldens() {
  std::vector<std::string> out;
  const std::string suffix = ".expected.json";
  for (const fs::directory_entry& e : fs::directory_iterator(FixtureDir())) {
    const std::string file = e.path().filename().string();
    if (file.size() > suffix.size() && file.ends_with(suffix))
      out.push_back(file.substr(0, file.size() - suffix.size()));
  }
  std::sort(out.begin(), out.end());
  return out;
}

json Golden(const std::string& name) {
  return json::parse(ReadText(FixtureDir() + "/" + name + ".expected.json"));
}

class Compat : public ::testing::TestWithParam<std::string> {};

TEST_P(Compat, OpensAsItDidWhenWritten) {
  const json golden = Golden(GetParam());
  const std::string file =
      std::string(SCANVIZ_SOURCE_DIR) + "/" + golden["file"].get<std::string>();
  ASSERT_TRUE(fs::is_regular_file(file)) << file;
  EXPECT_EQ(Differences(golden["opened_from_file"], OpenedFile(file)), "")
      << "opened from " << file;
  if (!golden.contains("link")) return;  // an older version's file: no link was ever copied
  std::string link =
      ReadText(std::string(SCANVIZ_SOURCE_DIR) + "/" + golden["link"].get<std::string>());
  while (!link.empty() && (link.back() == '\n' || link.back() == '\r')) link.pop_back();
  ASSERT_FALSE(link.empty()) << golden["link"];
  // The fixtures keep the fragment Copy link writes after the '#'; only "#s=..." is a link.
  if (link.rfind("s=", 0) == 0) link.insert(0, "#");
  EXPECT_EQ(Differences(golden["opened_from_link"], OpenedLink(link)), "")
      << "opened from its link";
}

// Test names may hold letters, digits and '_' only.
std::string TestName(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  std::replace_if(
      name.begin(), name.end(), [](char c) { return !std::isalnum(c); }, '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Fixtures, Compat, ::testing::ValuesIn(Goldens()), TestName);

// The fixtures cover every kind of view, from a session and from a link; a link of every one of
// today's sessions; and the older versions' files.
TEST(CompatFixtures, CoverEveryKindFromFileAndLink) {
  std::set<std::string> from_file, from_link;
  int links = 0, older = 0;
  for (const std::string& name : Goldens()) {
    const json g = Golden(name);
    from_file.insert(g["opened_from_file"]["shown"]["kind"].get<std::string>());
    if (g.contains("link")) {
      ++links;
      from_link.insert(g["opened_from_link"]["shown"]["kind"].get<std::string>());
    } else {
      ++older;
    }
  }
  // The kinds there were when the fixtures were written (a kind added later brings its own).
  for (const char* k :
       {"block-scan", "side-by-side", "multi-block", "single-pass", "applications", "benchmark"}) {
    EXPECT_TRUE(from_file.count(k)) << k << " from a session file";
    EXPECT_TRUE(from_link.count(k)) << k << " from a link";
  }
  EXPECT_GE(links, 25);
  EXPECT_GE(older, 14);
}

}  // namespace
}  // namespace scanviz::compat
