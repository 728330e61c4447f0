// The scan across GPUs' model (core/multi_gpu/): the simulator against a sequential scan written
// here for P = 1..8 (n not divisible by P, n < P: empty shards), every operator and type, both
// flavours and strategies; what CheckMultiGpu catches when a trace lies; the moments and what a
// rank is doing at one; the summary.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/multi_gpu/multi_gpu.h"
#include "core/multi_gpu/multi_gpu_steps.h"
#include "support/sequential.h"

namespace scanviz {
namespace {

using V = std::vector<double>;

V Values(int n, std::uint64_t seed, OpKind op) {
  std::mt19937_64 rng(seed);
  V v(static_cast<size_t>(n));
  // `last` keeps the last non-zero value: some zeros make it choose.
  for (double& x : v)
    x = op == OpKind::kLast && rng() % 3 == 0
            ? 0.0
            : static_cast<double>(static_cast<int>(rng() % 101) - 50);
  return v;
}

MultiGpuRequest Request(int gpus, V input, OpKind op = OpKind::kAdd,
                        MultiGpuStrategy strategy = MultiGpuStrategy::kScanThenAdd,
                        bool inclusive = true, ElementType type = ElementType::kInt32) {
  MultiGpuRequest r;
  r.gpus = gpus;
  r.strategy = strategy;
  r.op = op;
  r.type = type;
  r.inclusive = inclusive;
  r.input = std::move(input);
  r.tile_size = 4;
  return r;
}

bool Mentions(const std::vector<std::string>& problems, const std::string& what) {
  return std::any_of(problems.begin(), problems.end(),
                     [&](const std::string& p) { return p.find(what) != std::string::npos; });
}

std::string All(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += x + "\n";
  return s;
}

TEST(MultiGpu, ShardsSpreadTheRemainderOverTheFirstRanks) {
  EXPECT_EQ(multi_gpu::ShardBegin(10, 4, 0), 0);
  EXPECT_EQ(multi_gpu::ShardBegin(10, 4, 1), 3);
  EXPECT_EQ(multi_gpu::ShardBegin(10, 4, 2), 6);
  EXPECT_EQ(multi_gpu::ShardBegin(10, 4, 3), 8);
  EXPECT_EQ(multi_gpu::ShardBegin(10, 4, 4), 10);
  EXPECT_EQ(multi_gpu::ShardSize(2, 5, 3), 0);
}

// Every P, operator, type, flavour and strategy, with n not divisible by P and n < P.
TEST(MultiGpu, TheSimulatorEqualsTheSequentialScan) {
  const OpKind ops[] = {OpKind::kAdd, OpKind::kMax, OpKind::kMin, OpKind::kLast};
  const ElementType types[] = {ElementType::kInt32, ElementType::kFloat32};
  const MultiGpuStrategy strategies[] = {MultiGpuStrategy::kScanThenAdd,
                                         MultiGpuStrategy::kReduceThenScan};
  int runs = 0;
  for (int gpus = 1; gpus <= 8; ++gpus)
    for (const int n : {3, 37})
      for (const OpKind op : ops)
        for (const ElementType type : types)
          for (const bool inclusive : {true, false})
            for (const MultiGpuStrategy strategy : strategies) {
              const V input = Values(
                  n, static_cast<std::uint64_t>(gpus) * 100 + static_cast<std::uint64_t>(n), op);
              const MultiGpuTrace t =
                  SimulateMultiGpu(Request(gpus, input, op, strategy, inclusive, type));
              const std::string what = "P=" + std::to_string(gpus) + " n=" + std::to_string(n) +
                                       " " + ToString(op) + " " + ToString(type) +
                                       (inclusive ? " inclusive " : " exclusive ") +
                                       ToString(strategy);
              ASSERT_EQ(t.Gpus(), gpus) << what;
              EXPECT_EQ(t.output, testing::SequentialScan(op, type, input, inclusive)) << what;
              EXPECT_TRUE(CheckMultiGpu(t).empty()) << what << "\n" << All(CheckMultiGpu(t));
              ++runs;
            }
  EXPECT_EQ(runs, 8 * 2 * 4 * 2 * 2 * 2);
}

TEST(MultiGpu, EmptyShardsSendTheIdentityAndKeepNoTimeline) {
  const MultiGpuTrace t = SimulateMultiGpu(Request(5, {4, 7}, OpKind::kMax));
  ASSERT_EQ(t.Gpus(), 5);
  EXPECT_EQ(t.ranks[2].begin, t.ranks[2].end);
  EXPECT_EQ(t.ranks[2].total, t.identity);
  EXPECT_FALSE(t.ranks[2].shard.has_value());
  EXPECT_EQ(t.ranks[4].offset, 7);
  EXPECT_EQ(t.output, (V{4, 7}));
}

TEST(MultiGpu, ReduceThenScanCarriesTheOffsetIntoTheShard) {
  const MultiGpuTrace t = SimulateMultiGpu(
      Request(2, {3, 1, 7, 0, 4, 1, 6, 3}, OpKind::kAdd, MultiGpuStrategy::kReduceThenScan));
  ASSERT_TRUE(t.ranks[1].shard.has_value());
  ASSERT_TRUE(t.ranks[1].shard->carry_in.has_value());
  EXPECT_EQ(*t.ranks[1].shard->carry_in, 11);
  EXPECT_FALSE(t.ranks[0].shard->carry_in.has_value() && *t.ranks[0].shard->carry_in != 0);
  EXPECT_EQ(t.ranks[1].shard->output, (V{15, 16, 22, 25}));
  EXPECT_EQ(t.ranks[0].phases.front().kind, GpuPhaseKind::kReduce);
  EXPECT_EQ(t.ranks[0].phases.back().kind, GpuPhaseKind::kScan);
}

TEST(MultiGpu, TheSimulatedTimesAreDeterministicAndSaySo) {
  const MultiGpuRequest r = Request(4, Values(64, 7, OpKind::kAdd));
  const MultiGpuTrace a = SimulateMultiGpu(r), b = SimulateMultiGpu(r);
  EXPECT_FALSE(a.measured);
  EXPECT_NE(a.clock.find("simulated"), std::string::npos);
  EXPECT_NE(a.alignment.find("simulated"), std::string::npos);
  for (int k = 0; k < 4; ++k)
    for (size_t p = 0; p < a.ranks[static_cast<size_t>(k)].phases.size(); ++p)
      EXPECT_EQ(a.ranks[static_cast<size_t>(k)].phases[p].end,
                b.ranks[static_cast<size_t>(k)].phases[p].end);
  // Every rank leaves the all-gather together, after the last one joined it.
  const std::int64_t left = a.ranks[0].phases[1].end;
  for (const GpuRank& rank : a.ranks) EXPECT_EQ(rank.phases[1].end, left);
}

TEST(MultiGpu, TheExchangeCostsAboutTheSameWhateverN) {
  const MultiGpuTrace small = SimulateMultiGpu(Request(4, Values(64, 1, OpKind::kAdd)));
  const MultiGpuTrace large = SimulateMultiGpu(Request(4, Values(60000, 1, OpKind::kAdd)));
  const MultiGpuSummary s = Summarize(small), l = Summarize(large);
  EXPECT_GT(l.local_work, s.local_work);
  // The exchange's own latency does not grow with n (the wait before it may differ by skew).
  EXPECT_LT(l.longest_exchange, 2 * s.longest_exchange);
  EXPECT_GT(s.longest_exchange, 5000);
}

TEST(MultiGpu, RequestsOutsideTheModelAreRefused) {
  EXPECT_NE(ValidateMultiGpuRequest(Request(0, {1, 2})), "");
  EXPECT_NE(ValidateMultiGpuRequest(Request(kMaxGpus + 1, {1, 2})), "");
  EXPECT_NE(ValidateMultiGpuRequest(Request(2, {})), "");
  MultiGpuRequest bad_tile = Request(2, {1, 2, 3});
  bad_tile.tile_size = 6;
  EXPECT_NE(ValidateMultiGpuRequest(bad_tile), "");
  EXPECT_EQ(ValidateMultiGpuRequest(Request(3, {1, 2})), "");
}

TEST(MultiGpu, NamesRoundTrip) {
  for (const auto s : {MultiGpuStrategy::kScanThenAdd, MultiGpuStrategy::kReduceThenScan}) {
    MultiGpuStrategy back{};
    ASSERT_TRUE(Parse(ToString(s), &back));
    EXPECT_EQ(back, s);
  }
  for (int k = 0; k < 5; ++k) {
    GpuPhaseKind back{};
    ASSERT_TRUE(Parse(ToString(static_cast<GpuPhaseKind>(k)), &back));
    EXPECT_EQ(static_cast<int>(back), k);
  }
  GpuPhaseKind none{};
  EXPECT_FALSE(Parse("scatter", &none));
}

// [SECTION] What the check catches

MultiGpuTrace Good(OpKind op = OpKind::kAdd,
                   MultiGpuStrategy strategy = MultiGpuStrategy::kScanThenAdd) {
  return SimulateMultiGpu(Request(4, Values(30, 3, op), op, strategy));
}

TEST(MultiGpuCheck, AWrongOffset) {
  MultiGpuTrace t = Good();
  ASSERT_TRUE(CheckMultiGpu(t).empty());
  t.ranks[2].offset += 1;
  EXPECT_TRUE(Mentions(CheckMultiGpu(t), "rank 2: its offset")) << All(CheckMultiGpu(t));
}

TEST(MultiGpuCheck, AWrongTotal) {
  MultiGpuTrace t = Good();
  t.ranks[1].total += 1;
  EXPECT_TRUE(Mentions(CheckMultiGpu(t), "rank 1: its total")) << All(CheckMultiGpu(t));
}

TEST(MultiGpuCheck, AWrongOutput) {
  MultiGpuTrace t = Good(OpKind::kAdd, MultiGpuStrategy::kReduceThenScan);
  t.output[20] += 1;
  EXPECT_TRUE(Mentions(CheckMultiGpu(t), "output[20]")) << All(CheckMultiGpu(t));
}

// With `last`, the totals gathered in another order give another offset.
TEST(MultiGpuCheck, TotalsGatheredInTheWrongOrderWithLast) {
  MultiGpuTrace t = SimulateMultiGpu(
      Request(3, {1, 0, 5, 0, 7, 0}, OpKind::kLast, MultiGpuStrategy::kScanThenAdd));
  ASSERT_TRUE(CheckMultiGpu(t).empty()) << All(CheckMultiGpu(t));
  ASSERT_EQ(t.ranks[2].offset, 5);
  std::swap(t.ranks[2].gathered[0], t.ranks[2].gathered[1]);
  // What rank 2 would then compute: last(5, 1) = 1.
  t.ranks[2].offset = 1;
  EXPECT_TRUE(Mentions(CheckMultiGpu(t), "rank 2: gathered")) << All(CheckMultiGpu(t));
}

TEST(MultiGpuCheck, APhaseOutOfOrder) {
  MultiGpuTrace t = Good();
  std::swap(t.ranks[1].phases[2], t.ranks[1].phases[3]);
  EXPECT_TRUE(Mentions(CheckMultiGpu(t), "rank 1: its phases should be")) << All(CheckMultiGpu(t));
  MultiGpuTrace early = Good();
  early.ranks[3].phases[3].start = early.ranks[3].phases[2].end - 1;
  EXPECT_TRUE(Mentions(CheckMultiGpu(early), "rank 3: its add")) << All(CheckMultiGpu(early));
}

TEST(MultiGpuCheck, AnAllGatherThatEndsBeforeTheLastRankJoined) {
  MultiGpuTrace t = Good();
  t.ranks[0].phases[1].end = 1;
  t.ranks[0].phases[1].start = 0;
  t.ranks[0].phases[0].end = 0;
  t.ranks[0].phases[0].start = 0;
  EXPECT_TRUE(Mentions(CheckMultiGpu(t), "before the last rank joined")) << All(CheckMultiGpu(t));
}

TEST(MultiGpuCheck, AShardGap) {
  MultiGpuTrace t = Good();
  t.ranks[1].end -= 1;
  EXPECT_TRUE(Mentions(CheckMultiGpu(t), "rank 1: its shard is")) << All(CheckMultiGpu(t));
}

TEST(MultiGpuCheck, AShardTimelineThatIsNotItsShard) {
  MultiGpuTrace t = Good(OpKind::kAdd, MultiGpuStrategy::kReduceThenScan);
  t.ranks[2].shard->carry_in = *t.ranks[2].shard->carry_in + 1;
  EXPECT_TRUE(Mentions(CheckMultiGpu(t), "rank 2's shard timeline: should carry the offset"))
      << All(CheckMultiGpu(t));
  MultiGpuTrace u = Good();
  u.ranks[1].shard->output[0] += 1;
  EXPECT_TRUE(Mentions(CheckMultiGpu(u), "rank 1's shard timeline")) << All(CheckMultiGpu(u));
}

// [SECTION] Moments and the summary

TEST(MultiGpu, MomentsAreEveryPhaseBoundaryInOrder) {
  const MultiGpuTrace t = Good();
  const std::vector<std::int64_t> m = MultiGpuMoments(t);
  ASSERT_FALSE(m.empty());
  EXPECT_EQ(m.front(), 0);
  EXPECT_EQ(m.back(), t.Span());
  EXPECT_TRUE(std::is_sorted(m.begin(), m.end()));
  EXPECT_EQ(std::adjacent_find(m.begin(), m.end()), m.end());
  for (const GpuRank& r : t.ranks)
    for (const GpuPhase& p : r.phases) {
      EXPECT_TRUE(std::binary_search(m.begin(), m.end(), p.start));
      EXPECT_TRUE(std::binary_search(m.begin(), m.end(), p.end));
    }
}

TEST(MultiGpu, ActivityAtAMoment) {
  const MultiGpuTrace t = Good();
  const GpuRank& r = t.ranks[0];
  EXPECT_EQ(ActivityAt(r, r.phases[0].start).running, 0);
  EXPECT_EQ(ActivityAt(r, r.phases[2].start).running, 2);
  EXPECT_EQ(ActivityAt(r, r.phases[2].start).done, 2);
  EXPECT_EQ(ActivityAt(r, t.Span()).running, -1);
  EXPECT_EQ(ActivityAt(r, t.Span()).done, 4);
}

TEST(MultiGpu, TheSummaryNamesTheSlowestRank) {
  MultiGpuTrace t = Good();
  // Make rank 2 the last to reach the all-gather.
  t.ranks[2].phases[0].end += 500000;
  t.ranks[2].phases[1].start += 500000;
  const MultiGpuSummary s = Summarize(t);
  EXPECT_EQ(s.gpus, 4);
  EXPECT_EQ(s.slowest_rank, 2);
  EXPECT_GE(s.local_work, 500000);
  EXPECT_EQ(s.span, t.Span());
}

}  // namespace
}  // namespace scanviz
