// The bench across GPUs' results model (core/perf/multi_gpu_results.h), which the bench writes and
// the benchmark chart reads: a file round-trips field by field; the synthetic fixture reads in
// full; every field, missing or out of range, gives one error naming it and its place, never a
// result; the derived values (the faster strategy, the bounds and the % of the bound, the
// speed-up over one GPU, the GB/s, the ideal and the traffic's ceiling) on hand-made points.
#include "core/perf/multi_gpu_results.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "support/temp_dir.h"

namespace scanviz::perf {
namespace {

constexpr const char* kFixture =
    SCANVIZ_SOURCE_DIR "/tests/data/multi-gpu/multi-gpu-synthetic.json";

// A point whose numbers are easy to state: n = 1000 on 4 GPUs (shard 250), scan then add 700 us
// against a bound of 400 + 20 + 250 = 670, reduce then scan 600 us against 150 + 20 + 410 = 580,
// one GPU's e 800 us on the whole n.
MultiGpuPoint HandPoint() {
  MultiGpuPoint p;
  p.n = 1000;
  p.gpus = 4;
  p.shard = 250;
  p.scan_then_add = {700, 690, 750};
  p.reduce_then_scan = {600, 590, 640};
  p.scan_us = 400;
  p.add_us = 250;
  p.reduce_us = 150;
  p.carried_scan_us = 410;
  p.exchange_us = 20;
  p.one_gpu_e_shard_us = 2;
  p.one_gpu_memcpy_shard_us = 1.5;
  p.one_gpu_e_full_us = 800;
  return p;
}

MultiGpuBenchResults HandResults() {
  MultiGpuBenchResults r;
  r.date = "2026-12-06T10:00:00Z";
  r.commit = "abc1234";
  r.device.name = "Synthetic GPU";
  r.device.sm_count = 132;
  r.device.compute_capability = "9.0";
  r.device.l2_bytes = 50 << 20;
  r.device.global_mem_bytes = 80LL << 30;
  r.device.sm_clock_khz = 1980000;
  r.device.mem_clock_khz = 2619000;
  r.device.mem_bus_width_bits = 5120;
  r.device.driver_version = 13000;
  r.device.runtime_version = 12080;
  r.hosts = {"node-a", "node-a", "node-b", "node-b"};
  r.gpus = 4;
  r.topology = "GPU0\tX\tNV18\nGPU1\tNV18\tX\n";
  r.nccl_version = "2.28.3";
  r.type = "int32";
  r.mode = "exclusive";
  r.repeats = 20;
  r.alignment = "barriers";
  MultiGpuPoint a = HandPoint();
  MultiGpuPoint b = HandPoint();
  b.n = 1001;
  b.gpus = 2;
  b.shard = 501;
  b.check = "sampled";
  b.check_detail = "100 of 1001";
  b.correct = false;
  b.mismatches = 3;
  b.first_bad = 17;
  b.one_gpu_e_full_us = 0;
  r.points = {a, b};
  r.fatal = "ncclAllGather timed out";
  r.all_correct = false;
  return r;
}

void ExpectSameStats(const TimeStats& a, const TimeStats& b) {
  EXPECT_EQ(a.median_us, b.median_us);
  EXPECT_EQ(a.min_us, b.min_us);
  EXPECT_EQ(a.max_us, b.max_us);
}

void ExpectSamePoint(const MultiGpuPoint& a, const MultiGpuPoint& b) {
  EXPECT_EQ(a.n, b.n);
  EXPECT_EQ(a.gpus, b.gpus);
  EXPECT_EQ(a.shard, b.shard);
  ExpectSameStats(a.scan_then_add, b.scan_then_add);
  ExpectSameStats(a.reduce_then_scan, b.reduce_then_scan);
  EXPECT_EQ(a.scan_us, b.scan_us);
  EXPECT_EQ(a.add_us, b.add_us);
  EXPECT_EQ(a.reduce_us, b.reduce_us);
  EXPECT_EQ(a.carried_scan_us, b.carried_scan_us);
  EXPECT_EQ(a.exchange_us, b.exchange_us);
  EXPECT_EQ(a.one_gpu_e_shard_us, b.one_gpu_e_shard_us);
  EXPECT_EQ(a.one_gpu_memcpy_shard_us, b.one_gpu_memcpy_shard_us);
  EXPECT_EQ(a.one_gpu_e_full_us, b.one_gpu_e_full_us);
  EXPECT_EQ(a.check, b.check);
  EXPECT_EQ(a.check_detail, b.check_detail);
  EXPECT_EQ(a.correct, b.correct);
  EXPECT_EQ(a.mismatches, b.mismatches);
  EXPECT_EQ(a.first_bad, b.first_bad);
}

void ExpectSame(const MultiGpuBenchResults& a, const MultiGpuBenchResults& b) {
  EXPECT_EQ(a.date, b.date);
  EXPECT_EQ(a.commit, b.commit);
  EXPECT_EQ(a.device.name, b.device.name);
  EXPECT_EQ(a.device.sm_count, b.device.sm_count);
  EXPECT_EQ(a.device.compute_capability, b.device.compute_capability);
  EXPECT_EQ(a.device.l2_bytes, b.device.l2_bytes);
  EXPECT_EQ(a.device.global_mem_bytes, b.device.global_mem_bytes);
  EXPECT_EQ(a.device.sm_clock_khz, b.device.sm_clock_khz);
  EXPECT_EQ(a.device.mem_clock_khz, b.device.mem_clock_khz);
  EXPECT_EQ(a.device.mem_bus_width_bits, b.device.mem_bus_width_bits);
  EXPECT_EQ(a.device.driver_version, b.device.driver_version);
  EXPECT_EQ(a.device.runtime_version, b.device.runtime_version);
  EXPECT_EQ(a.hosts, b.hosts);
  EXPECT_EQ(a.gpus, b.gpus);
  EXPECT_EQ(a.topology, b.topology);
  EXPECT_EQ(a.nccl_version, b.nccl_version);
  EXPECT_EQ(a.type, b.type);
  EXPECT_EQ(a.mode, b.mode);
  EXPECT_EQ(a.repeats, b.repeats);
  EXPECT_EQ(a.alignment, b.alignment);
  ASSERT_EQ(a.points.size(), b.points.size());
  for (size_t i = 0; i < a.points.size(); ++i) ExpectSamePoint(a.points[i], b.points[i]);
  EXPECT_EQ(a.fatal, b.fatal);
  EXPECT_EQ(a.all_correct, b.all_correct);
}

// [SECTION] Round trip and the fixture

TEST(MultiGpuResults, WrittenResultsReadBackFieldByField) {
  const MultiGpuBenchResults r = HandResults();
  const std::string text = WriteMultiGpuBenchResults(r);
  const MultiGpuBenchLoad load = ParseMultiGpuBenchResults(text);
  ASSERT_TRUE(load.results) << load.error;
  EXPECT_EQ(load.results->schema, kMultiGpuBenchSchema);
  ExpectSame(r, *load.results);
  // Written again, the same text: nothing is lost or reordered on the way.
  EXPECT_EQ(WriteMultiGpuBenchResults(*load.results), text);
}

TEST(MultiGpuResults, TheFileHasOneFieldALineAndOnePointALine) {
  const std::string text = WriteMultiGpuBenchResults(HandResults());
  std::vector<std::string> lines;
  for (size_t at = 0, nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1)
    lines.push_back(text.substr(at, nl - at));
  // { + 16 fields + "points":[ + 2 points + ] ... : the points each on a line of their own.
  int point_lines = 0;
  for (const std::string& l : lines) point_lines += l.rfind("{\"n\":", 0) == 0 ? 1 : 0;
  EXPECT_EQ(point_lines, 2);
  EXPECT_NE(text.find("\n\"gpus\":4,\n"), std::string::npos);
  EXPECT_NE(text.find("\"fatal\":\"ncclAllGather timed out\""), std::string::npos);
}

TEST(MultiGpuResults, AnEmptyFatalIsWrittenNullAndReadBackEmpty) {
  MultiGpuBenchResults r = HandResults();
  r.fatal.clear();
  const std::string text = WriteMultiGpuBenchResults(r);
  EXPECT_NE(text.find("\"fatal\":null"), std::string::npos);
  const MultiGpuBenchLoad load = ParseMultiGpuBenchResults(text);
  ASSERT_TRUE(load.results) << load.error;
  EXPECT_EQ(load.results->fatal, "");
}

TEST(MultiGpuResults, SavedAndLoadedFromAFileWithItsPath) {
  scanviz::testing::TempDir dir;
  const std::string path = dir.File("multi-gpu-test.json");
  ASSERT_EQ(SaveMultiGpuBenchResults(HandResults(), path), "");
  const MultiGpuBenchLoad load = LoadMultiGpuBenchResults(path);
  ASSERT_TRUE(load.results) << load.error;
  EXPECT_EQ(load.results->source, path);
  ExpectSame(HandResults(), *load.results);
  const MultiGpuBenchLoad missing = LoadMultiGpuBenchResults(dir.File("none.json"));
  EXPECT_FALSE(missing.results);
  EXPECT_NE(missing.error.find("none.json"), std::string::npos) << missing.error;
}

TEST(MultiGpuResults, TheSyntheticFixtureReadsInFull) {
  const MultiGpuBenchLoad load = LoadMultiGpuBenchResults(kFixture);
  ASSERT_TRUE(load.results) << load.error;
  const MultiGpuBenchResults& r = *load.results;
  EXPECT_NE(r.device.name.find("Synthetic"), std::string::npos);
  EXPECT_EQ(r.gpus, 4);
  EXPECT_EQ(r.points.size(), 8u);
  EXPECT_EQ(r.GpuCounts(), (std::vector<int>{2, 4}));
  const std::vector<const MultiGpuPoint*> four = r.Series(4);
  ASSERT_EQ(four.size(), 4u);
  for (size_t i = 0; i < four.size(); ++i) {
    EXPECT_EQ(four[i]->gpus, 4);
    if (i > 0) {
      EXPECT_LT(four[i - 1]->n, four[i]->n);
    }
  }
  EXPECT_TRUE(r.all_correct);
  EXPECT_TRUE(r.AllChecksPassed());
}

// [SECTION] Refusals: every field, one error naming it

void ExpectError(const std::string& text, const std::string& fragment) {
  const MultiGpuBenchLoad load = ParseMultiGpuBenchResults(text);
  EXPECT_FALSE(load.results) << "accepted a file that should say: " << fragment;
  EXPECT_NE(load.error.find(fragment), std::string::npos)
      << "error '" << load.error << "' does not mention '" << fragment << "'";
}

// A clean file (points[0]: n = 1000 on 4 GPUs; points[1]: n = 1001 on 2), which each case below
// breaks in one place.
nlohmann::json GoodJson() {
  MultiGpuBenchResults r = HandResults();
  r.points[1].correct = true;
  r.points[1].mismatches = 0;
  r.points[1].first_bad = -1;
  return nlohmann::json::parse(WriteMultiGpuBenchResults(r));
}

TEST(MultiGpuResults, TheCleanFileOfTheRefusalsIsAccepted) {
  const MultiGpuBenchLoad load = ParseMultiGpuBenchResults(GoodJson().dump());
  ASSERT_TRUE(load.results) << load.error;
}

TEST(MultiGpuResults, EveryMissingFieldIsNamedWithItsPlace) {
  for (const char* key :
       {"date", "commit", "device", "hosts", "gpus", "topology", "nccl_version", "type", "mode",
        "repeats", "alignment", "points", "fatal", "all_correct"}) {
    nlohmann::json j = GoodJson();
    j.erase(key);
    ExpectError(j.dump(), std::string("file: '") + key + "' missing");
  }
  for (const char* key :
       {"name", "sm_count", "compute_capability", "l2_bytes", "global_mem_bytes", "sm_clock_khz",
        "mem_clock_khz", "mem_bus_width_bits", "driver_version", "runtime_version"}) {
    nlohmann::json j = GoodJson();
    j["device"].erase(key);
    ExpectError(j.dump(), std::string("device: '") + key + "' missing");
  }
  for (const char* key :
       {"n", "gpus", "shard", "scan_then_add", "reduce_then_scan", "scan_us", "add_us", "reduce_us",
        "carried_scan_us", "exchange_us", "one_gpu_e_shard_us", "one_gpu_memcpy_shard_us",
        "one_gpu_e_full_us", "check", "check_detail", "correct", "mismatches", "first_bad"}) {
    nlohmann::json j = GoodJson();
    j["points"][1].erase(key);
    ExpectError(j.dump(), std::string("points[1]: '") + key + "' missing");
  }
  for (const char* stats : {"scan_then_add", "reduce_then_scan"}) {
    for (const char* key : {"median_us", "min_us", "max_us"}) {
      nlohmann::json j = GoodJson();
      j["points"][0][stats].erase(key);
      ExpectError(j.dump(), std::string("points[0].") + stats + ": '" + key + "' missing");
    }
  }
}

TEST(MultiGpuResults, FieldsOfTheWrongKindAreNamed) {
  nlohmann::json j = GoodJson();
  j["gpus"] = "four";
  ExpectError(j.dump(), "file: 'gpus' is not an integer in range");
  j = GoodJson();
  j["points"][0]["n"] = 1e300;
  ExpectError(j.dump(), "points[0]: 'n' is not an integer in range");
  j = GoodJson();
  j["points"][0]["exchange_us"] = "fast";
  ExpectError(j.dump(), "points[0]: 'exchange_us' is not a number");
  j = GoodJson();
  j["points"][0]["correct"] = 1;
  ExpectError(j.dump(), "points[0]: 'correct' is not true or false");
  j = GoodJson();
  j["hosts"][2] = 7;
  ExpectError(j.dump(), "hosts[2]: not a string");
  j = GoodJson();
  j["fatal"] = 3;
  ExpectError(j.dump(), "'fatal' is not null or a string");
  j = GoodJson();
  j["points"] = nlohmann::json::object();
  ExpectError(j.dump(), "'points' is not an array");
}

TEST(MultiGpuResults, ValuesOutOfTheirRangeAreNamed) {
  struct Case {
    const char* what;
    void (*edit)(nlohmann::json&);
    const char* fragment;
  };
  const Case cases[] = {
      {"no GPUs", [](nlohmann::json& j) { j["gpus"] = 0; }, "'gpus' must be at least 1"},
      {"hosts", [](nlohmann::json& j) { j["hosts"].erase(0); }, "'hosts' names 3 ranks"},
      {"type", [](nlohmann::json& j) { j["type"] = "int64"; }, "'type' is \"int64\""},
      {"mode", [](nlohmann::json& j) { j["mode"] = "both"; }, "'mode' is \"both\""},
      {"repeats", [](nlohmann::json& j) { j["repeats"] = 0; }, "'repeats' must be at least 1"},
      {"no points", [](nlohmann::json& j) { j["points"] = nlohmann::json::array(); },
       "'points' is empty"},
      {"more GPUs than the file", [](nlohmann::json& j) { j["points"][0]["gpus"] = 8; },
       "points[0]: 'gpus' is 8"},
      {"n below P", [](nlohmann::json& j) { j["points"][0]["n"] = 1; }, "'n' is below 'gpus'"},
      {"shard", [](nlohmann::json& j) { j["points"][1]["shard"] = 500; },
       "points[1]: 'shard' is 500, not ceil(n / gpus) = 501"},
      {"descending n",
       [](nlohmann::json& j) {
         j["points"][1]["n"] = 999;
         j["points"][1]["shard"] = 500;
       },
       "points[1]: 'n' is below the point before"},
      {"twice", [](nlohmann::json& j) { j["points"][1] = j["points"][0]; },
       "a second point at n = 1000 on 4 GPUs"},
      {"zero median", [](nlohmann::json& j) { j["points"][0]["scan_then_add"]["median_us"] = 0; },
       "points[0].scan_then_add: 'median_us' must be a time above 0"},
      {"min above median",
       [](nlohmann::json& j) { j["points"][0]["reduce_then_scan"]["min_us"] = 1e6; },
       "points[0].reduce_then_scan: not min_us <= median_us <= max_us"},
      {"negative time", [](nlohmann::json& j) { j["points"][0]["add_us"] = -1; },
       "points[0]: 'add_us' must be a time of 0 or more"},
      {"check", [](nlohmann::json& j) { j["points"][0]["check"] = "partial"; },
       "'check' is \"partial\" (full or sampled)"},
      {"mismatches", [](nlohmann::json& j) { j["points"][0]["mismatches"] = -2; },
       "'mismatches' is below 0"},
      {"first_bad", [](nlohmann::json& j) { j["points"][0]["first_bad"] = 1000; },
       "'first_bad' is not -1 or an index"},
      {"correct with mismatches", [](nlohmann::json& j) { j["points"][0]["mismatches"] = 2; },
       "'correct' is true with 2 mismatches"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    nlohmann::json j = GoodJson();
    c.edit(j);
    ExpectError(j.dump(), c.fragment);
  }
}

TEST(MultiGpuResults, NotAResultsFileSaysSoInOneLine) {
  ExpectError("", "not valid JSON");
  ExpectError("{\"schema\": ", "not valid JSON");
  ExpectError("[1, 2]", "the top level is not a JSON object");
  ExpectError("{}", "'schema' missing (expected \"scanviz-multi-gpu/1\")");
  ExpectError("{\"schema\": 3}", "'schema' is not a string");
  ExpectError("{\"schema\": \"scanviz-perf/2\"}", "unsupported schema \"scanviz-perf/2\"");
  nlohmann::json j = GoodJson();
  j["padding"] = nlohmann::json::array({1, 2, 3});
  ExpectError(j.dump(), "unknown key \"padding\"");
}

// [SECTION] Derived values on hand-made points

TEST(MultiGpuPointValues, TheBoundsAreTheStrategiesPhasesAloneAdded) {
  const MultiGpuPoint p = HandPoint();
  EXPECT_DOUBLE_EQ(p.ScanThenAddBoundUs(), 400 + 20 + 250);
  EXPECT_DOUBLE_EQ(p.ReduceThenScanBoundUs(), 150 + 20 + 410);
}

TEST(MultiGpuPointValues, TheFasterStrategyItsTimeAndItsShareOfItsBound) {
  MultiGpuPoint p = HandPoint();
  EXPECT_EQ(p.Faster(), "reduce-then-scan");
  EXPECT_DOUBLE_EQ(p.FasterUs(), 600);
  EXPECT_DOUBLE_EQ(p.PctOfBound(), 100.0 * 580 / 600);
  p.scan_then_add.median_us = 590;  // now scan, then add wins, against its own bound
  EXPECT_EQ(p.Faster(), "scan-then-add");
  EXPECT_DOUBLE_EQ(p.FasterUs(), 590);
  EXPECT_DOUBLE_EQ(p.PctOfBound(), 100.0 * 670 / 590);
  p.scan_then_add.median_us = 600;  // a tie: scan, then add
  EXPECT_EQ(p.Faster(), "scan-then-add");
  p.scan_then_add.median_us = p.reduce_then_scan.median_us = 0;  // nothing timed
  EXPECT_EQ(p.PctOfBound(), 0);
}

TEST(MultiGpuPointValues, TheSpeedUpIsOneGpusTimeOnTheWholeNOverTheFasterOne) {
  MultiGpuPoint p = HandPoint();
  ASSERT_TRUE(p.SpeedUpOverOneGpu());
  EXPECT_DOUBLE_EQ(*p.SpeedUpOverOneGpu(), 800.0 / 600);
  p.one_gpu_e_full_us = 0;  // one GPU cannot hold n
  EXPECT_FALSE(p.SpeedUpOverOneGpu());
}

TEST(MultiGpuPointValues, ThroughputIdealAndTheTrafficsCeiling) {
  const MultiGpuPoint p = HandPoint();
  // 2 * 1000 * 4 bytes in 8 us: 1 GB/s.
  EXPECT_DOUBLE_EQ(p.Gbps(8), 1.0);
  EXPECT_EQ(p.Gbps(0), 0);
  // Each of 4 GPUs moves 2 * 250 * 4 bytes in 2 us (1 GB/s): 4 GB/s together.
  ASSERT_TRUE(p.IdealGbps());
  EXPECT_DOUBLE_EQ(*p.IdealGbps(), 4.0);
  MultiGpuPoint none = p;
  none.one_gpu_e_shard_us = 0;
  EXPECT_FALSE(none.IdealGbps());
  EXPECT_DOUBLE_EQ(p.TrafficCeiling(kScanThenAdd), 2.0);         // P / 2
  EXPECT_DOUBLE_EQ(p.TrafficCeiling(kReduceThenScan), 8.0 / 3);  // 2P / 3
}

TEST(MultiGpuPointValues, AllChecksPassedUnlessAPointFailedOrTheRunStopped) {
  MultiGpuBenchResults r = HandResults();
  EXPECT_FALSE(r.AllChecksPassed());  // a failed point and a fatal error
  r.points[1].correct = true;
  EXPECT_FALSE(r.AllChecksPassed());  // the fatal error alone
  r.fatal.clear();
  EXPECT_TRUE(r.AllChecksPassed());
  r.points[0].correct = false;
  EXPECT_FALSE(r.AllChecksPassed());
}

}  // namespace
}  // namespace scanviz::perf
