// The performance lab's results model (core/perf/bench_results.h), which the bench writes and the
// app's benchmark panel reads: a /2 file round-trips field by field; the committed H200 file
// (/1) reads in full and its derived values (% of memcpy, ratio to CUB, crossovers) match the
// numbers its writer stored; a missing field, a wrong schema, a non-object or garbage gives one
// error naming what is wrong, never a result.
#include "core/perf/bench_results.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "support/bench_sample.h"
#include "support/temp_dir.h"

namespace scanviz::perf {
namespace {

using scanviz::testing::SampleBenchResults;

// Round one's final run, the last file written as scanviz-perf/1 (it was docs/bench/h200.json).
constexpr const char* kH200 = SCANVIZ_SOURCE_DIR "/tests/data/bench/h200-run8-v1.json";
// The committed results file: round two's final run, scanviz-perf/2.
constexpr const char* kH200Now = SCANVIZ_SOURCE_DIR "/docs/bench/h200.json";

// [SECTION] /1, as the committed file and the app's earlier loader knew it

constexpr const char* kGoodV1 = R"({
  "schema": "scanviz-perf/1",
  "device": {"name": "Test GPU", "sm_count": 4},
  "date": "2026-11-29",
  "rungs": [{"name": "a", "description": "first"}, {"name": "memcpy"}],
  "measurements": [
    {"type": "int32", "mode": "inclusive", "n": 2048, "rung": "a", "timed": true,
     "time_us_median": 20, "gbps": 0.8, "correct": true},
    {"type": "int32", "mode": "inclusive", "n": 1024, "rung": "a", "timed": true,
     "time_us_median": 19, "gbps": 0.4, "correct": true},
    {"type": "int32", "mode": "inclusive", "n": 1024, "rung": "memcpy", "timed": true,
     "time_us_median": 8, "gbps": 1.0, "correct": true},
    {"type": "int32", "mode": "inclusive", "n": 3, "rung": "a", "timed": false, "correct": true}
  ],
  "all_correct": true
})";

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

void ExpectError(const std::string& text, const std::string& fragment) {
  BenchLoad load = ParseBenchResults(text);
  EXPECT_FALSE(load.results) << "accepted: " << text.substr(0, 80);
  EXPECT_NE(load.error.find(fragment), std::string::npos)
      << "error '" << load.error << "' does not mention '" << fragment << "'";
}

TEST(BenchResults, ReadsAGoodV1File) {
  BenchLoad load = ParseBenchResults(kGoodV1);
  ASSERT_TRUE(load.results) << load.error;
  const BenchResults& r = *load.results;
  EXPECT_EQ(r.schema, kBenchSchemaV1);
  EXPECT_EQ(r.device.name, "Test GPU");
  EXPECT_EQ(r.device.sm_count, 4);
  EXPECT_EQ(r.date, "2026-11-29");
  EXPECT_EQ(r.commit, "");  // /1 did not record it
  ASSERT_EQ(r.rungs.size(), 2u);
  EXPECT_EQ(r.rungs[0].description, "first");
  EXPECT_EQ(r.measurements.size(), 4u);
  EXPECT_TRUE(r.all_correct);
  // Series: timed points only, sorted by n.
  auto s = r.Series("int32", "inclusive", "a");
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0]->n, 1024);
  EXPECT_EQ(s[1]->n, 2048);
  EXPECT_DOUBLE_EQ(s[1]->gbps, 0.8);
  EXPECT_TRUE(r.Series("float32", "inclusive", "a").empty());
  // % of memcpy where the run timed memcpy at that n, nothing where it did not.
  ASSERT_TRUE(r.PctOfMemcpy(*s[0]));
  EXPECT_DOUBLE_EQ(*r.PctOfMemcpy(*s[0]), 40.0);
  EXPECT_FALSE(r.PctOfMemcpy(*s[1]));
  const std::vector<std::optional<double>> pct = r.PctOfMemcpy(s);
  ASSERT_EQ(pct.size(), 2u);
  EXPECT_DOUBLE_EQ(pct[0].value_or(-1), 40.0);
  EXPECT_FALSE(pct[1]);
  EXPECT_FALSE(r.RatioVsCub(*s[0]));  // no cub in this file
}

