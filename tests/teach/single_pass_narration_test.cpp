// The single-pass scan's narration (teach/single_pass_teach.h): its numbers are the trace's own,
// counted again from the records (issue #25), for simulated timelines of many shapes and the
// H200's recordings in both orders.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "core/any_trace_io.h"
#include "support/single_pass_counts.h"
#include "teach/single_pass_teach.h"

namespace scanviz::teach {
namespace {

std::string Plural(long long n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

bool Says(const SinglePassNarration& n, const std::string& words) {
  for (const std::string& p : n.paragraphs)
    if (p.find(words) != std::string::npos) return true;
  return false;
}

TEST(SinglePassNarration, ItsNumbersAreWhatTheRecordsCount) {
  const std::vector<SinglePassTrace> traces =
      testing::SinglePassCasesAndRecordings(SCANVIZ_SOURCE_DIR);
  ASSERT_EQ(traces.size(), testing::SinglePassCases().size() + 2);
  for (const SinglePassTrace& t : traces) {
    const testing::SinglePassCounts c = testing::CountSinglePass(t);
    SCOPED_TRACE(std::to_string(t.N()) + " values in tiles of " + std::to_string(t.tile_size) +
                 (t.order == TileOrder::kTicket ? ", ticket order" : ", blockIdx order"));
    const SinglePassNarration n = NarrateSinglePass(t);
    EXPECT_EQ(n.title, "Single pass · " + Plural(c.tiles, "tile", "tiles") + " of " +
                           std::to_string(t.tile_size) +
                           (t.measured ? " (measured)" : " (simulated)"));
    if (c.waited == 0) {
      EXPECT_TRUE(Says(n, "No tile had to wait"));
    } else {
      EXPECT_TRUE(Says(n, Plural(c.waited, "tile", "tiles") + " of " + std::to_string(c.tiles) +
                              " read a predecessor still at X"));
      EXPECT_TRUE(Says(n, "the longest wait was tile " + std::to_string(c.longest_wait_tile) +
                              "'s, " + std::to_string(c.longest_wait) + " " + t.clock + "."));
    }
    char mean[32];
    std::snprintf(mean, sizeof mean, "%.1f", c.MeanLookedBack());
    if (c.tiles == 1) {  // tile 0 has nothing before it (issue #37: no "0.0 tiles on average")
      EXPECT_TRUE(Says(n, "The only tile has nothing before it to look back at."));
    } else {
      EXPECT_TRUE(Says(n, "A tile after the first looked back " + std::string(mean) +
                              " tiles on average and at most " +
                              Plural(c.max_looked_back, "tile", "tiles") + ":"));
    }
    if (t.order == TileOrder::kBlockIdx)
      EXPECT_TRUE(Says(
          n, Plural(c.out_of_order, "tile", "tiles") + " started before a lower-numbered tile"));
    else
      EXPECT_TRUE(Says(n, "Ticket order"));
  }
}

}  // namespace
}  // namespace scanviz::teach
