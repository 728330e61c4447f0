// The app's state without a window: edits regenerate every algorithm's trace, and a selection the
// edit took away is dropped instead of naming a cell that is no longer there.
#include "state/app_state.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "core/input.h"
#include "core/registry.h"
#include "core/simulator.h"
#include "kinds/multi_block/multi_block_state.h"
#include "support/trace_compare.h"

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

// Issue #26 item 6: a zoom that suited 1,024 cells showed one giant cell of 8, row labels gone,
// until Fit view. A new size fits the figure; an edit of the same size keeps the zoom.
TEST(AppState, ANewInputSizeFitsTheView) {
  AppState app(CpuSettings("3 1 7 0 4 1 6 3"));
  app.SetBackend(BackendChoice::kCpu);
  app.Resize(1024);
  app.view.zoom = 6;
  app.view.pan_x = -500;
  app.SetCell(3, 2);  // same n
  EXPECT_EQ(app.view.zoom, 6);
  EXPECT_EQ(app.view.pan_x, -500);
  app.Resize(8);
  EXPECT_EQ(app.view.zoom, 1);
  EXPECT_EQ(app.view.pan_x, 0);
  app.view.zoom = 3;
  ASSERT_TRUE(app.SetInputText("1 2 3"));
  EXPECT_EQ(app.view.zoom, 1);
  app.view.zoom = 3;
  ASSERT_TRUE(app.Undo());  // back to 8 values
  EXPECT_EQ(app.view.zoom, 1);
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

// [SECTION] Undo and redo: every kind of input edit goes back and comes again, traces included.
class Undo : public ::testing::Test {
 protected:
  Undo() : app(CpuSettings("3 1 7 0 4 1 6 3")) { app.SetBackend(BackendChoice::kCpu); }
  // The edit changes the input; undo restores it exactly (and the trace's input); redo redoes it.
  template <typename Edit>
  void RoundTrip(Edit edit) {
    const InputSnapshot before = Snap();
    edit();
    const InputSnapshot after = Snap();
    ASSERT_NE(after, before) << "the edit changed nothing";
    ASSERT_TRUE(app.History().CanUndo());
    EXPECT_TRUE(app.Undo());
    EXPECT_EQ(Snap(), before);
    ExpectTracesOf(before);
    EXPECT_TRUE(app.Redo());
    EXPECT_EQ(Snap(), after);
    ExpectTracesOf(after);
  }
  InputSnapshot Snap() const {
    return {app.InputText(), app.InputError(), app.Values(), app.Type(), app.Op(), app.Seed()};
  }
  void ExpectTracesOf(const InputSnapshot& s) {
    for (const AlgorithmInfo* info : Algorithms()) {
      const Trace& t = app.Slot(info->id).trace;
      EXPECT_EQ(t.input, s.values) << info->name;
      EXPECT_EQ(t.meta.op, s.op) << info->name;
      EXPECT_EQ(t.meta.type, s.type) << info->name;
    }
  }
  AppState app;
};

TEST_F(Undo, TheStartingInputIsTheBottom) {
  EXPECT_FALSE(app.History().CanUndo());
  EXPECT_FALSE(app.Undo());
  EXPECT_FALSE(app.Redo());
  EXPECT_EQ(app.InputText(), "3 1 7 0 4 1 6 3");
}

TEST_F(Undo, Text) {
  RoundTrip([&] { app.SetInputText("5 6 7"); });
}

// Issue #26 item 19: leaving the box with an invalid text keeps the trace, and is no undo step
// (its undo changed nothing the figure shows); a real edit after it brings the text back with
// its error on undo.
TEST_F(Undo, AnInvalidTextIsNoStepButComesBackWithItsError) {
  app.SetCell(2, 40);
  ASSERT_EQ(app.History().UndoCount(), 1u);
  app.SetInputText("3 1 40 0 4 1 6 3, -");
  EXPECT_FALSE(app.InputError().empty());
  EXPECT_EQ(app.History().UndoCount(), 1u);
  EXPECT_EQ(app.History().NextUndo().kind, EditKind::kCell);
  app.SetInputText("3 1 40 0 4 1 6 3");  // fixed: the same values
  EXPECT_EQ(app.History().UndoCount(), 1u);
  ASSERT_TRUE(app.Undo());
  EXPECT_EQ(app.Values(), (std::vector<double>{3, 1, 7, 0, 4, 1, 6, 3}));
  app.SetInputText("1,,x");
  app.SetInputText("9 9");
  app.Undo();
  EXPECT_EQ(app.InputText(), "1,,x");
  EXPECT_FALSE(app.InputError().empty());
  EXPECT_EQ(app.Values(), (std::vector<double>{3, 1, 7, 0, 4, 1, 6, 3}));
}

TEST_F(Undo, Cell) {
  RoundTrip([&] { app.SetCell(2, 40); });
}

TEST_F(Undo, TwoEditsOfOneCellAreOneStep) {
  app.SetCell(2, 4);
  app.SetCell(2, 40);
  app.SetCell(5, 9);
  EXPECT_EQ(app.History().UndoCount(), 2u);
  app.Undo();
  EXPECT_EQ(app.Values(), (std::vector<double>{3, 1, 40, 0, 4, 1, 6, 3}));
  app.Undo();
  EXPECT_EQ(app.Values(), (std::vector<double>{3, 1, 7, 0, 4, 1, 6, 3}));
}

TEST_F(Undo, N) {
  RoundTrip([&] { app.Resize(13); });
  RoundTrip([&] { app.Resize(3); });
}

TEST_F(Undo, PresetIsOneStepWithItsTypeAndOperator) {
  app.SetOp(OpKind::kMax);
  const size_t steps = app.History().UndoCount();
  const std::vector<Preset> presets = MakePresets(app.Presets(), app.Seed());
  const auto tenths = std::find_if(presets.begin(), presets.end(), [](const Preset& p) {
    return p.type == ElementType::kFloat32;
  });
  ASSERT_NE(tenths, presets.end());
  RoundTrip([&] { app.ApplyPreset(*tenths); });
  EXPECT_EQ(app.Type(), ElementType::kFloat32);
  EXPECT_EQ(app.Op(), OpKind::kAdd);
  EXPECT_EQ(app.History().UndoCount(), steps + 1);
  app.Undo();
  EXPECT_EQ(app.Type(), ElementType::kInt32);
  EXPECT_EQ(app.Op(), OpKind::kMax);
}

TEST_F(Undo, RandomiseAndNewSeedKeepTheirSeeds) {
  RoundTrip([&] { app.Randomize(16, 7); });
  RoundTrip([&] { app.Randomize(16, app.Seed() + 1); });
  app.Undo();
  EXPECT_EQ(app.Seed(), 7u);  // Randomise again gives the undone values back
}

// Issue #37 item 12: Randomise with the same seed drew the same values, so a press changed
// nothing. Each press now gives a new input and shows its seed; a seed typed still gives its own
// input exactly (as the CLI's --random n --seed s).
TEST_F(Undo, RandomiseGivesANewInputEachPress) {
  app.SetSeed(7);
  app.RandomizeAgain(16);  // a seed typed: its own draw
  EXPECT_EQ(app.Seed(), 7u);
  EXPECT_EQ(app.Values(), RandomValues(16, 7, app.Type()));
  std::vector<std::vector<double>> seen{app.Values()};
  for (int press = 0; press < 3; ++press) {
    app.RandomizeAgain(16);
    EXPECT_EQ(app.Seed(), 8u + static_cast<unsigned>(press));
    EXPECT_EQ(app.Values(), RandomValues(16, app.Seed(), app.Type()));
    EXPECT_EQ(std::count(seen.begin(), seen.end(), app.Values()), 0) << "press " << press;
    seen.push_back(app.Values());
  }
  app.SetSeed(7);  // the seed typed again: exactly its input again
  app.RandomizeAgain(16);
  EXPECT_EQ(app.Values(), seen.front());
  app.RandomizeAgain(5);  // another n: the seed's draw of that many
  EXPECT_EQ(app.Values(), RandomValues(5, 7, app.Type()));
}

TEST_F(Undo, Operator) {
  RoundTrip([&] { app.SetOp(OpKind::kLast); });
}

TEST_F(Undo, Type) {
  app.SetType(ElementType::kFloat32);
  app.SetInputText("0.25 1.25 3");
  RoundTrip([&] { app.SetType(ElementType::kInt32); });  // rounds the fractions
  EXPECT_EQ(app.Values(), (std::vector<double>{0, 1, 3}));
  app.Undo();
  EXPECT_EQ(app.Values(), (std::vector<double>{0.25, 1.25, 3}));
}

TEST_F(Undo, TheAlgorithmConversionAndBackendAreNotEdits) {
  app.SetAlgorithm(Algorithm::kBlelloch);
  app.ToggleAlgorithm();
  app.SetConvert(true);
  app.SetBackend(BackendChoice::kCpu);
  app.SetSeed(42);
  EXPECT_FALSE(app.History().CanUndo());
}

TEST_F(Undo, ANewEditAfterAnUndoClearsRedo) {
  app.SetCell(0, 9);
  app.Undo();
  EXPECT_TRUE(app.History().CanRedo());
  app.SetOp(OpKind::kMin);
  EXPECT_FALSE(app.History().CanRedo());
  EXPECT_FALSE(app.Redo());
}

// As after any edit (AnEditKeepsTheRoundDoingTheSameThing): the last round stays the last.
TEST_F(Undo, UndoAndRedoKeepThePlayersRound) {
  app.SetAlgorithm(Algorithm::kBlelloch);
  Player& p = app.CurrentPlayer();
  p.Last();
  app.Resize(9);
  ASSERT_TRUE(p.AtLast());
  app.Undo();  // 16 padded -> 8: fewer rounds
  EXPECT_TRUE(p.AtLast()) << p.Round() << " of " << p.RoundCount();
  app.Redo();
  EXPECT_TRUE(p.AtLast()) << p.Round() << " of " << p.RoundCount();
  p.Seek(2);
  app.SetCell(0, 5);  // same n: the same round, there and back
  app.Undo();
  EXPECT_EQ(p.Round(), 2);
}

TEST_F(Undo, AnUndoneShorterInputDropsASelectionPastItsEnd) {
  app.view.selected_algorithm = Algorithm::kHillisSteele;
  app.Resize(16);
  app.view.selected = scene::CellRef{scene::kInputRound, 0, 12};
  app.Undo();  // back to 8
  EXPECT_FALSE(app.view.selected.has_value());
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

// The app's own CUDA path, as the status line and the figure see it: with backend cuda the
// simulator's trace shows first, the GPU's replaces it when it arrives, and the status line names
// the device. Skipped (never passed) where no CUDA device answers: CI, a laptop.
TEST(AppStateGpu, TheGpusTraceReplacesTheSimulatorsAndTheStatusNamesTheGpu) {
  const CudaAvailability& cuda = QueryCuda();
  if (!cuda.usable) GTEST_SKIP() << "no CUDA device: " << cuda.reason;
  Settings s;
  s.input = "3 1 7 0 4 1 6 3";
  s.algorithm = Algorithm::kBlelloch;
  AppState app(s);
  app.SetBackend(BackendChoice::kCuda);
  ASSERT_TRUE(app.WaitForBackend(60)) << app.BackendStatus();
  const std::string& device = cuda.devices.at(0).name;
  EXPECT_EQ(app.BackendStatus().rfind("CUDA: " + device, 0), 0u) << app.BackendStatus();
  std::printf("status line: %s\n", app.BackendStatus().c_str());
  for (const AlgorithmInfo* info : Algorithms()) {
    const TraceSlot& slot = app.Slot(info->id);
    EXPECT_EQ(slot.trace.meta.backend.kind, BackendKind::kCuda) << info->key;
    EXPECT_EQ(slot.trace.meta.backend.device_name, device) << info->key;
    EXPECT_TRUE(slot.analysis.Ok()) << info->key;
    // The figure is the GPU's trace, and it records the run the simulator records.
    ScanRequest r{info->id, OpKind::kAdd, ElementType::kInt32, app.Values(), false};
    EXPECT_EQ(testing::FirstDifference(Simulate(r), slot.trace), "") << info->key;
  }
  // An edit: the simulator's trace at once, the GPU's again once it arrives.
  app.SetCell(2, 70);
  ASSERT_TRUE(app.WaitForBackend(60));
  EXPECT_EQ(app.Current().trace.input[2], 70);
  EXPECT_EQ(app.Current().trace.meta.backend.kind, BackendKind::kCuda);
}

}  // namespace
}  // namespace scanviz

