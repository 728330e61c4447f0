// Sessions (.scanviz) and trace files opened in the app: a session comes back as it was saved, a
// GPU's trace is shown as recorded and says where, and a file the app cannot use changes nothing
// and says why.
#include "state/session.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/file_io.h"
#include "core/input.h"
#include "core/trace_io.h"
#include "kinds/applications/applications_state.h"
#include "kinds/multi_block/multi_block_state.h"
#include "kinds/side_by_side/side_by_side_state.h"
#include "kinds/single_pass/single_pass_state.h"
#include "state/app_state.h"
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
  s.multi_block = true;
  s.block_algorithm = Algorithm::kBlelloch;
  s.block_size = 64;
  s.grid_step = 2;
  s.application_kind =
      ApplicationKind::kRadixSort;  // an application's settings, kept while the grid is shown
  s.keep = {KeepKind::kGreater, 7};
  s.split_bit = 31;
  s.radix_bits = 5;
  s.application_step = 4;
  s.timeline = true;
  s.tile_size = 1024;
  s.tile_order = TileOrder::kTicket;
  s.timeline_cursor = 123456;
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
  EXPECT_EQ(b.multi_block, s.multi_block);
  EXPECT_EQ(b.block_algorithm, s.block_algorithm);
  EXPECT_EQ(b.block_size, s.block_size);
  EXPECT_EQ(b.grid_step, s.grid_step);
  EXPECT_EQ(b.application, s.application);
  EXPECT_EQ(b.application_kind, s.application_kind);
  EXPECT_EQ(b.keep, s.keep);
  EXPECT_EQ(b.split_bit, s.split_bit);
  EXPECT_EQ(b.radix_bits, s.radix_bits);
  EXPECT_EQ(b.application_step, s.application_step);
  EXPECT_EQ(b.timeline, s.timeline);
  EXPECT_EQ(b.tile_size, s.tile_size);
  EXPECT_EQ(b.tile_order, s.tile_order);
  EXPECT_EQ(b.timeline_cursor, s.timeline_cursor);
  EXPECT_FALSE(b.trace);
}

// A file written before the modes (version 1) opens on the block scans' rounds.
TEST(Session, AVersionOneFileStillOpens) {
  const SessionLoad l = ParseSession(R"({"format": "scanviz-session", "version": 1,
      "input": "3,1,7,0", "type": "int32", "op": "add", "algorithm": "blelloch", "round": 2})");
  ASSERT_TRUE(l.session) << l.error;
  EXPECT_EQ(l.session->algorithm, Algorithm::kBlelloch);
  EXPECT_EQ(l.session->round, 2);
  EXPECT_FALSE(l.session->multi_block);
  EXPECT_FALSE(l.session->application);
  EXPECT_FALSE(l.session->timeline);
}

