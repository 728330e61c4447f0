// The multi-block scan (core/grid/): the chapters' three steps over a grid of blocks, each block
// the single-block simulator on its slice. Results against a sequential scan written here, the
// phases' invariants, the recursion, bad requests, and the file format.
#include <gtest/gtest.h>

#include <random>

#include "core/any_trace_io.h"
#include "core/grid/grid.h"
#include "core/grid/grid_io.h"
#include "core/grid/grid_steps.h"
#include "core/input.h"
#include "core/registry.h"
#include "core/trace_io.h"
#include "support/algorithms.h"
#include "support/sequential.h"

#include <nlohmann/json.hpp>
#include "support/trace_compare.h"

namespace scanviz {
namespace {

using V = std::vector<double>;

V Sequential(OpKind op, ElementType type, const V& input, bool inclusive) {
  return testing::SequentialScan(op, type, input, inclusive);
}

GridRequest Request(Algorithm a, int block_size, V input, OpKind op = OpKind::kAdd,
                    bool convert = false, ElementType type = ElementType::kInt32) {
  GridRequest r;
  r.block_algorithm = a;
  r.block_size = block_size;
  r.op = op;
  r.type = type;
  r.input = std::move(input);
  r.convert = convert;
  return r;
}

// Values in -50..50 so that max, min and last see negatives and ties.
V Values(int n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  V v(static_cast<size_t>(n));
  for (double& x : v) x = static_cast<double>(static_cast<int>(rng() % 101) - 50);
  return v;
}

std::string Describe(const GridRequest& r) {
  return std::string(ToString(r.block_algorithm)) + " B=" + std::to_string(r.block_size) +
         " n=" + std::to_string(r.input.size()) + " op=" + ToString(r.op) +
         (r.convert ? " converted" : "");
}

TEST(MultiBlock, TheChaptersExampleInBlocksOfFour) {
  const GridTrace t = SimulateGrid(
      Request(Algorithm::kHillisSteele, 4, {3, 1, 7, 0, 4, 1, 6, 3, 5, 2, 8, 1}));
  ASSERT_EQ(t.BlockCount(), 3);
  EXPECT_EQ(t.block_output, (V{3, 4, 11, 11, 4, 5, 11, 14, 5, 7, 15, 16}));
  EXPECT_EQ(t.sums, (V{11, 14, 16}));
  EXPECT_EQ(t.Offsets(), (V{0, 11, 25}));
  EXPECT_EQ(t.output, (V{3, 4, 11, 11, 15, 16, 22, 25, 30, 32, 40, 41}));
  ASSERT_EQ(t.sums_scan.size(), 1u);
  EXPECT_EQ(t.sums_scan[0].BlockCount(), 1);
  EXPECT_FALSE(t.sums_scan[0].Inclusive());  // Hillis-Steele converted to exclusive
  EXPECT_TRUE(t.sums_scan[0].blocks[0].meta.converted);
  EXPECT_TRUE(CheckGrid(t).empty()) << CheckGrid(t).front();
}

TEST(MultiBlock, EverySizeUpTo300EqualsTheSequentialScan) {
  for (Algorithm a : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    for (int b : {4, 8, 32}) {
      for (int n = 1; n <= 300; n += (b == 4 ? 1 : 7)) {
        for (bool convert : {false, true}) {
          for (OpKind op : kAllOps) {
            const GridRequest r = Request(a, b, Values(n, static_cast<std::uint64_t>(n)), op, convert);
            ASSERT_EQ(ValidateGridRequest(r), "");
            const GridTrace t = SimulateGrid(r);
            ASSERT_EQ(t.output, Sequential(op, r.type, r.input, t.Inclusive())) << Describe(r);
            const std::vector<std::string> broken = CheckGrid(t);
            ASSERT_TRUE(broken.empty()) << Describe(r) << ": " << broken.front();
          }
        }
      }
    }
  }
}

TEST(MultiBlock, LargeGridsUpTo65536) {
  struct Case {
    Algorithm a;
    int b, n;
  };
  for (const Case c : {Case{Algorithm::kHillisSteele, 1024, 65536}, Case{Algorithm::kBlelloch, 1024, 65535},
                       Case{Algorithm::kBlelloch, 4, 65536}, Case{Algorithm::kHillisSteele, 256, 40961},
                       Case{Algorithm::kHillisSteele, 4, 5000}, Case{Algorithm::kBlelloch, 16, 1 << 16}}) {
    const GridRequest r = Request(c.a, c.b, Values(c.n, 7), OpKind::kAdd, c.a == Algorithm::kBlelloch);
    const GridTrace t = SimulateGrid(r);
    EXPECT_EQ(t.output, Sequential(r.op, r.type, r.input, t.Inclusive())) << Describe(r);
    const std::vector<std::string> broken = CheckGrid(t);
    EXPECT_TRUE(broken.empty()) << Describe(r) << ": " << broken.front();
  }
}

TEST(MultiBlock, MoreSumsThanABlockHoldsRecurse) {
  // 2^16 in blocks of 4: 16384 sums, 4096, 1024, 256, 64, 16, 4: a grid of one block at depth 7.
  const GridTrace t = SimulateGrid(Request(Algorithm::kBlelloch, 4, Values(1 << 16, 3)));
  int depth = 0;
  const GridTrace* g = &t;
  while (!g->sums_scan.empty()) {
    EXPECT_EQ(g->sums_scan[0].input, g->sums);
    EXPECT_EQ(g->sums_scan[0].depth, g->depth + 1);
    g = &g->sums_scan[0];
    ++depth;
  }
  EXPECT_EQ(depth, 7);
  EXPECT_EQ(g->BlockCount(), 1);
  EXPECT_EQ(g->N(), 4);
}

TEST(MultiBlock, Float32SumsHoldTheirWindowsAndMaxIsExact) {
  const V input = RandomValues(3000, 11, ElementType::kFloat32, -100, 100);
  for (Algorithm a : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    const GridTrace add =
        SimulateGrid(Request(a, 64, input, OpKind::kAdd, false, ElementType::kFloat32));
    EXPECT_TRUE(CheckGrid(add).empty()) << CheckGrid(add).front();
    const GridTrace max =
        SimulateGrid(Request(a, 64, input, OpKind::kMax, false, ElementType::kFloat32));
    EXPECT_EQ(max.output, Sequential(OpKind::kMax, ElementType::kFloat32, input, max.Inclusive()));
  }
}

TEST(MultiBlock, TheOffsetComesFirst) {
  // "last" is not commutative: offset . value keeps the block's own last non-zero value, value .
  // offset would put the earlier blocks' last value over it.
  const GridTrace t =
      SimulateGrid(Request(Algorithm::kBlelloch, 4, {1, 0, 0, 0, 2, 0, 0, 0}, OpKind::kLast, true));
  EXPECT_EQ(t.output, (V{1, 1, 1, 1, 2, 2, 2, 2}));
}

TEST(MultiBlock, CheckNamesThePhaseThatBroke) {
  const GridTrace good = SimulateGrid(Request(Algorithm::kHillisSteele, 8, Values(100, 5)));
  ASSERT_TRUE(CheckGrid(good).empty());
  {
    GridTrace t = good;
    t.sums[3] += 1;
    ASSERT_FALSE(CheckGrid(t).empty());
    EXPECT_NE(CheckGrid(t).front().find("phase 1: sums[3]"), std::string::npos) << CheckGrid(t).front();
  }
  {
    GridTrace t = good;
    t.sums_scan[0].output[5] += 1;  // an offset
    const std::vector<std::string> broken = CheckGrid(t);
    ASSERT_FALSE(broken.empty());
    bool named = false;
    for (const std::string& b : broken) named = named || b.find("phase 2: offsets[5]") != std::string::npos;
    EXPECT_TRUE(named) << broken.front();
  }
  {
    GridTrace t = good;
    t.output[77] += 1;
    ASSERT_FALSE(CheckGrid(t).empty());
    EXPECT_NE(CheckGrid(t).back().find("phase 3: output[77]"), std::string::npos) << CheckGrid(t).back();
  }
  {
    GridTrace t = good;
    t.block_output[9] += 1;
    ASSERT_FALSE(CheckGrid(t).empty());
    EXPECT_NE(CheckGrid(t).front().find("block 1, phase 1: output[9]"), std::string::npos)
        << CheckGrid(t).front();
  }
}

// What the live app shows first at 2^16 (BlockTraces::kLater: each block's result alone) is the
// recorded grid's every array, and TraceBlocks then makes the very traces SimulateGrid records.
TEST(MultiBlock, BlockTracesLaterAreTheRecordedGrid) {
  int compared = 0;
  for (const AlgorithmInfo* info : Algorithms()) {
    for (const int b : {4, 8, 32}) {
      for (const int n : {1, 5, 64, 100, 1000}) {
        for (const bool convert : {false, true}) {
          const OpKind op = n % 2 == 0 ? OpKind::kMax : OpKind::kAdd;
          const ElementType type = b == 8 ? ElementType::kFloat32 : ElementType::kInt32;
          const GridRequest r = Request(info->id, b, Values(n, 11), op, convert, type);
          const GridTrace recorded = SimulateGrid(r);
          GridTrace later = SimulateGrid(r, BlockTraces::kLater);
          SCOPED_TRACE(Describe(r));
          EXPECT_TRUE(recorded.HasBlockTraces());
          EXPECT_EQ(later.HasBlockTraces(), false);
          EXPECT_TRUE(later.blocks.empty());
          ASSERT_EQ(later.BlockCount(), recorded.BlockCount());
          EXPECT_EQ(later.block_output, recorded.block_output);
          EXPECT_EQ(later.sums, recorded.sums);
          EXPECT_EQ(later.output, recorded.output);
          EXPECT_FALSE(CheckGrid(later).empty());  // no traces: not a whole grid
          TraceBlocks(&later);
          EXPECT_TRUE(later.HasBlockTraces());
          EXPECT_EQ(GridToJson(later), GridToJson(recorded));
          EXPECT_TRUE(CheckGrid(later).empty());
          ++compared;
        }
      }
    }
  }
  EXPECT_EQ(compared, static_cast<int>(Algorithms().size()) * 30);
}

TEST(MultiBlock, BadRequestsGetOneLine) {
  auto error = [](GridRequest r) { return ValidateGridRequest(r); };
  EXPECT_EQ(error(Request(Algorithm::kHillisSteele, 6, {1, 2})),
            "--block-size 6: choose a power of two from 4 to 1024");
  EXPECT_EQ(error(Request(Algorithm::kHillisSteele, 2, {1, 2})),
            "--block-size 2: choose a power of two from 4 to 1024");
  EXPECT_EQ(error(Request(Algorithm::kHillisSteele, 2048, {1, 2})),
            "--block-size 2048: choose a power of two from 4 to 1024");
  for (const AlgorithmInfo* info : Algorithms())  // every algorithm scans a block
    EXPECT_EQ(error(Request(info->id, 8, {1, 2})), "") << info->key;
  EXPECT_EQ(error(Request(static_cast<Algorithm>(kAlgorithmCount), 8, {1, 2})),
            "--block-algorithm " + std::to_string(kAlgorithmCount) + ": choose " + AlgorithmKeys());
  EXPECT_EQ(error(Request(Algorithm::kBlelloch, 8, {})), "0 elements: choose 1..65536 for a multi-block scan");
  EXPECT_EQ(error(Request(Algorithm::kBlelloch, 8, V(65537, 1.0))),
            "65537 elements: choose 1..65536 for a multi-block scan");
  EXPECT_NE(error(Request(Algorithm::kBlelloch, 8, {1.5})), "");  // not an int32
}

// Every algorithm of the registry as the grid's block scan (support/algorithms.h: one
// instantiation per algorithm, a new one included with no edit here). Sizes at and around the
// block sizes' edges and ones no block size divides, every operator, both flavours: the output
// equals the sequential scan, every phase's invariant holds, and each flavour composes (phase 2
// the exclusive scan of the sums whatever the block algorithm's own flavour).
class GridBlockScan : public ::testing::TestWithParam<Algorithm> {};

TEST_P(GridBlockScan, EqualsTheSequentialScan) {
  const Algorithm a = GetParam();
  int grids = 0;
  for (int b : {4, 8, 32, 64, 1024}) {
    for (int n : {1, 2, 3, 5, 31, 33, 100, 1000, b - 1, b, b + 1, 3 * b + 5}) {
      if (n < 1) continue;
      for (OpKind op : kAllOps) {
        for (bool convert : {false, true}) {
          const GridRequest r = Request(
              a, b, Values(n, static_cast<std::uint64_t>(n) + static_cast<std::uint64_t>(b)), op,
              convert);
          ASSERT_EQ(ValidateGridRequest(r), "") << Describe(r);
          const GridTrace t = SimulateGrid(r);
          ASSERT_EQ(t.Inclusive(), Info(a).inclusive != convert) << Describe(r);
          ASSERT_EQ(t.output, Sequential(op, r.type, r.input, t.Inclusive())) << Describe(r);
          const std::vector<std::string> broken = CheckGrid(t);
          ASSERT_TRUE(broken.empty()) << Describe(r) << ": " << broken.front();
          for (const Trace& block : t.blocks) ASSERT_EQ(block.meta.algorithm, a) << Describe(r);
          if (!t.sums_scan.empty()) {
            ASSERT_FALSE(t.sums_scan[0].Inclusive()) << Describe(r);
            ASSERT_EQ(t.sums_scan[0].blocks[0].meta.converted, Info(a).inclusive) << Describe(r);
          }
          ++grids;
        }
      }
    }
  }
  EXPECT_GT(grids, 400);
}

// The recursion several levels deep, and float32: sums within their windows' tolerance, max exact.
TEST_P(GridBlockScan, DeepGridsAndFloat32) {
  const Algorithm a = GetParam();
  for (bool convert : {false, true}) {
    const GridRequest r = Request(a, 4, Values(5000, 9), OpKind::kAdd, convert);
    const GridTrace t = SimulateGrid(r);  // 1250 sums, 313, 79, 20, 5, 2: depth 6
    EXPECT_EQ(GridLevels(t).size(), 7u) << Describe(r);
    EXPECT_EQ(t.output, Sequential(r.op, r.type, r.input, t.Inclusive())) << Describe(r);
    EXPECT_TRUE(CheckGrid(t).empty()) << Describe(r) << ": " << CheckGrid(t).front();
  }
  const V input = RandomValues(3000, 11, ElementType::kFloat32, -100, 100);
  for (int b : {32, 64, 1024}) {
    const GridTrace add =
        SimulateGrid(Request(a, b, input, OpKind::kAdd, false, ElementType::kFloat32));
    EXPECT_TRUE(CheckGrid(add).empty())
        << ToString(a) << " B=" << b << ": " << CheckGrid(add).front();
    const GridTrace max =
        SimulateGrid(Request(a, b, input, OpKind::kMax, true, ElementType::kFloat32));
    EXPECT_EQ(max.output, Sequential(OpKind::kMax, ElementType::kFloat32, input, max.Inclusive()))
        << ToString(a) << " B=" << b;
  }
}

// A grid file of every block algorithm loads back as it was written, and checks.
TEST_P(GridBlockScan, FileRoundTrip) {
  const GridTrace t = SimulateGrid(Request(GetParam(), 8, Values(70, 9), OpKind::kLast, true));
  const std::string text = GridToJson(t);
  const AnyTraceLoad loaded = ParseAnyTraceJson(text);
  ASSERT_TRUE(loaded.grid) << loaded.error;
  EXPECT_EQ(GridToJson(*loaded.grid), text);
  EXPECT_TRUE(CheckGrid(*loaded.grid).empty());
}

SCANVIZ_FOR_EVERY_ALGORITHM(GridBlockScan);

TEST(MultiBlockFile, RoundTripKeepsEverything) {
  for (Algorithm a : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    const GridTrace t = SimulateGrid(Request(a, 4, Values(70, 9), OpKind::kMin, true));
    const std::string text = GridToJson(t);
    const AnyTraceLoad loaded = ParseAnyTraceJson(text);
    ASSERT_TRUE(loaded.grid) << loaded.error;
    EXPECT_FALSE(loaded.trace);
    EXPECT_EQ(GridToJson(*loaded.grid), text);
    ASSERT_EQ(loaded.grid->BlockCount(), t.BlockCount());
    for (int b = 0; b < t.BlockCount(); ++b)
      EXPECT_EQ(testing::FirstDifferenceInFile(loaded.grid->blocks[static_cast<size_t>(b)],
                                               t.blocks[static_cast<size_t>(b)]),
                "");
    EXPECT_TRUE(CheckGrid(*loaded.grid).empty());
  }
}

TEST(MultiBlockFile, ASingleBlockFileStillLoadsAsOne) {
  const GridTrace t = SimulateGrid(Request(Algorithm::kBlelloch, 8, Values(20, 1)));
  const AnyTraceLoad loaded = ParseAnyTraceJson(TraceToJson(t.blocks[0]));
  ASSERT_TRUE(loaded.trace) << loaded.error;
  EXPECT_FALSE(loaded.grid);
}

TEST(MultiBlockFile, BrokenFilesAreRefusedNamingThePlace) {
  const GridTrace t = SimulateGrid(Request(Algorithm::kHillisSteele, 4, Values(20, 2)));
  auto refused = [&](auto edit, const std::string& fragment) {
    nlohmann::json j = nlohmann::json::parse(GridToJson(t));
    edit(j);
    const AnyTraceLoad loaded = ParseAnyTraceJson(j.dump());
    EXPECT_FALSE(loaded.Ok()) << fragment;
    EXPECT_NE(loaded.error.find(fragment), std::string::npos) << loaded.error;
  };
  refused([](nlohmann::json& j) { j["meta"]["block_count"] = 4; }, "meta.block_count");
  refused([](nlohmann::json& j) { j["meta"]["block_size"] = 6; }, "--block-size 6");
  refused([](nlohmann::json& j) { j["grid"]["blocks"].erase(1); }, "grid.blocks");
  refused([](nlohmann::json& j) { j["grid"]["blocks"][2]["input"][0] = 99; }, "grid.blocks[2]");
  refused([](nlohmann::json& j) { j["grid"]["sums"].erase(0); }, "grid.sums");
  refused([](nlohmann::json& j) { j["grid"]["sums_scan"] = nullptr; }, "grid.sums_scan");
  refused([](nlohmann::json& j) { j["grid"]["sums_scan"]["input"][0] = 1234; },
          "grid.sums_scan");
  refused([](nlohmann::json& j) { j["grid"]["output"][3] = 1.5; }, "grid.output[3]");
  refused([](nlohmann::json& j) { j["grid"]["blocks"][0]["rounds"][1]["values"][0][0] = "x"; },
          "grid.blocks[0]: rounds[1]");
}

}  // namespace
}  // namespace scanviz