// The file the app opens by default: every rung, type and mode, 2^10..2^28, and the numbers its
// writer derived and stored (pct_memcpy, ratio_vs_cub, crossover), which /2 no longer stores,
// recomputed by the model to the 6 digits they were written with.
TEST(BenchResults, ReadsTheCommittedH200FileAndDerivesWhatItStored) {
  BenchLoad load = LoadBenchResults(kH200);
  ASSERT_TRUE(load.results) << load.error;
  const BenchResults& r = *load.results;
  EXPECT_EQ(r.schema, kBenchSchemaV1);
  EXPECT_EQ(r.source, kH200);
  EXPECT_EQ(r.device.name, "NVIDIA H200");
  EXPECT_EQ(r.device.sm_count, 132);
  EXPECT_EQ(r.device.global_mem_bytes, 150109880320);
  EXPECT_EQ(r.device.mem_bus_width_bits, 6016);
  EXPECT_EQ(r.toolkit.cub_version, 300001);  // /1 kept it under "device"
  EXPECT_EQ(r.options.max_log2, 28);
  EXPECT_EQ(r.options.repeats, 20);
  EXPECT_TRUE(r.all_correct);
  EXPECT_TRUE(r.AllChecksPassed());
  std::set<std::string> rungs;
  for (const BenchRung& b : r.rungs) rungs.insert(b.name);
  for (const char* want : {"a", "b", "c", "d", "e", "cub", "thrust", "memcpy"}) {
    EXPECT_TRUE(rungs.count(want)) << want;
  }
  for (const char* type : {"int32", "float32"}) {
    for (const char* mode : {"inclusive", "exclusive"}) {
      auto s = r.Series(type, mode, "memcpy");
      ASSERT_EQ(s.size(), 19u) << type << " " << mode;  // 2^10 .. 2^28
      EXPECT_EQ(s.front()->n, 1024);
      EXPECT_EQ(s.back()->n, 1LL << 28);
      EXPECT_GT(s.back()->gbps, 1000);
    }
  }

  std::ifstream in(kH200);
  const nlohmann::json raw = nlohmann::json::parse(in);
  ASSERT_EQ(raw["measurements"].size(), r.measurements.size());
  int compared = 0;
  for (size_t i = 0; i < r.measurements.size(); ++i) {
    const nlohmann::json& stored = raw["measurements"][i];
    const BenchMeasurement& m = r.measurements[i];
    if (!m.timed) {
      EXPECT_FALSE(r.PctOfMemcpy(m)) << i;
      continue;
    }
    for (const char* key : {"pct_memcpy", "ratio_vs_cub"}) {
      const std::optional<double> derived =
          std::string(key) == "pct_memcpy" ? r.PctOfMemcpy(m) : r.RatioVsCub(m);
      ASSERT_TRUE(derived) << i << " " << key;
      ASSERT_TRUE(stored[key].is_number()) << i << " " << key;
      EXPECT_NEAR(*derived, stored[key].get<double>(), 2e-5 * std::abs(*derived) + 1e-9)
          << "measurements[" << i << "]." << key;
      ++compared;
    }
  }
  EXPECT_EQ(compared, 2 * 4 * 19 * 12);  // 2 values, 4 type/mode pairs, 19 sizes, 12 rungs

  const std::vector<Crossover> cs = r.Crossovers();
  ASSERT_EQ(cs.size(), raw["crossover"].size());
  for (size_t i = 0; i < cs.size(); ++i) {
    const nlohmann::json& want = raw["crossover"][i];
    EXPECT_EQ(cs[i].type, want["type"].get<std::string>());
    EXPECT_EQ(cs[i].mode, want["mode"].get<std::string>());
    EXPECT_EQ(cs[i].winner_changes_at, want["winner_changes_at"].get<std::vector<long long>>());
    ASSERT_EQ(cs[i].points.size(), want["points"].size());
    for (size_t k = 0; k < cs[i].points.size(); ++k)
      EXPECT_EQ(cs[i].points[k].winner, want["points"][k]["winner"].get<std::string>()) << i << " " << k;
  }
}

