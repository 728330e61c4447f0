// The benchmark panel's results loader: the committed H200 file reads in full; a missing field,
// a wrong schema, a non-object or garbage gives one error naming what is wrong, never a result.
#include "scene/bench_results.h"

#include <gtest/gtest.h>

#include <set>

namespace scanviz::scene {
namespace {

constexpr const char* kGood = R"({
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

TEST(BenchResults, ReadsAGoodFile) {
  BenchLoad load = ParseBenchResults(kGood);
  ASSERT_TRUE(load.results) << load.error;
  const BenchResults& r = *load.results;
  EXPECT_EQ(r.device.name, "Test GPU");
  EXPECT_EQ(r.device.sm_count, 4);
  EXPECT_EQ(r.date, "2026-11-29");
  ASSERT_EQ(r.rungs.size(), 2u);
  EXPECT_EQ(r.measurements.size(), 4u);
  EXPECT_TRUE(r.all_correct);
  // Series: timed points only, sorted by n.
  auto s = r.Series("int32", "inclusive", "a");
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0]->n, 1024);
  EXPECT_EQ(s[1]->n, 2048);
  EXPECT_DOUBLE_EQ(s[1]->gbps, 0.8);
  EXPECT_TRUE(r.Series("float32", "inclusive", "a").empty());
}

TEST(BenchResults, ReadsTheCommittedH200File) {
  BenchLoad load = LoadBenchResults(SCANVIZ_SOURCE_DIR "/docs/bench/h200.json");
  ASSERT_TRUE(load.results) << load.error;
  const BenchResults& r = *load.results;
  EXPECT_EQ(r.device.name, "NVIDIA H200");
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
  EXPECT_EQ(r.source, SCANVIZ_SOURCE_DIR "/docs/bench/h200.json");
}

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

TEST(BenchResults, MissingFieldsAreNamed) {
  ExpectError(Replace(kGood, R"("gbps": 0.8, )", ""), "measurements[0]: 'gbps' missing");
  ExpectError(Replace(kGood, R"("n": 1024, "rung": "memcpy")", R"("rung": "memcpy")"),
              "measurements[2]: 'n' missing");
  ExpectError(Replace(kGood, R"("name": "Test GPU", )", ""), "device: 'name' missing");
  ExpectError(Replace(kGood, R"("rung": "a", "timed": false)", R"("rung": "z", "timed": false)"),
              "rung \"z\" is not listed");
  ExpectError(Replace(kGood, R"("mode": "inclusive", "n": 3)", R"("mode": "both", "n": 3)"),
              "'mode' is \"both\"");
  ExpectError(
      Replace(kGood, R"("rung": "memcpy", "timed": true)", R"("rung": "memcpy", "timed": "yes")"),
      "measurements[2]: 'timed' is not true or false");
  ExpectError(R"({"schema": "scanviz-perf/1", "device": {"name": "x"}, "rungs": []})",
              "'measurements' missing");
}

TEST(BenchResults, WrongSchemaOrGarbageIsAnError) {
  ExpectError(Replace(kGood, "scanviz-perf/1", "scanviz-perf/2"), "unsupported schema");
  ExpectError(Replace(kGood, R"("schema": "scanviz-perf/1",)", ""), "'schema' missing");
  ExpectError("", "not valid JSON");
  ExpectError("{\"schema\": \"scanviz-perf/1\", ", "not valid JSON");
  ExpectError("\x89PNG\r\n\x1a\n", "not valid JSON");
  ExpectError("[1, 2, 3]", "not a JSON object");
  ExpectError(R"({"schema": "scanviz-perf/1", "device": {"name": "x"}, "rungs": [],
                 "measurements": []})",
              "no timed measurements");
  BenchLoad missing = LoadBenchResults("/nonexistent/results.json");
  EXPECT_FALSE(missing.results);
  EXPECT_EQ(missing.error, "cannot open /nonexistent/results.json: No such file or directory");
}

TEST(BenchResults, HostileFilesAreRefusedNotParsedForever) {
  ExpectError(std::string(100000, '[') + std::string(100000, ']'), "nest");
  ExpectError(Replace(kGood, R"("rung": "memcpy", "timed": true)", R"("rung": "memcpy", "timed": 1e400)"),
              "not valid JSON");
  // n must be an integer that fits: 1.3e47 converted to a count is undefined behaviour (fuzz
  // finding), 2^63 wraps, 2.5 is not a count.
  for (const char* n : {"1.33333e+47", "9223372036854775808", "2.5"}) {
    ExpectError(Replace(kGood, R"("n": 2048)", std::string(R"("n": )") + n),
                "measurements[0]: 'n' is not an integer in range");
  }
  // A device field that does not fit is left out, not wrapped.
  BenchLoad big = ParseBenchResults(Replace(kGood, R"("sm_count": 4)", R"("sm_count": 4294967300)"));
  ASSERT_TRUE(big.results) << big.error;
  EXPECT_EQ(big.results->device.sm_count, 0);
  BenchLoad device = LoadBenchResults("/dev/zero");
  EXPECT_FALSE(device.results);
  EXPECT_NE(device.error.find("not a regular file"), std::string::npos) << device.error;
}

}  // namespace
}  // namespace scanviz::scene
