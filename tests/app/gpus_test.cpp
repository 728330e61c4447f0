// The GPUs kind (issue #36, app/kinds/gpus/): its model half without a window. Its steps are every
// moment a phase began or ended on any GPU, in order; the caption names what each GPU does then;
// shown, it opens at the first moment; a GPU zoomed into names the figure and Esc comes back; its
// state (P, the strategy, the moment, the zoom) and a multi-gpu trace file's trace come back from
// a session and a link; a file opened shows it; sessions of the other kinds stay without its
// fields; its SVG holds every phase and arrow.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/multi_gpu/multi_gpu_io.h"
#include "kinds/gpus/gpus_state.h"
#include "kinds/kind.h"
#include "state/app_state.h"
#include "state/share_link.h"

namespace scanviz {
namespace {

Settings Input(const char* input = "3 1 7 0 4 1 6 3 2 5 1") {
  Settings s;
  s.input = input;
  return s;
}

std::unique_ptr<AppState> App(const char* input = "3 1 7 0 4 1 6 3 2 5 1") {
  auto app = std::make_unique<AppState>(Input(input));
  app->SetBackend(BackendChoice::kCpu);
  return app;
}

// Every phase boundary of every GPU, as the trace holds them.
std::vector<std::int64_t> Boundaries(const MultiGpuTrace& t) {
  std::vector<std::int64_t> out;
  for (const GpuRank& r : t.ranks)
    for (const GpuPhase& p : r.phases) {
      out.push_back(p.start);
      out.push_back(p.end);
    }
  return out;
}

TEST(GpusKind, StepsWalkEveryPhaseBoundaryInOrderAndStopAtTheEnds) {
  auto app = App();
  const Kind& kind = KindOf(KindId::kGpus);
  kind.Show(*app);
  ASSERT_EQ(app->ShownKind(), KindId::kGpus);
  const MultiGpuTrace& t = GpusOf(*app).Traced();
  ASSERT_EQ(t.Gpus(), 4);
  ASSERT_EQ(t.N(), 11);
  const std::vector<std::int64_t> moments = MultiGpuMoments(t);
  ASSERT_TRUE(std::is_sorted(moments.begin(), moments.end()));
  EXPECT_EQ(std::adjacent_find(moments.begin(), moments.end()), moments.end());
  EXPECT_EQ(moments.front(), 0);
  for (std::int64_t b : Boundaries(t))
    EXPECT_TRUE(std::binary_search(moments.begin(), moments.end(), b)) << b;
  // Shown from the start; → visits every moment once, in order, and rests on the last.
  EXPECT_EQ(kind.Steps(*app).step, 0);
  EXPECT_EQ(kind.Steps(*app).count, static_cast<int>(moments.size()));
  for (std::size_t i = 1; i < moments.size(); ++i) {
    kind.Step(*app, +1);
    EXPECT_EQ(GpusOf(*app).cursor, moments[i]) << i;
    EXPECT_EQ(kind.Steps(*app).step, static_cast<int>(i));
  }
  kind.Step(*app, +1);
  EXPECT_EQ(GpusOf(*app).cursor, moments.back());
  kind.Step(*app, -1);
  EXPECT_EQ(GpusOf(*app).cursor, moments[moments.size() - 2]);
  kind.Seek(*app, 0);
  EXPECT_EQ(GpusOf(*app).cursor, moments.front());
  kind.Seek(*app, 1000);
  EXPECT_EQ(GpusOf(*app).cursor, moments.back());
}

// Inside a GPU's all-gather the caption says the totals cross and names that GPU; at the end
// every GPU is done; each phase at a moment is the one whose interval holds it.
TEST(GpusKind, TheCaptionNamesWhatEachGpuDoesAtTheMoment) {
  auto app = App();
  const MultiGpuTrace& t = GpusOf(*app).Traced();
  const GpuRank& r = t.ranks[2];
  const auto gather = std::find_if(r.phases.begin(), r.phases.end(), [](const GpuPhase& p) {
    return p.kind == GpuPhaseKind::kAllGather;
  });
  ASSERT_NE(gather, r.phases.end());
  ASSERT_LT(gather->start, gather->end);
  const std::int64_t mid = (gather->start + gather->end) / 2;
  ASSERT_NE(PhaseAt(r, mid), nullptr);
  EXPECT_EQ(PhaseAt(r, mid)->kind, GpuPhaseKind::kAllGather);
  const std::string caption = GpuCaption(t, mid);
  EXPECT_NE(caption.find("all-gather (the totals cross between the GPUs)"), std::string::npos)
      << caption;
  const std::size_t at = caption.find("all-gather");
  EXPECT_NE(caption.find('2', at), std::string::npos) << caption;
  EXPECT_NE(GpuCaption(t, t.Span()).find("every GPU is done"), std::string::npos);
  EXPECT_EQ(PhaseAt(r, t.Span()), nullptr);
  // The provenance says simulated, never measured, for the simulator's run.
  EXPECT_NE(GpuProvenance(t).find("simulated"), std::string::npos);
  EXPECT_EQ(GpuProvenance(t).find("measured on"), std::string::npos);
}

// Shown, it opens at the first moment; a GPU zoomed into names the figure, and Esc comes back.
TEST(GpusKind, AZoomedGpuNamesTheFigureAndEscapeComesBack) {
  auto app = App();
  const Kind& kind = KindOf(KindId::kGpus);
  kind.Show(*app);
  ASSERT_EQ(app->ShownKind(), KindId::kGpus);
  EXPECT_EQ(GpusOf(*app).cursor, 0);
  EXPECT_EQ(GpusOf(*app).zoom, -1);
  EXPECT_EQ(kind.FigureStem(*app), "scanviz-gpus-p4-scan-then-add");
  GpusOf(*app).zoom = 3;  // a click on GPU 3's name
  EXPECT_TRUE(GpusOf(*app).Traced().ranks[3].shard.has_value());
  EXPECT_EQ(kind.FigureStem(*app), "scanviz-gpus-p4-scan-then-add-gpu3");
  EXPECT_TRUE(kind.Back(*app));
  EXPECT_EQ(GpusOf(*app).zoom, -1);
  EXPECT_FALSE(kind.Back(*app));  // nothing left to close: Esc goes on to drop the selection
  EXPECT_EQ(app->ShownKind(), KindId::kGpus);
  GpusOf(*app).zoom = 1;
  app->SetKind(KindId::kMultiBlock);  // another kind: the zoom closes
  EXPECT_EQ(GpusOf(*app).zoom, -1);
}

// P and the strategy are the simulator's; an edit of the input traces again.
TEST(GpusKind, PAndTheStrategyAndAnEditTraceAgain) {
  auto app = App();
  GpusState& g = GpusOf(*app);
  g.gpus = 2;
  EXPECT_EQ(g.Traced().Gpus(), 2);
  EXPECT_EQ(g.Traced().strategy, MultiGpuStrategy::kScanThenAdd);
  g.strategy = MultiGpuStrategy::kReduceThenScan;  // alone: traced again
  EXPECT_EQ(g.Traced().Gpus(), 2);
  EXPECT_EQ(g.Traced().strategy, MultiGpuStrategy::kReduceThenScan);
  EXPECT_EQ(g.Traced().ranks[0].phases.front().kind, GpuPhaseKind::kReduce);
  EXPECT_TRUE(CheckMultiGpu(g.Traced()).empty());
  app->SetValues({5, 6, 7});
  EXPECT_EQ(g.Traced().N(), 3);
  g.gpus = 8;  // more GPUs than elements: one element each
  EXPECT_EQ(g.Traced().Gpus(), 3);
}

void ExpectSameState(const AppState& a, const AppState& b) {
  EXPECT_EQ(b.ShownKind(), a.ShownKind());
  EXPECT_EQ(GpusOf(b).gpus, GpusOf(a).gpus);
  EXPECT_EQ(GpusOf(b).strategy, GpusOf(a).strategy);
  EXPECT_EQ(GpusOf(b).cursor, GpusOf(a).cursor);
  EXPECT_EQ(GpusOf(b).zoom, GpusOf(a).zoom);
}

TEST(GpusKind, ComesBackFromASessionAndALink) {
  auto teacher = App();
  const Kind& kind = KindOf(KindId::kGpus);
  kind.Show(*teacher);
  GpusOf(*teacher).gpus = 2;
  GpusOf(*teacher).strategy = MultiGpuStrategy::kReduceThenScan;
  kind.Seek(*teacher, 3);
  GpusOf(*teacher).zoom = 1;
  const Session s = teacher->ToSession();
  EXPECT_TRUE(s.gpus_shown);
  auto from_file = App("1 2");
  ASSERT_EQ(from_file->ApplySession(*ParseSession(SessionToJson(s)).session), "");
  ExpectSameState(*teacher, *from_file);
  auto from_link = App("5 6 7");
  ASSERT_EQ(from_link->OpenLink("http://127.0.0.1:8023/#" + teacher->ShareLink()), "");
  ExpectSameState(*teacher, *from_link);
  // Another kind's session holds none of its fields: older sessions' files stay as they were.
  teacher->SetKind(KindId::kMultiBlock);
  EXPECT_EQ(SessionToJson(teacher->ToSession()).find("\"gpus\""), std::string::npos)
      << SessionToJson(teacher->ToSession());
}

std::string TempPath(const char* name) {
  return (std::filesystem::temp_directory_path() / name).string();
}

// A multi-gpu trace file opened shows the kind with that trace (its input the app's); it goes with
// a session whole, and with a link by its file name when it is bundled (t=), else not at all.
TEST(GpusKind, AFileOpensHereAndTravelsWithASessionAndABundledOneWithALink) {
  MultiGpuRequest r;
  r.gpus = 3;
  r.input = {4, 8, 15, 16, 23, 42, 7};
  MultiGpuTrace recorded = SimulateMultiGpu(r);
  recorded.measured = true;  // as a GPU node's would say
  recorded.backend.kind = BackendKind::kCuda;
  recorded.backend.device_name = "NVIDIA H100 80GB HBM3";
  recorded.nccl_version = "2.28.3";
  const std::string dir = TempPath("scanviz-gpus-test");
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/multi-gpu-3-test.json";
  {
    std::ofstream out(path);
    WriteMultiGpuJson(recorded, out);
  }
  auto app = App();
  ASSERT_EQ(app->OpenFile(path), "") << app->message;
  EXPECT_EQ(app->ShownKind(), KindId::kGpus);
  ASSERT_TRUE(GpusOf(*app).ShowsFile());
  EXPECT_EQ(GpusOf(*app).Traced().Gpus(), 3);
  EXPECT_TRUE(GpusOf(*app).Traced().measured);
  EXPECT_NE(GpusOf(*app).Origin().find("measured on 3 x NVIDIA H100"), std::string::npos)
      << GpusOf(*app).Origin();
  EXPECT_NE(GpusOf(*app).Origin().find("NCCL 2.28.3"), std::string::npos);
  KindOf(KindId::kGpus).Seek(*app, 2);
  const Session s = app->ToSession();
  ASSERT_TRUE(s.multi_gpu.has_value());
  auto student = App("1 2");
  ASSERT_EQ(student->ApplySession(*ParseSession(SessionToJson(s)).session), "");
  EXPECT_TRUE(GpusOf(*student).ShowsFile());
  EXPECT_EQ(GpusOf(*student).Traced().output, recorded.output);
  EXPECT_EQ(GpusOf(*student).cursor, GpusOf(*app).cursor);
  // The link names the file (its name is a bundled one's); opened where that file is bundled.
  const std::string fragment = app->ShareLink();
  auto linked = App("1 2");
  linked->SetTracesDir(dir);
  ASSERT_EQ(linked->OpenLink("#" + fragment), "");
  EXPECT_TRUE(GpusOf(*linked).ShowsFile());
  EXPECT_TRUE(GpusOf(*linked).Traced().measured);
  EXPECT_EQ(GpusOf(*linked).Traced().ranks[2].total, recorded.ranks[2].total);
  std::filesystem::remove_all(dir);
}

std::size_t Count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The figure's SVG: every phase of every GPU a bar of its kind, one arrow in and one out of the
// all-gather per GPU, every GPU's numbers, the cursor; zoomed, the shard's timeline.
TEST(GpusKind, TheFigureHoldsEveryPhaseEveryArrowAndEveryGpusNumbers) {
  auto app = App();
  const Kind& kind = KindOf(KindId::kGpus);
  kind.Show(*app);
  kind.Seek(*app, 3);
  const MultiGpuTrace& t = GpusOf(*app).Traced();
  const std::string svg = kind.FigureSvg(*app, false);
  std::size_t phases = 0;
  for (const GpuRank& r : t.ranks) phases += r.phases.size();
  EXPECT_EQ(Count(svg, "class=\"phase "), phases);
  EXPECT_EQ(Count(svg, "class=\"phase all-gather\""), 4u);
  EXPECT_EQ(Count(svg, "class=\"total-in\""), 4u);
  EXPECT_EQ(Count(svg, "class=\"totals-out\""), 4u);
  EXPECT_EQ(Count(svg, "class=\"gpu-label\""), 4u);
  EXPECT_EQ(Count(svg, "class=\"cursor\""), 1u);
  for (const GpuRank& r : t.ranks)
    EXPECT_NE(svg.find("offset " + FormatValue(t.type, r.offset)), std::string::npos) << r.rank;
  EXPECT_NE(svg.find("simulated"), std::string::npos);
  GpusOf(*app).zoom = 1;
  const std::string shard = kind.FigureSvg(*app, false);
  EXPECT_EQ(Count(shard, "class=\"phase "), 0u);
  EXPECT_GT(Count(shard, "tile-label"), 0u);
}

TEST(GpusKind, OnlyMultiGpuFileNamesAreBundledNeverAPath) {
  EXPECT_TRUE(IsBundledTrace("multi-gpu-4x16-simulated.json"));
  EXPECT_FALSE(IsBundledTrace("multi-gpu-.json"));
  EXPECT_FALSE(IsBundledTrace("multi-gpu-../../etc.json"));
  EXPECT_FALSE(IsBundledTrace("multi-gpu-a/b.json"));
  EXPECT_FALSE(IsBundledTrace("multi-gpu-4.txt"));
}

}  // namespace
}  // namespace scanviz
