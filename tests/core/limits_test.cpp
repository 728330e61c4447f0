// Every bound the core's loaders and the link decoder enforce against hostile input, fed just
// inside (not refused for it) and just outside (refused, with its one-line reason): issue #38's
// class 7. A limit loosened or removed turns one of these red (scripts/mutation_plants.txt
// plants each). docs/reliability.md, "Round four: limits", lists them with their tests.
#include <gtest/gtest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/any_trace_io.h"
#include "core/applications/application_io.h"
#include "core/file_io.h"
#include "core/grid/grid.h"
#include "core/grid/grid_io.h"
#include "core/grid/single_pass.h"
#include "core/input.h"
#include "core/json_read.h"
#include "core/link/deflate.h"
#include "core/link/share_text.h"
#include "core/multi_gpu/multi_gpu.h"
#include "core/multi_gpu/multi_gpu_io.h"
#include "core/perf/bench_results.h"
#include "core/perf/multi_gpu_results.h"
#include "core/simulator.h"
#include "core/trace.h"
#include "core/trace_io.h"
#include "support/application_traces.h"
#include "support/temp_dir.h"

namespace scanviz {
namespace {

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// `depth` arrays, one inside the other.
std::string Nested(int depth) {
  return std::string(static_cast<std::size_t>(depth), '[') +
         std::string(static_cast<std::size_t>(depth), ']');
}

// `text` with the first `from` replaced by `to` (which must be there).
std::string With(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

std::string Values(int count) {
  std::string s = "1";
  for (int i = 1; i < count; ++i) s += ",1";
  return s;
}

// [SECTION] Nesting depth: a parser's own recursion never sees more than its limit.
// `file` with a key holding `depth - 1` nested arrays: `depth` levels in all. The key is no part of
// any format, so the file is refused either way: inside the limit for that, outside for its depth.
std::string NestedIn(const std::string& file, int depth) {
  return With(file, "{", "{\"x\":" + Nested(depth - 1) + ",");
}

struct NestingCase {
  const char* what;
  std::string file;
  int limit;
  std::string (*error)(const std::string& text);  // the loader's error for `text`
};

std::string SmallTrace() {
  return TraceToJson(Simulate(
      ScanRequest{Algorithm::kHillisSteele, OpKind::kAdd, ElementType::kInt32, {3, 1, 7, 0}}));
}
std::string SmallGrid() {
  GridRequest grid;
  grid.block_size = 4;
  grid.input = std::vector<double>(12, 1);
  return GridToJson(SimulateGrid(grid));
}

TEST(Limits, NestingIsRefusedOneLevelPastEachLimit) {
  const NestingCase cases[] = {
      {"a single-block trace", SmallTrace(), kMaxTraceNesting,
       [](const std::string& t) { return ParseTraceJson(t).error; }},
      {"a single-block trace read as any kind", SmallTrace(), kMaxTraceNesting,
       [](const std::string& t) { return ParseAnyTraceJson(t).error; }},
      {"a grid", SmallGrid(), kMaxGridNesting,
       [](const std::string& t) { return ParseAnyTraceJson(t).error; }},
      {"a benchmark's results", R"({"schema": "scanviz-perf/2"})", 8,
       [](const std::string& t) { return perf::ParseBenchResults(t).error; }},
  };
  for (const NestingCase& c : cases) {
    const std::string inside = c.error(NestedIn(c.file, c.limit));
    EXPECT_FALSE(Has(inside, "nested more than")) << c.what << ": " << inside;
    const std::string outside = c.error(NestedIn(c.file, c.limit + 1));
    EXPECT_TRUE(Has(outside, "nested more than " + std::to_string(c.limit) + " levels deep"))
        << c.what << ": " << outside;
  }
}

TEST(Limits, CheckJsonNestingAtItsEdge) {
  EXPECT_EQ(CheckJsonNesting(Nested(5), 5), "");
  EXPECT_EQ(CheckJsonNesting(Nested(6), 5), "nested more than 5 levels deep (at byte 5)");
  EXPECT_EQ(CheckJsonNesting("{\"a\": [[\"[[[[\"]]}", 3), "");  // brackets in a string
}

// [SECTION] File sizes
TEST(Limits, ReadFileLimitedAtItsEdge) {
  testing::TempDir dir;
  const std::string path = dir.File("f.json");
  std::ofstream(path) << std::string(1000, 'x');
  const FileText inside = ReadFileLimited(path, 1000);
  EXPECT_TRUE(inside.Ok()) << inside.error;
  EXPECT_EQ(inside.text.size(), 1000u);
  const FileText outside = ReadFileLimited(path, 999);
  EXPECT_FALSE(outside.Ok());
  EXPECT_TRUE(outside.text.empty());
  EXPECT_EQ(outside.error, path + " is 1000 bytes, more than the 999 this reads");
}

// A sparse file one byte past the trace files' limit: every trace loader refuses it by its size,
// before reading a byte (so the test costs no memory).
TEST(Limits, TraceFilesOneBytePastTheLimitAreRefusedUnread) {
  testing::TempDir dir;
  const std::string path = dir.File("big.json");
  std::ofstream(path).close();
  std::filesystem::resize_file(path, kMaxTraceFileBytes + 1);
  const std::string why = path + " is " + std::to_string(kMaxTraceFileBytes + 1) +
                          " bytes, more than the " + std::to_string(kMaxTraceFileBytes) +
                          " this reads";
  EXPECT_TRUE(Has(LoadTraceFile(path).error, why)) << LoadTraceFile(path).error;
  EXPECT_TRUE(Has(LoadAnyTraceFile(path).error, why)) << LoadAnyTraceFile(path).error;
}

// A sparse file of `bytes` zeros (no disk space, and nothing read unless the loader reads it).
std::string SparseFile(const testing::TempDir& dir, std::size_t bytes) {
  const std::string path = dir.File("sparse-" + std::to_string(bytes) + ".json");
  std::ofstream(path).close();
  std::filesystem::resize_file(path, bytes);
  return path;
}

// The results files: at the limit read (and refused for holding zeros), one byte past it refused
// by the size alone.
TEST(Limits, ResultsFilesAtTheirSizeLimits) {
  struct Case {
    const char* what;
    std::size_t limit;
    std::string (*error)(const std::string& path);
  };
  const Case cases[] = {
      {"a benchmark's results", std::size_t{64} << 20,
       [](const std::string& p) { return perf::LoadBenchResults(p).error; }},
      {"the results across GPUs", std::size_t{16} << 20,
       [](const std::string& p) { return perf::LoadMultiGpuBenchResults(p).error; }},
  };
  testing::TempDir dir;
  for (const Case& c : cases) {
    const std::string why = "more than the " + std::to_string(c.limit) + " this reads";
    const std::string inside = c.error(SparseFile(dir, c.limit));
    EXPECT_FALSE(inside.empty()) << c.what;
    EXPECT_FALSE(Has(inside, "this reads")) << c.what << ": " << inside;
    const std::string outside = c.error(SparseFile(dir, c.limit + 1));
    EXPECT_TRUE(Has(outside, why)) << c.what << ": " << outside;
  }
}

// The same bound on text already in memory (a session's embedded trace, the page's upload).
TEST(Limits, TraceTextOneBytePastTheLimitIsRefusedUnparsed) {
  std::string text(kMaxTraceFileBytes + 1, ' ');
  text[0] = '{';
  const std::string why = "a trace may have";
  EXPECT_TRUE(Has(ParseTraceJson(text).error, why)) << ParseTraceJson(text).error;
  EXPECT_TRUE(Has(ParseAnyTraceJson(text).error, why)) << ParseAnyTraceJson(text).error;
  // At the limit: not refused for its size (a ']' first, so that the parser stops at byte 0).
  text.resize(kMaxTraceFileBytes);
  text[0] = ']';
  const std::string inside = ParseTraceJson(text).error;
  EXPECT_FALSE(inside.empty());
  EXPECT_FALSE(Has(inside, why)) << inside;
  EXPECT_FALSE(Has(ParseAnyTraceJson(text).error, why)) << ParseAnyTraceJson(text).error;
}

// [SECTION] Counts: n of each kind of trace, the values of an input
TEST(Limits, ASingleBlockTraceHoldsUpTo1024Elements) {
  const std::string inside =
      TraceToJson(Simulate(ScanRequest{Algorithm::kHillisSteele, OpKind::kAdd, ElementType::kInt32,
                                       std::vector<double>(kMaxElements, 1)}));
  const TraceLoadResult in = ParseTraceJson(inside);
  ASSERT_TRUE(in.trace) << in.error;
  EXPECT_EQ(in.trace->meta.n, kMaxElements);
  const std::string outside = With(inside, "\"n\":1024", "\"n\":1025");
  EXPECT_TRUE(Has(ParseTraceJson(outside).error, "meta.n: 1025 is outside 1..1024"))
      << ParseTraceJson(outside).error;
}

// A small file of each grid-sized kind with its n changed: at the limit the file is refused for
// something else (its arrays are 12 long), one past it for n.
TEST(Limits, EveryGridSizedKindHoldsUpTo65536Elements) {
  SinglePassRequest single_pass;
  single_pass.tile_size = 4;
  single_pass.input = std::vector<double>(12, 1);
  std::ostringstream sp;
  WriteSinglePassJson(SimulateSinglePass(single_pass), sp);
  const std::string application = ApplicationToJson(testing::SimulatedApplication(
      ApplicationKind::kCompact, std::vector<double>(12, 1), testing::KeepOdd()));
  MultiGpuRequest multi_gpu;
  multi_gpu.gpus = 2;
  multi_gpu.tile_size = 4;
  multi_gpu.input = std::vector<double>(12, 1);
  std::ostringstream mg;
  WriteMultiGpuJson(SimulateMultiGpu(multi_gpu), mg);
  for (const std::string& file : {SmallGrid(), sp.str(), application, mg.str()}) {
    ASSERT_TRUE(ParseAnyTraceJson(file).Ok()) << ParseAnyTraceJson(file).error;
    const std::string inside = ParseAnyTraceJson(With(file, "\"n\":12", "\"n\":65536")).error;
    EXPECT_FALSE(inside.empty());
    EXPECT_FALSE(Has(inside, "is outside")) << inside;
    const std::string outside = ParseAnyTraceJson(With(file, "\"n\":12", "\"n\":65537")).error;
    EXPECT_TRUE(Has(outside, "n: 65537 is outside 1..65536")) << outside;
  }
  // The scan across GPUs: its ranks.
  const std::string inside = ParseAnyTraceJson(With(mg.str(), "\"gpus\":2", "\"gpus\":16")).error;
  EXPECT_FALSE(inside.empty());
  EXPECT_FALSE(Has(inside, "is outside")) << inside;
  const std::string outside = ParseAnyTraceJson(With(mg.str(), "\"gpus\":2", "\"gpus\":17")).error;
  EXPECT_TRUE(Has(outside, "meta.gpus: 17 is outside 1..16")) << outside;
}

TEST(Limits, AnInputHoldsUpToItsLimitOfValues) {
  for (const int limit : {kMaxElements, kMaxGridElements}) {
    const ParsedValues inside = ParseValues(Values(limit), ElementType::kInt32, limit);
    EXPECT_TRUE(inside.Ok()) << inside.error;
    EXPECT_EQ(inside.values.size(), static_cast<std::size_t>(limit));
    const ParsedValues outside = ParseValues(Values(limit + 1), ElementType::kInt32, limit);
    EXPECT_FALSE(outside.Ok()) << limit;
    EXPECT_TRUE(Has(outside.error, std::to_string(limit))) << outside.error;
  }
  EXPECT_TRUE(ParseValues(Values(kMaxElements), ElementType::kInt32).Ok());  // the default
  EXPECT_FALSE(ParseValues(Values(kMaxElements + 1), ElementType::kInt32).Ok());
}

// [SECTION] Strings: a key the format does not know may hold a short string only
TEST(Limits, AnUnknownKeysStringHoldsUpTo4096Bytes) {
  const std::string trace = SmallTrace();
  const auto with_note = [&](std::size_t bytes) {
    return With(trace, "{", "{\"note\":\"" + std::string(bytes, 'x') + "\",");
  };
  const TraceLoadResult inside = ParseTraceJson(with_note(kMaxUnknownStringBytes));
  EXPECT_TRUE(inside.trace) << inside.error;
  const std::string outside = ParseTraceJson(with_note(kMaxUnknownStringBytes + 1)).error;
  EXPECT_TRUE(Has(outside, "a string of 4097 bytes")) << outside;
  EXPECT_TRUE(Has(ParseAnyTraceJson(with_note(kMaxUnknownStringBytes + 1)).error,
                  "a string of 4097 bytes"));
}

// [SECTION] The share link: its length, and what its text inflates to (the bomb)
const std::string kSession = R"({"format":"scanviz-session","version":2,"input":"3,1,7,0"})";

TEST(Limits, ALinkIsAtMost64KiBOfText) {
  std::string fragment = "#";
  fragment += link::EncodeFragment(kSession);
  // The address before '#' counts: a link is the whole text pasted.
  const std::string address = "https://example.org/";
  const std::string pad(link::kMaxLinkChars - fragment.size() - address.size(), 'a');
  const std::string inside = address + pad + fragment;
  ASSERT_EQ(inside.size(), link::kMaxLinkChars);
  const link::SharedText in = link::DecodeLink(inside);
  EXPECT_EQ(in.error, "");
  EXPECT_EQ(in.session_json, kSession);
  std::string outside = inside;
  outside.insert(address.size(), 1, 'a');
  const link::SharedText out = link::DecodeLink(outside);
  EXPECT_TRUE(out.found);
  EXPECT_EQ(out.error, "this link does not open: it is longer than any link ScanViz writes");
}

// A link's session inflates to at most 256 KiB: text of exactly that opens, one byte more (or a
// bomb of 40 MiB of zeros in a link of about 54 KiB) is refused at the cap.
TEST(Limits, ALinksTextInflatesToAtMost256KiB) {
  const auto link_of = [](const std::string& text) {
    return "#s=" + link::Base64UrlEncode(link::Deflate(text));
  };
  const link::SharedText in = link::DecodeLink(link_of(std::string(link::kMaxSessionBytes, 'a')));
  EXPECT_EQ(in.error, "");
  EXPECT_EQ(in.session_json.size(), link::kMaxSessionBytes);
  const std::string refused = "this link does not open: it expands past 256 KiB";
  EXPECT_EQ(link::DecodeLink(link_of(std::string(link::kMaxSessionBytes + 1, 'a'))).error, refused);
  const std::string bomb = link_of(std::string(std::size_t{40} << 20, '\0'));
  ASSERT_LE(bomb.size(), link::kMaxLinkChars);  // the bomb gets past the length check
  EXPECT_EQ(link::DecodeLink(bomb).error, refused);
  // Inflate itself: exactly the cap, and one byte past it.
  EXPECT_TRUE(link::Inflate(link::Deflate(std::string(2048, 'q')), 2048).data);
  EXPECT_EQ(link::Inflate(link::Deflate(std::string(2049, 'q')), 2048).error,
            "it expands past 2 KiB");
}

}  // namespace
}  // namespace scanviz
