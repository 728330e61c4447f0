// The kinds of view (app/state/kind_model.h), without a window: each entry of the registry is its
// own kind; its step counter agrees with its players and names its steps in its own words; → ←,
// Seek, Home and End move what it shows; its status numbers are its own (a grid's blocks, an
// application's result, a timeline's tiles), never a block scan's; its file stem names it; and
// Escape closes an opened block of the grid. Worked on the chapters' example, 3 1 7 0 4 1 6 3.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "kinds/applications/applications_state.h"
#include "kinds/kind.h"
#include "kinds/multi_block/multi_block_state.h"
#include "kinds/side_by_side/side_by_side_state.h"
#include "kinds/single_pass/single_pass_state.h"
#include "state/app_state.h"

namespace scanviz {
namespace {

Settings Input(const char* input = "3 1 7 0 4 1 6 3") {
  Settings s;
  s.input = input;
  return s;
}

TEST(Kinds, EveryEntryIsItsOwnKindAndHasAName) {
  for (KindId id : kAllKinds) {
    EXPECT_EQ(KindOf(id).Id(), id) << ToString(id);
    EXPECT_EQ(ParseKind(ToString(id)), id);
  }
  EXPECT_FALSE(ParseKind("grid"));
}

// AppState finds a kind's state by its place in the registry of states (kinds/kind_states.cpp),
// and each kind's accessor (MultiBlockOf and the like) casts what it finds: each must be there.
TEST(Kinds, EachKindsStateIsInItsPlace) {
  AppState app(Input());
  for (KindId id : kAllKinds) EXPECT_EQ(app.StateOf(id).Id(), id) << ToString(id);
}

TEST(Kinds, TheBlockScanCountsItsRoundsAsTheHeadingDoes) {
  AppState app(Input());
  app.SetBackend(BackendChoice::kCpu);
  app.SetAlgorithm(Algorithm::kHillisSteele);
  const Kind& kind = ShownKindOf(app);
  ASSERT_EQ(kind.Id(), KindId::kBlockScan);
  kind.Seek(app, 0);
  StepCounter c = kind.Steps(app);
  // Load, then the chapters' three rounds: four steps, the slider's and the player's.
  EXPECT_EQ(c.count, app.CurrentPlayer().RoundCount());
  EXPECT_EQ(c.count, 4);
  kind.Step(app, +1);
  kind.Step(app, +1);
  c = kind.Steps(app);
  EXPECT_EQ(c.step, 2);
  EXPECT_EQ(c.caption, "round 2 of 3 · stride 2");
  EXPECT_EQ(kind.StatusNumbers(app), "n = 8  ·  add  ·  work 17, depth 3");
  EXPECT_EQ(kind.FigureStem(app), "scanviz-hillis-steele");
  EXPECT_NE(kind.FigureSvg(app, false).find("<svg"), std::string::npos);
}

TEST(Kinds, BlellochsSliderAndHeadingAgreeOnItsLastRound) {
  // The slider once said "round 7" beside "round 6 of 6": the counter is the heading's now.
  AppState app(Input());
  app.SetBackend(BackendChoice::kCpu);
  app.SetAlgorithm(Algorithm::kBlelloch);
  const Kind& kind = ShownKindOf(app);
  kind.Seek(app, 1000);
  const StepCounter c = kind.Steps(app);
  EXPECT_EQ(c.step, c.count - 1);
  // The chapter's numbering: its last round is "Down-sweep Round 3", of 3 (issue #37, item 21).
  EXPECT_NE(c.caption.find("down-sweep round 3 of 3"), std::string::npos) << c.caption;
}

TEST(Kinds, TheGridCountsItsPhasesAndSaysItsBlocks) {
  AppState app(Input("1 1 4 0 3 9 4 0 5 6 0 5 7"));
  app.SetBackend(BackendChoice::kCpu);
  MultiBlockOf(app).grid.SetBlockSize(4);
  app.SetKind(KindId::kMultiBlock);
  const Kind& kind = ShownKindOf(app);
  ASSERT_EQ(kind.Id(), KindId::kMultiBlock);
  kind.Seek(app, 0);
  EXPECT_EQ(kind.Steps(app).count, MultiBlockOf(app).grid.GridPlayer().RoundCount());
  EXPECT_EQ(kind.Steps(app).caption, "step 1 of 3 · phase 1 · block scan");
  kind.Step(app, +1);
  EXPECT_EQ(kind.Steps(app).step, 1);
  EXPECT_EQ(kind.StatusNumbers(app), "n = 13  ·  add  ·  4 blocks of 4 (Hillis-Steele)");
  EXPECT_EQ(kind.FigureStem(app), "scanviz-multi-block-hillis-steele-b4");
  // A block opened: its rounds, its numbers; Escape (Back) closes it, and only then.
  ASSERT_TRUE(OpenBlock(app, 0, 1));
  EXPECT_EQ(kind.StatusNumbers(app), "block of n = 4  ·  add  ·  work 5, depth 2");
  EXPECT_EQ(kind.Steps(app).count, app.CurrentPlayer().RoundCount());
  EXPECT_TRUE(kind.Back(app));
  EXPECT_FALSE(MultiBlockOf(app).grid.Opened());
  EXPECT_FALSE(kind.Back(app));
  EXPECT_FALSE(kind.Offers(app, SidePanel::kWarpsBanks));
  EXPECT_TRUE(kind.Offers(app, SidePanel::kNarration));
}

// The applications kind shown, on the simulator, compacting the odd elements.
void ShowCompactionOfOdd(AppState& app) {
  app.SetBackend(BackendChoice::kCpu);
  ApplicationsOf(app).model.SetKeep(KeepRule{KeepKind::kOdd, 0});
  ApplicationsOf(app).model.SetApplication(ApplicationKind::kCompact);
  app.SetKind(KindId::kApplication);
}

TEST(Kinds, AnApplicationSaysWhatItMade) {
  AppState app(Input());
  ShowCompactionOfOdd(app);
  const Kind& kind = ShownKindOf(app);
  kind.Seek(app, 0);
  EXPECT_EQ(kind.Steps(app).caption, "pass 1 of 1 · step 1 of 3: flag");
  kind.Step(app, +1);
  EXPECT_EQ(kind.Steps(app).step, 1);
  EXPECT_EQ(kind.StatusNumbers(app), "compact  ·  n = 8  ·  5 of 8 kept  ·  scan in blocks of 8");
  ApplicationsOf(app).model.SetApplication(ApplicationKind::kSplit);
  ApplicationsOf(app).model.SetSplitBit(0);
  // 3 1 7 0 4 1 6 3: 0, 4 and 6 have bit 0 clear (the zeros), the other five are ones.
  EXPECT_NE(kind.StatusNumbers(app).find("3 zeros, 5 ones"), std::string::npos);
  EXPECT_EQ(kind.FigureStem(app), "scanviz-split");
}

// Every application's status line, whole, its numbers counted here from the input 3 1 7 0 4 1 6 3:
// compaction's kept and n, split's zeros and ones (bit 0 and bit 1, so that neither count is
// the other's), radix sort's passes (asked for, and as many as the keys need), allocation's pool.
TEST(Kinds, EveryApplicationsStatusNumbersAreItsOwn) {
  AppState app(Input());
  ShowCompactionOfOdd(app);
  const Kind& kind = ShownKindOf(app);
  const std::string tail = "  ·  scan in blocks of 8";
  EXPECT_EQ(kind.StatusNumbers(app), "compact  ·  n = 8  ·  5 of 8 kept" + tail);
  ApplicationsOf(app).model.SetApplication(ApplicationKind::kSplit);
  ApplicationsOf(app).model.SetSplitBit(0);  // bit 0 clear: 0, 4, 6
  EXPECT_EQ(kind.StatusNumbers(app), "split  ·  n = 8  ·  3 zeros, 5 ones" + tail);
  ApplicationsOf(app).model.SetSplitBit(1);  // bit 1 clear: 1, 0, 4, 1
  EXPECT_EQ(kind.StatusNumbers(app), "split  ·  n = 8  ·  4 zeros, 4 ones" + tail);
  ApplicationsOf(app).model.SetSplitBit(2);  // bit 2 clear: 3, 1, 0, 1, 3
  EXPECT_EQ(kind.StatusNumbers(app), "split  ·  n = 8  ·  5 zeros, 3 ones" + tail);
  ApplicationsOf(app).model.SetApplication(ApplicationKind::kRadixSort);
  ApplicationsOf(app).model.SetRadixBits(2);
  EXPECT_EQ(kind.StatusNumbers(app), "radix-sort  ·  n = 8  ·  2 passes" + tail);
  ApplicationsOf(app).model.SetRadixBits(0);  // 7 needs 3 bits
  EXPECT_EQ(kind.StatusNumbers(app), "radix-sort  ·  n = 8  ·  3 passes" + tail);
  ApplicationsOf(app).model.SetApplication(ApplicationKind::kAllocate);
  EXPECT_EQ(kind.StatusNumbers(app), "allocate  ·  n = 8  ·  a pool of 25 cells" + tail);
}

TEST(Kinds, TheTimelineStepsFromMomentToMoment) {
  AppState app(Input());
  app.SetBackend(BackendChoice::kCpu);
  SinglePassOf(app).model.tile_size = 4;
  app.SetKind(KindId::kSinglePass);
  const Kind& kind = ShownKindOf(app);
  EXPECT_TRUE(app.ShownPlayers().empty());  // no player: a cursor over the moments
  kind.Seek(app, 0);
  const StepCounter first = kind.Steps(app);
  EXPECT_EQ(first.step, 0);
  ASSERT_GT(first.count, 2);
  kind.Step(app, +1);
  EXPECT_EQ(kind.Steps(app).step, 1);
  kind.Step(app, -1);
  EXPECT_EQ(kind.Steps(app).step, 0);
  kind.Seek(app, first.count - 1);
  EXPECT_EQ(kind.Steps(app).step, first.count - 1);
  EXPECT_NE(kind.Steps(app).caption.find("moment " + std::to_string(first.count) + " of"),
            std::string::npos);
  const std::string numbers = kind.StatusNumbers(app);
  EXPECT_NE(numbers.find("2 tiles of 4"), std::string::npos) << numbers;
  EXPECT_NE(numbers.find("simulated"), std::string::npos) << numbers;
  EXPECT_EQ(numbers.find("work"), std::string::npos) << numbers;  // not a block scan's numbers
  EXPECT_TRUE(kind.Offers(app, SidePanel::kNarration));
  EXPECT_FALSE(kind.Offers(app, SidePanel::kInspector));
}

TEST(Kinds, ToggleReturnsToTheKindBefore) {
  AppState app(Input());
  app.SetBackend(BackendChoice::kCpu);
  app.SetKind(KindId::kMultiBlock);
  app.ToggleKind(KindId::kSinglePass);
  EXPECT_EQ(app.ShownKind(), KindId::kSinglePass);
  app.ToggleKind(KindId::kSinglePass);
  EXPECT_EQ(app.ShownKind(), KindId::kMultiBlock);
  // The timeline is a chart, never the way back (issue #37 item 11): M again goes to the rounds.
  app.ToggleKind(KindId::kMultiBlock);
  EXPECT_EQ(app.ShownKind(), KindId::kBlockScan);
  // Choosing an algorithm shows its block scan, from any kind.
  app.SetAlgorithm(Algorithm::kBlelloch);
  EXPECT_EQ(app.ShownKind(), KindId::kBlockScan);
  EXPECT_EQ(app.ShownAlgorithms(), std::vector<Algorithm>{Algorithm::kBlelloch});
}

// Issue #37 item 11: G, G, L, L went chart, timeline, chart, timeline from the timeline. A view
// key shows its view; pressed again it goes back to the view it was opened from, never to the
// other chart.
TEST(Kinds, ChartKeysNeverPingPong) {
  AppState app(Input());
  app.SetBackend(BackendChoice::kCpu);
  app.SetKind(KindId::kMultiBlock);
  app.ToggleKind(KindId::kSinglePass);  // L: the timeline over the grid
  const KindId g = KindId::kBenchmark, l = KindId::kSinglePass;
  std::vector<KindId> seen;
  for (KindId key : {g, g, l, l}) {
    app.ToggleKind(key);
    seen.push_back(app.ShownKind());
  }
  EXPECT_EQ(seen, (std::vector<KindId>{g, KindId::kMultiBlock, l, KindId::kMultiBlock}));
  // From the block scan's rounds: each key opens its chart, again: the rounds.
  app.SetKind(KindId::kBlockScan);
  seen.clear();
  for (KindId key : {g, l, l, g, g}) {
    app.ToggleKind(key);
    seen.push_back(app.ShownKind());
    EXPECT_EQ(app.WayBack(), KindId::kBlockScan);
  }
  EXPECT_EQ(seen, (std::vector<KindId>{g, l, KindId::kBlockScan, g, KindId::kBlockScan}));
}

// Issue #37 item 15: Blelloch's last round was exported as ..._round7 under the heading "round 6
// of 6" (now "down-sweep round 3 of 3", the chapter's count). Every block algorithm's every round,
// at several n: the file names the round its heading names ("round K of", with the phase where the
// heading names one, and no two rounds alike), a step before any round "round0", and a step no
// round counts (Blelloch's seed) its phase, never a number the heading does not say.
TEST(Kinds, ExportedFileNamesTheRoundItsHeadingSays) {
  int named = 0;
  for (const char* input : {"3 1 7 0 4 1 6 3", "5 2 8 1 9 3 7", "1 2 3 4 5 6 7 8 9 10 11 12 13"}) {
    AppState app(Input(input));
    app.SetBackend(BackendChoice::kCpu);
    for (const AlgorithmInfo* a : Algorithms()) {
      app.SetAlgorithm(a->id);
      const Kind& kind = ShownKindOf(app);
      const int count = kind.Steps(app).count;
      std::set<std::string> tags;  // one algorithm's counted rounds: never two of one name
      for (int step = 0; step < count; ++step) {
        kind.Seek(app, step);
        const StepCounter at = kind.Steps(app);
        const std::string heading = at.caption;
        const size_t of = heading.find(" of ");
        const size_t round = heading.rfind("round ", of);
        if (of != std::string::npos && round != std::string::npos) {
          // "down-sweep round 1 of 3": the file names the phase the count is within, as the
          // heading does ("down-sweep-round1"); "round 2 of 3": the round alone.
          std::string phase = heading.substr(0, round);
          while (!phase.empty() && phase.back() == ' ') phase.pop_back();
          for (char& ch : phase) ch = ch == ' ' ? '-' : ch;
          const std::string number = heading.substr(round + 6, of - round - 6);
          EXPECT_EQ(at.file_tag, (phase.empty() ? "" : phase + "-") + "round" + number)
              << a->key << " n " << app.Values().size() << " step " << step << ": " << heading;
          EXPECT_TRUE(tags.insert(at.file_tag).second)
              << a->key << ": two steps named " << at.file_tag;
          ++named;
        } else if (step == 0) {
          EXPECT_EQ(at.file_tag, "round0") << a->key << ": " << heading;
        } else {
          EXPECT_EQ(at.file_tag.find_first_of("0123456789"), std::string::npos)
              << a->key << " step " << step << ": " << heading << " named " << at.file_tag;
        }
      }
    }
  }
  EXPECT_GT(named, 30);
}

TEST(Kinds, SideBySideStepsBothAndNamesBoth) {
  AppState app(Input());
  app.SetBackend(BackendChoice::kCpu);
  SideBySideOf(app).SetPair(Algorithm::kHillisSteele, Algorithm::kBlelloch);
  app.SetKind(KindId::kSideBySide);
  const Kind& kind = ShownKindOf(app);
  EXPECT_EQ(app.ShownPlayers().size(), 2u);
  kind.Seek(app, 0);
  kind.Step(app, +1);
  EXPECT_EQ(app.PlayerOf(Algorithm::kHillisSteele).Round(), 1);
  EXPECT_EQ(app.PlayerOf(Algorithm::kBlelloch).Round(), 1);
  // The longer trace (Blelloch's) sets the count, so the slider reaches both ends.
  EXPECT_EQ(kind.Steps(app).count, app.PlayerOf(Algorithm::kBlelloch).RoundCount());
  const std::string numbers = kind.StatusNumbers(app);
  EXPECT_NE(numbers.find("Hillis-Steele: work 17, depth 3"), std::string::npos) << numbers;
  EXPECT_NE(numbers.find("Blelloch: work"), std::string::npos) << numbers;
  EXPECT_EQ(kind.FigureStem(app), "scanviz-hillis-steele-vs-blelloch");
}

TEST(Kinds, TheBenchmarkIsAPictureWithoutSteps) {
  AppState app(Input());
  app.SetBackend(BackendChoice::kCpu);
  app.SetKind(KindId::kBenchmark);
  const Kind& kind = ShownKindOf(app);
  EXPECT_EQ(kind.Steps(app).count, 1);
  EXPECT_TRUE(kind.FigureSvg(app, false).empty());
  for (int t = 0; t < kSidePanelCount; ++t)
    EXPECT_FALSE(kind.Offers(app, static_cast<SidePanel>(t)));
}

// Issue #35's proof kind (app/kinds/every_algorithm/): every block algorithm's rounds at once,
// stepped together, the shorter traces resting on their last round; its key shows it, and again
// the kind before.
TEST(Kinds, EveryAlgorithmStepsEveryBlockScanTogether) {
  AppState app(Input());
  app.SetBackend(BackendChoice::kCpu);
  const Kind& kind = KindOf(KindId::kEveryAlgorithm);
  kind.OnKey(app, 'V');
  ASSERT_EQ(app.ShownKind(), KindId::kEveryAlgorithm);
  ASSERT_EQ(app.ShownAlgorithms().size(), static_cast<size_t>(kAlgorithmCount));
  kind.Seek(app, 0);
  int longest = 0, shortest = 1 << 30;
  for (const AlgorithmInfo* info : Algorithms()) {
    longest = std::max(longest, app.PlayerOf(info->id).RoundCount());
    shortest = std::min(shortest, app.PlayerOf(info->id).RoundCount());
  }
  ASSERT_LT(shortest, longest);  // Blelloch's 2 log n rounds against the others' log n
  EXPECT_EQ(kind.Steps(app).count, longest);
  kind.Step(app, +1);
  for (const AlgorithmInfo* info : Algorithms())
    EXPECT_EQ(app.PlayerOf(info->id).Round(), 1) << info->key;
  kind.Seek(app, longest - 1);
  for (const AlgorithmInfo* info : Algorithms()) {
    const Player& p = app.PlayerOf(info->id);
    EXPECT_EQ(p.Round(), p.RoundCount() - 1) << info->key;  // each on its last
  }
  const std::string numbers = kind.StatusNumbers(app), svg = kind.FigureSvg(app, false);
  for (const AlgorithmInfo* info : Algorithms()) {
    EXPECT_NE(numbers.find(info->name), std::string::npos) << numbers;
    EXPECT_NE(svg.find(info->name), std::string::npos) << info->name << " has no pane";
  }
  EXPECT_EQ(kind.FigureStem(app), "scanviz-every-algorithm");
  kind.OnKey(app, 'V');
  EXPECT_EQ(app.ShownKind(), KindId::kBlockScan);  // the kind before
}

// It keeps nothing but being shown: a session says so by its name (Session::kind), which a
// session or a link of any other kind never holds; the rounds come back as every session's do.
TEST(Kinds, EveryAlgorithmComesBackFromASessionAndALink) {
  AppState teacher(Input());
  teacher.SetBackend(BackendChoice::kCpu);
  teacher.SetKind(KindId::kEveryAlgorithm);
  ShownKindOf(teacher).Seek(teacher, 2);
  const Session s = teacher.ToSession();
  EXPECT_EQ(s.kind, "every-algorithm");
  AppState from_file(Input("1 2"));
  from_file.SetBackend(BackendChoice::kCpu);
  ASSERT_EQ(from_file.ApplySession(s), "");
  AppState from_link(Input("5 6 7"));
  from_link.SetBackend(BackendChoice::kCpu);
  ASSERT_EQ(from_link.OpenLink("http://127.0.0.1:8023/#" + teacher.ShareLink()), "");
  for (AppState* student : {&from_file, &from_link}) {
    EXPECT_EQ(student->ShownKind(), KindId::kEveryAlgorithm);
    for (const AlgorithmInfo* info : Algorithms())
      EXPECT_EQ(student->PlayerOf(info->id).Round(), teacher.PlayerOf(info->id).Round())
          << info->key;
  }
  for (KindId other : kAllKinds) {
    if (other == KindId::kEveryAlgorithm) continue;
    teacher.SetKind(other);
    EXPECT_EQ(teacher.ToSession().kind, "") << ToString(other);
  }
}

}  // namespace
}  // namespace scanviz
