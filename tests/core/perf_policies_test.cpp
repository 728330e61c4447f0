// The performance lab's policy tables (kernels/perf/policies.h, plain C++): every variant a name
// of its own that says what it is, and every row a kernel that can be built and launched.
#include "perf/policies.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace scanviz::perf {
namespace {

TEST(PerfPolicies, EveryVariantHasANameOfItsOwn) {
  std::set<std::string> names;
  for (const auto& p : kSinglePassVariants) {
    EXPECT_TRUE(names.insert(VariantName(p)).second) << VariantName(p) << " twice";
  }
  for (const auto& p : kHillisSteeleVariants) {
    EXPECT_TRUE(names.insert(VariantName('a', p)).second) << VariantName('a', p);
  }
  for (const auto& p : kBlellochVariants) {
    EXPECT_TRUE(names.insert(VariantName('b', p)).second) << VariantName('b', p);
  }
}

TEST(PerfPolicies, NamesSayWhatTheKernelIs) {
  EXPECT_EQ(VariantName(kSinglePassSmall), "e.r128v8b1c");
  EXPECT_EQ(VariantName(kSinglePassBelowWave), "e.r128v16b1c");
  EXPECT_EQ(VariantName(kSinglePassMiddle), "e.s128v16b1c");
  EXPECT_EQ(VariantName(kSinglePassLarge), "e.h128s26r16b1ce");
  EXPECT_EQ(VariantName(policy::Copy(kSinglePassLarge)), "e.h128s26r16b1ce.copy");
  EXPECT_EQ(VariantName(policy::NoChain(kSinglePassMiddle)), "e.s128v16b1c.nochain");
  EXPECT_EQ(VariantName(policy::Persistent(128, 16, 3)), "e.d128v16b1c");
  EXPECT_EQ(VariantName(policy::Smem(128, 16, policy::T, 7)), "e.s128v16t1c");
  EXPECT_EQ(VariantName(policy::With(kSinglePassMiddle, 4, false, 64, true)), "e.s128v16b4ek64");
  EXPECT_EQ(VariantName(policy::Cluster(kSinglePassSmall, 4)), "e.r128v8b1cx4");
  EXPECT_EQ(VariantName(policy::Cluster(policy::Hybrid(128, 26, 16, policy::T, 4), 2)),
            "e.h128s26r16t1cex2");
  EXPECT_EQ(VariantName(policy::Polled(policy::Cluster(kSinglePassSmall, 4))), "e.r128v8b1cx4p");
  EXPECT_EQ(VariantName(policy::LookAhead(kSinglePassSmall)), "e.r128v8b1cw");
  EXPECT_EQ(VariantName(policy::Blocks(policy::LookAhead(kSinglePassSmall), 6)), "e.r128v8b1cwm6");
  EXPECT_EQ(VariantName(policy::Blocks(kSinglePassSmall, 6)), "e.r128v8b1cm6");
  EXPECT_EQ(policy::LookAhead(kSinglePassSmall).Block(), 160);
  EXPECT_EQ(kSinglePassSmall.Block(), 128);
  EXPECT_EQ(VariantName('a', kHillisSteeleLadder), "a.128");
  EXPECT_EQ(VariantName('b', kBlellochLadder), "b.ws128");
}

TEST(PerfPolicies, EsKernelsAreRowsOfTheTableFromSmallTilesToLarge) {
  EXPECT_GE(VariantIndex(kSinglePassSmall), 0);
  EXPECT_GE(VariantIndex(kSinglePassBelowWave), 0);
  EXPECT_GE(VariantIndex(kSinglePassMiddle), 0);
  EXPECT_GE(VariantIndex(kSinglePassLarge), 0);
  EXPECT_LT(kSinglePassSmall.Tile(), kSinglePassBelowWave.Tile());
  EXPECT_LE(kSinglePassBelowWave.Tile(), kSinglePassMiddle.Tile());
  EXPECT_LT(kSinglePassMiddle.Tile(), kSinglePassLarge.Tile());
  // The ladder's e is checked as a scan: none of its kernels is an ablation.
  for (const auto& p :
       {kSinglePassSmall, kSinglePassBelowWave, kSinglePassMiddle, kSinglePassLarge}) {
    EXPECT_TRUE(p.chain && !p.copy_only) << VariantName(p);
  }
}

TEST(PerfPolicies, EveryRowIsAKernelTheGpuCanRun) {
  for (const auto& p : kSinglePassVariants) {
    SCOPED_TRACE(VariantName(p));
    EXPECT_EQ(p.threads % 32, 0);
    EXPECT_GE(p.threads, 32);
    EXPECT_LE(p.threads, 1024);
    EXPECT_GT(p.shared_vectors + p.register_vectors, 0);
    EXPECT_GE(p.window, 1);
    // One warp reduces the segment totals: at most 32 of them.
    const int segments = (p.shared_vectors > 0) + (p.register_vectors > 0);
    EXPECT_LE(segments * p.threads / 32, 32);
    // The copy engine moves whole 2 KB chunks, into at most 227 KB of shared memory a block.
    if (p.shared_vectors > 0) {
      EXPECT_EQ(p.threads * 4 * p.shared_vectors * 4 % 2048, 0);
      EXPECT_LE(p.SharedBytes(), 227 * 1024);
      EXPECT_LE(1LL * p.min_blocks * p.SharedBytes(), 228 * 1024);
    }
    if (p.stages == 2) {
      EXPECT_EQ(p.register_vectors, 0) << "persistent tiles are in shared memory";
    }
    // A cluster: at most 8 blocks (the portable limit), one block per tile, a scan with a chain
    // or the copy ablation; the leader sends lane r's prefix to rank r (at most 32 ranks anyway).
    EXPECT_GE(p.cluster, 1);
    EXPECT_LE(p.cluster, 8);
    if (p.cluster > 1) {
      EXPECT_EQ(p.stages, 1);
      EXPECT_TRUE(p.chain);
    }
    // The look-ahead warp: blockIdx order, a block per tile, no cluster, a scan with a chain.
    if (p.look_ahead) {
      EXPECT_EQ(p.order, TileOrder::kBlockIdx);
      EXPECT_EQ(p.stages, 1);
      EXPECT_EQ(p.cluster, 1);
      EXPECT_TRUE(p.chain && !p.copy_only);
    }
    // The __launch_bounds__ must leave each thread at least 32 registers.
    EXPECT_LE(1LL * p.min_blocks * p.Block() * 32, 65536);
    EXPECT_LE(p.Block(), 1024);
  }
}

}  // namespace
}  // namespace scanviz::perf
