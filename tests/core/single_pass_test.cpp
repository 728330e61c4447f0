// The single-pass scan with decoupled look-back (core/grid/single_pass*.h): results against a
// sequential scan written here, the look-back's reads and flags on the simulator's schedule, what
// CheckSinglePass catches when a trace lies, bad requests, and the file format.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <utility>

#include "core/any_trace_io.h"
#include "core/grid/grid_io.h"
#include "core/grid/single_pass.h"
#include "core/grid/single_pass_steps.h"
#include "core/input.h"
#include "core/registry.h"
#include "support/algorithms.h"
#include "support/sequential.h"

namespace scanviz {
namespace {

using V = std::vector<double>;

V Sequential(OpKind op, ElementType type, const V& input, bool inclusive) {
  return testing::SequentialScan(op, type, input, inclusive);
}

SinglePassRequest Request(Algorithm a, int tile, V input, OpKind op = OpKind::kAdd,
                          bool convert = false, TileOrder order = TileOrder::kBlockIdx) {
  SinglePassRequest r;
  r.order = order;
  r.block_algorithm = a;
  r.tile_size = tile;
  r.op = op;
  r.input = std::move(input);
  r.convert = convert;
  return r;
}

V Values(int n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  V v(static_cast<size_t>(n));
  for (double& x : v) x = static_cast<double>(static_cast<int>(rng() % 101) - 50);
  return v;
}

std::string First(const std::vector<std::string>& v) {
  return v.empty() ? "" : v.front();
}

// The chapters' example twice over, in tiles of 4, on the simulator's schedule: worked by hand from
// the model (4 tiles resident; a scan of 2 rounds plus the jitter; one step per read).
TEST(SinglePass, TheExampleInTilesOfFour) {
  const SinglePassTrace t = SimulateSinglePass(
      Request(Algorithm::kHillisSteele, 4, {3, 1, 7, 0, 4, 1, 6, 3, 5, 2, 8, 1, 9, 2, 2, 2}));
  ASSERT_EQ(t.TileCount(), 4);
  EXPECT_FALSE(t.measured);
  EXPECT_EQ(t.clock, "simulated steps");
  EXPECT_EQ(t.output, (V{3, 4, 11, 11, 15, 16, 22, 25, 30, 32, 40, 41, 50, 52, 54, 56}));
  EXPECT_EQ(t.tiles[0].aggregate, 11);
  EXPECT_TRUE(t.tiles[0].reads.empty());  // tile 0 publishes P at once
  EXPECT_EQ(t.tiles[0].published_a, -1);
  for (int k = 1; k < 4; ++k) {
    const TileRecord& r = t.tiles[static_cast<size_t>(k)];
    ASSERT_FALSE(r.reads.empty()) << k;
    EXPECT_EQ(r.reads.front().predecessor, k - 1);             // the look-back starts next door
    EXPECT_EQ(r.reads.back().flag, single_pass::kFlagP) << k;  // and ends at an inclusive prefix
  }
  EXPECT_EQ(t.tiles[1].exclusive, 11);
  EXPECT_EQ(t.tiles[2].exclusive, 25);
  EXPECT_EQ(t.tiles[3].exclusive, 41);
  EXPECT_EQ(t.tiles[3].inclusive, 56);
  EXPECT_EQ(First(CheckSinglePass(t)), "");
}

// With every tile resident at once and tile 1 late, tile 2 reads X (it waits), then A, then P: the
// look-back goes past an aggregate to the inclusive prefix behind it.
TEST(SinglePass, ALateTileMakesItsSuccessorWaitAndLookFurther) {
  const SinglePassTrace t = SimulateSinglePass(Request(Algorithm::kHillisSteele, 4, Values(32, 3)));
  const SinglePassSummary s = Summarize(t);
  EXPECT_GT(s.tiles_that_waited, 0) << "the jitter should make some tile wait";
  EXPECT_GE(s.max_looked_back, 2) << "some tile should pass an aggregate";
  bool saw_x_then_a = false;
  for (const TileRecord& r : t.tiles)
    for (size_t j = 0; j + 1 < r.reads.size(); ++j)
      saw_x_then_a |= r.reads[j].flag == single_pass::kFlagX &&
                      r.reads[j + 1].flag == single_pass::kFlagA &&
                      r.reads[j].predecessor == r.reads[j + 1].predecessor;
  EXPECT_TRUE(saw_x_then_a);
  EXPECT_EQ(First(CheckSinglePass(t)), "");
}

TEST(SinglePass, EverySizeOperatorAndFlavourEqualsTheSequentialScan) {
  int cases = 0;
  for (Algorithm a : {Algorithm::kHillisSteele, Algorithm::kBlelloch}) {
    for (int tile : {4, 8, 64}) {
      for (OpKind op : kAllOps) {
        for (bool convert : {false, true}) {
          for (int n = 1; n <= 200; n += (tile == 4 ? 3 : 13)) {
            const SinglePassRequest r = Request(a, tile, Values(n, n * 7 + tile), op, convert);
            const SinglePassTrace t = SimulateSinglePass(r);
            const bool inclusive = Info(a).inclusive != convert;
            ASSERT_EQ(t.output, Sequential(op, ElementType::kInt32, r.input, inclusive))
                << ToString(a) << " tile " << tile << " n " << n << " " << ToString(op);
            ASSERT_EQ(First(CheckSinglePass(t)), "") << ToString(a) << " n " << n;
            ++cases;
          }
        }
      }
    }
  }
  EXPECT_GT(cases, 500);
}

TEST(SinglePass, LargeInputsUpTo65536) {
  std::mt19937_64 rng(65536);
  for (int c = 0; c < 6; ++c) {
    const int n = c == 0 ? kMaxGridElements : 1 + static_cast<int>(rng() % kMaxGridElements);
    const int tile = 1 << (2 + static_cast<int>(rng() % 9));
    const SinglePassRequest r =
        Request(c % 2 ? Algorithm::kBlelloch : Algorithm::kHillisSteele, tile, Values(n, c));
    const SinglePassTrace t = SimulateSinglePass(r);
    EXPECT_EQ(t.output, Sequential(OpKind::kAdd, ElementType::kInt32, r.input, c % 2 == 0));
    EXPECT_EQ(First(CheckSinglePass(t)), "") << "n " << n << " tile " << tile;
  }
}

// Every algorithm of the registry as the tiles' scan (support/algorithms.h: a new one joins with
// no edit here): tile sizes at and around the sizes' edges and ones no tile divides, both tile
// orders, every operator and both flavours; the output is the sequential scan, each tile's own
// scan is its block scan's result, and the timeline holds.
class TileBlockScan : public ::testing::TestWithParam<Algorithm> {};

TEST_P(TileBlockScan, EqualsTheSequentialScanInBothTileOrders) {
  const Algorithm a = GetParam();
  int cases = 0;
  for (int tile : {4, 8, 32, 64, 1024}) {
    for (int n : {1, 3, 33, 100, 1000, tile - 1, tile, tile + 1, 3 * tile + 5}) {
      for (TileOrder order : {TileOrder::kBlockIdx, TileOrder::kTicket}) {
        for (OpKind op : kAllOps) {
          for (bool convert : {false, true}) {
            const SinglePassRequest r = Request(
                a, tile,
                Values(n, static_cast<std::uint64_t>(n) * 3 + static_cast<std::uint64_t>(tile)), op,
                convert, order);
            const std::string name = std::string(ToString(a)) + " tile " + std::to_string(tile) +
                                     " n " + std::to_string(n) + " " + ToString(order) + " " +
                                     ToString(op) + (convert ? " converted" : "");
            ASSERT_EQ(ValidateSinglePassRequest(r), "") << name;
            const SinglePassTrace t = SimulateSinglePass(r);
            ASSERT_EQ(t.Inclusive(), Info(a).inclusive != convert) << name;
            ASSERT_EQ(t.output, Sequential(op, ElementType::kInt32, r.input, t.Inclusive()))
                << name;
            for (int k = 0; k < t.TileCount(); ++k) {
              const V tile_input(r.input.begin() + t.TileBegin(k),
                                 r.input.begin() + t.TileBegin(k) + t.TileElements(k));
              const V own(t.tile_output.begin() + t.TileBegin(k),
                          t.tile_output.begin() + t.TileBegin(k) + t.TileElements(k));
              ASSERT_EQ(own, Sequential(op, ElementType::kInt32, tile_input, t.Inclusive()))
                  << name << " tile " << k;
            }
            ASSERT_EQ(First(CheckSinglePass(t)), "") << name;
            ++cases;
          }
        }
      }
    }
  }
  EXPECT_GT(cases, 600);
}

TEST_P(TileBlockScan, FileRoundTrip) {
  const SinglePassTrace t = SimulateSinglePass(
      Request(GetParam(), 8, Values(77, 4), OpKind::kMax, true, TileOrder::kTicket));
  auto json = [](const SinglePassTrace& trace) {
    std::ostringstream out;
    WriteSinglePassJson(trace, out);
    return out.str();
  };
  const std::string text = json(t);
  const AnyTraceLoad loaded = ParseAnyTraceJson(text);
  ASSERT_TRUE(loaded.single_pass) << loaded.error;
  EXPECT_EQ(json(*loaded.single_pass), text);
  EXPECT_EQ(First(CheckSinglePass(*loaded.single_pass)), "");
}

SCANVIZ_FOR_EVERY_ALGORITHM(TileBlockScan);

// One layout for the traced kernel, the simulator and rung e: [epoch:30 | flag:2][value:32]. Epoch
// 0 (the traced scan's) is the word [flag][value]; a word of another epoch reads as not ready.
TEST(SinglePass, TheStatusWordCarriesFlagValueAndEpoch) {
  namespace sp = single_pass;
  EXPECT_EQ(sp::Pack(sp::kFlagA, std::int32_t{-1}), 0x1'FFFF'FFFFull);
  EXPECT_EQ(sp::Pack(sp::kFlagP, 1.0f), (2ull << 32) | 0x3F80'0000u);
  for (const unsigned epoch : {0u, 1u, 12345u, sp::kEpochMask}) {
    for (const unsigned flag : {sp::kFlagX, sp::kFlagA, sp::kFlagP}) {
      const std::uint64_t word = sp::Pack(flag, -2.5f, epoch);
      EXPECT_EQ(sp::FlagOf(word, epoch), flag) << epoch;
      EXPECT_EQ(sp::ValueOf<float>(word), -2.5f);
      EXPECT_EQ(sp::FlagOf(word, (epoch + 1) & sp::kEpochMask), sp::kFlagX) << epoch;
    }
  }
  EXPECT_EQ(sp::FirstPublication(0, std::int32_t{7}, 3), sp::Pack(sp::kFlagP, std::int32_t{7}, 3));
  EXPECT_EQ(sp::FirstPublication(4, std::int32_t{7}, 3), sp::Pack(sp::kFlagA, std::int32_t{7}, 3));
  EXPECT_EQ(sp::PrefixPublication(std::int32_t{5}, std::int32_t{7}, AddOp<std::int32_t>{}, 3),
            sp::Pack(sp::kFlagP, std::int32_t{12}, 3));
  // The look-back stops at once on a word of another epoch: it waits, as on X.
  auto look = sp::StartLookBack<AddOp<std::int32_t>>(2);
  look = sp::LookStep(look, sp::Pack(sp::kFlagP, std::int32_t{4}, 1), AddOp<std::int32_t>{});
  EXPECT_FALSE(look.done);
  EXPECT_EQ(look.predecessor, 1);
}

// last is not commutative: a look-back that put its gathered value in front of the predecessor's
// (the wrong order) would carry the wrong value forward.
TEST(SinglePass, TheLookBackKeepsTheOperandsInOrder) {
  namespace sp = single_pass;
  const LastOp<std::int32_t> op;
  auto look = sp::StartLookBack<LastOp<std::int32_t>>(3);
  look = sp::LookStep(look, sp::Pack(sp::kFlagA, std::int32_t{0}), op);  // tile 2: all zeros
  look = sp::LookStep(look, sp::Pack(sp::kFlagX, std::int32_t{0}), op);  // tile 1 not ready
  EXPECT_EQ(look.predecessor, 1);
  look = sp::LookStep(look, sp::Pack(sp::kFlagA, std::int32_t{5}), op);  // tile 1 ends in 5
  look = sp::LookStep(look, sp::Pack(sp::kFlagP, std::int32_t{9}), op);  // tile 0 ends in 9
  EXPECT_TRUE(look.done);
  EXPECT_EQ(look.exclusive, 5) << "the nearer tile's last value must win";
  const SinglePassTrace t =
      SimulateSinglePass(Request(Algorithm::kHillisSteele, 4,
                                 {0, 3, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0}, OpKind::kLast));
  EXPECT_EQ(t.output, (V{0, 3, 3, 3, 7, 7, 7, 7, 7, 7, 7, 7, 7, 2, 2, 2}));
}

TEST(SinglePass, CheckNamesWhatALyingTraceGotWrong) {
  const SinglePassTrace good = SimulateSinglePass(Request(Algorithm::kBlelloch, 4, Values(40, 9)));
  ASSERT_EQ(First(CheckSinglePass(good)), "");
  int tile = -1;  // a tile whose look-back read an aggregate
  for (const TileRecord& r : good.tiles)
    if (r.reads.size() >= 2 && r.reads[0].flag == single_pass::kFlagA) tile = r.tile;
  ASSERT_GE(tile, 0);
  {
    SinglePassTrace t = good;
    t.tiles[static_cast<size_t>(tile)].reads[0].value += 1;
    EXPECT_NE(First(CheckSinglePass(t)).find("saw A with"), std::string::npos)
        << First(CheckSinglePass(t));
  }
  {
    SinglePassTrace t = good;
    t.tiles[static_cast<size_t>(tile)].reads.pop_back();  // never met a P
    EXPECT_NE(First(CheckSinglePass(t)).find("never met an inclusive prefix"), std::string::npos)
        << First(CheckSinglePass(t));
  }
  {
    SinglePassTrace t = good;
    t.tiles[static_cast<size_t>(tile)].reads[0].predecessor -= 1;  // skipped a tile
    EXPECT_NE(First(CheckSinglePass(t)).find("expected tile"), std::string::npos);
  }
  {
    SinglePassTrace t = good;
    t.tiles[static_cast<size_t>(tile)].reads[0].time =
        t.tiles[static_cast<size_t>(tile) - 1].published_a - 1;
    EXPECT_NE(First(CheckSinglePass(t)).find("read before"), std::string::npos)
        << First(CheckSinglePass(t));
  }
  {
    SinglePassTrace t = good;
    t.tiles[3].inclusive += 1;
    EXPECT_NE(First(CheckSinglePass(t)).find("tile 3: its inclusive prefix"), std::string::npos)
        << First(CheckSinglePass(t));
  }
  {
    SinglePassTrace t = good;
    t.output[17] += 1;
    EXPECT_NE(First(CheckSinglePass(t)).find("output[17]"), std::string::npos);
  }
  {
    SinglePassTrace t = good;
    t.tiles[2].end = t.tiles[2].published_p - 1;
    EXPECT_NE(First(CheckSinglePass(t)).find("tile 2: its times are out of order"),
              std::string::npos);
  }
}

TEST(SinglePass, BadRequestsGetOneLine) {
  SinglePassRequest r = Request(Algorithm::kHillisSteele, 6, {1, 2});
  EXPECT_EQ(ValidateSinglePassRequest(r), "--tile-size 6: choose a power of two from 4 to 1024");
  r.tile_size = 8;
  for (const AlgorithmInfo* info : Algorithms()) {  // every algorithm scans a tile
    r.block_algorithm = info->id;
    EXPECT_EQ(ValidateSinglePassRequest(r), "") << info->key;
  }
  r.block_algorithm = static_cast<Algorithm>(kAlgorithmCount);  // none of the registry's
  EXPECT_EQ(ValidateSinglePassRequest(r),
            "--block-algorithm " + std::to_string(kAlgorithmCount) + ": choose " + AlgorithmKeys());
  r.block_algorithm = Algorithm::kBlelloch;
  r.input.assign(kMaxGridElements + 1, 1);
  EXPECT_NE(ValidateSinglePassRequest(r).find("choose 1..65536"), std::string::npos);
  TileOrder order{};
  EXPECT_FALSE(Parse("blockIdx.x", &order));
  EXPECT_TRUE(Parse("ticket", &order));
  EXPECT_EQ(order, TileOrder::kTicket);
}

std::string ToJson(const SinglePassTrace& t) {
  std::ostringstream out;
  WriteSinglePassJson(t, out);
  return out.str();
}

TEST(SinglePassFile, RoundTripKeepsEverything) {
  SinglePassRequest r = Request(Algorithm::kBlelloch, 8, Values(77, 4), OpKind::kMax, true);
  r.order = TileOrder::kTicket;
  const SinglePassTrace t = SimulateSinglePass(r);
  const std::string text = ToJson(t);
  const AnyTraceLoad loaded = ParseAnyTraceJson(text);
  ASSERT_TRUE(loaded.single_pass) << loaded.error;
  EXPECT_EQ(ToJson(*loaded.single_pass), text);
  EXPECT_EQ(loaded.single_pass->order, TileOrder::kTicket);
  EXPECT_EQ(First(CheckSinglePass(*loaded.single_pass)), "");
}

TEST(SinglePassFile, BrokenFilesAreRefusedNamingThePlace) {
  const SinglePassTrace t = SimulateSinglePass(Request(Algorithm::kHillisSteele, 4, Values(20, 1)));
  struct Case {
    const char* name;
    void (*edit)(nlohmann::json&);
    const char* says;
  };
  const Case cases[] = {
      {"tile count", [](nlohmann::json& j) { j["meta"]["tile_count"] = 4; }, "meta.tile_count"},
      {"missing tiles", [](nlohmann::json& j) { j["single_pass"]["tiles"].erase(1); },
       "single_pass.tiles"},
      {"a read of a successor",
       [](nlohmann::json& j) { j["single_pass"]["tiles"][2]["reads"][0]["tile"] = 3; },
       "single_pass.tiles[2].reads[0].tile"},
      {"a flag", [](nlohmann::json& j) { j["single_pass"]["tiles"][2]["reads"][0]["flag"] = 7; },
       "flag"},
      {"tile order", [](nlohmann::json& j) { j["meta"]["tile_order"] = "random"; },
       "meta.tile_order"},
      {"short output", [](nlohmann::json& j) { j["single_pass"]["output"].erase(0); },
       "single_pass.output"},
      {"huge time", [](nlohmann::json& j) { j["single_pass"]["tiles"][1]["end"] = 1e30; },
       "single_pass.tiles[1].end"},
      // Issue #25: the timeline indexes its rows by `tile` (a crash, or a silent write outside
      // the heap when negative), and Summarize subtracts times (signed overflow near 2^62).
      {"a tile out of range", [](nlohmann::json& j) { j["single_pass"]["tiles"][1]["tile"] = 99; },
       "single_pass.tiles[1].tile"},
      {"a negative tile", [](nlohmann::json& j) { j["single_pass"]["tiles"][0]["tile"] = -8; },
       "single_pass.tiles[0].tile"},
      {"tiles swapped",
       [](nlohmann::json& j) {
         std::swap(j["single_pass"]["tiles"][1]["tile"], j["single_pass"]["tiles"][2]["tile"]);
       },
       "single_pass.tiles[1].tile"},
      {"a block not its tile in blockIdx order",
       [](nlohmann::json& j) { j["single_pass"]["tiles"][1]["block"] = 2; },
       "single_pass.tiles[1].block"},
      {"a negative wait", [](nlohmann::json& j) { j["single_pass"]["tiles"][3]["waited"] = -1; },
       "single_pass.tiles[3].waited"},
      {"fewer reads than recorded",
       [](nlohmann::json& j) { j["single_pass"]["tiles"][2]["total_reads"] = 0; },
       "single_pass.tiles[2].total_reads"},
      {"a time near 2^62",
       [](nlohmann::json& j) { j["single_pass"]["tiles"][1]["published_p"] = 1LL << 62; },
       "single_pass.tiles[1].published_p"},
      {"a read time near -2^62",
       [](nlohmann::json& j) { j["single_pass"]["tiles"][2]["reads"][0]["time"] = -(1LL << 62); },
       "single_pass.tiles[2].reads[0].time"},
  };
  for (const Case& c : cases) {
    nlohmann::json j = nlohmann::json::parse(ToJson(t));
    c.edit(j);
    const AnyTraceLoad loaded = ParseAnyTraceJson(j.dump());
    EXPECT_FALSE(loaded.Ok()) << c.name;
    EXPECT_NE(loaded.error.find(c.says), std::string::npos) << c.name << ": " << loaded.error;
  }
}

// Issue #25 (fuzz_timeline): the app draws a loaded trace without CheckSinglePass, on a plot from
// 0 to the last tile's end. A start before 0, an A or P out of order, a P after the tile's end or
// a read outside its look-back loaded, and the timeline drew bars and reads outside the plot (over
// the row labels, or the status words), its moments ran past the end (the arrow keys stuck there)
// or below 0 (the cursor's "the end"), and the status words at the end were not all P. A recorded
// trace (the simulator's, the H200's in docs/single-pass/) has its times in order.
TEST(SinglePassFile, TimesOutOfOrderAreRefused) {
  const SinglePassTrace t = SimulateSinglePass(Request(Algorithm::kHillisSteele, 4, Values(20, 1)));
  ASSERT_FALSE(t.tiles[2].reads.empty());
  struct Case {
    const char* name;
    void (*edit)(nlohmann::json&);
    const char* says;
  };
  const Case cases[] = {
      {"a start before 0", [](nlohmann::json& j) { j["single_pass"]["tiles"][1]["start"] = -5; },
       "single_pass.tiles[1].start"},
      {"P after the end",
       [](nlohmann::json& j) {
         nlohmann::json& tile = j["single_pass"]["tiles"][2];
         tile["published_p"] = tile["end"].get<long long>() + 100;
       },
       "single_pass.tiles[2].published_p"},
      {"P before the start",
       [](nlohmann::json& j) {
         nlohmann::json& tile = j["single_pass"]["tiles"][3];
         tile["start"] = tile["published_p"].get<long long>() + 1;
       },
       "single_pass.tiles[3].published_p"},
      {"no A after tile 0",
       [](nlohmann::json& j) { j["single_pass"]["tiles"][1]["published_a"] = -1; },
       "single_pass.tiles[1].published_a"},
      {"A after P",
       [](nlohmann::json& j) {
         nlohmann::json& tile = j["single_pass"]["tiles"][2];
         tile["published_a"] = tile["published_p"].get<long long>() + 1;
       },
       "single_pass.tiles[2].published_a"},
      {"a read after P",
       [](nlohmann::json& j) {
         nlohmann::json& tile = j["single_pass"]["tiles"][2];
         tile["reads"][0]["time"] = tile["published_p"].get<long long>() + 1;
       },
       "single_pass.tiles[2].reads[0].time"},
      {"a read before A",
       [](nlohmann::json& j) {
         nlohmann::json& tile = j["single_pass"]["tiles"][2];
         tile["reads"][0]["time"] = tile["published_a"].get<long long>() - 1;
       },
       "single_pass.tiles[2].reads[0].time"},
  };
  for (const Case& c : cases) {
    nlohmann::json j = nlohmann::json::parse(ToJson(t));
    c.edit(j);
    const AnyTraceLoad loaded = ParseAnyTraceJson(j.dump());
    EXPECT_FALSE(loaded.Ok()) << c.name;
    EXPECT_NE(loaded.error.find(c.says), std::string::npos) << c.name << ": " << loaded.error;
  }
  // Tile 0 publishes P at once (A -1), or an A in order; the recorded traces all load.
  nlohmann::json j = nlohmann::json::parse(ToJson(t));
  j["single_pass"]["tiles"][0]["published_a"] = j["single_pass"]["tiles"][0]["start"];
  EXPECT_TRUE(ParseAnyTraceJson(j.dump()).Ok());
  for (const char* file : {"single-pass-8x8-blockidx.json", "single-pass-8x8-ticket.json",
                           "single-pass-65536-blockidx.json", "single-pass-65536-ticket.json"}) {
    const AnyTraceLoad loaded =
        LoadAnyTraceFile(std::string(SCANVIZ_SOURCE_DIR) + "/docs/single-pass/" + file);
    EXPECT_TRUE(loaded.single_pass) << file << ": " << loaded.error;
  }
}

// In ticket order a tile's block is any blockIdx, but each block scans exactly one tile.
TEST(SinglePassFile, ATicketOrderBlockScansOneTile) {
  SinglePassRequest r = Request(Algorithm::kHillisSteele, 4, Values(20, 1));
  r.order = TileOrder::kTicket;
  nlohmann::json j = nlohmann::json::parse(ToJson(SimulateSinglePass(r)));
  j["single_pass"]["tiles"][3]["block"] = j["single_pass"]["tiles"][1]["block"];
  const AnyTraceLoad loaded = ParseAnyTraceJson(j.dump());
  EXPECT_FALSE(loaded.Ok());
  EXPECT_NE(loaded.error.find("single_pass.tiles[3].block"), std::string::npos) << loaded.error;
}

}  // namespace
}  // namespace scanviz
