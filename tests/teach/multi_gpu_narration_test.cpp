// The scan across GPUs' narration (teach/multi_gpu_teach.h): at each moment it says what each GPU
// is doing, and its numbers are the trace's (change the trace, the sentences change).
#include <gtest/gtest.h>

#include "core/multi_gpu/multi_gpu.h"
#include "teach/multi_gpu_teach.h"

namespace scanviz::teach {
namespace {

std::string Text(const MultiGpuNarration& n) {
  std::string s = n.title + "\n";
  for (const std::string& p : n.paragraphs) s += p + "\n";
  return s;
}

MultiGpuTrace Trace(OpKind op, MultiGpuStrategy strategy, std::vector<double> input, int gpus) {
  MultiGpuRequest r;
  r.gpus = gpus;
  r.op = op;
  r.strategy = strategy;
  r.input = std::move(input);
  r.tile_size = 4;
  return SimulateMultiGpu(r);
}

TEST(MultiGpuNarration, SaysWhoDoesWhatAtEachMoment) {
  const MultiGpuTrace t =
      Trace(OpKind::kAdd, MultiGpuStrategy::kScanThenAdd, {3, 1, 7, 0, 4, 1, 6, 3, 5, 2}, 4);
  const std::string start = Text(NarrateMultiGpu(t, t.ranks[3].phases[0].start));
  EXPECT_NE(start.find("scanning the shard, from the identity"), std::string::npos) << start;
  EXPECT_NE(start.find("4 GPUs, scan then add (simulated)"), std::string::npos) << start;
  // Before any GPU joined the all-gather, no total has been sent.
  EXPECT_EQ(start.find("its shard's total"), std::string::npos) << start;
  const std::string gather = Text(NarrateMultiGpu(t, t.ranks[0].phases[1].start));
  EXPECT_NE(gather.find("3 are in the all-gather"), std::string::npos) << gather;
  // The totals sent, from the trace: 11, 5, 9, 7.
  EXPECT_NE(gather.find("its shard's total: 11, 5, 9, 7"), std::string::npos) << gather;
  EXPECT_NE(gather.find("Only 4 numbers cross (16 bytes)"), std::string::npos) << gather;
  const std::string after = Text(NarrateMultiGpu(t, t.ranks[0].phases[3].start));
  EXPECT_NE(after.find("GPUs 0, 1, 2 and 3 are adding the offset"), std::string::npos) << after;
  EXPECT_NE(after.find("GPU 2: 16; GPU 3: 25."), std::string::npos) << after;
  EXPECT_NE(after.find("4 words an element"), std::string::npos) << after;
  const std::string end = Text(NarrateMultiGpu(t, t.Span()));
  EXPECT_NE(end.find("GPUs 0, 1, 2 and 3 are finished"), std::string::npos) << end;
}

TEST(MultiGpuNarration, TheNumbersAreTheTracesOwn) {
  MultiGpuTrace t =
      Trace(OpKind::kAdd, MultiGpuStrategy::kReduceThenScan, {3, 1, 7, 0, 4, 1, 6, 3, 5, 2}, 4);
  t.ranks[2].offset = 99;
  const std::string after = Text(NarrateMultiGpu(t, t.Span()));
  EXPECT_NE(after.find("GPU 2: 99"), std::string::npos) << after;
  EXPECT_NE(after.find("3 words an element"), std::string::npos) << after;
  EXPECT_NE(after.find("reduce then scan"), std::string::npos) << after;
}

// With `last`, the narration shows why the order matters, with the trace's totals.
TEST(MultiGpuNarration, LastShowsWhyOrderMatters) {
  const MultiGpuTrace t =
      Trace(OpKind::kLast, MultiGpuStrategy::kScanThenAdd, {1, 0, 5, 0, 7, 0}, 3);
  const std::string after = Text(NarrateMultiGpu(t, t.Span()));
  EXPECT_NE(after.find("GPU 2's offset is 5, where the totals combined backwards would give 1"),
            std::string::npos)
      << after;
}

}  // namespace
}  // namespace scanviz::teach
