// The applications mode of the app's state: entered, stepped through its passes' steps, its
// parameters changed (each a new trace of the same input), an input edit followed, and files
// opened: an application trace into this mode, a grid trace into the grid view, a hostile file
// refused in one line with the state unchanged.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/applications/application_io.h"
#include "core/grid/grid_io.h"
#include "kinds/applications/applications_state.h"
#include "kinds/multi_block/multi_block_state.h"
#include "scene/application_scene.h"
#include "state/app_state.h"

namespace scanviz {
namespace {

AppState Example() {
  Settings s;
  s.input = "3 1 7 0 4 1 6 3";
  return AppState(s);
}

std::string TempFile(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / "scanviz_app_state_applications_test";
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

TEST(AppStateApplications, EnteredItRunsTheApplicationAndStepsThroughItsSteps) {
  AppState app = Example();
  ApplicationModel& model = ApplicationsOf(app).model;
  app.SetBackend(BackendChoice::kCpu);
  model.SetKeep(KeepRule{KeepKind::kOdd, 0});
  app.SetKind(KindId::kApplication);
  ASSERT_TRUE((app.ShownKind() == KindId::kApplication));
  const ApplicationSlot& slot = model.Traced();
  ASSERT_TRUE(slot.trace.has_value()) << slot.error;
  EXPECT_TRUE(slot.problems.empty());
  EXPECT_EQ(slot.trace->output, (std::vector<double>{3, 1, 7, 1, 3}));
  EXPECT_EQ(model.ApplicationPlayer().RoundCount(), 3);
  // The shown player is the application's: → steps flag, scan, scatter.
  app.ForEachShownPlayer([](Player& p) { p.First(); });
  app.ForEachShownPlayer([](Player& p) { p.StepForward(); });
  EXPECT_EQ(model.ApplicationPlayer().Round(), 1);
  EXPECT_EQ(application_scene::Build(*model.Traced().trace, model.ApplicationPlayer().Round()).step,
            application_scene::Step::kScan);
  // The grid view leaves the mode; the mode leaves the grid.
  app.SetKind(KindId::kMultiBlock);
  EXPECT_FALSE((app.ShownKind() == KindId::kApplication));
  app.SetKind(KindId::kApplication);
  EXPECT_FALSE((app.ShownKind() == KindId::kMultiBlock));
}

TEST(AppStateApplications, ParametersAndEditsMakeANewTrace) {
  AppState app = Example();
  ApplicationModel& model = ApplicationsOf(app).model;
  app.SetBackend(BackendChoice::kCpu);
  app.SetKind(KindId::kApplication);
  model.SetApplication(ApplicationKind::kSplit);
  model.SetSplitBit(0);
  EXPECT_EQ(model.Traced().trace->output, (std::vector<double>{0, 4, 6, 3, 1, 7, 1, 3}));
  model.SetSplitBit(99);  // clamped
  EXPECT_EQ(model.SplitBit(), 31);
  model.SetApplication(ApplicationKind::kRadixSort);
  EXPECT_EQ(model.Traced().trace->passes.size(), 3u);  // 7 needs three bits
  EXPECT_EQ(model.ApplicationPlayer().RoundCount(), 9);
  model.SetRadixBits(2);
  EXPECT_EQ(model.Traced().trace->passes.size(), 2u);
  model.SetRadixBits(0);
  app.SetCell(1, -1);  // a negative key: the sign flip and 32 passes
  ASSERT_TRUE(model.Traced().trace.has_value()) << model.Traced().error;
  EXPECT_TRUE(model.Traced().trace->sign_flipped);
  EXPECT_EQ(model.Traced().trace->passes.size(), 32u);
  model.SetApplication(ApplicationKind::kAllocate);  // sizes >= 0: -1 is refused, in one line
  EXPECT_FALSE(model.Traced().trace.has_value());
  EXPECT_FALSE(model.Traced().error.empty());
  app.SetCell(1, 1);
  EXPECT_EQ(model.Traced().trace->total, 25);
  // float32 input: compaction only.
  app.SetType(ElementType::kFloat32);
  EXPECT_FALSE(model.Traced().trace.has_value());
  model.SetApplication(ApplicationKind::kCompact);
  EXPECT_TRUE(model.Traced().trace.has_value()) << model.Traced().error;
}

TEST(AppStateApplications, AnApplicationFileOpensInTheModeAndAGridFileInTheGridView) {
  ApplicationRequest r;
  r.application = ApplicationKind::kRadixSort;
  r.params.bits = 3;
  r.input = {5, 2, 6, 1};
  r.block_size = 4;
  const std::string path = TempFile("radix.json");
  ASSERT_EQ(SaveApplicationFile(SimulateApplication(r), path), "");
  AppState app = Example();
  app.SetBackend(BackendChoice::kCpu);
  ASSERT_EQ(app.OpenFile(path), "");
  EXPECT_TRUE((app.ShownKind() == KindId::kApplication));
  EXPECT_EQ(ApplicationsOf(app).model.Application(), ApplicationKind::kRadixSort);
  EXPECT_EQ(app.Values(), (std::vector<double>{5, 2, 6, 1}));
  EXPECT_EQ(ApplicationsOf(app).model.Traced().trace->output, (std::vector<double>{1, 2, 5, 6}));
  EXPECT_NE(ApplicationsOf(app).model.Traced().ran.find("radix.json"), std::string::npos);
  EXPECT_EQ(ApplicationsOf(app).model.ApplicationPlayer().Round(), 8);  // the end: every pass done

  GridRequest g;
  g.block_algorithm = Algorithm::kBlelloch;
  g.block_size = 4;
  g.input = {3, 1, 7, 0, 4, 1, 6, 3, 5};
  const std::string grid_path = TempFile("grid.json");
  ASSERT_EQ(SaveGridFile(SimulateGrid(g), grid_path), "");
  ASSERT_EQ(app.OpenFile(grid_path), "");
  EXPECT_FALSE((app.ShownKind() == KindId::kApplication));
  ASSERT_TRUE((app.ShownKind() == KindId::kMultiBlock));
  EXPECT_EQ(MultiBlockOf(app).grid.BlockSize(), 4);
  EXPECT_EQ(MultiBlockOf(app).grid.BlockAlgorithm(), Algorithm::kBlelloch);
  EXPECT_EQ(MultiBlockOf(app).grid.Traced().grid.BlockCount(), 3);
  EXPECT_TRUE(MultiBlockOf(app).grid.Traced().problems.empty());
  EXPECT_NE(MultiBlockOf(app).grid.Traced().ran.find("grid.json"), std::string::npos);
}

TEST(AppStateApplications, AHostileFileIsOneLineAndChangesNothing) {
  AppState app = Example();
  app.SetBackend(BackendChoice::kCpu);
  const std::string path = TempFile("hostile.json");
  for (const char* text :
       {R"({"format":2,"meta":{"algorithm":"compact"}})",
        R"({"format":2,"meta":{"algorithm":"radix-sort","n":4,"bits":99},"input":[1,2,3,4]})",
        R"({"format":2,"meta":{"algorithm":"multi-block","block_size":3},"input":[1]})", "{",
        R"({"format":2,"meta":{"algorithm":"allocate","n":-5}})"}) {
    std::ofstream(path) << text;
    const std::string err = app.OpenFile(path);
    EXPECT_FALSE(err.empty()) << text;
    EXPECT_EQ(err.find('\n'), std::string::npos) << err;
    EXPECT_FALSE((app.ShownKind() == KindId::kApplication));
    EXPECT_EQ(app.Values(), (std::vector<double>{3, 1, 7, 0, 4, 1, 6, 3}));
  }
}

}  // namespace
}  // namespace scanviz