TEST(Session, AFileTheAppDidNotWriteIsRefusedWithAReason) {
  const std::string good = SessionToJson(Session{});
  Session bench_and_grid;
  bench_and_grid.benchmark = bench_and_grid.multi_block = true;
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
  auto every = [&](const std::string& from, const std::string& to) {
    std::string t = good;
    for (size_t at = t.find(from); at != std::string::npos; at = t.find(from, at + to.size()))
      t.replace(at, from.size(), to);
    return t;
  };
  // The timeline's object (it holds none) as `to`.
  auto timeline_is = [&](const std::string& to) {
    std::string t = good;
    const size_t at = t.find("\"timeline\": {");
    return t.replace(at, t.find('}', at) + 1 - at, "\"timeline\": " + to);
  };
  const Case cases[] = {
      {"", "not valid JSON"},
      {"[1]", "not a session: the top level is not a JSON object"},
      {std::string(100000, '[') + std::string(100000, ']'), "not a session: "},
      {with("\"scanviz-session\"", "\"scanviz-trace\""), "format: expected \"scanviz-session\""},
      {with("\"version\": 3", "\"version\": 4"), "version: 4 (this build reads versions 1 to 3)"},
      {with("\"version\": 3", "\"version\": 0"), "version: 0"},
      {with("\"version\": 3", "\"version\": 1e400"), "not valid JSON"},
      // Version 3's fields.
      {with("\"rounds\": [", "\"rounds\": [1, "), "view.rounds: expected [left, right]"},
      {with("\"left_panel\": \"auto\"", "\"left_panel\": \"half\""),
       "view.left_panel: expected auto, folded or unfolded"},
      {with("\"lanes_log2\": 5", "\"lanes_log2\": 11"), "view.lanes_log2: expected an integer"},
      {with("\"mistake\": \"none\"", "\"mistake\": \"blelloch:single-buffer\""),
       "view.mistake: expected \"none\" or one of the lab's mistakes"},  // Hillis-Steele's
      {with("\"mistake\": \"none\"", "\"mistake\": \"no-barrier\""), "view.mistake: expected"},
      {with("\"set\": \"\"", "\"set\": \"../../etc/passwd\""),
       "quiz.set: expected a quiz set's file name"},
      {with("\"question\": 0", "\"question\": -1"), "quiz.question: expected an integer in 0"},
      {with("\"toggled\": []", "\"toggled\": [3]"), "benchmark.toggled: expected a list"},
      {with("\"input\": \"3,1,7,0,4,1,6,3\"",
            "\"random\": {\"n\": 8, \"seed\": 1, \"check\": 12345}"),
       "random: this build's random numbers are not those of the build that wrote it"},
      {with("\"input\": \"3,1,7,0,4,1,6,3\"", "\"random\": {\"n\": 0, \"seed\": 1}"),
       "random.n: expected an integer in 1 .. 65536"},
      {with("\"input\": \"3,1,7,0,4,1,6,3\"",
            "\"random\": {\"n\": 3, \"seed\": 1, \"head\": \"1 2 3\"}"),
       "random.head: "},
      {with("\"input\": \"3,1,7,0,4,1,6,3\"", "\"input\": \"3,x\""), "input: "},
      {with("\"input\": \"3,1,7,0,4,1,6,3\"", "\"input\": 5"), "input: expected a string"},
      {with("\"op\": \"add\"", "\"op\": \"mul\""), "op: unknown value \"mul\""},
      {with("\"algorithm\": \"hillis-steele\"", "\"algorithm\": 3"), "algorithm: unknown value 3"},
      {with("\"round\": -1", "\"round\": -2"), "round: expected -1"},
      {with("\"round\": -1", "\"round\": 4294967296"), "round: expected -1"},
      {with("\"seed\": 1", "\"seed\": -1"),
       "seed '-1': choose a whole number 0..18446744073709551615"},
      {with("\"seed\": 1", "\"seed\": 18446744073709551616"), "seed '1.8446744073709552e+19'"},
      {with("\"seed\": 1", "\"seed\": 2.5"), "seed '2.5'"},
      {with("\"seed\": 1", "\"seed\": \"7\""), "seed '\"7\"'"},
      {with("\"figure_scale\": 1.0", "\"figure_scale\": 1e30"), "view.figure_scale"},
      {with("\"convert\": false", "\"convert\": \"no\""), "convert: expected true or false"},
      {with("\"pair\": [", "\"pair\": [\"blelloch\", "), "view.pair: expected [left, right]"},
      {with("\"type\": \"int32\",", ""), "missing field \"type\""},
      {with("\"block_size\": 4", "\"block_size\": 6"),
       "multi_block.block_size: expected a power of two"},
      {with("\"block_size\": 4", "\"block_size\": 2048"), "multi_block.block_size: expected an"},
      {with("\"block_algorithm\": \"hillis-steele\"", "\"block_algorithm\": \"sort\""),
       "multi_block.block_algorithm: expected hillis-steele, blelloch"},
      {with("\"app\": \"compact\"", "\"app\": \"sort\""), "application.app: expected compact"},
      {with("\"keep\": \"nonzero\"", "\"keep\": \"seven\""), "application.keep: --keep \"seven\""},
      {with("\"bit\": 0", "\"bit\": 32"), "application.bit: expected an integer in 0 .. 31"},
      {with("\"tile_order\": \"blockidx\"", "\"tile_order\": \"random\""),
       "timeline.tile_order: expected blockidx or ticket"},
      {timeline_is("3"), "timeline: expected an object"},
      // Issue #25: a key the format does not know may not hold bulk (it became a tree first).
      {with("\"timeline\": {", "\"x\": [{}, {}], \"timeline\": {"),
       "not a session: unknown key \"x\" holds an array (not part of the format)"},
      {with("\"step\": -1", "\"step\": -2"), "application.step: expected an integer in -1"},
      // Issue #25: an unsigned 2^64 - 1 read as a long long is -1, which was in range.
      {with("\"round\": -1", "\"round\": 18446744073709551615"), "round: expected -1"},
      {with("\"step\": -1", "\"step\": 18446744073709551615"),
       "application.step: expected an integer in -1"},
      {with("\"cursor\": -1", "\"cursor\": 18446744073709551615"),
       "timeline.cursor: expected an integer in -1"},
      {every("\"shown\": false", "\"shown\": true"),
       "multi_block and application: only one of them can be shown"},
      {SessionToJson(bench_and_grid), "benchmark: the chart is shown alone"},
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
  // Issue #25: a trace after 4 KiB of whitespace, or with its format key after 4 KiB of other
  // keys, was "neither a session nor a trace" to the app while `scanviz-cli check` read it.
  EXPECT_EQ(SniffFileKind(std::string(4096, ' ') + "\n\t" + trace.text), FileKind::kTrace);
  EXPECT_EQ(SniffFileKind("{\"note\": \"" + std::string(5000, 'x') +
                          "\", \"format\": \"scanviz-session\"}"),
            FileKind::kSession);
}

// Issue #25: a session's input, type, operator or conversion that contradicts the trace it
// carries was opened showing the trace and saying nothing: the file says two things.
TEST(Session, ATraceThatContradictsItsSessionIsRefused) {
  const TraceLoadResult recorded = LoadTraceFile(kH200Trace);
  ASSERT_TRUE(recorded.trace) << recorded.error;
  Session s;
  s.algorithm = recorded.trace->meta.algorithm;
  s.type = recorded.trace->meta.type;
  s.op = recorded.trace->meta.op;
  s.convert = recorded.trace->meta.converted;
  s.input = FormatValues(recorded.trace->input, s.type, ",");
  s.trace = *recorded.trace;
  ASSERT_TRUE(ParseSession(SessionToJson(s)).session) << ParseSession(SessionToJson(s)).error;
  Session other_input = s;
  other_input.input = "9,9,9";
  Session other_op = s;
  other_op.op = OpKind::kMax;
  Session other_type = s;
  other_type.type = ElementType::kFloat32;
  Session converted = s;
  converted.convert = !s.convert;
  for (const Session& bad : {other_input, other_op, other_type, converted}) {
    const SessionLoad l = ParseSession(SessionToJson(bad));
    EXPECT_FALSE(l.session);
    EXPECT_EQ(l.error.rfind("trace: recorded ", 0), 0u) << l.error;
  }
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
  // An edit: traced here again, and the news of the file goes (issue #26 item 18: it stayed in
  // the status bar through later views).
  app.SetCell(0, 5);
  EXPECT_EQ(app.notice, "");
  EXPECT_FALSE(app.ShowsFileTrace());
  EXPECT_EQ(app.BackendStatus().find("recorded on"), std::string::npos);
  EXPECT_EQ(app.Current().trace.meta.backend.kind, BackendKind::kCpuSimulator);
  ASSERT_EQ(app.OpenFile(kH200Trace), "");
  EXPECT_NE(app.notice, "");
  app.SetKind(KindId::kMultiBlock);
  EXPECT_EQ(app.notice, "");
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

// The multi-block grid, an application and the timeline come back as saved: the mode shown, its
// settings and its step (a session of version 1 knew only the block scans' rounds).
TEST(AppStateFiles, ASessionComesBackInTheModeItWasSavedIn) {
  TempDir dir;
  std::string input;
  for (int i = 0; i < 40; ++i) input += std::to_string(i % 7) + " ";

  AppState grid(CpuSettings(input));
  grid.SetBackend(BackendChoice::kCpu);
  MultiBlockOf(grid).grid.SetBlockAlgorithm(Algorithm::kBlelloch);
  MultiBlockOf(grid).grid.SetBlockSize(8);
  grid.SetKind(KindId::kMultiBlock);
  ASSERT_EQ(MultiBlockOf(grid).grid.GridPlayer().RoundCount(),
            3);  // the three phases: not on the last
  MultiBlockOf(grid).grid.GridPlayer().Seek(1);
  ApplicationsOf(grid).model.SetSplitBit(
      3);  // an application's setting, kept while the grid is shown
  ASSERT_EQ(grid.SaveSessionTo(dir.File("grid.scanviz")), "");
  AppState a(CpuSettings());
  a.SetBackend(BackendChoice::kCpu);
  ASSERT_EQ(a.OpenFile(dir.File("grid.scanviz")), "");
  EXPECT_TRUE((a.ShownKind() == KindId::kMultiBlock));
  EXPECT_FALSE((a.ShownKind() == KindId::kApplication));
  EXPECT_EQ(MultiBlockOf(a).grid.BlockAlgorithm(), Algorithm::kBlelloch);
  EXPECT_EQ(MultiBlockOf(a).grid.BlockSize(), 8);
  EXPECT_EQ(MultiBlockOf(a).grid.GridPlayer().Round(), 1);
  EXPECT_EQ(ApplicationsOf(a).model.SplitBit(), 3);
  EXPECT_EQ(a.Values().size(), 40u);

  AppState app(CpuSettings("5 3 6 1 7 2"));
  app.SetBackend(BackendChoice::kCpu);
  app.SetKind(KindId::kApplication);
  ApplicationsOf(app).model.SetApplication(ApplicationKind::kSplit);
  ApplicationsOf(app).model.SetSplitBit(1);
  ASSERT_GT(ApplicationsOf(app).model.ApplicationPlayer().RoundCount(), 2);
  ApplicationsOf(app).model.ApplicationPlayer().Seek(1);
  SinglePassOf(app).model.tile_size =
      16;  // the timeline's settings, kept while an application is shown
  SinglePassOf(app).model.tile_order = TileOrder::kTicket;
  ASSERT_EQ(app.SaveSessionTo(dir.File("split.scanviz")), "");
  ASSERT_EQ(a.OpenFile(dir.File("split.scanviz")), "");  // over the grid session
  EXPECT_FALSE((a.ShownKind() == KindId::kMultiBlock));
  EXPECT_TRUE((a.ShownKind() == KindId::kApplication));
  EXPECT_EQ(ApplicationsOf(a).model.Application(), ApplicationKind::kSplit);
  EXPECT_EQ(ApplicationsOf(a).model.SplitBit(), 1);
  EXPECT_EQ(ApplicationsOf(a).model.ApplicationPlayer().Round(), 1);
  EXPECT_EQ(SinglePassOf(a).model.tile_size, 16);
  EXPECT_EQ(SinglePassOf(a).model.tile_order, TileOrder::kTicket);
  EXPECT_EQ(a.Values(), (std::vector<double>{5, 3, 6, 1, 7, 2}));

  AppState timeline(CpuSettings(input));
  timeline.SetBackend(BackendChoice::kCpu);
  timeline.SetKind(KindId::kSinglePass);
  SinglePassOf(timeline).model.tile_size = 8;
  SinglePassOf(timeline).timeline_cursor = 1500;
  ASSERT_EQ(timeline.SaveSessionTo(dir.File("timeline.scanviz")), "");
  ASSERT_EQ(a.OpenFile(dir.File("timeline.scanviz")), "");
  EXPECT_FALSE((a.ShownKind() == KindId::kApplication));
  EXPECT_FALSE((a.ShownKind() == KindId::kMultiBlock));
  EXPECT_EQ(a.ShownKind(), KindId::kSinglePass);
  EXPECT_EQ(SinglePassOf(a).model.tile_size, 8);
  EXPECT_EQ(SinglePassOf(a).model.tile_order, TileOrder::kBlockIdx);
  EXPECT_EQ(SinglePassOf(a).timeline_cursor, 1500);
}

// Issue #25: every field of a session, of every kind, set through the app as a user sets it,
// saved, and opened in another app, comes back: the two apps' sessions are the same, field for
// field (an application's keep rule, saved but not restored, had passed every test). Each field
// is first checked to differ from the default, so a field that comes back as the default cannot
// pass for one that came back.
TEST(AppStateFiles, EveryFieldOfEveryKindComesBackThroughTheApp) {
  TempDir dir;
  std::string input;
  for (int i = 0; i < 40; ++i) input += std::to_string((i * 5) % 11) + " ";
  struct Case {
    const char* name;
    KindId kind;
    bool timeline_over;  // the timeline shown over the kind
    ApplicationKind application = ApplicationKind::kCompact;
    bool float32 = false;
  };
  const Case cases[] = {
      {"block scan", KindId::kBlockScan, false, ApplicationKind::kSplit, true},
      {"side by side", KindId::kSideBySide, false, ApplicationKind::kSplit, true},
      {"multi-block", KindId::kMultiBlock, false, ApplicationKind::kSplit, true},
      {"compaction", KindId::kApplication, false, ApplicationKind::kCompact},
      {"split", KindId::kApplication, false, ApplicationKind::kSplit},
      {"radix sort", KindId::kApplication, false, ApplicationKind::kRadixSort},
      {"allocation", KindId::kApplication, false, ApplicationKind::kAllocate},
      {"timeline over the grid", KindId::kMultiBlock, true, ApplicationKind::kRadixSort},
      {"timeline over split", KindId::kApplication, true, ApplicationKind::kSplit, false},
  };
  const nlohmann::json defaults = nlohmann::json::parse(SessionToJson(Session{}));
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    AppState teacher(CpuSettings(input));
    teacher.SetBackend(BackendChoice::kCpu);
    if (c.float32) teacher.SetType(ElementType::kFloat32);
    teacher.SetOp(OpKind::kMax);
    teacher.SetConvert(true);
    teacher.SetAlgorithm(Algorithm::kBlelloch);
    teacher.CurrentPlayer().Seek(2);
    teacher.SetSeed(99);
    SideBySideOf(teacher).SetPair(Algorithm::kWarpShuffle, Algorithm::kSklansky);
    teacher.view.only_current = true;
    teacher.view.color_by_case = true;
    teacher.view.theme = scene::Theme::kLight;
    teacher.view.panel = SidePanel::kNarration;
    teacher.view.figure_scale = 1.5f;
    MultiBlockOf(teacher).grid.SetBlockAlgorithm(Algorithm::kSklansky);
    MultiBlockOf(teacher).grid.SetBlockSize(16);
    KeepRule keep;
    ASSERT_EQ(ParseKeep("greater:3", teacher.Type(), &keep), "");
    ApplicationsOf(teacher).model.SetKeep(keep);
    ApplicationsOf(teacher).model.SetSplitBit(2);
    ApplicationsOf(teacher).model.SetRadixBits(3);
    ApplicationsOf(teacher).model.SetApplication(c.application);
    SinglePassOf(teacher).model.tile_size = 16;
    SinglePassOf(teacher).model.tile_order = TileOrder::kTicket;
    teacher.SetKind(c.kind);
    if (c.kind == KindId::kMultiBlock) MultiBlockOf(teacher).grid.GridPlayer().Seek(1);
    if (c.kind == KindId::kApplication) ApplicationsOf(teacher).model.ApplicationPlayer().Seek(1);
    if (c.timeline_over) {
      teacher.SetKind(KindId::kSinglePass);
      SinglePassOf(teacher).timeline_cursor = 7;
    }
    const nlohmann::json saved = nlohmann::json::parse(SessionToJson(teacher.ToSession()));

    // Every field this kind shows is set to something other than its default.
    std::vector<std::string> fields = {"/input",
                                       "/op",
                                       "/convert",
                                       "/algorithm",
                                       "/round",
                                       "/seed",
                                       "/view/pair",
                                       "/view/only_current",
                                       "/view/color_by_case",
                                       "/view/theme",
                                       "/view/panel",
                                       "/view/figure_scale",
                                       "/multi_block/block_algorithm",
                                       "/multi_block/block_size",
                                       "/application/keep",
                                       "/application/bit",
                                       "/application/radix_bits",
                                       "/timeline/tile_size",
                                       "/timeline/tile_order"};
    if (c.float32) fields.push_back("/type");
    if (c.kind == KindId::kSideBySide) fields.push_back("/view/side_by_side");
    if (c.kind == KindId::kMultiBlock) fields.push_back("/multi_block/shown");
    if (c.kind == KindId::kMultiBlock) fields.push_back("/multi_block/step");
    if (c.kind == KindId::kApplication) fields.push_back("/application/shown");
    if (c.kind == KindId::kApplication) fields.push_back("/application/step");
    if (c.application != ApplicationKind::kCompact) fields.push_back("/application/app");
    if (c.timeline_over) fields.push_back("/timeline/shown");
    if (c.timeline_over) fields.push_back("/timeline/cursor");
    for (const std::string& f : fields) {
      const nlohmann::json::json_pointer at(f);
      EXPECT_NE(saved.at(at), defaults.at(at)) << f << " is still its default";
    }

    ASSERT_EQ(teacher.SaveSessionTo(dir.File("every.scanviz")), "");
    AppState student(CpuSettings("9 9"));
    student.SetBackend(BackendChoice::kCpu);
    ASSERT_EQ(student.OpenFile(dir.File("every.scanviz")), "");
    const nlohmann::json opened = nlohmann::json::parse(SessionToJson(student.ToSession()));
    const nlohmann::json want = saved.flatten(), got = opened.flatten();
    for (const auto& [path, value] : want.items())
      EXPECT_EQ(got.value(path, nlohmann::json()), value) << path << " came back changed";
    EXPECT_EQ(student.ShownKind(), teacher.ShownKind());
  }
}

// Issue #25: the app's input holds up to kMaxGridElements values in every mode (the single block
// scans the first 1024), so its sessions must reopen with as many; the single block's 1024 refused
// them.
TEST(AppStateFiles, ASessionWithMoreValuesThanOneBlockOpensAgain) {
  TempDir dir;
  std::string input;
  for (int i = 0; i < 5000; ++i) input += std::to_string(i % 9) + " ";
  AppState grid(CpuSettings());
  grid.SetBackend(BackendChoice::kCpu);
  ASSERT_TRUE(grid.SetInputText(input));
  MultiBlockOf(grid).grid.SetBlockSize(1024);
  grid.SetKind(KindId::kMultiBlock);
  ASSERT_EQ(grid.SaveSessionTo(dir.File("grid.scanviz")), "");
  AppState a(CpuSettings());
  a.SetBackend(BackendChoice::kCpu);
  ASSERT_EQ(a.OpenFile(dir.File("grid.scanviz")), "");
  EXPECT_EQ(a.ShownKind(), KindId::kMultiBlock);
  EXPECT_EQ(a.Values(), grid.Values());

  Session s;  // every mode: the timeline, an application, the single block's view
  s.input = input;
  for (int mode = 0; mode < 3; ++mode) {
    s.timeline = mode == 0;
    s.application = mode == 1;
    const SessionLoad back = ParseSession(SessionToJson(s));
    ASSERT_TRUE(back.session) << mode << ": " << back.error;
    EXPECT_EQ(back.session->input, input);
  }
  s.input.clear();  // still bounded: one value more than the app holds
  for (int i = 0; i <= kMaxGridElements; ++i) s.input += "1 ";
  EXPECT_EQ(ParseSession(SessionToJson(s)).error.rfind("input: ", 0), 0u);
}

// The H200's own single-pass timeline goes with a session, so a laptop shows what the GPU
// measured (not the simulator's schedule); an edit there goes back to simulating.
TEST(AppStateFiles, AGpusTimelineGoesWithTheSession) {
  TempDir dir;
  const std::string h200 =
      std::string(SCANVIZ_SOURCE_DIR) + "/docs/single-pass/single-pass-8x8-ticket.json";
  AppState teacher(CpuSettings());
  teacher.SetBackend(BackendChoice::kCpu);
  ASSERT_EQ(teacher.OpenFile(h200), "");
  ASSERT_TRUE(SinglePassOf(teacher).model.ShowsFile());
  const SinglePassTrace recorded = SinglePassOf(teacher).model.Traced();
  ASSERT_TRUE(recorded.measured);
  SinglePassOf(teacher).timeline_cursor = 900;
  ASSERT_EQ(teacher.SaveSessionTo(dir.File("timeline.scanviz")), "");

  AppState student(CpuSettings("9 9"));
  student.SetBackend(BackendChoice::kCpu);
  ASSERT_EQ(student.OpenFile(dir.File("timeline.scanviz")), "");
  EXPECT_EQ(student.ShownKind(), KindId::kSinglePass);
  EXPECT_EQ(SinglePassOf(student).timeline_cursor, 900);
  EXPECT_EQ(SinglePassOf(student).model.tile_order, TileOrder::kTicket);
  ASSERT_TRUE(SinglePassOf(student).model.ShowsFile());
  const SinglePassTrace& shown = SinglePassOf(student).model.Traced();
  EXPECT_TRUE(shown.measured);
  EXPECT_EQ(shown.backend.device_name, recorded.backend.device_name);
  ASSERT_EQ(shown.tiles.size(), recorded.tiles.size());
  for (size_t k = 0; k < shown.tiles.size(); ++k) {
    EXPECT_EQ(shown.tiles[k].start, recorded.tiles[k].start) << "tile " << k;
    EXPECT_EQ(shown.tiles[k].published_p, recorded.tiles[k].published_p) << "tile " << k;
    EXPECT_EQ(shown.tiles[k].reads.size(), recorded.tiles[k].reads.size()) << "tile " << k;
  }
  EXPECT_EQ(student.Values(), recorded.input);
  student.SetCell(0, 5);  // an edit: the simulator's schedule again
  EXPECT_FALSE(SinglePassOf(student).model.ShowsFile());
  EXPECT_FALSE(SinglePassOf(student).model.Traced().measured);

  // A session whose timeline trace has other tiles than its timeline says so.
  const FileText text = ReadFileLimited(dir.File("timeline.scanviz"), kMaxTraceFileBytes);
  ASSERT_TRUE(text.Ok());
  std::string bad = text.text;
  const size_t at = bad.rfind("\"tile_order\": \"ticket\"");  // the timeline's, after the trace
  ASSERT_NE(at, std::string::npos);
  bad.replace(at, std::string("\"tile_order\": \"ticket\"").size(), "\"tile_order\": \"blockidx\"");
  const SessionLoad l = ParseSession(bad);
  EXPECT_FALSE(l.session);
  EXPECT_EQ(l.error.rfind("single_pass_trace: tiles of 8 in ticket order, but the session's "
                          "timeline has 8 in blockidx order",
                          0),
            0u)
      << l.error;
}

// Issue #25: the same for a timeline's trace whose input the app takes (a block's size or less).
TEST(AppStateFiles, ATimelineTraceThatContradictsItsSessionIsRefused) {
  const std::string h200 =
      std::string(SCANVIZ_SOURCE_DIR) + "/docs/single-pass/single-pass-8x8-ticket.json";
  AppState teacher(CpuSettings());
  teacher.SetBackend(BackendChoice::kCpu);
  ASSERT_EQ(teacher.OpenFile(h200), "");
  Session s = teacher.ToSession();
  ASSERT_TRUE(s.single_pass);
  ASSERT_TRUE(ParseSession(SessionToJson(s)).session) << ParseSession(SessionToJson(s)).error;
  s.input = "1 2 3";
  const SessionLoad l = ParseSession(SessionToJson(s));
  EXPECT_FALSE(l.session);
  EXPECT_EQ(l.error.rfind("single_pass_trace: recorded ", 0), 0u) << l.error;
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

// Issue #37 (item 12): View > Frame rate is a view setting like the theme: a restart keeps it.
TEST(AppStateFiles, TheFrameRateItemIsKeptInTheSettings) {
  for (const bool shown : {true, false}) {
    AppState app(CpuSettings());
    app.view.show_fps = shown;
    const SettingsLoad back = ParseSettings(SettingsToJson(app.ToSettings(800, 600)));
    EXPECT_TRUE(back.message.empty()) << back.message;
    const AppState again(back.settings);
    EXPECT_EQ(again.view.show_fps, shown);
  }
  // A bad value is named and ignored: the counter stays off.
  const SettingsLoad bad = ParseSettings(R"({"show_fps": "yes"})");
  EXPECT_NE(bad.message.find("'show_fps'"), std::string::npos) << bad.message;
  EXPECT_FALSE(bad.settings.show_fps);
}

}  // namespace
}  // namespace scanviz
