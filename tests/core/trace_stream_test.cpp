// Issue #38, finding 8 (docs/reliability.md, "Round four: memory"): a 132 MB radix sort took 1.85
// GB to check and 2.0 GB to write, nlohmann's tree of its 87,000 block traces. A grid's block
// traces are now decoded as the parse reads each, and grids and applications are written a block
// trace at a time; what a trace file may hold is bounded as the parse meets it. What these tests
// hold: the writer's bytes are the tree's, the reader takes every block out of the tree and says
// what it said before, and the bounds sit at their edges. The memory itself is measured by
// scripts/memory_bench.sh and by MemoryBound's fresh-process tests.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "core/any_trace_io.h"
#include "core/applications/application_io.h"
#include "core/applications/application_json.h"
#include "core/grid/grid_io.h"
#include "core/grid/grid_json.h"
#include "core/json_read.h"
#include "core/simulator.h"
#include "core/trace_io.h"
#include "support/application_traces.h"

namespace scanviz {
namespace {

using nlohmann::json;

// 70 float32 values in blocks of 4: three levels of sums_scan, an infinity among the values.
GridTrace ThreeLevelGrid() {
  GridRequest r;
  r.block_algorithm = Algorithm::kBlelloch;
  r.block_size = 4;
  r.op = OpKind::kMax;
  r.type = ElementType::kFloat32;
  for (int i = 0; i < 70; ++i) r.input.push_back(i % 7 == 3 ? -0.5 * i : 1.25 * i);
  EXPECT_EQ(ValidateGridRequest(r), "");
  return SimulateGrid(r);
}

std::vector<ApplicationTrace> EveryApplication() {
  std::vector<ApplicationTrace> out;
  const std::vector<double> input = {3, 1, 7, 0, 4, 1, 6, 3, 5, 2, 8, 1, 9, -4, 2, 6, 0};
  ApplicationParams radix;
  radix.bits = 32;  // a negative key: the keys flipped, 32 passes
  out.push_back(
      testing::SimulatedApplication(ApplicationKind::kCompact, input, testing::KeepOdd()));
  out.push_back(testing::SimulatedApplication(ApplicationKind::kSplit, input));
  out.push_back(testing::SimulatedApplication(ApplicationKind::kRadixSort, input, radix));
  out.push_back(testing::SimulatedApplication(ApplicationKind::kAllocate,
                                              {3, 1, 7, 0, 4, 1, 6, 3, 5, 2, 8, 1}));
  return out;
}

// The writer appends the text a block at a time; a file must be what the tree gave, byte for byte
// (files written before load the same, and the fuzz targets' "written again, the same bytes").
TEST(TraceStream, GridsAndApplicationsAreWrittenAsTheirTreesDump) {
  const GridTrace grid = ThreeLevelGrid();
  ASSERT_EQ(grid.sums_scan.size(), 1u);
  ASSERT_EQ(grid.sums_scan[0].sums_scan.size(), 1u);
  EXPECT_EQ(GridToJson(grid), trace_json::EncodeGrid(grid).dump() + "\n");
  for (const ApplicationTrace& t : EveryApplication())
    EXPECT_EQ(ApplicationToJson(t), trace_json::EncodeApplication(t).dump() + "\n")
        << ToString(t.application);
}

// Every block trace, at every level, leaves the tree as the parse reads it: what stays is a
// stand-in, and the grid decoded from it is the one written.
TEST(TraceStream, AGridsBlockTracesAreTakenOutOfTheTreeAsTheParseReadsThem) {
  const GridTrace grid = ThreeLevelGrid();
  const std::string text = GridToJson(grid);
  trace_json::BlockTraceTaker taker;
  JsonLimits limits = TraceJsonLimits(kMaxGridNesting);
  limits.taker = &taker;
  const JsonRead read = ReadJson(text, limits);
  ASSERT_TRUE(read.Ok()) << read.error;
  std::size_t blocks = 0, stand_ins = 0;
  for (const json* level = &read.value; level->is_object();
       level = &level->at("grid").at("sums_scan")) {
    for (const json& b : level->at("grid").at("blocks")) {
      ++blocks;
      stand_ins += b.is_binary() ? 1 : 0;
    }
  }
  EXPECT_EQ(blocks, 18u + 5u + 2u + 1u);  // 70 elements in blocks of 4, their sums, ...
  EXPECT_EQ(stand_ins, blocks);
  EXPECT_EQ(taker.Count(), blocks);
  const AnyTraceLoad loaded = DecodeAnyTraceJson(read.value);
  ASSERT_TRUE(loaded.grid) << loaded.error;
  EXPECT_EQ(GridToJson(*loaded.grid), text);
}

// The grid with the most block traces (2^16 elements in blocks of 4: 21,845 of them, 26 MB) is read
// within the bound on a trace's tree only because its blocks leave the tree as they are read: the
// whole tree is 15 to 20 times the text.
TEST(TraceStream, TheGridWithTheMostBlocksIsReadWithinTheBound) {
  GridRequest r;
  r.block_size = kMinGridBlockSize;
  for (int i = 0; i < kMaxGridElements; ++i) r.input.push_back(i % 10);
  const std::string text = GridToJson(SimulateGrid(r));
  const AnyTraceLoad loaded = ParseAnyTraceJson(text);
  ASSERT_TRUE(loaded.grid) << loaded.error;
  EXPECT_EQ(loaded.grid->blocks.size(), 16384u);
  JsonLimits limits = TraceJsonLimits(kMaxGridNesting);  // the same bound, without a taker
  EXPECT_EQ(ReadJson(text, limits).problem, JsonRead::Problem::kShape);
}

// A broken block says what it said when the whole tree was decoded: the same message, from the
// same place, and the first thing wrong still the first one named.
TEST(TraceStream, ABrokenBlockIsNamedAsWhenTheWholeTreeWasRead) {
  const json whole = json::parse(GridToJson(ThreeLevelGrid()));
  std::vector<json> broken(6, whole);
  broken[0]["grid"]["blocks"][3]["meta"]["n"] = 5;
  broken[1]["grid"]["blocks"][17]["rounds"].erase(1);
  broken[2]["grid"]["blocks"][0] = json::array();
  broken[3]["grid"]["sums_scan"]["grid"]["blocks"][2]["input"][0] = 1.5e300;
  broken[4]["grid"]["blocks"][5]["format"] = "other";
  broken[5]["grid"]["blocks"][5]["version"] = 9;  // and the grid's n too: the grid's error first
  broken[5]["meta"]["n"] = 0;
  for (std::size_t i = 0; i < broken.size(); ++i) {
    const std::string taken = ParseAnyTraceJson(broken[i].dump()).error;
    const std::string tree = DecodeAnyTraceJson(broken[i]).error;  // no taker: the whole tree
    EXPECT_FALSE(taken.empty()) << i;
    EXPECT_EQ(taken, tree) << i;
  }
}

// A file that says so: a single block's rounds up to kMaxTraceRoundsListed are read (and then
// refused by the schedule), one more is refused as the parse meets it.
TEST(TraceStream, ASingleBlocksRoundsAreBoundedAtTheirEdge) {
  json block = json::parse(TraceToJson(Simulate(ScanRequest{
      Algorithm::kHillisSteele, OpKind::kAdd, ElementType::kInt32, {3, 1, 7, 0, 4, 1, 6, 3}})));
  const json round = block["rounds"][1];
  while (block["rounds"].size() < kMaxTraceRoundsListed) block["rounds"].push_back(round);
  EXPECT_EQ(ParseAnyTraceJson(block.dump()).error,
            "rounds: the file has 256 rounds, but a hillis-steele scan of 8 elements records 4 "
            "(truncated or edited?)");
  block["rounds"].push_back(round);
  EXPECT_EQ(ParseAnyTraceJson(block.dump()).error,
            "not a ScanViz trace: \"rounds\" holds more than 256 elements");
}

// Every array of a trace file: up to kMaxTraceArrayElements elements (an allocation's pool) are
// read, one more is refused as the parse meets it.
TEST(TraceStream, AnyArrayIsBoundedAtTheLargestAnAllocationHolds) {
  const std::string block = TraceToJson(Simulate(ScanRequest{
      Algorithm::kHillisSteele, OpKind::kAdd, ElementType::kInt32, {3, 1, 7, 0, 4, 1, 6, 3}}));
  const auto with_input = [&](std::size_t count) {
    std::string zeros;
    zeros.reserve(2 * count);
    for (std::size_t i = 0; i < count; ++i) zeros += i == 0 ? "0" : ",0";
    const std::size_t at = block.find("\"input\":[") + 9;
    return block.substr(0, at) + zeros + block.substr(block.find(']', at));
  };
  EXPECT_EQ(ParseAnyTraceJson(with_input(kMaxTraceArrayElements)).error,
            "input: has 1048576 values, but meta.n is 8");
  EXPECT_EQ(ParseAnyTraceJson(with_input(kMaxTraceArrayElements + 1)).error,
            "not a ScanViz trace: \"input\" holds more than 1048576 elements");
}

}  // namespace
}  // namespace scanviz
