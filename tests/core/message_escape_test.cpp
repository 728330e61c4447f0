// Issue #38, finding 3: text from a file quoted in an error message is escaped and cut
// (core/quote.h), whichever field of whichever kind of trace holds it.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/any_trace_io.h"
#include "core/applications/application_io.h"
#include "core/multi_gpu/request_file.h"
#include "core/perf/bench_results.h"
#include "core/perf/multi_gpu_results.h"
#include "core/quote.h"
#include "core/registry.h"
#include "core/simulator.h"
#include "core/trace_io.h"
#include "support/application_traces.h"
#include "support/hostile_text.h"

namespace scanviz {
namespace {

using nlohmann::json;
using testing::HostileStrings;
using testing::WhyNotOneSafeLine;

TEST(QuoteForMessage, ShowsWhatATerminalWouldActOnAsVisibleEscapes) {
  EXPECT_EQ(QuoteForMessage("add"), "\"add\"");
  EXPECT_EQ(QuoteForMessage("\x1b]0;t\x07\nOK"), "\"\\x1b]0;t\\x07\\nOK\"");
  EXPECT_EQ(QuoteForMessage("a\"b\\c\r\t\x7f"), "\"a\\\"b\\\\c\\r\\t\\x7f\"");
  EXPECT_EQ(QuoteForMessage("\xc2\x9b"
                            "1m"),
            "\"\\u009b1m\"");                                                    // C1's CSI
  EXPECT_EQ(QuoteForMessage("\xe2\x80\xa8\xe2\x80\xae"), "\"\\u2028\\u202e\"");  // line, bidi
  EXPECT_EQ(QuoteForMessage("\xff\xc3"), "\"\\xff\\xc3\"");           // not UTF-8, cut short
  EXPECT_EQ(QuoteForMessage("\xed\xa0\x80"), "\"\\xed\\xa0\\x80\"");  // a surrogate
  EXPECT_EQ(QuoteForMessage("\xc0\xaf"), "\"\\xc0\\xaf\"");           // overlong '/'
  EXPECT_EQ(QuoteForMessage("caf\xc3\xa9 \xe2\x86\x92"), "\"caf\xc3\xa9 \xe2\x86\x92\"");
}

TEST(QuoteForMessage, CutsToItsBoundNeverInsideAnEscapeOrACharacter) {
  // Built by appending: GCC 12 misreports "..." + std::string&& as an overlapping memcpy.
  const std::string eighty = std::string("\"").append(80, 'x');
  EXPECT_EQ(QuoteForMessage(std::string(80, 'x')), eighty + "\"");
  EXPECT_EQ(QuoteForMessage(std::string(81, 'x')), eighty + "…\"");
  EXPECT_EQ(QuoteForMessage("abc\n", 4), "\"abc…\"");
  EXPECT_EQ(QuoteForMessage("ab\xc3\xa9z", 3), "\"ab\xc3\xa9…\"");
  std::string forty_newlines = "\"";
  for (int i = 0; i < 40; ++i) forty_newlines += "\\n";
  EXPECT_EQ(QuoteForMessage(std::string(10 << 20, '\n')), forty_newlines + "…\"");
  for (const std::string& h : HostileStrings())
    EXPECT_EQ(WhyNotOneSafeLine(QuoteForMessage(h)), "");
}

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// One trace of every kind: the simulator's for each algorithm and application, and the bundled
// and example files of the grid, the single pass and the scan across GPUs.
std::vector<std::pair<std::string, std::string>> EveryKindOfTrace() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const AlgorithmInfo* a : Algorithms()) {
    ScanRequest r;
    r.algorithm = a->id;
    r.input = {3, 1, 7, 0, 4, 1, 6, 3};
    if (!ValidateRequest(r).empty()) continue;
    out.emplace_back(ToString(a->id), TraceToJson(Simulate(r)));
  }
  for (const ApplicationInfo& app : Applications())
    out.emplace_back(ToString(app.id), ApplicationToJson(testing::SimulatedApplication(
                                           app.id, {3, 1, 7, 0, 4, 1, 6, 3})));
  for (const char* file :
       {"tests/fuzz/corpus/grid/multi-block.json", "tests/fuzz/corpus/grid/single-pass.json",
        "tests/fuzz/corpus/grid/multi-gpu.json", "docs/multi-gpu/multi-gpu-4x16-simulated.json",
        "docs/example-blelloch-h200.json", "tests/data/v1/blelloch-example.json",
        "docs/single-pass/single-pass-8x8-ticket.json"})
    out.emplace_back(file, ReadText(std::string(SCANVIZ_SOURCE_DIR "/") + file));
  return out;
}

