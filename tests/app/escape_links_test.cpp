// Issue #38's escaping, links and files: text from a session, a link, the settings, the presets,
// a quiz or lab results quoted safely in every message (finding 3); a file whose name holds "s="
// opens as a file (finding 4); a bundled trace named by a link passes a session's checks
// (finding 5).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/any_trace_io.h"
#include "core/input.h"
#include "core/link/share_text.h"
#include "core/simulator.h"
#include "core/trace_io.h"
#include "state/app_state.h"
#include "state/presets.h"
#include "state/settings.h"
#include "state/share_link.h"
#include "support/hostile_text.h"
#include "support/temp_dir.h"
#include "teach/lab_results.h"
#include "teach/quiz_set.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;
const std::string kSource = SCANVIZ_SOURCE_DIR;
const std::string kTraces = std::string(SCANVIZ_BINARY_DIR) + "/share/scanviz/traces";

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> FilesIn(const std::string& dir) {
  std::vector<std::string> out;
  for (const fs::directory_entry& e : fs::directory_iterator(kSource + dir))
    out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

// [SECTION] Finding 3: one escaping rule

TEST(MessageEscapingApp, EveryStringFieldOfSessionsAndLinksIsQuotedSafely) {
  testing::HostileRun run;
  for (const std::string& file : FilesIn("/tests/fuzz/corpus/session"))
    testing::RunHostile(
        file, ReadText(file), [](const std::string& t) { return ParseSession(t).error; }, &run);
  for (const std::string& file : FilesIn("/tests/fuzz/corpus/link")) {
    const link::SharedText shared = link::DecodeLink(ReadText(file));
    if (shared.session_json.empty()) continue;
    testing::RunHostile(
        file, shared.session_json,
        [&](const std::string& t) {
          const std::string fragment = link::EncodeFragment(t, shared.trace_ref);
          return SessionFromLink("#" + fragment, {}).load.error;
        },
        &run);
  }
  EXPECT_EQ(run.unsafe, std::vector<std::string>{});
  EXPECT_GT(run.refused, 100);
}

// The issue's application.keep, of a session and of a link: it reached the terminal as it was.
TEST(MessageEscapingApp, AKeepRuleIsQuotedSafely) {
  nlohmann::json j = nlohmann::json::parse(SessionToJson(Session{}));
  j["application"]["keep"] = "\x1b]0;pwned\x07\nscanviz: OK";
  EXPECT_EQ(
      ParseSession(j.dump()).error,
      "application.keep: --keep \"\\x1b]0;pwned\\x07\\nscanviz: OK\": choose odd, even, positive, "
      "nonzero or greater:K");
  const std::string link = "#" + link::EncodeFragment(j.dump());
  EXPECT_EQ(testing::WhyNotOneSafeLine(SessionFromLink(link, {}).load.error), "")
      << SessionFromLink(link, {}).load.error;
}

TEST(MessageEscapingApp, EveryStringFieldOfSettingsPresetsQuizzesAndLabsIsQuotedSafely) {
  testing::HostileRun run;
  for (const std::string& file : FilesIn("/tests/fuzz/corpus/settings"))
    testing::RunHostile(
        file, ReadText(file), [](const std::string& t) { return ParseSettings(t).message; }, &run);
  testing::RunHostile(
      "presets",
      R"({"schema": "scanviz-presets/1", "presets": [{"name": "x", "values": "1 2 3",
          "type": "int32"}, {"name": "y", "random": {"n": 8, "lo": 0, "hi": 9}}]})",
      [](const std::string& t) { return ParsePresets(t).error; }, &run);
  for (const std::string& file : FilesIn("/tests/fuzz/corpus/quiz"))
    testing::RunHostile(
        file, ReadText(file),
        [](const std::string& t) { return teach::ParseQuizSet(t, "q.json").error; }, &run);
  for (const std::string& file : FilesIn("/tests/fuzz/corpus/lab_results"))
    testing::RunHostile(
        file, ReadText(file),
        [](const std::string& t) { return teach::ParseLabResults(t, "f").error; }, &run);
  EXPECT_EQ(run.unsafe, std::vector<std::string>{});
  EXPECT_GT(run.refused, 100);
}

// [SECTION] Finding 4: a path that names a file opens the file

// The working directory changed for a test, as `scanviz NAME` is run from the file's folder.
class InDirectory {
 public:
  explicit InDirectory(const fs::path& dir) : m_before(fs::current_path()) {
    fs::current_path(dir);
  }
  ~InDirectory() { fs::current_path(m_before); }
  InDirectory(const InDirectory&) = delete;
  InDirectory& operator=(const InDirectory&) = delete;

 private:
  fs::path m_before;
};