TEST(BenchResults, MissingFieldsAreNamed) {
  ExpectError(Replace(kGoodV1, R"("gbps": 0.8, )", ""), "measurements[0]: 'gbps' missing");
  ExpectError(Replace(kGoodV1, R"("n": 1024, "rung": "memcpy")", R"("rung": "memcpy")"),
              "measurements[2]: 'n' missing");
  ExpectError(Replace(kGoodV1, R"("name": "Test GPU", )", ""), "device: 'name' missing");
  ExpectError(Replace(kGoodV1, R"("rung": "a", "timed": false)", R"("rung": "z", "timed": false)"),
              "rung \"z\" is not listed");
  ExpectError(Replace(kGoodV1, R"("mode": "inclusive", "n": 3)", R"("mode": "both", "n": 3)"),
              "'mode' is \"both\"");
  ExpectError(
      Replace(kGoodV1, R"("rung": "memcpy", "timed": true)", R"("rung": "memcpy", "timed": "yes")"),
      "measurements[2]: 'timed' is not true or false");
  ExpectError(R"({"schema": "scanviz-perf/1", "device": {"name": "x"}, "rungs": []})",
              "'measurements' missing");
  // Two measurements of one point would make its % of memcpy ambiguous.
  ExpectError(Replace(kGoodV1, R"("n": 2048, "rung": "a")", R"("n": 1024, "rung": "a")"),
              "measurements[1]: a second measurement of rung a, int32 inclusive, n = 1024");
  ExpectError(Replace(kGoodV1, R"({"name": "memcpy"})", R"({"name": "a"})"),
              "rungs[1]: rung \"a\" is listed twice");
}

TEST(BenchResults, WrongSchemaOrGarbageIsAnError) {
  ExpectError(Replace(kGoodV1, "scanviz-perf/1", "scanviz-perf/3"),
              "unsupported schema \"scanviz-perf/3\"");
  ExpectError(Replace(kGoodV1, R"("schema": "scanviz-perf/1",)", ""), "'schema' missing");
  ExpectError(Replace(kGoodV1, R"("scanviz-perf/1")", "2"), "'schema' is not a string");
  ExpectError("", "not valid JSON");
  ExpectError("{\"schema\": \"scanviz-perf/1\", ", "not valid JSON");
  ExpectError("\x89PNG\r\n\x1a\n", "not valid JSON");
  ExpectError("[1, 2, 3]", "not a JSON object");
  ExpectError(R"({"schema": "scanviz-perf/1", "device": {"name": "x"}, "rungs": [],
                 "measurements": []})",
              "no timed measurements");
  // A /1 file relabelled /2 lacks what /2 must carry.
  ExpectError(Replace(kGoodV1, "scanviz-perf/1", "scanviz-perf/2"), "file: 'commit' missing");
  BenchLoad missing = LoadBenchResults("/nonexistent/results.json");
  EXPECT_FALSE(missing.results);
  EXPECT_EQ(missing.error, "cannot open /nonexistent/results.json: No such file or directory");
}