// The reproduction: an `op` that sets the terminal's title and prints a fake success line,
// or one of 10 MB, in a trace.
TEST(MessageEscaping, AnOpThatSetsTheTitleIsOneVisibleLine) {
  json root = json::parse(ReadText(SCANVIZ_SOURCE_DIR "/docs/example-blelloch-h200.json"));
  const json::json_pointer op("/meta/op");
  const AnyTraceLoad load =
      ParseAnyTraceJson(testing::WithField(root, op, "\x1b]0;pwned\x07\nscanviz-cli: check: OK"));
  EXPECT_EQ(load.error, "meta.op: unknown value \"\\x1b]0;pwned\\x07\\nscanviz-cli: check: OK\"");
  const std::string huge =
      ParseAnyTraceJson(testing::WithField(root, op, std::string(10 << 20, 'x'))).error;
  EXPECT_EQ(WhyNotOneSafeLine(huge), "") << huge.substr(0, 200);
}

TEST(MessageEscaping, EveryStringFieldOfEveryKindOfTraceIsQuotedSafely) {
  testing::HostileRun run;
  for (const auto& [name, text] : EveryKindOfTrace()) {
    ASSERT_TRUE(ParseAnyTraceJson(text).Ok()) << name << ": " << ParseAnyTraceJson(text).error;
    testing::RunHostile(
        name, text, [](const std::string& t) { return ParseAnyTraceJson(t).error; }, &run);
  }
  EXPECT_EQ(run.unsafe, std::vector<std::string>{});
  EXPECT_GT(run.fields, 100);
  EXPECT_GT(run.refused, 3 * 50);
}

// The benchmark's results, across GPUs too, and the request a launcher hands its ranks.
TEST(MessageEscaping, EveryStringFieldOfResultsAndRequestsIsQuotedSafely) {
  testing::HostileRun run;
  for (const char* file : {"/tests/fuzz/corpus/bench_results/v2-sample.json",
                           "/tests/fuzz/corpus/bench_results/h200-cut.json"})
    testing::RunHostile(
        file, ReadText(std::string(SCANVIZ_SOURCE_DIR) + file),
        [](const std::string& t) { return perf::ParseBenchResults(t).error; }, &run);
  for (const char* file : {"/tests/fuzz/corpus/multi_gpu_results/one-point.json",
                           "/tests/fuzz/corpus/multi_gpu_results/synthetic.json"})
    testing::RunHostile(
        file, ReadText(std::string(SCANVIZ_SOURCE_DIR) + file),
        [](const std::string& t) { return perf::ParseMultiGpuBenchResults(t).error; }, &run);
  MultiGpuRequest request;
  request.input = {3, 1, 7, 0, 4, 1, 6, 3};
  testing::RunHostile(
      "request.json", MultiGpuRequestToJson(request),
      [](const std::string& t) {
        std::string why;
        return ParseMultiGpuRequest(t, &why) ? std::string() : why;
      },
      &run);
  EXPECT_EQ(run.unsafe, std::vector<std::string>{});
  EXPECT_GT(run.refused, 20);
}

}  // namespace
}  // namespace scanviz
