// What `scanviz-cli bench --gpus P` prints (core/perf/multi_gpu_report.h), on the synthetic
// fixture whose numbers were chosen by hand (tests/data/multi-gpu/): a table per GPU count with
// both strategies at every n, the values of one row worked out here, and the closing lines (the
// faster strategy at the largest n against its bound, the speed-up or why there is none, the
// exchange across n, the checks).
#include "core/perf/multi_gpu_report.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace scanviz::perf {
namespace {

constexpr const char* kFixture =
    SCANVIZ_SOURCE_DIR "/tests/data/multi-gpu/multi-gpu-synthetic.json";

MultiGpuBenchResults Fixture() {
  MultiGpuBenchLoad load = LoadMultiGpuBenchResults(kFixture);
  EXPECT_TRUE(load.results) << load.error;
  return load.results ? *load.results : MultiGpuBenchResults{};
}

std::string Report(const MultiGpuBenchResults& r) {
  std::ostringstream out;
  PrintMultiGpuReport(r, out);
  return out.str();
}

// The line of the report that starts with `start` (after its leading spaces), or "".
std::string LineStarting(const std::string& text, const std::string& start) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const size_t first = line.find_first_not_of(' ');
    if (first != std::string::npos && line.compare(first, start.size(), start) == 0) return line;
  }
  return "";
}

TEST(MultiGpuReport, TheHeaderNamesTheRunAndHowItsNumbersAreMade) {
  const std::string text = Report(Fixture());
  EXPECT_NE(text.find("on 4 x Synthetic GPU"), std::string::npos) << text;
  EXPECT_NE(text.find("NCCL 2.28.3"), std::string::npos);
  EXPECT_NE(text.find("ranks on 1 node: synthetic-node"), std::string::npos);
  EXPECT_NE(text.find("int32 inclusive, median of 20 runs"), std::string::npos);
  EXPECT_NE(text.find("commit synthetic, 2026-12-06T12:00:00Z"), std::string::npos);
}

TEST(MultiGpuReport, ATablePerGpuCountWithBothStrategiesAtEveryN) {
  const std::string text = Report(Fixture());
  const size_t two = text.find("\n2 GPUs\n"), four = text.find("\n4 GPUs\n");
  ASSERT_NE(two, std::string::npos) << text;
  ASSERT_NE(four, std::string::npos);
  EXPECT_LT(two, four);
  // Four n a count, two rows each.
  const std::string table = text.substr(four, text.find("\n\n", four + 1) - four);
  size_t rows = 0;
  for (size_t at = 0; (at = table.find("-then-", at)) != std::string::npos; ++at) ++rows;
  EXPECT_EQ(rows, 8u) << table;
}

TEST(MultiGpuReport, OneRowsValuesWorkedOutByHand) {
  const std::string text = Report(Fixture());
  const std::string four = text.substr(text.find("\n4 GPUs\n"));
  // n = 2^28 on 4 GPUs: scan, then add 367.5 us = (200 + 125 + 25) x 1.05; 2^31 bytes over it is
  // 5843.5 GB/s; one GPU's e on 2^28 takes 800 us: 2.18x; the exchange 25 us; P x e at the
  // shard (200 us for 2^26): 4 x 2684.4 = 10737.4 GB/s.
  const std::string sta = LineStarting(four, "2^28");
  EXPECT_NE(sta.find("scan-then-add"), std::string::npos) << four;
  for (const char* value : {"367.5", "5843.5", "350.0", "95.2", "2.18", "25.0", "10737.4"})
    EXPECT_NE(sta.find(value), std::string::npos) << value << " not in: " << sta;
  EXPECT_NE(sta.find("full ok"), std::string::npos) << sta;
  // reduce, then scan: (75 + 205 + 25) x 1.04 = 317.2 us, 6770.1 GB/s, bound 305 (96.2 %), 2.52x.
  const std::string rts = LineStarting(four.substr(four.find(sta)), "reduce-then-scan");
  for (const char* value : {"317.2", "6770.1", "305.0", "96.2", "2.52"})
    EXPECT_NE(rts.find(value), std::string::npos) << value << " not in: " << rts;
}