TEST(BenchResults, HostileFilesAreRefusedNotParsedForever) {
  ExpectError(std::string(100000, '[') + std::string(100000, ']'), "nest");
  ExpectError(
      Replace(kGoodV1, R"("rung": "memcpy", "timed": true)", R"("rung": "memcpy", "timed": 1e400)"),
      "not valid JSON");
  // n must be an integer that fits: 1.3e47 converted to a count is undefined behaviour (fuzz
  // finding), 2^63 wraps, 2.5 is not a count.
  for (const char* n : {"1.33333e+47", "9223372036854775808", "2.5"}) {
    ExpectError(Replace(kGoodV1, R"("n": 2048)", std::string(R"("n": )") + n),
                "measurements[0]: 'n' is not an integer in range");
  }
  // A /1 device field that does not fit is left out, not wrapped.
  BenchLoad big =
      ParseBenchResults(Replace(kGoodV1, R"("sm_count": 4)", R"("sm_count": 4294967300)"));
  ASSERT_TRUE(big.results) << big.error;
  EXPECT_EQ(big.results->device.sm_count, 0);
  BenchLoad device = LoadBenchResults("/dev/zero");
  EXPECT_FALSE(device.results);
  EXPECT_NE(device.error.find("not a regular file"), std::string::npos) << device.error;
}

// [SECTION] /2, as the bench writes it

void ExpectSameMeasurement(const BenchMeasurement& a, const BenchMeasurement& b,
                           const std::string& where) {
  EXPECT_EQ(a.type, b.type) << where;
  EXPECT_EQ(a.mode, b.mode) << where;
  EXPECT_EQ(a.n, b.n) << where;
  EXPECT_EQ(a.rung, b.rung) << where;
  EXPECT_EQ(a.timed, b.timed) << where;
  // 6 significant digits are written.
  EXPECT_NEAR(a.time_us_median, b.time_us_median, 1e-5 * std::abs(a.time_us_median)) << where;
  EXPECT_NEAR(a.time_us_min, b.time_us_min, 1e-5 * std::abs(a.time_us_min)) << where;
  EXPECT_NEAR(a.time_us_max, b.time_us_max, 1e-5 * std::abs(a.time_us_max)) << where;
  EXPECT_NEAR(a.gbps, b.gbps, 1e-5 * std::abs(a.gbps)) << where;
  EXPECT_EQ(a.rotation_sets, b.rotation_sets) << where;
  EXPECT_EQ(a.correct, b.correct) << where;
  EXPECT_EQ(a.mismatches, b.mismatches) << where;
  EXPECT_EQ(a.first_bad, b.first_bad) << where;
  EXPECT_EQ(a.recheck_correct, b.recheck_correct) << where;
}

