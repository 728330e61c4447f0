// The single-pass timeline's layout (scene/timeline.h), from the simulator's schedule of the
// chapters' example twice over in tiles of 4 (worked in tests/core/single_pass_test.cpp and the
// CLI test: tile 2 reads tile 1's X twice, then its A, then tile 0's P).
#include <gtest/gtest.h>

#include "core/any_trace_io.h"
#include "core/grid/single_pass.h"
#include "core/grid/single_pass_steps.h"
#include "scene/timeline.h"
#include "support/single_pass_counts.h"

namespace scanviz {
namespace {

SinglePassTrace Example() {
  SinglePassRequest r;
  r.tile_size = 4;
  r.input = {3, 1, 7, 0, 4, 1, 6, 3, 5, 2, 8, 1, 9, 2, 2, 2,
             1, 1, 1, 1, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6};
  return SimulateSinglePass(r);
}

std::vector<timeline::Bar> BarsOf(const timeline::Layout& l, int tile) {
  std::vector<timeline::Bar> out;
  for (const timeline::Bar& b : l.bars)
    if (b.tile == tile) out.push_back(b);
  return out;
}

TEST(Timeline, EachTileIsItsScanLookBackAndStoreInTimeOrder) {
  const SinglePassTrace t = Example();
  const timeline::Layout l = timeline::Build(t);
  EXPECT_EQ(l.rows, 8);
  EXPECT_EQ(l.span, t.Span());
  for (int k = 0; k < 8; ++k) {
    const std::vector<timeline::Bar> bars = BarsOf(l, k);
    const TileRecord& r = t.tiles[static_cast<size_t>(k)];
    ASSERT_GE(bars.size(), 2u) << k;
    EXPECT_EQ(bars.front().kind, timeline::Segment::kScan);
    EXPECT_EQ(bars.front().from, r.start);
    EXPECT_EQ(bars.back().kind, timeline::Segment::kStore);
    EXPECT_EQ(bars.back().from, r.published_p);
    EXPECT_EQ(bars.back().to, r.end);
    for (size_t j = 1; j < bars.size(); ++j) EXPECT_LE(bars[j - 1].to, bars[j].from) << k;
  }
  // Tile 2 waited: its two X reads of tile 1 are a wait bar from its A to the second read.
  const std::vector<timeline::Bar> two = BarsOf(l, 2);
  // Then one look-back bar to its P at 8.
  ASSERT_EQ(two.size(), 4u);
  EXPECT_EQ(two[1].kind, timeline::Segment::kWait);
  EXPECT_EQ(two[1].from, 3);
  EXPECT_EQ(two[1].to, 5);
  EXPECT_EQ(two[2].kind, timeline::Segment::kLookBack);
  EXPECT_EQ(two[2].from, 5);
  EXPECT_EQ(two[2].to, 8);
  int reads = 0;
  for (const timeline::Mark& m : l.marks) reads += m.tile == 2;
  EXPECT_EQ(reads, 3);  // X (x2, one entry), A, P
}

TEST(Timeline, TheStatusWordsAtAMoment) {
  const SinglePassTrace t = Example();
  const auto at = [&](std::int64_t time) { return timeline::StatusAt(t, time); };
  EXPECT_EQ(at(0)[1].flag, single_pass::kFlagX);
  EXPECT_EQ(at(3)[0].flag, single_pass::kFlagP);  // tile 0 publishes P at once, at 3
  EXPECT_EQ(at(3)[0].value, 11);
  EXPECT_EQ(at(5)[1].flag, single_pass::kFlagA);  // tile 1's A at 5, its P at 7
  EXPECT_EQ(at(5)[1].value, 14);
  EXPECT_EQ(at(7)[1].flag, single_pass::kFlagP);
  EXPECT_EQ(at(7)[1].value, 25);
  for (const timeline::Status& s : at(t.Span())) EXPECT_EQ(s.flag, single_pass::kFlagP);
  EXPECT_EQ(timeline::Caption(t, 5), "at 5 steps: 1 P, 3 A, 4 X");
  const std::vector<std::int64_t> m = timeline::Moments(t);
  EXPECT_EQ(m.front(), 0);
  EXPECT_EQ(m.back(), t.Span());
  for (size_t i = 1; i < m.size(); ++i) EXPECT_LT(m[i - 1], m[i]);
}

TEST(Timeline, ManyTilesShareARowAsTheirExtent) {
  SinglePassRequest r;
  r.tile_size = 4;
  r.input.assign(4096, 1);
  const SinglePassTrace t = SimulateSinglePass(r);
  const timeline::Layout full = timeline::Build(t);
  const timeline::Layout rows = timeline::Aggregate(full, 16);
  EXPECT_EQ(rows.rows, 64);
  EXPECT_TRUE(rows.marks.empty());
  EXPECT_LE(rows.bars.size(), 64u * 4u);
  // Row 3 covers tiles 48..63: its scan runs from their earliest start to their latest A.
  std::int64_t from = t.tiles[48].start, to = 0;
  for (int k = 48; k < 64; ++k) {
    from = std::min(from, t.tiles[static_cast<size_t>(k)].start);
    to = std::max(to, t.tiles[static_cast<size_t>(k)].published_a);
  }
  bool found = false;
  for (const timeline::Bar& b : rows.bars)
    if (b.tile == 3 && b.kind == timeline::Segment::kScan) {
      found = true;
      EXPECT_EQ(b.from, from);
      EXPECT_EQ(b.to, to);
    }
  EXPECT_TRUE(found);
  EXPECT_EQ(timeline::Aggregate(full, 1).bars.size(), full.bars.size());
}

TEST(Timeline, HitTests) {
  EXPECT_EQ(timeline::RowAt(105, 100, 10, 8), 0);
  EXPECT_EQ(timeline::RowAt(179, 100, 10, 8), 7);
  EXPECT_EQ(timeline::RowAt(180, 100, 10, 8), -1);
  EXPECT_EQ(timeline::RowAt(99, 100, 10, 8), -1);
  EXPECT_EQ(timeline::TimeAt(50, 0, 100, 20), 10);
  EXPECT_EQ(timeline::TimeAt(-5, 0, 100, 20), 0);
  EXPECT_EQ(timeline::TimeAt(500, 0, 100, 20), 20);
}

// The summary line under the timeline and the caption at every moment say what the trace's
// records count (issue #25): simulated timelines of many shapes, and the H200's in both orders.
TEST(Timeline, TheSummaryAndTheCaptionSayWhatTheRecordsCount) {
  const std::vector<SinglePassTrace> traces =
      testing::SinglePassCasesAndRecordings(SCANVIZ_SOURCE_DIR);
  ASSERT_EQ(traces.size(), testing::SinglePassCases().size() + 2);
  int waited = 0, past_an_aggregate = 0, out_of_order = 0;
  for (const SinglePassTrace& t : traces) {
    const testing::SinglePassCounts c = testing::CountSinglePass(t);
    SCOPED_TRACE(std::to_string(t.N()) + " values in tiles of " + std::to_string(t.tile_size));
    char want[256];
    std::snprintf(want, sizeof want,
                  "%d of %d tiles waited on an X (longest %lld); tiles looked back %.1f tiles on "
                  "average, at most %d; %d started before a lower-numbered tile",
                  c.waited, c.tiles, static_cast<long long>(c.longest_wait), c.MeanLookedBack(),
                  c.max_looked_back, c.out_of_order);
    EXPECT_EQ(timeline::SummaryLine(t), want);
    for (std::int64_t m : timeline::Moments(t))
      for (std::int64_t at : {m - 1, m, m + 1})
        EXPECT_EQ(timeline::Caption(t, at), testing::CountedCaption(t, at)) << at;
    waited += c.waited > 0;
    past_an_aggregate += c.max_looked_back >= 2;
    out_of_order += c.out_of_order > 0;
  }
  // The cases reach every number's interesting side.
  EXPECT_GT(waited, 0);
  EXPECT_GT(past_an_aggregate, 0);
  EXPECT_GT(out_of_order, 0);
}

}  // namespace
}  // namespace scanviz