namespace scanviz {
namespace {

TEST(AppStateGrid, MultiBlockIsSelectedStepsByPhaseAndOpensABlock) {
  AppState app(Settings{});
  app.SetBackend(BackendChoice::kCpu);
  app.SetInputText("3 1 7 0 4 1 6 3 5 2 8 1 9");
  MultiBlockOf(app).grid.SetBlockSize(4);
  // Tab goes through the block scans to the multi-block scan, and on round again.
  for (int i = 1; i < kAlgorithmCount; ++i) app.ToggleAlgorithm();
  EXPECT_FALSE((app.ShownKind() == KindId::kMultiBlock));
  app.ToggleAlgorithm();
  ASSERT_TRUE((app.ShownKind() == KindId::kMultiBlock));
  const GridSlot& grid = MultiBlockOf(app).grid.Traced();
  EXPECT_TRUE(grid.problems.empty());
  EXPECT_EQ(grid.grid.BlockCount(), 4);
  // The phases are the player's steps; the shown player is the grid's.
  EXPECT_EQ(MultiBlockOf(app).grid.GridPlayer().RoundCount(), 3);
  app.ForEachShownPlayer([](Player& p) { p.First(); });
  app.ForEachShownPlayer([](Player& p) { p.StepForward(); });
  EXPECT_EQ(MultiBlockOf(app).grid.GridPlayer().Round(), 1);
  // Block 2 opens in the single-block view: the shown trace is that block's, its player too.
  ASSERT_TRUE(OpenBlock(app, 0, 2));
  EXPECT_EQ(app.Current().trace.input, (std::vector<double>{5, 2, 8, 1}));
  EXPECT_EQ(app.Current().trace.Result(), (std::vector<double>{5, 7, 15, 16}));
  EXPECT_TRUE(app.Current().analysis.Ok());
  app.ForEachShownPlayer([](Player& p) { p.First(); });
  EXPECT_EQ(app.CurrentPlayer().Round(), 0);
  EXPECT_EQ(MultiBlockOf(app).grid.GridPlayer().Round(), 1);  // the grid keeps its phase
  EXPECT_FALSE(OpenBlock(app, 0, 4));                         // no such block
  MultiBlockOf(app).grid.CloseBlock();
  EXPECT_FALSE(MultiBlockOf(app).grid.Opened());
  EXPECT_EQ(app.Current().trace.meta.n, 13 > kMaxElements ? kMaxElements : 13);
  EXPECT_EQ(MultiBlockOf(app).grid.GridPlayer().Round(), 1);
  // An edit regenerates the grid, keeping the phase; a block size makes a new grid.
  app.SetCell(0, 4);
  EXPECT_EQ(MultiBlockOf(app).grid.Traced().grid.output.back(), 51);
  MultiBlockOf(app).grid.SetBlockSize(8);
  EXPECT_EQ(MultiBlockOf(app).grid.Traced().grid.BlockCount(), 2);
  // Choosing a block scan leaves the grid.
  app.SetAlgorithm(Algorithm::kBlelloch);
  EXPECT_FALSE((app.ShownKind() == KindId::kMultiBlock));
}

TEST(AppStateGrid, ALargeInputGoesToTheGridWholeAndToTheBlockScansCut) {
  AppState app(Settings{});
  app.SetBackend(BackendChoice::kCpu);
  app.Randomize(4096, 3);
  EXPECT_EQ(app.Values().size(), 4096u);
  EXPECT_TRUE(app.BlockScansTruncated());
  EXPECT_EQ(app.Slot(Algorithm::kHillisSteele).trace.meta.n, kMaxElements);
  MultiBlockOf(app).grid.SetBlockSize(1024);
  app.SetKind(KindId::kMultiBlock);
  EXPECT_EQ(MultiBlockOf(app).grid.Traced().grid.N(), 4096);
  EXPECT_EQ(MultiBlockOf(app).grid.Traced().grid.BlockCount(), 4);
  EXPECT_TRUE(MultiBlockOf(app).grid.Traced().problems.empty());
}

// The live app checks a large grid on a worker: the grid shows at once, marked not yet checked,
// its verdict arrives through Poll or a wait; an edit while a check runs waits for it (the worker
// reads the grid the edit replaces) and gets its own verdict; a small grid is checked at once.
TEST(AppStateGrid, ALargeGridIsCheckedBesideTheLoopAndGetsItsOwnVerdict) {
  AppState app(Settings{});
  app.SetBackend(BackendChoice::kCpu);
  ASSERT_TRUE(app.WaitForBackend(60));  // the constructor's "is there a GPU?" answered
  MultiBlockOf(app).grid.SetBackgroundCheck(true);
  MultiBlockOf(app).grid.SetBlockSize(1024);
  app.Randomize(GridModel::kBackgroundCheck, 3);
  app.SetKind(KindId::kMultiBlock);
  EXPECT_EQ(MultiBlockOf(app).grid.Traced().grid.N(), GridModel::kBackgroundCheck);
  EXPECT_FALSE(MultiBlockOf(app).grid.Traced().checked);  // until Poll or a wait takes the verdict
  EXPECT_TRUE(app.BackgroundPending());
  ASSERT_TRUE(MultiBlockOf(app).grid.WaitForCheck(120));
  EXPECT_TRUE(MultiBlockOf(app).grid.Traced().checked);
  EXPECT_TRUE(MultiBlockOf(app).grid.Traced().problems.empty());
  EXPECT_FALSE(app.BackgroundPending());
  for (int i = 0; i < 3; ++i) {  // edits back to back, each re-tracing the grid
    app.SetCell(i, 100 + i);
    EXPECT_EQ(MultiBlockOf(app).grid.Traced().grid.input[static_cast<size_t>(i)], 100 + i);
  }
  EXPECT_FALSE(MultiBlockOf(app).grid.Traced().checked);
  ASSERT_TRUE(MultiBlockOf(app).grid.WaitForCheck(120));
  EXPECT_TRUE(MultiBlockOf(app).grid.Traced().checked);
  EXPECT_TRUE(MultiBlockOf(app).grid.Traced().problems.empty());
  EXPECT_EQ(MultiBlockOf(app).grid.Traced().grid.output[2],
            MultiBlockOf(app).grid.Traced().grid.output[1] + 102);
  // Shown from its arrays first; the worker made the block traces, moved in with the verdict.
  EXPECT_TRUE(MultiBlockOf(app).grid.Traced().grid.HasBlockTraces());
  app.SetCell(5, 7);
  EXPECT_FALSE(MultiBlockOf(app).grid.Traced().grid.HasBlockTraces());
  ASSERT_TRUE(MultiBlockOf(app).grid.OpenBlock(0, 0));  // waits for the traces
  EXPECT_EQ(MultiBlockOf(app).grid.BlockSlot().trace.input[5], 7);
  EXPECT_TRUE(MultiBlockOf(app).grid.Traced().grid.HasBlockTraces());
  EXPECT_TRUE(MultiBlockOf(app).grid.Traced().checked);
  app.SetCell(6, 8);  // with a block open, the block's trace is made at once
  EXPECT_TRUE(MultiBlockOf(app).grid.Traced().grid.HasBlockTraces());
  EXPECT_EQ(MultiBlockOf(app).grid.BlockSlot().trace.input[6], 8);
  MultiBlockOf(app).grid.CloseBlock();
  ASSERT_TRUE(MultiBlockOf(app).grid.WaitForCheck(120));
  EXPECT_TRUE(MultiBlockOf(app).grid.Traced().problems.empty());
  for (int i = 0; i < 4;
       ++i) {  // each edit after its frame: the last check is stopped, not awaited
    app.SetCell(10 + i, 50 + i);
    EXPECT_FALSE(MultiBlockOf(app).grid.Traced().checked);
    app.CatchUp();  // the frame shown: the check starts on a copy of the arrays
  }
  ASSERT_TRUE(MultiBlockOf(app).grid.WaitForCheck(120));
  EXPECT_TRUE(MultiBlockOf(app).grid.Traced().checked);
  EXPECT_TRUE(MultiBlockOf(app).grid.Traced().problems.empty());
  EXPECT_TRUE(MultiBlockOf(app).grid.Traced().grid.HasBlockTraces());
  EXPECT_EQ(MultiBlockOf(app).grid.Traced().grid.blocks[0].input[13], 53);
  app.Randomize(GridModel::kBackgroundCheck - 1, 4);  // below the size: checked at once
  EXPECT_TRUE(MultiBlockOf(app).grid.Traced().checked);
  EXPECT_FALSE(app.BackgroundPending());
}

}  // namespace
}  // namespace scanviz