TEST(BenchResults, V2RoundTripsEveryField) {
  BenchResults want = SampleBenchResults();
  want.measurements[3].correct = false;
  want.measurements[3].mismatches = 7;
  want.measurements[3].first_bad = 1000;
  want.measurements[3].rel_err = 1;
  want.fatal =
      "timed e int32 inclusive n=2048: cudaErrorLaunchFailure (unspecified launch failure)";
  want.all_correct = false;
  const std::string text = WriteBenchResults(want);
  BenchLoad load = ParseBenchResults(text);
  ASSERT_TRUE(load.results) << load.error << "\n" << text;
  const BenchResults& got = *load.results;
  EXPECT_EQ(got.schema, kBenchSchema);
  EXPECT_EQ(got.date, want.date);
  EXPECT_EQ(got.commit, want.commit);
  EXPECT_EQ(got.device.name, want.device.name);
  EXPECT_EQ(got.device.sm_count, want.device.sm_count);
  EXPECT_EQ(got.device.compute_capability, want.device.compute_capability);
  EXPECT_EQ(got.device.l2_bytes, want.device.l2_bytes);
  EXPECT_EQ(got.device.global_mem_bytes, want.device.global_mem_bytes);
  EXPECT_EQ(got.device.sm_clock_khz, want.device.sm_clock_khz);
  EXPECT_EQ(got.device.mem_clock_khz, want.device.mem_clock_khz);
  EXPECT_EQ(got.device.mem_bus_width_bits, want.device.mem_bus_width_bits);
  EXPECT_EQ(got.device.driver_version, want.device.driver_version);
  EXPECT_EQ(got.device.runtime_version, want.device.runtime_version);
  ASSERT_TRUE(got.clocks);
  EXPECT_DOUBLE_EQ(got.clocks->sm_mhz_before, 1755.5);
  EXPECT_DOUBLE_EQ(got.clocks->sm_mhz_after, 1980.25);
  EXPECT_EQ(got.clocks->method, want.clocks->method);
  EXPECT_EQ(got.toolkit.cuda_version, 13000);
  EXPECT_EQ(got.toolkit.cub_version, 300001);
  EXPECT_EQ(got.toolkit.thrust_version, 300001);
  EXPECT_EQ(got.options.min_log2, 10);
  EXPECT_EQ(got.options.max_log2, 11);
  EXPECT_EQ(got.options.timed_sizes, want.options.timed_sizes);
  EXPECT_EQ(got.options.check_sizes, want.options.check_sizes);
  EXPECT_EQ(got.options.repeats, 5);
  EXPECT_EQ(got.options.warmup, 3);
  EXPECT_EQ(got.options.types, want.options.types);
  EXPECT_EQ(got.options.modes, want.options.modes);
  EXPECT_DOUBLE_EQ(got.options.float_tolerance, 1e-5);
  EXPECT_EQ(got.options.throughput, want.options.throughput);
  ASSERT_EQ(got.rungs.size(), want.rungs.size());
  for (size_t i = 0; i < got.rungs.size(); ++i) {
    EXPECT_EQ(got.rungs[i].name, want.rungs[i].name);
    EXPECT_EQ(got.rungs[i].description, want.rungs[i].description);
  }
  ASSERT_EQ(got.measurements.size(), want.measurements.size());
  for (size_t i = 0; i < got.measurements.size(); ++i)
    ExpectSameMeasurement(got.measurements[i], want.measurements[i], std::to_string(i));
  EXPECT_EQ(got.fatal, want.fatal);
  EXPECT_FALSE(got.all_correct);
  // Written again, the same text: nothing is lost or rounded twice.
  EXPECT_EQ(WriteBenchResults(got), text);
}

TEST(BenchResults, V2IsOneFieldAndOneMeasurementALine) {
  const BenchResults r = SampleBenchResults();
  const std::string text = WriteBenchResults(r);
  std::istringstream lines(text);
  std::vector<std::string> all;
  for (std::string line; std::getline(lines, line);) all.push_back(line);
  ASSERT_GE(all.size(), 3u);
  EXPECT_EQ(all[0], "{");
  EXPECT_EQ(all[1], R"("schema":"scanviz-perf/2",)");
  EXPECT_EQ(all[2], R"("date":"2026-12-02T10:11:12Z",)");
  EXPECT_EQ(all.back(), "}");
  int measurement_lines = 0;
  for (const std::string& line : all) measurement_lines += line.rfind(R"({"type":)", 0) == 0;
  EXPECT_EQ(measurement_lines, static_cast<int>(r.measurements.size()));
  // Nothing derived is stored: the panel and the report compute it.
  for (const char* derived : {"pct_memcpy", "ratio_vs_cub", "crossover", "targets"})
    EXPECT_EQ(text.find(derived), std::string::npos) << derived;
  // An untimed check has no time.
  EXPECT_NE(text.find(R"({"type":"int32","mode":"inclusive","n":3,"rung":"a","timed":false,)"
                      R"("correct":true,"rel_err":0.0,"mismatches":0,"first_bad":-1})"),
            std::string::npos)
      << text;
}

