// Issue #37's sentences, items 17 to 21, one test each on the issue's own inputs; and the audit
// (tests/teach/audit/) shown the false sentences of round three, which it must reject.
#include <gtest/gtest.h>

#include <sstream>

#include "audit/claims.h"
#include "cli/application_table.h"
#include "cli/grid_table.h"
#include "cli/narrate.h"
#include "core/analysis.h"
#include "core/registry.h"
#include "core/simulator.h"
#include "teach/grid_teach.h"
#include "teach/narration.h"
#include "teach/single_pass_teach.h"

namespace scanviz {
namespace {

const std::vector<double> kExample = {3, 1, 7, 0, 4, 1, 6, 3};

std::string Joined(const teach::Narration& n) {
  std::string out = n.title;
  for (const std::string& p : n.paragraphs) out += "\n" + p;
  return out;
}

std::vector<std::string> Story(Algorithm a, const std::vector<double>& input,
                               OpKind op = OpKind::kAdd) {
  const Trace t = Simulate(ScanRequest{a, op, ElementType::kInt32, input});
  std::vector<std::string> out;
  for (const teach::Narration& n : teach::NarrateTrace(t, Analyze(t))) out.push_back(Joined(n));
  return out;
}

std::string GridTable(Algorithm a, int block, const std::vector<double>& input) {
  std::ostringstream out;
  PrintGridTable(SimulateGrid(GridRequest{a, block, OpKind::kAdd, ElementType::kInt32, input}),
                 out);
  return out.str();
}

#define EXPECT_HAS(text, needle)                                                              \
  EXPECT_NE((text).find(needle), std::string::npos) << "missing \"" << (needle) << "\" in:\n" \
                                                    << (text)
#define EXPECT_LACKS(text, needle) \
  EXPECT_EQ((text).find(needle), std::string::npos) << "\"" << (needle) << "\" in:\n" << (text)

// Item 17: the header's rounds and steps are the block traces', per block where they differ.
TEST(Round4Sentences, CliGridHeaderCountsTheTracesRounds) {
  const std::string hs = GridTable(Algorithm::kHillisSteele, 1024, kExample);
  EXPECT_HAS(hs, "(3 rounds of the operator, 4 steps in all, inclusive)");
  const std::string bl = GridTable(Algorithm::kBlelloch, 1024, kExample);
  EXPECT_HAS(bl, "(6 rounds of the operator, 8 steps in all, exclusive)");
  const std::string short_last =
      GridTable(Algorithm::kHillisSteele, 4, {1, 1, 4, 0, 3, 9, 4, 0, 5, 6, 0, 5, 7});
  EXPECT_HAS(short_last,
             "(2 rounds of the operator, 3 steps in all; block 3, of 1 element: "
             "0 rounds of the operator, 1 step in all, inclusive)");
}

// Item 18: the application's scan line, the same way.
TEST(Round4Sentences, CliApplicationScanLineCountsTheTracesRounds) {
  ApplicationRequest r;
  r.application = ApplicationKind::kCompact;
  ASSERT_EQ(ParseKeep("odd", ElementType::kInt32, &r.params.keep), "");
  r.input = kExample;
  r.block_size = 64;
  std::ostringstream out;
  PrintApplicationTable(SimulateApplication(r), out);
  EXPECT_HAS(out.str(), "one Blelloch block of 64, 6 rounds of the operator in 8 steps");
}

// Item 19: the single pass's work, counted: Hillis-Steele tiles of 1024 do 9,217 each.
TEST(Round4Sentences, SinglePassWorkIsCountedFromTheTiles) {
  SinglePassRequest r{Algorithm::kHillisSteele,
                      1024,
                      OpKind::kAdd,
                      ElementType::kInt32,
                      std::vector<double>(65536, 1.0),
                      TileOrder::kBlockIdx,
                      false,
                      std::nullopt};
  std::string text;
  for (const std::string& p : teach::NarrateSinglePass(SimulateSinglePass(r)).paragraphs) text += p;
  EXPECT_HAS(text, "scans apply the operator 589,888 times");  // 64 x 9,217
  EXPECT_LACKS(text, "about n operator applications");
  r.tile_size = 8;
  text.clear();
  for (const std::string& p : teach::NarrateSinglePass(SimulateSinglePass(r)).paragraphs) text += p;
  EXPECT_HAS(text, "about 3.");  // 17 per tile of 8, the prefix and the look-back
}

// Item 20: the one-buffer race, true for its round with max (input 0 a round early, counted twice
// only in round 2), and in int32 (2147483647 + 1 wraps).
TEST(Round4Sentences, TheOneBufferRaceIsTrueForEveryOperatorAndType) {
  const std::string max = Story(Algorithm::kHillisSteele, kExample, OpKind::kMax)[1];
  EXPECT_HAS(max, "thread 2 might see 4 instead of 1 at position 1");
  EXPECT_HAS(max, "inputs 0 to 2 where only 1 to 2 belong: input 0 a round early");
  EXPECT_HAS(max, "so input 0 would be counted twice");
  EXPECT_LACKS(max, "counting input 0 twice");
  const std::string wrap = Story(Algorithm::kHillisSteele, {2147483647, 1, 5, -3}, OpKind::kMax)[1];
  EXPECT_HAS(wrap, "might see -2147483648 instead of 1");
  EXPECT_LACKS(wrap, "see 2147483648");
}

// Item 21: the verb follows the count; Blelloch's padding node; one block is not "cut"; radix
// sort's passes from 1; Blelloch's down-sweep numbered as the chapter numbers it.
TEST(Round4Sentences, GrammarFollowsTheCount) {
  EXPECT_HAS(Story(Algorithm::kWarpShuffle, std::vector<double>(31, 1))[0],
             "Thread 31 exists only");
  EXPECT_HAS(Story(Algorithm::kWarpShuffle, std::vector<double>(65, 1))[0],
             "Threads 65 to 95 exist only");
  bool lane = false;
  for (const std::string& s : Story(Algorithm::kWarpShuffle, std::vector<double>(65, 1)))
    lane = lane || s.find("Lane 3 holds the identity") != std::string::npos;
  EXPECT_TRUE(lane);
  EXPECT_HAS(Story(Algorithm::kBlelloch, {1, 2, 3, 4, 5, 6, 7})[0], "thread 7 writes the identity");
  EXPECT_HAS(Story(Algorithm::kSklansky, {1, 2, 3})[0], "thread 3 writes the identity");
}

TEST(Round4Sentences, BlellochPaddingNodeSaysWhatItHolds) {
  const std::string up = Story(Algorithm::kBlelloch, {5, 6, 7})[1];
  EXPECT_HAS(up, "position 3, whose cells reach into the padding, holds the sum of input 2 only");
  EXPECT_LACKS(up, "inputs ending at it");
}

TEST(Round4Sentences, OneBlockIsNotCut) {
  const teach::GridNarration n = teach::NarrateGridStep(
      SimulateGrid(
          GridRequest{Algorithm::kHillisSteele, 4, OpKind::kAdd, ElementType::kInt32, {2, 5}}),
      0);
  EXPECT_HAS(n.paragraphs.at(0), "The 2 elements fit in one block of up to 4");
  EXPECT_LACKS(n.paragraphs.at(0), "the last holds");
}

TEST(Round4Sentences, RadixSortCountsItsPassesFromOne) {
  const std::string invariant = Info(ApplicationKind::kRadixSort).invariant;
  EXPECT_HAS(invariant,
             "after pass p (it reads bit p - 1) the keys are ordered by their low p bits");
}

TEST(Round4Sentences, BlellochsDownSweepHasOneNumbering) {
  const Trace t =
      Simulate(ScanRequest{Algorithm::kBlelloch, OpKind::kAdd, ElementType::kInt32, kExample});
  EXPECT_EQ(RoundHeading(t, 5), "down-sweep round 1 of 3 · stride 4");
  std::ostringstream cli;
  PrintNarratedTrace(t, Analyze(t), cli, TableOptions{});
  EXPECT_HAS(cli.str(), "narration of step 5: Down-sweep round 1, stride 4");
  EXPECT_LACKS(cli.str(), "narration of round");
}

// The audit rejects each false sentence the round-three audit found, on the trace it was told of.
TEST(NarrationAudit, RejectsTheFalseSentencesOfRoundThree) {
  auto rejects = [](const Trace& t, int round, const std::string& text) {
    audit::Audit a;
    if (round < 0) {
      audit::CheckSummary(t, text, &a);
    } else {
      audit::CheckRound(t, audit::TrackWindows(t), round, text, &a);
    }
    return !a.false_claims.empty();
  };
  const Trace max =
      Simulate(ScanRequest{Algorithm::kHillisSteele, OpKind::kMax, ElementType::kInt32, kExample});
  EXPECT_TRUE(rejects(max, 1,
                      "With add it would: thread 2 might see 4 instead of 1 at position 1 "
                      "and compute 4 + 7 instead of 1 + 7, counting input 0 twice."));
  const Trace wrap = Simulate(ScanRequest{
      Algorithm::kHillisSteele, OpKind::kMax, ElementType::kInt32, {2147483647, 1, 5, -3}});
  EXPECT_TRUE(rejects(wrap, 1,
                      "thread 2 might see 2147483648 instead of 1 at position 1 and "
                      "compute 2147483648 + 5 instead of 1 + 5, counting input 0 twice"));
  const Trace warp = Simulate(ScanRequest{Algorithm::kWarpShuffle, OpKind::kAdd,
                                          ElementType::kInt32, std::vector<double>(31, 1)});
  EXPECT_TRUE(rejects(warp, 0, "Thread 31 exist only to make the block a power of two"));
  const Trace padded =
      Simulate(ScanRequest{Algorithm::kBlelloch, OpKind::kAdd, ElementType::kInt32, {5, 6, 7}});
  EXPECT_TRUE(rejects(padded, 1,
                      "each position written joins two neighbouring windows of 1 input, "
                      "so it now holds the sum of the 2 inputs ending at it."));
  EXPECT_TRUE(rejects(max, -1, "Work: 18 operator applications, against n - 1 = 7"));
  audit::Audit a;
  const GridTrace grid = SimulateGrid(
      GridRequest{Algorithm::kHillisSteele, 1024, OpKind::kAdd, ElementType::kInt32, kExample});
  audit::CheckGridTable(
      grid,
      "phase 1 · block scan: 1 block of 1024, each a Hillis-Steele scan of its own "
      "elements (10 rounds of the operator, 4 steps in all, inclusive), its total",
      &a);
  const GridTrace two = SimulateGrid(
      GridRequest{Algorithm::kHillisSteele, 4, OpKind::kAdd, ElementType::kInt32, {2, 5}});
  audit::CheckGridStep(two, "The 2 elements are cut into 1 block of 4 (the last holds 2).", &a);
  SinglePassRequest sp{Algorithm::kHillisSteele,
                       1024,
                       OpKind::kAdd,
                       ElementType::kInt32,
                       std::vector<double>(4096, 1.0),
                       TileOrder::kBlockIdx,
                       false,
                       std::nullopt};
  audit::CheckSinglePass(SimulateSinglePass(sp),
                         "the work stays about n operator applications plus a few per tile", &a);
  EXPECT_EQ(a.false_claims.size(), 3u);
}

}  // namespace
}  // namespace scanviz
