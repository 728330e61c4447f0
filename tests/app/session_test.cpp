// Sessions (.scanviz) and trace files opened in the app: a session comes back as it was saved, a
// GPU's trace is shown as recorded and says where, and a file the app cannot use changes nothing
// and says why.
#include "session.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "app_state.h"
#include "core/file_io.h"
#include "core/trace_io.h"
#include "support/trace_compare.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

const std::string kH200Trace = std::string(SCANVIZ_SOURCE_DIR) + "/docs/example-blelloch-h200.json";

// A fresh folder for the test's files, removed at the end.
struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() /
           ("scanviz-session-test-" +
            std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  std::string File(const std::string& name) const { return (path / name).string(); }
};

Settings CpuSettings(const std::string& input = "3 1 7 0 4 1 6 3") {
  Settings s;
  s.input = input;
  return s;
}

TEST(Session, RoundTripsEveryField) {
  Session s;
  s.input = "5,-2,9";
  s.type = ElementType::kInt32;
  s.op = OpKind::kLast;
  s.convert = true;
  s.algorithm = Algorithm::kWarpShuffle;
  s.round = 3;
  s.seed = 18446744073709551615ull;
  s.side_by_side = true;
  s.left = Algorithm::kBlelloch;
  s.right = Algorithm::kWarpShuffle;
  s.only_current = true;
  s.color_by_case = true;
  s.theme = scene::Theme::kHighContrast;
  s.panel = SidePanel::kNarration;
  s.figure_scale = 1.5f;
  const SessionLoad back = ParseSession(SessionToJson(s));
  ASSERT_TRUE(back.session) << back.error;
  const Session& b = *back.session;
  EXPECT_EQ(b.input, s.input);
  EXPECT_EQ(b.op, s.op);
  EXPECT_EQ(b.convert, s.convert);
  EXPECT_EQ(b.algorithm, s.algorithm);
  EXPECT_EQ(b.round, s.round);
  EXPECT_EQ(b.seed, s.seed);
  EXPECT_EQ(b.side_by_side, s.side_by_side);
  EXPECT_EQ(b.left, s.left);
  EXPECT_EQ(b.right, s.right);
  EXPECT_EQ(b.only_current, s.only_current);
  EXPECT_EQ(b.color_by_case, s.color_by_case);
  EXPECT_EQ(b.theme, s.theme);
  EXPECT_EQ(b.panel, s.panel);
  EXPECT_EQ(b.figure_scale, s.figure_scale);
  EXPECT_FALSE(b.trace);
}

TEST(Session, AFileTheAppDidNotWriteIsRefusedWithAReason) {
  const std::string good = SessionToJson(Session{});
  struct Case {
    std::string text;
    std::string error;
  };
  auto with = [&](const std::string& from, const std::string& to) {
    std::string t = good;
    const size_t at = t.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return at == std::string::npos ? t : t.replace(at, from.size(), to);
  };
  const Case cases[] = {
      {"", "not valid JSON"},
      {"[1]", "not a session: the top level is not a JSON object"},
      {std::string(100000, '[') + std::string(100000, ']'), "not a session: "},
      {with("\"scanviz-session\"", "\"scanviz-trace\""), "format: expected \"scanviz-session\""},
      {with("\"version\": 1", "\"version\": 2"), "version: 2 (this build reads version 1)"},
      {with("\"version\": 1", "\"version\": 1e400"), "not valid JSON"},
      {with("\"input\": \"3,1,7,0,4,1,6,3\"", "\"input\": \"3,x\""), "input: "},
      {with("\"input\": \"3,1,7,0,4,1,6,3\"", "\"input\": 5"), "input: expected a string"},
      {with("\"op\": \"add\"", "\"op\": \"mul\""), "op: unknown value \"mul\""},
      {with("\"algorithm\": \"hillis-steele\"", "\"algorithm\": 3"), "algorithm: unknown value 3"},
      {with("\"round\": -1", "\"round\": -2"), "round: expected -1"},
      {with("\"round\": -1", "\"round\": 4294967296"), "round: expected -1"},
      {with("\"seed\": 1", "\"seed\": -1"), "seed: expected 0 .. 2^64 - 1"},
      {with("\"figure_scale\": 1.0", "\"figure_scale\": 1e30"), "view.figure_scale"},
      {with("\"convert\": false", "\"convert\": \"no\""), "convert: expected true or false"},
      {with("\"pair\": [", "\"pair\": [\"blelloch\", "), "view.pair: expected [left, right]"},
      {with("\"type\": \"int32\",", ""), "missing field \"type\""},
  };
  for (const Case& c : cases) {
    const SessionLoad l = ParseSession(c.text);
    EXPECT_FALSE(l.session) << c.text.substr(0, 80);
    EXPECT_EQ(l.error.rfind(c.error, 0), 0u) << "got: " << l.error << "\nwant: " << c.error;
  }
}