TEST(BenchResults, V2MissingOrBadFieldsAreNamed) {
  const std::string good = WriteBenchResults(SampleBenchResults());
  ASSERT_TRUE(ParseBenchResults(good).results) << ParseBenchResults(good).error;
  ExpectError(Replace(good, R"("commit":"0123456789abcdef0123456789abcdef01234567",)", ""),
              "file: 'commit' missing");
  ExpectError(Replace(good, R"("date":"2026-12-02T10:11:12Z",)", ""), "file: 'date' missing");
  ExpectError(Replace(good, R"("sm_count":4,)", ""), "device: 'sm_count' missing");
  ExpectError(Replace(good, R"("sm_count":4,)", R"("sm_count":4294967300,)"),
              "device: 'sm_count' is not an integer in range");
  ExpectError(Replace(good, R"("cub_version":300001,)", ""), "toolkit: 'cub_version' missing");
  ExpectError(Replace(good, R"("types":["int32"])", R"("types":"int32")"),
              "options: 'types' is not an array");
  ExpectError(Replace(good, R"("timed_sizes":[1024,2048])", R"("timed_sizes":[1024,0])"),
              "options.timed_sizes[1]: not a size");
  ExpectError(Replace(good, R"("method":"clock64 over globaltimer")", R"("method":1)"),
              "clocks: 'method' is not a string");
  ExpectError(Replace(good, R"("description":"rung b")", R"("descr":"rung b")"),
              "rungs[1]: 'description' missing");
  ExpectError(Replace(good, R"("rotation_sets":64,)", ""),
              "measurements[0]: 'rotation_sets' missing");
  ExpectError(Replace(good, R"("first_bad":-1})", R"("first_bad":"none"})"),
              "measurements[0]: 'first_bad' is not an integer in range");
  ExpectError(Replace(good, R"("recheck_correct":true)", R"("recheck_correct":1)"),
              "measurements[7]: 'recheck_correct' is not true or false");
  ExpectError(Replace(good, R"("all_correct":true)", R"("all_correct":null)"),
              "file: 'all_correct' is not true or false");
  ExpectError(Replace(good, R"("fatal":null)", R"("fatal":false)"),
              "file: 'fatal' is not a string");
  // The clocks are optional: a run that could not measure them leaves them out.
  BenchResults no_clocks = SampleBenchResults();
  no_clocks.clocks.reset();
  BenchLoad load = ParseBenchResults(WriteBenchResults(no_clocks));
  ASSERT_TRUE(load.results) << load.error;
  EXPECT_FALSE(load.results->clocks);
}

TEST(BenchResults, ANonFiniteErrorIsWrittenNullAndReadBack) {
  BenchResults r = SampleBenchResults();
  r.measurements[0].rel_err = std::numeric_limits<double>::infinity();
  r.measurements[0].correct = false;
  const std::string text = WriteBenchResults(r);
  EXPECT_NE(text.find(R"("rel_err":null)"), std::string::npos);
  BenchLoad load = ParseBenchResults(text);
  ASSERT_TRUE(load.results) << load.error;
  EXPECT_TRUE(std::isinf(load.results->measurements[0].rel_err));
}

