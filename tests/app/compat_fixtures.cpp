// Writes tests/data/compat (README.md there): for every kind of view and the states that matter, a
// session as File > Save session writes it (<name>.scanviz) and the link Copy link copies
// (<name>.link); then, for each of them and for the older files listed below, what a fresh app
// shows after opening it (<name>.expected.json, through compat_support.h). Run by hand, with the
// code whose behaviour the compat test keeps:
//   build/tests/app/compat_fixtures [DIR]     (DIR: the source tree's tests/data/compat)
// A state whose reopening differs from what was saved is printed (a fact of the app as it is,
// which the goldens keep as they find it).
#include <unistd.h>

#include <cstdio>
#include <exception>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "compat_support.h"
#include "core/input.h"
#include "core/mistake.h"
#include "kinds/applications/applications_state.h"
#include "kinds/benchmark/benchmark_state.h"
#include "kinds/kind.h"
#include "kinds/multi_block/multi_block_state.h"
#include "kinds/side_by_side/side_by_side_state.h"
#include "kinds/single_pass/single_pass_state.h"
#include "state/quiz_session.h"

namespace scanviz::compat {
namespace {

using nlohmann::json;
using Make = std::function<void(AppState&)>;

struct Fixture {
  std::string name;
  Make make;
};

void SeekShown(AppState& a, int step) {
  a.ForEachShownPlayer([&](Player& p) { p.Seek(std::min(step, p.RoundCount() - 1)); });
}

std::vector<Fixture> BlockScanFixtures() {
  return {
      {"block-scan-hillis-steele-round-2",
       [](AppState& a) {
         a.SetAlgorithm(Algorithm::kHillisSteele);
         SeekShown(a, 2);
       }},
      {"block-scan-blelloch-max-round-3",
       [](AppState& a) {
         a.SetAlgorithm(Algorithm::kBlelloch);
         a.SetOp(OpKind::kMax);
         SeekShown(a, 3);
       }},
      {"block-scan-warp-shuffle-float32",
       [](AppState& a) {
         a.SetAlgorithm(Algorithm::kWarpShuffle);
         a.SetType(ElementType::kFloat32);
         a.SetInputText("0.5 -1.25 3 0.1 7 2 1e+07 -0.001");
         SeekShown(a, 1);
       }},
      {"block-scan-sklansky-convert",
       [](AppState& a) {
         a.SetAlgorithm(Algorithm::kSklansky);
         a.SetConvert(true);
         SeekShown(a, 2);
       }},
      {"block-scan-blelloch-convert-last-round",
       [](AppState& a) {
         a.SetAlgorithm(Algorithm::kBlelloch);
         a.SetConvert(true);
       }},
      {"block-scan-hillis-steele-min-float32-convert",
       [](AppState& a) {
         a.SetType(ElementType::kFloat32);
         a.SetOp(OpKind::kMin);
         a.SetConvert(true);
         a.SetInputText("2.5 -1 0.25 8 -3.75 4");
         SeekShown(a, 2);
       }},
      {"block-scan-sklansky-last",
       [](AppState& a) {
         a.SetAlgorithm(Algorithm::kSklansky);
         a.SetOp(OpKind::kLast);
         SeekShown(a, 1);
       }},
      {"block-scan-random-input",
       [](AppState& a) {
         a.SetAlgorithm(Algorithm::kBlelloch);
         a.Randomize(200, 7);
         SeekShown(a, 4);
       }},
      {"block-scan-random-input-edited-head",
       [](AppState& a) {
         a.SetAlgorithm(Algorithm::kHillisSteele);
         a.Randomize(100, 11);
         a.SetCell(2, 12);  // RandomValues' are 0..9: the first three travel as they are
         SeekShown(a, 3);
       }},
      {"block-scan-gpu-trace",  // a GPU's recording, carried in the session, bundled for links
       [](AppState& a) {
         a.OpenFile("docs/example-blelloch-h200.json");
         SeekShown(a, 3);
       }},
  };
}

// The mistakes lab: a mistake of each of the chapters' two algorithms chosen, its tab shown.
std::vector<Fixture> MistakeFixtures() {
  std::vector<Fixture> out;
  for (const MistakeInfo& m : Mistakes()) {
    if (m.id != Mistake::kBlellochNoSeed && m.id != Mistake::kHillisSteeleSingleBuffer) continue;
    out.push_back({std::string("block-scan-mistake-") + ToString(m.algorithm) + "-" + m.key,
                   [&m](AppState& a) {
                     a.SetAlgorithm(m.algorithm);
                     a.SetMistake(m.id);
                     a.view.panel = SidePanel::kMistakes;
                     SeekShown(a, 2);
                   }});
  }
  return out;
}

std::vector<Fixture> SideBySideAndGridFixtures() {
  return {
      {"side-by-side-hillis-steele-blelloch",
       [](AppState& a) {
         SideBySideOf(a).SetPair(Algorithm::kHillisSteele, Algorithm::kBlelloch);
         a.SetKind(KindId::kSideBySide);
         a.PlayerOf(Algorithm::kHillisSteele).Seek(1);
         a.PlayerOf(Algorithm::kBlelloch).Seek(4);
       }},
      {"side-by-side-sklansky-warp-shuffle",
       [](AppState& a) {
         SideBySideOf(a).SetPair(Algorithm::kSklansky, Algorithm::kWarpShuffle);
         a.SetKind(KindId::kSideBySide);
         a.PlayerOf(Algorithm::kSklansky).Seek(2);
         a.PlayerOf(Algorithm::kWarpShuffle).Seek(0);
       }},
      {"side-by-side-blelloch-both-panes",
       [](AppState& a) {
         SideBySideOf(a).SetPair(Algorithm::kBlelloch, Algorithm::kBlelloch);
         a.SetKind(KindId::kSideBySide);
         a.PlayerOf(Algorithm::kBlelloch).Seek(5);
       }},
      {"multi-block-blelloch-16-step-2",
       [](AppState& a) {
         a.Randomize(200, 11);
         MultiBlockOf(a).grid.SetBlockAlgorithm(Algorithm::kBlelloch);
         MultiBlockOf(a).grid.SetBlockSize(16);
         a.SetKind(KindId::kMultiBlock);
         MultiBlockOf(a).grid.GridPlayer().Seek(2);
       }},
      {"multi-block-hillis-steele-4-block-opened",
       [](AppState& a) {
         a.SetInputText("3 1 7 0 4 1 6 3 2 5 9 8 1 1 2 6 7");
         MultiBlockOf(a).grid.SetBlockAlgorithm(Algorithm::kHillisSteele);
         MultiBlockOf(a).grid.SetBlockSize(4);
         a.SetKind(KindId::kMultiBlock);
         OpenBlock(a, 0, 2);
         SeekShown(a, 1);
       }},
      {"multi-block-warp-shuffle-64-large",
       [](AppState& a) {
         a.Randomize(5000, 9);
         MultiBlockOf(a).grid.SetBlockAlgorithm(Algorithm::kWarpShuffle);
         MultiBlockOf(a).grid.SetBlockSize(64);
         a.SetKind(KindId::kMultiBlock);
         MultiBlockOf(a).grid.GridPlayer().Seek(1);
       }},
  };
}

std::vector<Fixture> TimelineFixtures() {
  return {
      {"single-pass-16-ticket-cursor",
       [](AppState& a) {
         a.Randomize(100, 5);
         a.SetKind(KindId::kSideBySide);
         SinglePassOf(a).model.tile_size = 16;
         SinglePassOf(a).model.tile_order = TileOrder::kTicket;
         a.SetKind(KindId::kSinglePass);
         SinglePassOf(a).timeline_cursor = 1234;
       }},
      {"single-pass-4-blockidx-end",
       [](AppState& a) {
         SinglePassOf(a).model.tile_size = 4;
         SinglePassOf(a).model.tile_order = TileOrder::kBlockIdx;
         a.SetKind(KindId::kSinglePass);
       }},
      {"single-pass-32-ticket-over-benchmark",
       [](AppState& a) {
         a.Randomize(300, 4);
         BenchmarkOf(a).bench_pct = true;
         a.SetKind(KindId::kBenchmark);
         SinglePassOf(a).model.tile_size = 32;
         SinglePassOf(a).model.tile_order = TileOrder::kTicket;
         a.SetKind(KindId::kSinglePass);
         SinglePassOf(a).timeline_cursor = 50;
       }},
      {"single-pass-trace-file",  // a GPU's timeline, carried in the session, bundled for links
       [](AppState& a) {
         a.OpenFile("docs/single-pass/single-pass-8x8-ticket.json");
         SinglePassOf(a).timeline_cursor = 2000;
       }},
  };
}

Make Application(ApplicationKind kind, std::function<void(ApplicationModel&)> set, int step) {
  return [=](AppState& a) {
    ApplicationsOf(a).model.SetApplication(kind);
    set(ApplicationsOf(a).model);
    a.SetKind(KindId::kApplication);
    if (step >= 0) ApplicationsOf(a).model.ApplicationPlayer().Seek(step);
  };
}

std::vector<Fixture> ApplicationFixtures() {
  using M = ApplicationModel;
  return {
      {"application-compact-greater-3", Application(
                                            ApplicationKind::kCompact,
                                            [](M& m) {
                                              m.SetKeep({KeepKind::kGreater, 3});
                                            },
                                            2)},
      {"application-compact-odd-last", Application(
                                           ApplicationKind::kCompact,
                                           [](M& m) {
                                             m.SetKeep({KeepKind::kOdd, 0});
                                           },
                                           -1)},
      {"application-split-bit-2", Application(
                                      ApplicationKind::kSplit, [](M& m) { m.SetSplitBit(2); }, 1)},
      {"application-radix-sort-3-bits",
       Application(
           ApplicationKind::kRadixSort, [](M& m) { m.SetRadixBits(3); }, 3)},
      {"application-allocate-step-2", Application(
                                          ApplicationKind::kAllocate, [](M&) {}, 2)},
  };
}

std::vector<Fixture> BenchQuizViewFixtures() {
  const std::string quizzes = std::string(SCANVIZ_SOURCE_DIR) + "/assets/quizzes/";
  return {
      {"benchmark-default", [](AppState& a) { a.SetKind(KindId::kBenchmark); }},
      {"benchmark-float-exclusive-pct-toggled",
       [](AppState& a) {
         BenchmarkOf(a).bench_float = true;
         BenchmarkOf(a).bench_exclusive = true;
         BenchmarkOf(a).bench_pct = true;
         BenchmarkOf(a).bench_toggled = {"memcpy", "e.lb8"};
         a.SetKind(KindId::kBenchmark);
       }},
      {"quiz-blelloch-question-2",
       [=](AppState& a) {
         StartQuiz(a, quizzes + "02-blelloch.json");
         a.quiz.quiz->GoTo(2);
         ShowQuestion(a);
       }},
      {"quiz-mistakes-question-1",
       [=](AppState& a) {
         StartQuiz(a, quizzes + "06-mistakes.json");
         a.quiz.quiz->GoTo(1);
         ShowQuestion(a);
       }},
      {"view-light-folded-panels",
       [](AppState& a) {
         a.view.theme = scene::Theme::kLight;
         a.view.panel = SidePanel::kNarration;
         a.view.figure_scale = 1.5f;
         a.view.only_current = true;
         a.view.left.Hide();
         a.view.right.Hide();
         SeekShown(a, 1);
       }},
      {"view-panels-options",
       [](AppState& a) {
         a.view.theme = scene::Theme::kHighContrast;
         a.view.panel = SidePanel::kWarpsBanks;
         a.view.pseudo_code = true;
         a.view.color_by_case = true;
         a.view.bank_padding = true;
         a.view.lanes_log2 = 3;
         a.view.left.Show();
         for (const AlgorithmInfo* info : Algorithms()) a.PlayerOf(info->id).Seek(1);
       }},
  };
}

// Files written by older versions, opened as they are: sessions of versions 1 and 2 (written by
// hand, in this folder) and version 1 trace files (tests/data/v1).
std::vector<std::string> OlderFiles() {
  std::vector<std::string> out = {"tests/data/compat/session-v1.scanviz",
                                  "tests/data/compat/session-v2-multi-block.scanviz",
                                  "tests/data/compat/session-v2-application.scanviz",
                                  "tests/data/compat/session-v2-timeline.scanviz"};
  for (const char* name :
       {"blelloch-example", "blelloch-example-convert", "blelloch-float32-13", "blelloch-last",
        "blelloch-max-13", "hillis-steele-example", "hillis-steele-example-convert",
        "hillis-steele-float32-13", "hillis-steele-last", "hillis-steele-max-13"})
    out.push_back(std::string("tests/data/v1/") + name + ".json");
  return out;
}

std::string Stem(const std::string& path) {
  const std::string file = path.substr(path.rfind('/') + 1);
  return file.substr(0, file.rfind('.'));
}

bool Write(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

// Writes the fixture's session, link and golden; false on a failure (said on stderr).
bool WriteFixture(const std::string& dir, const Fixture& f) {
  auto app = FreshApp();
  f.make(*app);
  const std::string session = dir + "/" + f.name + ".scanviz";
  const std::string link = dir + "/" + f.name + ".link";
  if (std::string err = app->SaveSessionTo(session); !err.empty()) {
    std::fprintf(stderr, "%s: %s\n", f.name.c_str(), err.c_str());
    return false;
  }
  const std::string text = app->ShareLink();
  const json saved = Shown(*app);
  json golden = {{"file", "tests/data/compat/" + f.name + ".scanviz"},
                 {"opened_from_file", OpenedFile(session)},
                 {"link", "tests/data/compat/" + f.name + ".link"},
                 {"opened_from_link", OpenedLink(text)}};
  if (std::string d = Differences(saved, golden["opened_from_file"]["shown"]); !d.empty())
    std::printf("%s: the saved state and the opened session differ:\n%s", f.name.c_str(),
                d.c_str());
  return Write(link, text + "\n") &&
         Write(dir + "/" + f.name + ".expected.json", golden.dump(2) + "\n");
}

int Main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : FixtureDir();
  // The trace files below are opened by their path in the source tree, as a session names them.
  if (chdir(SCANVIZ_SOURCE_DIR) != 0) return 1;
  int written = 0;
  for (auto list : {BlockScanFixtures, MistakeFixtures, SideBySideAndGridFixtures, TimelineFixtures,
                    ApplicationFixtures, BenchQuizViewFixtures})
    for (const Fixture& f : list()) {
      if (!WriteFixture(dir, f)) return 1;
      ++written;
    }
  for (const std::string& file : OlderFiles()) {
    const json golden = {
        {"file", file},
        {"opened_from_file", OpenedFile(std::string(SCANVIZ_SOURCE_DIR) + "/" + file)}};
    const std::string name = (file.rfind("tests/data/v1/", 0) == 0 ? "v1-trace-" : "") + Stem(file);
    if (!Write(dir + "/" + name + ".expected.json", golden.dump(2) + "\n")) return 1;
    ++written;
  }
  std::printf("%d goldens written to %s\n", written, dir.c_str());
  return 0;
}

}  // namespace
}  // namespace scanviz::compat

int main(int argc, char** argv) {
  try {
    return scanviz::compat::Main(argc, argv);
  } catch (const std::exception& e) {  // a golden that cannot be written (disk full, a bad path)
    std::fprintf(stderr, "compat_fixtures: %s\n", e.what());
    return 1;
  }
}