TEST(MultiGpuReport, TheClosingLinesAtTheLargestN) {
  const std::string text = Report(Fixture());
  // n = 2^30 on 4 GPUs: reduce, then scan (300 + 820 + 25) x 1.04 = 1190.8 us against its bound
  // of 1145 us: 96.2 %, 4.0 % over it. One GPU holds no 2^30 in this file.
  EXPECT_NE(text.find("At n = 2^30 on 4 GPUs the faster strategy is reduce-then-scan: 1190.8 us"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("96.2 % of its bound (4.0 % over it)"), std::string::npos);
  EXPECT_NE(text.find("No speed-up over one GPU: one GPU cannot hold n = 2^30"), std::string::npos);
  // Where one GPU last holds n (2^28): 800 us over 317.2 us.
  EXPECT_NE(text.find("At n = 2^28, the largest one GPU holds, reduce-then-scan is 2.52x one "
                      "GPU's e at the same n (the traffic allows 2.67x"),
            std::string::npos);
  EXPECT_NE(text.find("sampled ok (1048576 of 1073741824 elements)"), std::string::npos);
  EXPECT_NE(text.find("The exchange alone on 2 GPUs: 20.0 to 20.0 us from n = 2^24 to 2^30"),
            std::string::npos);
  EXPECT_NE(text.find("The exchange alone on 4 GPUs: 25.0 to 25.0 us"), std::string::npos);
  EXPECT_NE(text.find("Every output checked correct: 8 of 8 points (6 full, 2 sampled)"),
            std::string::npos);
}

TEST(MultiGpuReport, ASpeedUpBesideWhatTheTrafficAllowsAndAFailedCheck) {
  MultiGpuBenchResults r = Fixture();
  r.points.back().one_gpu_e_full_us = 2381.6;  // one GPU holds 2^30 after all: 2.00x
  r.points.back().exchange_us = 40;
  r.points[2].correct = false;
  r.points[2].mismatches = 3;
  r.points[2].first_bad = 17;
  r.fatal = "rank 3: ncclAllGather timed out";
  const std::string text = Report(r);
  EXPECT_NE(text.find("2.00x one GPU's e at the same n (the traffic allows 2.67x: "
                      "reduce-then-scan moves 3 words an element where e moves 2)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("The exchange alone on 4 GPUs: 25.0 to 40.0 us"), std::string::npos);
  EXPECT_NE(text.find("full FAILED (3 wrong, first at 17)"), std::string::npos);
  EXPECT_NE(text.find("CHECKS FAILED: 7 of 8 points"), std::string::npos);
  EXPECT_NE(text.find("The run stopped early: rank 3: ncclAllGather timed out"), std::string::npos);
}

TEST(MultiGpuReport, SizesArePowersOfTwoWhereTheyAre) {
  EXPECT_EQ(MultiGpuSizeLabel(1LL << 34), "2^34");
  EXPECT_EQ(MultiGpuSizeLabel(1), "2^0");
  EXPECT_EQ(MultiGpuSizeLabel(1000), "1000");
}

}  // namespace
// A run on one GPU (bench --gpus 1, as docs/bench/multi-gpu-1x-h100.json) says "1 GPU".
TEST(MultiGpuReport, OneGpuIsOneGpuNotOneGpus) {
  MultiGpuBenchResults r = Fixture();
  std::erase_if(r.points, [](const MultiGpuPoint& p) { return p.gpus != 4; });
  for (MultiGpuPoint& p : r.points) p.gpus = 1;
  r.gpus = 1;
  const std::string text = Report(r);
  EXPECT_NE(text.find("At n = 2^30 on 1 GPU the faster strategy is"), std::string::npos) << text;
  EXPECT_EQ(text.find("1 GPUs"), std::string::npos) << text;
}

}  // namespace scanviz::perf