TEST(Session, SniffsWhatAFileHolds) {
  EXPECT_EQ(SniffFileKind(SessionToJson(Session{})), FileKind::kSession);
  const FileText trace = ReadFileLimited(kH200Trace, kMaxTraceFileBytes);
  ASSERT_TRUE(trace.Ok()) << trace.error;
  EXPECT_EQ(SniffFileKind(trace.text), FileKind::kTrace);
  EXPECT_EQ(SniffFileKind("{\"format\": \"png\"}"), FileKind::kUnknown);
}

// The GPU's own trace, shown as recorded: the status line names the GPU, the figure is the file's
// trace (not a simulation of its input), and an edit goes back to tracing here.
TEST(AppStateFiles, ATraceRecordedOnTheGpuIsShownAndSaysWhere) {
  AppState app(CpuSettings("1 2 3"));
  app.SetBackend(BackendChoice::kCpu);
  ASSERT_EQ(app.OpenFile(kH200Trace), "");
  const TraceLoadResult file = LoadTraceFile(kH200Trace);
  ASSERT_TRUE(file.trace);
  EXPECT_EQ(app.GetAlgorithm(), Algorithm::kBlelloch);
  EXPECT_EQ(app.Current().trace.meta.backend.kind, BackendKind::kCuda);
  EXPECT_EQ(testing::FirstDifference(*file.trace, app.Current().trace), "");
  EXPECT_EQ(app.BackendStatus().rfind("recorded on NVIDIA H200 · example-blelloch-h200.json", 0),
            0u)
      << app.BackendStatus();
  EXPECT_TRUE(app.ShowsFileTrace());
  EXPECT_EQ(app.Values(), file.trace->input);
  EXPECT_EQ(app.CurrentPlayer().Round(), app.CurrentPlayer().RoundCount() - 1);
  // The other algorithms show the same input, simulated.
  EXPECT_EQ(app.Slot(Algorithm::kHillisSteele).trace.input, file.trace->input);
  EXPECT_EQ(app.Slot(Algorithm::kHillisSteele).trace.meta.backend.kind, BackendKind::kCpuSimulator);
  EXPECT_NE(app.notice.find("opened the trace"), std::string::npos);
  ASSERT_FALSE(app.Recent().empty());
  EXPECT_EQ(fs::path(app.Recent()[0]).filename(), "example-blelloch-h200.json");
  // An edit: traced here again.
  app.SetCell(0, 5);
  EXPECT_FALSE(app.ShowsFileTrace());
  EXPECT_EQ(app.BackendStatus().find("recorded on"), std::string::npos);
  EXPECT_EQ(app.Current().trace.meta.backend.kind, BackendKind::kCpuSimulator);
}

