// What `scanviz-cli bench` prints (core/perf/bench_report.h), from results alone: each table's
// numbers read back from the text, the targets' verdicts on both sides of their thresholds, and
// the targets of the committed H200 run against the ones its writer stored.
#include "core/perf/bench_report.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/bench_sample.h"

namespace scanviz::perf {
namespace {

using scanviz::testing::SampleBenchResults;
using scanviz::testing::TimedPoint;

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::vector<std::string> Words(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// The words of the first line whose words start with `prefix`; empty when there is none.
std::vector<std::string> Row(const std::string& text, const std::vector<std::string>& prefix) {
  for (const std::string& line : Lines(text)) {
    const std::vector<std::string> w = Words(line);
    if (w.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), w.begin())) return w;
  }
  return {};
}

template <typename F>
std::string Printed(F print, const BenchResults& r) {
  std::ostringstream out;
  print(r, out);
  return out.str();
}

TEST(BenchReport, VersionsReadAsReleases) {
  EXPECT_EQ(CudaVersionString(13000), "13.0");
  EXPECT_EQ(CudaVersionString(12080), "12.8");
  EXPECT_EQ(LibraryVersionString(300001), "3.0.1");
  EXPECT_EQ(LibraryVersionString(200800), "2.8.0");
  EXPECT_EQ(LibraryVersionString(0), "?");
}

TEST(BenchReport, TheHeaderNamesTheDeviceTheBuildAndTheRungs) {
  const std::string text = Printed(PrintHeader, SampleBenchResults());
  const std::vector<std::string> lines = Lines(text);
  ASSERT_GE(lines.size(), 3u + 5u);
  EXPECT_EQ(lines[0],
            "ScanViz perf lab on Test GPU (4 SMs, cc 9.0, L2 4 MiB, 8.0 GiB, SM clock 1980 MHz "
            "peak, memory clock 3201 MHz x 6016 bits)");
  EXPECT_EQ(lines[1],
            "  driver 13.0, runtime 13.0; built with CUDA 13.0, CUB 3.0.1, thrust 3.0.1; commit "
            "0123456789abcdef0123456789abcdef01234567; 2026-12-02T10:11:12Z");
  EXPECT_EQ(lines[2], "  SM clock measured before the run: 1756 MHz");
  EXPECT_EQ(lines[3], "         a: rung a");
  EXPECT_EQ(lines[7], "    memcpy: rung memcpy");
}

TEST(BenchReport, TheTableHasEveryTimedPointWithItsShareOfMemcpyAndCub) {
  const BenchResults r = SampleBenchResults();
  const std::string text = Printed(PrintTable, r);
  EXPECT_EQ(Words(Lines(text)[1]), (std::vector<std::string>{"type", "mode", "n", "rung", "time_us",
                                                             "GB/s", "%memcpy", "xCUB", "check"}));
  // type mode n rung time_us GB/s %memcpy xCUB check
  EXPECT_EQ(Row(text, {"int32", "inclusive", "1024", "e"}),
            (std::vector<std::string>{"int32", "inclusive", "1024", "e", "8.19", "1.0", "50.0",
                                      "1.25", "ok"}));
  EXPECT_EQ(Row(text, {"int32", "inclusive", "2048", "b"}),
            (std::vector<std::string>{"int32", "inclusive", "2048", "b", "13.65", "1.2", "48.0",
                                      "0.75", "ok"}));
  EXPECT_EQ(Row(text, {"int32", "inclusive", "2048", "memcpy"})[6], "100.0");
  EXPECT_TRUE(Row(text, {"int32", "inclusive", "3"}).empty());  // untimed: not in the table
  BenchResults failed = r;
  failed.measurements[1].correct = false;
  failed.measurements.erase(failed.measurements.begin() + 4);  // memcpy at 1024
  const std::string t2 = Printed(PrintTable, failed);
  EXPECT_EQ(Row(t2, {"int32", "inclusive", "1024", "b"}).back(), "FAIL");
  EXPECT_EQ(Row(t2, {"int32", "inclusive", "1024", "e"})[6], "-");  // no memcpy to compare with
}

TEST(BenchReport, CorrectnessCountsEveryCheck) {
  BenchResults r = SampleBenchResults();
  EXPECT_NE(Printed(PrintCorrectness, r).find("correctness: 11 / 11 checks passed"),
            std::string::npos);
  r.measurements[10].correct = false;
  r.fatal = "cudaMalloc(in): out of memory";
  const std::string text = Printed(PrintCorrectness, r);
  EXPECT_NE(text.find("correctness: 10 / 11 checks passed"), std::string::npos) << text;
  EXPECT_NE(text.find("the run stopped early: cudaMalloc(in): out of memory"), std::string::npos);
  EXPECT_NE(text.find("SM clock measured: 1756 MHz before the run, 1980 MHz after"),
            std::string::npos);
}

TEST(BenchReport, CrossoversAndTheSummary) {
  const BenchResults r = SampleBenchResults();
  EXPECT_EQ(Printed(PrintCrossovers, r),
            "\ncrossover Hillis-Steele (a) vs Blelloch (b), int32 inclusive: 2^10:a 2^11:b  | "
            "winner changes at n = 2048\n");
  const std::string summary = Printed(PrintSummary, r);
  EXPECT_NE(summary.find("summary int32 inclusive: GB/s (read+write) [median us]"),
            std::string::npos);
  EXPECT_EQ(Words(Lines(summary)[2]),
            (std::vector<std::string>{"n", "a", "b", "e", "cub", "memcpy"}));
  // Each cell "GB/s [us]": at 2048, a runs 1 GB/s in 16.4 us.
  EXPECT_EQ(Row(summary, {"2048"}),
            (std::vector<std::string>{"2048", "1", "[16.4]", "1", "[13.7]", "2", "[8.2]", "2",
                                      "[10.2]", "2", "[6.6]"}));
}

TEST(BenchReport, PctOfMemcpyTableForRungEAndCub) {
  BenchResults r = SampleBenchResults();
  const std::string text = Printed(PrintPctOfMemcpy, r);
  EXPECT_NE(text.find("% of memcpy, int32 inclusive"), std::string::npos) << text;
  EXPECT_EQ(Row(text, {"n"}), (std::vector<std::string>{"n", "e", "cub", "memcpy", "GB/s"}));
  EXPECT_EQ(Row(text, {"1024"}), (std::vector<std::string>{"1024", "50.0", "40.0", "2.0"}));
  EXPECT_EQ(Row(text, {"2048"}), (std::vector<std::string>{"2048", "80.0", "64.0", "2.5"}));
  // A size without a timed memcpy has no row; a run without e or cub, or memcpy, no table.
  r.measurements.erase(r.measurements.begin() + 4);
  EXPECT_TRUE(Row(Printed(PrintPctOfMemcpy, r), {"1024"}).empty());
  BenchResults ladder_only = SampleBenchResults();
  ladder_only.rungs = {{"a", ""}, {"b", ""}, {"memcpy", ""}};
  EXPECT_EQ(Printed(PrintPctOfMemcpy, ladder_only), "");
}

// The targets at their thresholds: 85 % of memcpy and 1.10x CUB at the largest n, e faster than
// CUB up to 2^16, the ladder never slower at 2^24.
TEST(BenchReport, TargetsAreMetOrMissedAtTheirThresholds) {
  BenchResults r = SampleBenchResults();
  BenchTargets t = ComputeTargets(r);
  EXPECT_EQ(t.large_n, 2048);
  EXPECT_DOUBLE_EQ(t.e_pct_memcpy.value_or(-1), 80);
  EXPECT_FALSE(t.PctMet());
  EXPECT_TRUE(t.CubMet());
  ASSERT_EQ(t.small_n_latency.size(), 2u);
  EXPECT_TRUE(t.LatencyMet());
  EXPECT_FALSE(t.LadderComplete());
  std::string text = Printed(PrintTargets, r);
  EXPECT_NE(text.find("  n=2048: e 2 GB/s = 80% of memcpy (2.5 GB/s) [target >= 85%: MISSED]; "
                      "1.25x CUB (1.6 GB/s) [target >= 1.10: MET]"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("small-n latency target: MET"), std::string::npos);
  EXPECT_NE(text.find("[each >= previous: n/a]"), std::string::npos);
  EXPECT_NE(text.find("all correct: yes"), std::string::npos);

  // Just over and just under: 85.004 % and 84.996 % of memcpy's 2.5 GB/s, 1.1001x and 1.0999x.
  r.measurements[7].gbps = 2.1251;           // e at 2048
  r.measurements[8].gbps = 2.1251 / 1.1001;  // cub at 2048
  t = ComputeTargets(r);
  EXPECT_TRUE(t.PctMet());
  EXPECT_TRUE(t.CubMet());
  r.measurements[7].gbps = 2.1249;
  r.measurements[8].gbps = 2.1249 / 1.0999;
  t = ComputeTargets(r);
  EXPECT_FALSE(t.PctMet());
  EXPECT_FALSE(t.CubMet());
  r.measurements[2].time_us_median = r.measurements[3].time_us_median;  // e as slow as cub at 1024
  EXPECT_FALSE(ComputeTargets(r).LatencyMet());

  BenchResults ladder = SampleBenchResults();
  const double gbps[] = {700, 600, 1400, 2100, 2700};
  const char* names[] = {"a", "b", "c", "d", "e"};
  for (int i = 0; i < 5; ++i) ladder.measurements.push_back(TimedPoint(names[i], 1 << 24, gbps[i]));
  t = ComputeTargets(ladder);
  EXPECT_TRUE(t.LadderComplete());
  EXPECT_FALSE(t.LadderMonotone());  // b is slower than a
  EXPECT_NE(Printed(PrintTargets, ladder)
                .find("n=2^24 ladder: a=700 b=600 c=1400 d=2100 e=2700 GB/s [each >= previous: "
                      "MISSED]"),
            std::string::npos);
  ladder.measurements[ladder.measurements.size() - 4].gbps = 800;
  EXPECT_TRUE(ComputeTargets(ladder).LadderMonotone());
}

// The committed run's writer computed and stored its targets; the model recomputes them.
TEST(BenchReport, TheCommittedRunsTargetsAreRecomputed) {
  const BenchLoad load = LoadBenchResults(SCANVIZ_SOURCE_DIR "/tests/data/bench/h200-run8-v1.json");
  ASSERT_TRUE(load.results) << load.error;
  std::ifstream in(SCANVIZ_SOURCE_DIR "/tests/data/bench/h200-run8-v1.json");
  const nlohmann::json want = nlohmann::json::parse(in)["targets"];
  const BenchTargets t = ComputeTargets(*load.results);
  EXPECT_EQ(t.large_n, want["large_n"].get<long long>());
  EXPECT_NEAR(*t.e_pct_memcpy, want["e_pct_memcpy"].get<double>(), 1e-3);
  EXPECT_NEAR(*t.e_ratio_vs_cub, want["e_ratio_vs_cub"].get<double>(), 1e-5);
  EXPECT_EQ(t.PctMet(), want["pct_met"].get<bool>());
  EXPECT_EQ(t.CubMet(), want["cub_met"].get<bool>());
  ASSERT_EQ(t.small_n_latency.size(), want["small_n_latency"].size());
  for (size_t i = 0; i < t.small_n_latency.size(); ++i) {
    EXPECT_EQ(t.small_n_latency[i].n, want["small_n_latency"][i]["n"].get<long long>());
    EXPECT_DOUBLE_EQ(t.small_n_latency[i].e_us, want["small_n_latency"][i]["e_us"].get<double>());
  }
  EXPECT_EQ(t.LatencyMet(), want["small_n_latency_met"].get<bool>());
  ASSERT_EQ(t.ladder_2_24.size(), 5u);
  for (const auto& [rung, gbps] : t.ladder_2_24)
    EXPECT_DOUBLE_EQ(gbps, want["ladder_2_24"][rung].get<double>()) << rung;
  EXPECT_EQ(t.LadderComplete() && t.LadderMonotone(), want["ladder_monotone_met"].get<bool>());
  // And the whole report prints without a missing number where the file has one.
  std::ostringstream out;
  PrintReport(*load.results, out);
  EXPECT_NE(out.str().find("% of memcpy, float32 exclusive"), std::string::npos);
  EXPECT_EQ(Row(out.str(), {"int32", "inclusive", "268435456", "e"})[6], "85.1");
}

TEST(BenchReport, ACheckFailureLineNamesThePoint) {
  BenchMeasurement m = TimedPoint("e", 1000, 1);
  m.correct = false;
  m.rel_err = 1;
  m.mismatches = 3;
  m.first_bad = 17;
  m.recheck_correct = true;
  EXPECT_EQ(CheckFailureLine(m),
            "CHECK FAILED: e int32 inclusive n=1000 rel_err=1 mismatches=3 first_bad=17 (recheck "
            "ok)");
  m.recheck_correct.reset();
  EXPECT_EQ(CheckFailureLine(m),
            "CHECK FAILED: e int32 inclusive n=1000 rel_err=1 mismatches=3 first_bad=17");
}

}  // namespace
}  // namespace scanviz::perf
