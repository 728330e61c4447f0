// The app's state without a window: edits regenerate every algorithm's trace, and a selection the
// edit took away is dropped instead of naming a cell that is no longer there.
#include "app_state.h"

#include <gtest/gtest.h>

#include "core/registry.h"

namespace scanviz {
namespace {

Settings CpuSettings(const std::string& input) {
  Settings s;
  s.input = input;
  return s;
}

TEST(AppState, StartsOnTheSettingsInputForEveryAlgorithm) {
  AppState app(CpuSettings("3 1 7 0 4 1 6 3"));
  app.SetBackend(BackendChoice::kCpu);
  for (const AlgorithmInfo* info : Algorithms()) {
    const TraceSlot& slot = app.Slot(info->id);
    EXPECT_EQ(slot.trace.meta.n, 8) << info->name;
    EXPECT_TRUE(slot.analysis.Ok()) << info->name;
  }
  EXPECT_TRUE(app.message.empty());
}

TEST(AppState, AnInvalidSavedInputFallsBackToTheChaptersExampleWithAMessage) {
  AppState app(CpuSettings("3 x 7"));
  EXPECT_EQ(app.InputText(), "3 1 7 0 4 1 6 3");
  EXPECT_NE(app.message.find("saved input was invalid"), std::string::npos) << app.message;
}

TEST(AppState, AnInvalidEditKeepsTheLastGoodTrace) {
  AppState app(CpuSettings("3 1 7 0 4 1 6 3"));
  app.SetBackend(BackendChoice::kCpu);
  EXPECT_FALSE(app.SetInputText("1 2 +-3"));
  EXPECT_FALSE(app.InputError().empty());
  EXPECT_EQ(app.Current().trace.meta.n, 8);
  EXPECT_EQ(app.Current().trace.input[0], 3);
}

TEST(AppState, AShorterInputDropsASelectionPastItsEnd) {
  AppState app(CpuSettings("3 1 7 0 4 1 6 3"));
  app.SetBackend(BackendChoice::kCpu);
  app.view.selected_algorithm = Algorithm::kHillisSteele;
  app.view.selected = scene::CellRef{0, 0, 7};  // round 0 wrote position 7
  app.view.hovered = scene::CellRef{scene::kInputRound, 0, 6};
  ASSERT_TRUE(scene::HasCell(app.Current().trace, app.Current().analysis, *app.view.selected));

  app.SetCell(2, 9);  // same n: the selection stays
  EXPECT_TRUE(app.view.selected.has_value());
  EXPECT_TRUE(app.view.hovered.has_value());

  app.Resize(4);  // positions 4..7 are gone
  EXPECT_FALSE(app.view.selected.has_value());
  EXPECT_FALSE(app.view.hovered.has_value());
}

TEST(AppState, FewerRoundsDropASelectionInALaterRound) {
  AppState app(CpuSettings("3 1 7 0 4 1 6 3"));
  app.SetBackend(BackendChoice::kCpu);
  app.view.selected_algorithm = Algorithm::kBlelloch;
  const int last = static_cast<int>(app.Slot(Algorithm::kBlelloch).trace.rounds.size()) - 1;
  app.view.selected = scene::CellRef{last, 0, 0};
  ASSERT_TRUE(scene::HasCell(app.Slot(Algorithm::kBlelloch).trace,
                             app.Slot(Algorithm::kBlelloch).analysis, *app.view.selected));
  app.SetInputText("5 6");  // n = 2: fewer rounds
  EXPECT_FALSE(app.view.selected.has_value());
}

TEST(AppState, TheSelectionIsCheckedAgainstItsOwnAlgorithmsTrace) {
  // Side by side the selection may belong to the right pane's algorithm, not the shown one.
  AppState app(CpuSettings("3 1 7 0 4 1 6 3"));
  app.SetBackend(BackendChoice::kCpu);
  app.SetAlgorithm(Algorithm::kHillisSteele);
  app.view.selected_algorithm = Algorithm::kBlelloch;
  const int rounds = static_cast<int>(app.Slot(Algorithm::kBlelloch).trace.rounds.size());
  ASSERT_GT(rounds, static_cast<int>(app.Slot(Algorithm::kHillisSteele).trace.rounds.size()));
  app.view.selected = scene::CellRef{rounds - 1, 0, 0};
  app.SetCell(0, 4);
  EXPECT_TRUE(app.view.selected.has_value());
}

// The round a teacher was on survives an edit: the last stays the last, a round of the same phase
// and stride stays that round (the chapters' "round 7 of 9" surprise is gone).
TEST(AppState, AnEditKeepsTheRoundDoingTheSameThing) {
  AppState app(CpuSettings("3 1 7 0 4 1 6 3"));
  app.SetBackend(BackendChoice::kCpu);
  app.SetAlgorithm(Algorithm::kBlelloch);
  Player& p = app.CurrentPlayer();
  p.Last();
  app.Resize(9);  // 8 -> 16 padded: more rounds
  EXPECT_TRUE(p.AtLast()) << p.Round() << " of " << p.RoundCount();
  app.Resize(8);
  EXPECT_TRUE(p.AtLast());

  // Down-sweep stride 2 stays down-sweep stride 2.
  const auto& rounds = [&]() -> const std::vector<Round>& { return app.Current().trace.rounds; };
  int r = 0;
  while (!(rounds()[static_cast<size_t>(r)].spec.stride == 2 && r > 4)) ++r;
  p.Seek(r);
  const RoundSpec was = rounds()[static_cast<size_t>(r)].spec;
  app.Resize(16);
  const RoundSpec now = rounds()[static_cast<size_t>(p.Round())].spec;
  EXPECT_EQ(now.phase, was.phase);
  EXPECT_EQ(now.stride, 2);

  // New values of the same length: the same round.
  p.Seek(3);
  app.SetInputText("9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9");
  EXPECT_EQ(p.Round(), 3);
}

TEST(MatchRound, LastPhaseStrideThenStep) {
  auto spec = [](PhaseId phase, int step, int stride) {
    RoundSpec s;
    s.phase = phase;
    s.phase_round = step;
    s.stride = stride;
    return s;
  };
  const std::vector<RoundSpec> small = {spec(0, 1, 0), spec(1, 1, 1), spec(1, 2, 2)};
  const std::vector<RoundSpec> big = {spec(0, 1, 0), spec(1, 1, 1), spec(1, 2, 2), spec(1, 3, 4)};
  EXPECT_EQ(MatchRound(small, 2, big), 3);  // the last stays the last
  EXPECT_EQ(MatchRound(big, 2, small), 2);  // stride 2 in both
  EXPECT_EQ(MatchRound(big, 1, small), 1);
  EXPECT_EQ(MatchRound(big, 0, small), 0);
  const std::vector<RoundSpec> other = {spec(0, 1, 0), spec(2, 1, 8), spec(2, 2, 16)};
  EXPECT_EQ(MatchRound(big, 1, other), 2);  // no such phase: the last round
  EXPECT_EQ(MatchRound(big, 1, {}), 0);
}

}  // namespace
}  // namespace scanviz