TEST(AppStateFiles, ASessionComesBackAsItWasSavedWithItsGpuTrace) {
  TempDir dir;
  AppState teacher(CpuSettings());
  teacher.SetBackend(BackendChoice::kCpu);
  ASSERT_EQ(teacher.OpenFile(kH200Trace), "");
  teacher.CurrentPlayer().Seek(3);
  teacher.view.color_by_case = true;
  teacher.view.panel = SidePanel::kCode;
  const std::string path = dir.File("lecture.scanviz");
  ASSERT_EQ(teacher.SaveSessionTo(path), "");

  AppState student(CpuSettings("9 9"));
  student.SetBackend(BackendChoice::kCpu);
  ASSERT_EQ(student.OpenFile(path), "");
  EXPECT_EQ(student.GetAlgorithm(), Algorithm::kBlelloch);
  EXPECT_EQ(student.CurrentPlayer().Round(), 3);
  EXPECT_TRUE(student.view.color_by_case);
  EXPECT_EQ(student.view.panel, SidePanel::kCode);
  EXPECT_EQ(testing::FirstDifference(teacher.Current().trace, student.Current().trace), "");
  EXPECT_EQ(student.BackendStatus().rfind("recorded on NVIDIA H200", 0), 0u)
      << student.BackendStatus();

  // Without a file trace, the session holds the input and the simulator traces it.
  AppState plain(CpuSettings("4 8 15 16 23 42"));
  plain.SetBackend(BackendChoice::kCpu);
  plain.SetOp(OpKind::kMax);
  plain.SetAlgorithm(Algorithm::kWarpShuffle);
  plain.CurrentPlayer().Seek(1);
  ASSERT_EQ(plain.SaveSessionTo(dir.File("plain.scanviz")), "");
  AppState other(CpuSettings());
  other.SetBackend(BackendChoice::kCpu);
  ASSERT_EQ(other.OpenFile(dir.File("plain.scanviz")), "");
  EXPECT_EQ(other.Values(), (std::vector<double>{4, 8, 15, 16, 23, 42}));
  EXPECT_EQ(other.Op(), OpKind::kMax);
  EXPECT_EQ(other.GetAlgorithm(), Algorithm::kWarpShuffle);
  EXPECT_EQ(other.CurrentPlayer().Round(), 1);
  EXPECT_FALSE(other.ShowsFileTrace());
}

TEST(AppStateFiles, AFileThatCannotBeUsedChangesNothing) {
  TempDir dir;
  AppState app(CpuSettings("3 1 7 0"));
  app.SetBackend(BackendChoice::kCpu);
  const std::string garbage = dir.File("notes.json");
  ASSERT_EQ(WriteFileAtomically(garbage, "{\"format\": \"notes\"}"), "");
  const std::string bad_session = dir.File("bad.scanviz");
  ASSERT_EQ(WriteFileAtomically(bad_session, "{\"format\": \"scanviz-session\", \"version\": 1}"),
            "");
  const std::string bad_trace = dir.File("bad.json");
  ASSERT_EQ(WriteFileAtomically(bad_trace, "{\"format\": \"scanviz-trace\", \"version\": 2}"), "");
  for (const std::string& path :
       {garbage, bad_session, bad_trace, dir.File("missing.scanviz"), dir.path.string()}) {
    const std::string err = app.OpenFile(path);
    EXPECT_EQ(err.rfind(path + ": ", 0), 0u) << err;
    EXPECT_EQ(app.Values(), (std::vector<double>{3, 1, 7, 0})) << path;
    EXPECT_TRUE(app.Recent().empty());
  }
  EXPECT_NE(app.OpenFile(garbage).find("neither a ScanViz session"), std::string::npos);
  // Saving where a folder is: refused, nothing replaced.
  EXPECT_NE(app.SaveSessionTo(dir.path.string()), "");
  EXPECT_TRUE(fs::is_directory(dir.path));
}

TEST(AppStateFiles, RecentFilesNewestFirstWithoutRepeatsAndAtMostEight) {
  TempDir dir;
  AppState app(CpuSettings());
  app.SetBackend(BackendChoice::kCpu);
  for (int i = 0; i < 10; ++i)
    ASSERT_EQ(app.SaveSessionTo(dir.File(std::to_string(i) + ".scanviz")), "");
  ASSERT_EQ(app.Recent().size(), kMaxRecent);
  EXPECT_EQ(fs::path(app.Recent()[0]).filename(), "9.scanviz");
  ASSERT_EQ(app.OpenFile(dir.File("5.scanviz")), "");
  EXPECT_EQ(fs::path(app.Recent()[0]).filename(), "5.scanviz");
  EXPECT_EQ(app.Recent().size(), kMaxRecent);
  // Kept in the settings.
  const Settings s = app.ToSettings(800, 600);
  const SettingsLoad back = ParseSettings(SettingsToJson(s));
  EXPECT_EQ(back.settings.recent, app.Recent());
  EXPECT_TRUE(back.message.empty());
  EXPECT_NE(ParseSettings(R"({"recent": [1]})").message.find("recent"), std::string::npos);
}

}  // namespace
}  // namespace scanviz