TEST(LinksAndFiles, AFileWhoseNameHoldsSEqualsOpensAsTheFile) {
  const testing::TempDir dir;
  const std::string session =
      ReadText(kSource + "/tests/fuzz/corpus/session/chapters-example.scanviz");
  const InDirectory in(dir.Path());
  for (const std::string name : {"s=hs8.json", "lecture#s=1.json", "a&s=b.json"}) {
    std::ofstream(name) << session;
    Settings settings;
    settings.input = "9 9";
    AppState app(settings);
    app.SetBackend(BackendChoice::kCpu);
    EXPECT_EQ(app.OpenFile(name), "") << name;
    EXPECT_EQ(app.notice, "opened the session " + name);
    EXPECT_FALSE(OpensAsLink(name)) << name;
  }
  // A link stays a link while no file has its name; a file of that name is opened instead.
  const std::string link = "#s=AAAA";
  EXPECT_TRUE(OpensAsLink(link));
  EXPECT_TRUE(OpensAsLink("https://example.org/scanviz/" + link));
  std::ofstream(link) << session;
  EXPECT_FALSE(OpensAsLink(link));
}

// [SECTION] Finding 5: a bundled trace named by a link passes a session's checks

// A link to `s` naming the bundled trace `name`, opened with the build's bundled traces.
LinkLoad Open(const Session& s, const std::string& name, const std::string& dir = kTraces) {
  return SessionFromLink("#" + link::EncodeFragment(SessionToJson(s), name), dir);
}

Session BlellochOfTheChapters() {
  Session s;
  s.input = "3,1,7,0,4,1,6,3";
  s.algorithm = Algorithm::kBlelloch;
  return s;
}

TEST(BundledTraceLinks, ATraceThatFitsTheSessionOpensWithItsGpuNamed) {
  const LinkLoad load = Open(BlellochOfTheChapters(), "blelloch-8.json");
  ASSERT_TRUE(load.load.session) << load.load.error;
  ASSERT_TRUE(load.load.session->trace);
  EXPECT_EQ(load.load.session->trace_origin, "recorded on NVIDIA H200 · blelloch-8.json");
}

TEST(BundledTraceLinks, ATraceOfAnotherScanThanTheSessionsIsRefused) {
  Session op = BlellochOfTheChapters(), input = op, type = op, algorithm = op;
  op.op = OpKind::kMax;
  input.input = "3,1,7,0,4,1,6,4";
  type.type = ElementType::kFloat32;
  algorithm.algorithm = Algorithm::kHillisSteele;
  for (const Session& s : {op, input, type, algorithm}) {
    const LinkLoad load = Open(s, "blelloch-8.json");
    EXPECT_FALSE(load.load.session);
    EXPECT_EQ(load.load.error.rfind(
                  "this link does not open: its trace blelloch-8.json does not fit it: trace: ", 0),
              0u)
        << load.load.error;
    EXPECT_EQ(testing::WhyNotOneSafeLine(load.load.error), "") << load.load.error;
  }
}

TEST(BundledTraceLinks, ATraceUnderTheGridOrAnApplicationIsRefused) {
  Session grid = BlellochOfTheChapters(), application = grid;
  grid.multi_block = true;
  application.application = true;
  for (const Session& s : {grid, application}) {
    const LinkLoad load = Open(s, "blelloch-8.json");
    EXPECT_FALSE(load.load.session);
    EXPECT_NE(load.load.error.find("does not fit it: trace: a session with a recorded trace shows "
                                   "its rounds, not another mode"),
              std::string::npos)
        << load.load.error;
  }
}

TEST(BundledTraceLinks, ATimelineOfOtherTilesThanTheSessionsIsRefused) {
  const AnyTraceLoad file = LoadAnyTraceFile(kTraces + "/single-pass-65536-ticket.json");
  ASSERT_TRUE(file.single_pass) << file.error;
  Session s;
  s.input = FormatValues(file.single_pass->input, file.single_pass->type, ",");
  s.type = file.single_pass->type;
  s.op = file.single_pass->op;
  s.timeline = true;
  s.tile_order = file.single_pass->order;
  s.tile_size = file.single_pass->tile_size;
  const LinkLoad fits = Open(s, "single-pass-65536-ticket.json");
  ASSERT_TRUE(fits.load.session) << fits.load.error;
  EXPECT_TRUE(fits.load.session->single_pass);
  s.tile_size = 4;
  const LinkLoad other = Open(s, "single-pass-65536-ticket.json");
  EXPECT_FALSE(other.load.session);
  EXPECT_NE(other.load.error.find("does not fit it: single_pass_trace: tiles of "),
            std::string::npos)
      << other.load.error;
}

// Only a GPU's recording is said to be "recorded on" it: the simulator's trace under a bundled
// name (a traces folder of the test's own) says so.
TEST(BundledTraceLinks, OnlyAGpusRecordingIsSaidToBeRecordedOnIt) {
  const testing::TempDir dir;
  ScanRequest r;
  r.algorithm = Algorithm::kBlelloch;
  r.input = {3, 1, 7, 0, 4, 1, 6, 3};
  ASSERT_EQ(SaveTraceFile(Simulate(r), dir.File("blelloch-8.json")), "");
  const LinkLoad load = Open(BlellochOfTheChapters(), "blelloch-8.json", dir.Path().string());
  ASSERT_TRUE(load.load.session) << load.load.error;
  EXPECT_EQ(load.load.session->trace_origin, "recorded by the CPU simulator · blelloch-8.json");
}

}  // namespace
}  // namespace scanviz