// The committed file is the bench's own /2 output: dated, from a commit, every point checked, and
// it reads back unchanged when written again.
TEST(BenchResults, TheCommittedFileIsAV2RunOfTheLadderAndReadsBackUnchanged) {
  BenchLoad load = LoadBenchResults(kH200Now);
  ASSERT_TRUE(load.results) << load.error;
  const BenchResults& r = *load.results;
  EXPECT_EQ(r.schema, kBenchSchema);
  EXPECT_EQ(r.date.size(), 20u) << r.date;  // 2026-12-02T00:48:46Z
  EXPECT_EQ(r.commit.size(), 40u) << r.commit;
  EXPECT_EQ(r.device.name, "NVIDIA H200");
  EXPECT_TRUE(r.all_correct);
  EXPECT_TRUE(r.AllChecksPassed());
  std::set<std::string> rungs;
  for (const BenchRung& b : r.rungs) rungs.insert(b.name);
  for (const char* want : {"a", "b", "c", "d", "e", "cub", "thrust", "memcpy", "e.r128v8b1c",
                           "e.s128v16b1c", "e.h128s26r16b1ce", "e.h128s26r16b1ce.nochain"}) {
    EXPECT_TRUE(rungs.count(want)) << want;
  }
  for (const char* type : {"int32", "float32"}) {
    for (const char* mode : {"inclusive", "exclusive"}) {
      EXPECT_EQ(r.Series(type, mode, "e").size(), 19u) << type << " " << mode;
    }
  }
  BenchLoad again = ParseBenchResults(WriteBenchResults(r));
  ASSERT_TRUE(again.results) << again.error;
  ASSERT_EQ(again.results->measurements.size(), r.measurements.size());
  for (size_t i = 0; i < r.measurements.size(); ++i) {
    const BenchMeasurement& a = r.measurements[i];
    const BenchMeasurement& b = again.results->measurements[i];
    ASSERT_EQ(a.rung, b.rung) << i;
    ASSERT_EQ(a.n, b.n) << i;
    ASSERT_EQ(a.gbps, b.gbps) << i;
    ASSERT_EQ(a.correct, b.correct) << i;
  }
}

// An old file written again is a /2 file: the app's reader and the bench's writer are one model.
TEST(BenchResults, TheCommittedV1FileWritesAsV2) {
  BenchLoad v1 = LoadBenchResults(kH200);
  ASSERT_TRUE(v1.results) << v1.error;
  BenchResults upgraded = *v1.results;
  upgraded.commit = "unknown";
  upgraded.date = "2025-01-01T00:00:00Z";
  BenchLoad v2 = ParseBenchResults(WriteBenchResults(upgraded));
  ASSERT_TRUE(v2.results) << v2.error;
  EXPECT_EQ(v2.results->schema, kBenchSchema);
  ASSERT_EQ(v2.results->measurements.size(), v1.results->measurements.size());
  for (size_t i = 0; i < v2.results->measurements.size(); ++i) {
    ExpectSameMeasurement(v2.results->measurements[i], v1.results->measurements[i],
                          std::to_string(i));
  }
}

TEST(BenchResults, SaveWritesTheFileTheLoaderReads) {
  scanviz::testing::TempDir dir;
  const std::string path = dir.File("run.json");
  ASSERT_EQ(SaveBenchResults(SampleBenchResults(), path), "");
  BenchLoad load = LoadBenchResults(path);
  ASSERT_TRUE(load.results) << load.error;
  EXPECT_EQ(load.results->source, path);
  EXPECT_EQ(load.results->measurements.size(), SampleBenchResults().measurements.size());
  EXPECT_NE(SaveBenchResults(SampleBenchResults(), dir.File("no/such/folder/run.json")), "");
}

// [SECTION] Derived values

TEST(BenchResults, PctOfMemcpyAndRatioVsCubComeFromTheSameRun) {
  const BenchResults r = SampleBenchResults();
  const BenchMeasurement* e1 = r.Find("int32", "inclusive", 1024, "e");
  const BenchMeasurement* e2 = r.Find("int32", "inclusive", 2048, "e");
  const BenchMeasurement* copy = r.Find("int32", "inclusive", 2048, "memcpy");
  ASSERT_TRUE(e1 && e2 && copy);
  EXPECT_DOUBLE_EQ(r.PctOfMemcpy(*e1).value_or(-1), 50.0);
  EXPECT_DOUBLE_EQ(r.PctOfMemcpy(*e2).value_or(-1), 80.0);
  EXPECT_DOUBLE_EQ(r.PctOfMemcpy(*copy).value_or(-1), 100.0);
  EXPECT_DOUBLE_EQ(r.RatioVsCub(*e1).value_or(-1), 1.25);
  EXPECT_DOUBLE_EQ(r.RatioVsCub(*e2).value_or(-1), 1.25);
  // The series form agrees point for point.
  const auto series = r.Series("int32", "inclusive", "e");
  const auto pct = r.PctOfMemcpy(series);
  ASSERT_EQ(pct.size(), 2u);
  EXPECT_DOUBLE_EQ(pct[0].value_or(-1), 50.0);
  EXPECT_DOUBLE_EQ(pct[1].value_or(-1), 80.0);
  // An untimed check has no share of anything; nor has a point whose copy is not there.
  EXPECT_FALSE(r.PctOfMemcpy(*r.Find("int32", "inclusive", 3, "a")));
  BenchResults no_copy = r;
  no_copy.measurements.erase(no_copy.measurements.begin() + 4);  // memcpy at 1024
  EXPECT_FALSE(no_copy.PctOfMemcpy(*no_copy.Find("int32", "inclusive", 1024, "e")));
  EXPECT_TRUE(no_copy.PctOfMemcpy(*no_copy.Find("int32", "inclusive", 2048, "e")));
  EXPECT_EQ(r.Find("float32", "inclusive", 1024, "e"), nullptr);
}

