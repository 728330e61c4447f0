// The benchmark chart across GPUs without a window (app/kinds/benchmark/gpus_chart.h and the
// model's reading of the folder, bench_model.h): on the synthetic fixture of tests/data/multi-gpu/
// the lines (both strategies, the faster one's bound and P x one GPU's e, for each GPU count),
// their values at one n worked out by hand, the ranges, the sentences; a file that does not read
// is an error line beside the others; the folder's multi-gpu-*.json and nothing else.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "kinds/benchmark/bench_model.h"
#include "kinds/benchmark/gpus_chart.h"
#include "support/temp_dir.h"

namespace scanviz {
namespace {

constexpr const char* kFixture =
    SCANVIZ_SOURCE_DIR "/tests/data/multi-gpu/multi-gpu-synthetic.json";

std::vector<perf::MultiGpuBenchLoad> Fixture() {
  return {perf::LoadMultiGpuBenchResults(kFixture)};
}

const GpusLine* Find(const GpusChart& c, int gpus, GpusLineKind kind) {
  for (const GpusLine& l : c.lines)
    if (l.gpus == gpus && l.kind == kind) return &l;
  return nullptr;
}

double At(const GpusLine& l, long long n) {
  for (const GpusPoint& p : l.points)
    if (p.n == n) return p.gbps;
  return -1;
}

TEST(BenchGpusChart, EveryCountHasBothStrategiesItsBoundAndTheIdeal) {
  const std::vector<perf::MultiGpuBenchLoad> files = Fixture();
  ASSERT_TRUE(files[0].results) << files[0].error;
  EXPECT_EQ(GpuCountsOf(files), (std::vector<int>{2, 4}));
  const GpusChart c = MakeGpusChart(files, 0);
  EXPECT_EQ(c.series, 2);
  ASSERT_EQ(c.lines.size(), 8u);
  for (const GpusLine& l : c.lines) {
    EXPECT_EQ(l.points.size(), 4u) << l.label << " " << GpusLineName(l.kind);
    EXPECT_EQ(l.series, l.gpus == 2 ? 0 : 1);
    EXPECT_EQ(l.label, l.gpus == 2 ? "2 GPUs" : "4 GPUs");  // one file: no file name
  }
  EXPECT_EQ(c.n_lo, 1LL << 24);
  EXPECT_EQ(c.n_hi, 1LL << 30);
  EXPECT_TRUE(c.errors.empty());
  EXPECT_EQ(c.summary.size(), 2u);
}

TEST(BenchGpusChart, TheValuesAtOneNWorkedOutByHand) {
  const GpusChart c = MakeGpusChart(Fixture(), 4);
  ASSERT_EQ(c.lines.size(), 4u);
  const long long n = 1LL << 28;  // 2^31 bytes to move; shard 2^26
  // reduce, then scan 317.2 us; scan, then add 367.5 us; the faster one's bound 305 us; one GPU's
  // e on the shard 200 us, four of them at once.
  EXPECT_NEAR(At(*Find(c, 4, GpusLineKind::kReduceThenScan), n), 2147483648.0 / 317.2e3, 1e-6);
  EXPECT_NEAR(At(*Find(c, 4, GpusLineKind::kScanThenAdd), n), 2147483648.0 / 367.5e3, 1e-6);
  EXPECT_NEAR(At(*Find(c, 4, GpusLineKind::kBound), n), 2147483648.0 / 305e3, 1e-6);
  EXPECT_NEAR(At(*Find(c, 4, GpusLineKind::kIdeal), n), 4 * 536870912.0 / 200e3, 1e-6);
  // The highest value drawn is the ideal's (flat in this file: 10737 GB/s).
  EXPECT_NEAR(c.gbps_hi, 4 * 536870912.0 / 200e3, 1e-6);
}

TEST(BenchGpusChart, ACountTheFilesDoNotHoldDrawsNothing) {
  const GpusChart c = MakeGpusChart(Fixture(), 8);
  EXPECT_TRUE(c.lines.empty());
  EXPECT_EQ(c.n_hi, 0);
}

TEST(BenchGpusChart, APointWithoutOneGpusTimeAtTheShardHasNoIdeal) {
  std::vector<perf::MultiGpuBenchLoad> files = Fixture();
  files[0].results->points[1].one_gpu_e_shard_us = 0;  // n = 2^24 on 4 GPUs
  const GpusChart c = MakeGpusChart(files, 4);
  EXPECT_EQ(Find(c, 4, GpusLineKind::kIdeal)->points.size(), 3u);
  EXPECT_EQ(Find(c, 4, GpusLineKind::kIdeal)->points.front().n, 1LL << 26);
  EXPECT_EQ(Find(c, 4, GpusLineKind::kReduceThenScan)->points.size(), 4u);
}

TEST(BenchGpusChart, TheSpeedUpsInWords) {
  const std::vector<perf::MultiGpuBenchLoad> files = Fixture();
  EXPECT_EQ(
      GpusSummary(*files[0].results, 4),
      "On 4 GPUs at n = 2^30 the faster strategy (reduce-then-scan) moves 7214 GB/s, 96 % of "
      "its bound. At n = 2^28, the largest one GPU holds, it is 2.52x one GPU's e (the traffic "
      "allows 2.67x).");
  perf::MultiGpuBenchResults r = *files[0].results;
  for (perf::MultiGpuPoint& p : r.points) p.one_gpu_e_full_us = 0;
  EXPECT_NE(GpusSummary(r, 2).find("One GPU held none of these n, so no speed-up is given."),
            std::string::npos);
}

TEST(BenchGpusChart, OneGpuIsOneGpuNotOneGpus) {
  perf::MultiGpuBenchResults r = *Fixture()[0].results;
  std::erase_if(r.points, [](const perf::MultiGpuPoint& p) { return p.gpus != 4; });
  for (perf::MultiGpuPoint& p : r.points) p.gpus = 1;
  EXPECT_EQ(GpusSummary(r, 1).rfind("On 1 GPU at n = 2^30 the faster strategy", 0), 0u)
      << GpusSummary(r, 1);
}

TEST(BenchGpusChart, AFileThatDoesNotReadIsAnErrorBesideTheOthers) {
  std::vector<perf::MultiGpuBenchLoad> files = Fixture();
  files.push_back(perf::ParseMultiGpuBenchResults("{\"schema\": \"scanviz-multi-gpu/1\"}"));
  files.push_back(Fixture()[0]);
  files.back().results->source = "/x/multi-gpu-h100.json";
  files.front().results->source = "/x/multi-gpu-synthetic.json";
  const GpusChart c = MakeGpusChart(files, 0);
  ASSERT_EQ(c.errors.size(), 1u);
  EXPECT_NE(c.errors[0].find("'date' missing"), std::string::npos) << c.errors[0];
  // Two files read: each line names its file, and each (file, count) has its own colour.
  EXPECT_EQ(c.series, 4);
  EXPECT_EQ(c.lines.front().label, "2 GPUs (multi-gpu-synthetic)");
  EXPECT_EQ(c.lines.back().label, "4 GPUs (multi-gpu-h100)");
  EXPECT_EQ(c.lines.back().series, 3);
}

TEST(BenchGpusChart, TheModelReadsTheFolderBesideTheResultsFile) {
  scanviz::testing::TempDir dir;
  for (const char* name : {"multi-gpu-b.json", "multi-gpu-a.json", "multi-gpu-.json", "h200.json",
                           "multi-gpu-notes.txt", "notes-multi-gpu-d.json"}) {
    std::ofstream(dir.File(name)) << "{}";
  }
  // A folder and a link to a file since removed, both named as results: left out.
  std::filesystem::create_directory(dir.File("multi-gpu-folder.json"));
  std::filesystem::create_symlink(dir.File("gone.json"), dir.File("multi-gpu-0-gone.json"));
  EXPECT_EQ(MultiGpuResultFiles(dir.File("")),
            (std::vector<std::string>{dir.File("multi-gpu-a.json"), dir.File("multi-gpu-b.json")}));
  BenchModel model;
  model.SetPath(dir.File("h200.json"));
  ASSERT_EQ(model.MultiGpu().size(), 2u);
  EXPECT_FALSE(model.MultiGpu()[0].results);  // "{}": the load's error, for the chart to show
  EXPECT_NE(model.MultiGpu()[0].error.find("multi-gpu-a.json"), std::string::npos);
  model.SetPath(dir.File("nowhere/h200.json"));  // a folder that is not there: no files
  EXPECT_TRUE(model.MultiGpu().empty());
  model.SetPath("");
  EXPECT_TRUE(model.MultiGpu().empty());
}

}  // namespace
}  // namespace scanviz