// The panel draws a point's share from the series form and its tooltip from the point's own: the
// two must be the same number to the last bit, and a share too large to draw is not there. (The
// CI fuzzer found 1.1 GB/s against a 3.3 GB/s copy giving 33.333333333333336 one way and
// 33.33333333333334 the other.)
TEST(BenchResults, PctOfMemcpyIsOneNumberBothWaysAndFiniteOrAbsent) {
  BenchResults r = SampleBenchResults();
  BenchMeasurement* e1 = nullptr;
  BenchMeasurement* copy = nullptr;
  for (BenchMeasurement& m : r.measurements) {
    if (m.type == "int32" && m.mode == "inclusive" && m.n == 1024 && m.rung == "e") e1 = &m;
    if (m.type == "int32" && m.mode == "inclusive" && m.n == 1024 && m.rung == "memcpy") copy = &m;
  }
  ASSERT_TRUE(e1 && copy);
  e1->gbps = 1.1;
  copy->gbps = 3.3;
  const auto series = r.Series("int32", "inclusive", "e");
  ASSERT_EQ(series.front(), e1);
  ASSERT_TRUE(r.PctOfMemcpy(*e1));
  EXPECT_EQ(*r.PctOfMemcpy(*e1), r.PctOfMemcpy(series).front().value_or(-1));
  // A copy measured at the smallest positive bandwidth against a point at the largest: the share
  // overflows, and neither form offers infinity to a log axis.
  e1->gbps = 1e308;
  copy->gbps = 1e-308;
  EXPECT_FALSE(r.PctOfMemcpy(*e1));
  EXPECT_FALSE(r.PctOfMemcpy(series).front());
}

TEST(BenchResults, CrossoversNameWhereTheWinnerChanges) {
  const std::vector<Crossover> cs = SampleBenchResults().Crossovers();
  ASSERT_EQ(cs.size(), 1u);
  EXPECT_EQ(cs[0].type, "int32");
  EXPECT_EQ(cs[0].mode, "inclusive");
  ASSERT_EQ(cs[0].points.size(), 2u);
  EXPECT_EQ(cs[0].points[0].winner, "a");
  EXPECT_EQ(cs[0].points[1].winner, "b");
  EXPECT_DOUBLE_EQ(cs[0].points[1].b_gbps, 1.2);
  EXPECT_EQ(cs[0].winner_changes_at, std::vector<long long>{2048});
}

TEST(BenchResults, AllChecksPassedNeedsEveryCheckAndAFinishedRun) {
  BenchResults r = SampleBenchResults();
  EXPECT_TRUE(r.AllChecksPassed());
  r.measurements.back().correct = false;
  EXPECT_FALSE(r.AllChecksPassed());
  r = SampleBenchResults();
  r.fatal = "cudaMalloc(in): out of memory";
  EXPECT_FALSE(r.AllChecksPassed());
}

}  // namespace
}  // namespace scanviz::perf
