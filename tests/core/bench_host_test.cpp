// The host side of a bench run (core/perf/bench_host.h), which decides whether a device output is
// reported correct: the plan's sizes, the inputs and references, and the checks, which must catch
// one wrong element anywhere (also past the first chunk of the parallel check), an exclusive scan
// given for an inclusive one, a NaN, and a float error over the tolerance; and the timing
// arithmetic.
#include "core/perf/bench_host.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <limits>

namespace scanviz::perf {
namespace {

TEST(BenchHost, PlanTimesPowersOfTwoAndChecksAwkwardSizes) {
  const BenchRunOptions o = PlanRun(10, 12, 7, {"int32"}, {"inclusive", "exclusive"});
  EXPECT_EQ(o.min_log2, 10);
  EXPECT_EQ(o.max_log2, 12);
  EXPECT_EQ(o.timed_sizes, (std::vector<long long>{1024, 2048, 4096}));
  // Below 2^13: every awkward size, none of them a timed one.
  EXPECT_EQ(o.check_sizes, (std::vector<long long>{1, 3, 31, 1000, 1337, 4095, 4097}));
  EXPECT_EQ(o.repeats, 7);
  EXPECT_EQ(o.warmup, kBenchWarmup);
  EXPECT_EQ(o.types, std::vector<std::string>{"int32"});
  EXPECT_EQ(o.modes, (std::vector<std::string>{"inclusive", "exclusive"}));
  EXPECT_DOUBLE_EQ(o.float_tolerance, kFloatTolerance);
  EXPECT_FALSE(o.throughput.empty());

  const std::vector<PlannedSize> all = PlannedSizes(o);
  ASSERT_EQ(all.size(), 10u);
  for (size_t i = 1; i < all.size(); ++i) EXPECT_LT(all[i - 1].n, all[i].n);
  EXPECT_EQ(all[3].n, 1000);
  EXPECT_FALSE(all[3].timed);
  EXPECT_EQ(all[5].n, 1337);
  EXPECT_EQ(all[6].n, 2048);
  EXPECT_TRUE(all[6].timed);
}

TEST(BenchHost, PlanClampsTheRange) {
  const BenchRunOptions big = PlanRun(20, 40, 0, {"float32"}, {"inclusive"});
  EXPECT_EQ(big.max_log2, kMaxBenchLog2);
  EXPECT_EQ(big.timed_sizes.back(), 1LL << kMaxBenchLog2);
  EXPECT_EQ(big.repeats, 1);
  EXPECT_EQ(big.check_sizes.back(), (1LL << 24) - 3);
  const BenchRunOptions inverted = PlanRun(12, 5, 3, {"int32"}, {"inclusive"});
  EXPECT_EQ(inverted.max_log2, 12);
  EXPECT_EQ(inverted.timed_sizes, std::vector<long long>{4096});
  const BenchRunOptions tiny = PlanRun(-3, 0, 3, {"int32"}, {"inclusive"});
  EXPECT_EQ(tiny.timed_sizes, std::vector<long long>{1});
  EXPECT_TRUE(tiny.check_sizes.empty());  // 1 is timed; nothing else is below 2
}

// The reference is a plain sequential scan: int32 wrapping, float32 in float64.
TEST(BenchHost, CasesAreReproducibleAndTheirReferenceIsTheScan) {
  const HostCase a = MakeCase(ElementType::kInt32, 1000, 7);
  const HostCase b = MakeCase(ElementType::kInt32, 1000, 7);
  const HostCase c = MakeCase(ElementType::kInt32, 1000, 8);
  EXPECT_EQ(a.in_i, b.in_i);
  EXPECT_NE(a.in_i, c.in_i);
  std::uint32_t s = 0;
  for (int i = 0; i < 1000; ++i) {
    s += static_cast<std::uint32_t>(a.in_i[i]);
    ASSERT_EQ(a.ref_i[i], s) << i;
  }
  const HostCase f = MakeCase(ElementType::kFloat32, 1000, 7);
  double d = 0;
  for (int i = 0; i < 1000; ++i) {
    ASSERT_GE(f.in_f[i], 0.0f);
    ASSERT_LT(f.in_f[i], 1.0f);
    d += f.in_f[i];
    ASSERT_DOUBLE_EQ(f.ref_f[i], d) << i;
  }
  EXPECT_EQ(f.Input(), static_cast<const void*>(f.in_f.data()));
}

std::vector<std::uint32_t> IntScan(const HostCase& c, bool inclusive) {
  std::vector<std::uint32_t> out(c.n);
  std::uint32_t s = 0;
  for (long long i = 0; i < c.n; ++i) {
    if (!inclusive) out[i] = s;
    s += static_cast<std::uint32_t>(c.in_i[i]);
    if (inclusive) out[i] = s;
  }
  return out;
}

// The float64 reference rounded to float32: what a perfect float32 scan could give.
std::vector<float> FloatScan(const HostCase& c, bool inclusive) {
  std::vector<float> out(c.n);
  for (long long i = 0; i < c.n; ++i) {
    out[i] = static_cast<float>(inclusive ? c.ref_f[i] : (i == 0 ? 0.0 : c.ref_f[i - 1]));
  }
  return out;
}

// Each tile of `tile` elements scanned on its own (the no-chain ablation's output).
std::vector<std::uint32_t> IntTileScans(const HostCase& c, bool inclusive, long long tile) {
  std::vector<std::uint32_t> out(c.n);
  std::uint32_t s = 0;
  for (long long i = 0; i < c.n; ++i) {
    if (i % tile == 0) s = 0;
    if (!inclusive) out[i] = s;
    s += static_cast<std::uint32_t>(c.in_i[i]);
    if (inclusive) out[i] = s;
  }
  return out;
}
std::vector<float> FloatTileScans(const HostCase& c, bool inclusive, long long tile) {
  std::vector<float> out(c.n);
  double s = 0;
  for (long long i = 0; i < c.n; ++i) {
    if (i % tile == 0) s = 0;
    if (!inclusive) out[i] = static_cast<float>(s);
    s += c.in_f[i];
    if (inclusive) out[i] = static_cast<float>(s);
  }
  return out;
}

TEST(BenchHost, AnAblationsTilesAreCheckedAsScansOfTheirOwn) {
  const long long tile = 1024;
  for (long long n : {1000LL, 1024LL, 5000LL, 100003LL}) {
    const HostCase ci = MakeCase(ElementType::kInt32, n, 5);
    const HostCase cf = MakeCase(ElementType::kFloat32, n, 5);
    for (bool inclusive : {true, false}) {
      SCOPED_TRACE(testing::Message() << "n " << n << " inclusive " << inclusive);
      const std::vector<std::uint32_t> local = IntTileScans(ci, inclusive, tile);
      EXPECT_TRUE(CheckScan(ci, inclusive, local.data(), kFloatTolerance, tile).correct);
      const std::vector<float> flocal = FloatTileScans(cf, inclusive, tile);
      EXPECT_TRUE(CheckScan(cf, inclusive, flocal.data(), kFloatTolerance, tile).correct);
      // The whole scan is not the tiles' scans (past the first tile), nor the other way round.
      const std::vector<std::uint32_t> whole = IntScan(ci, inclusive);
      EXPECT_EQ(CheckScan(ci, inclusive, whole.data(), kFloatTolerance, tile).correct, n <= tile);
      EXPECT_EQ(CheckScan(ci, inclusive, local.data()).correct, n <= tile);
      // One element wrong in the last tile: found there.
      std::vector<std::uint32_t> bad = local;
      bad[n - 1] += 1;
      const Verdict v = CheckScan(ci, inclusive, bad.data(), kFloatTolerance, tile);
      EXPECT_FALSE(v.correct);
      EXPECT_EQ(v.first_bad, n - 1);
    }
  }
}

// Sizes on both sides of the parallel check's threshold (2^16), and its chunk edges.
class BenchCheck : public ::testing::TestWithParam<long long> {};

TEST_P(BenchCheck, AnIntScanMustMatchExactly) {
  const long long n = GetParam();
  const HostCase c = MakeCase(ElementType::kInt32, n, 3);
  for (bool inclusive : {true, false}) {
    std::vector<std::uint32_t> out = IntScan(c, inclusive);
    const Verdict ok = CheckScan(c, inclusive, out.data());
    EXPECT_TRUE(ok.correct) << "n " << n << " inclusive " << inclusive;
    EXPECT_EQ(ok.mismatches, 0);
    EXPECT_EQ(ok.first_bad, -1);
    for (long long at : {0LL, n / 2, n - 1}) {
      std::vector<std::uint32_t> bad = out;
      bad[at] += 1;
      const Verdict v = CheckScan(c, inclusive, bad.data());
      EXPECT_FALSE(v.correct) << "n " << n << " at " << at;
      EXPECT_EQ(v.mismatches, 1) << "n " << n << " at " << at;
      EXPECT_EQ(v.first_bad, at) << "n " << n;
    }
    // The other mode's output is wrong everywhere the input is not zero.
    const Verdict swapped = CheckScan(c, !inclusive, out.data());
    EXPECT_FALSE(swapped.correct) << "n " << n;
    EXPECT_EQ(swapped.first_bad, 0);
  }
  // Two wrong elements in different chunks: both counted, the first named.
  if (n > 4) {
    std::vector<std::uint32_t> bad = IntScan(c, true);
    bad[n - 2] ^= 1;
    bad[1] ^= 1;
    const Verdict v = CheckScan(c, true, bad.data());
    EXPECT_EQ(v.mismatches, 2);
    EXPECT_EQ(v.first_bad, 1);
  }
}

TEST_P(BenchCheck, AFloatScanMustBeFiniteAndWithinTheTolerance) {
  const long long n = GetParam();
  const HostCase c = MakeCase(ElementType::kFloat32, n, 5);
  for (bool inclusive : {true, false}) {
    std::vector<float> out = FloatScan(c, inclusive);
    const Verdict ok = CheckScan(c, inclusive, out.data());
    EXPECT_TRUE(ok.correct) << "n " << n << " rel_err " << ok.rel_err;
    EXPECT_LT(ok.rel_err, kFloatTolerance);
    std::vector<float> nan = out;
    nan[n - 1] = std::numeric_limits<float>::quiet_NaN();
    const Verdict v = CheckScan(c, inclusive, nan.data());
    EXPECT_FALSE(v.correct) << "n " << n;
    EXPECT_EQ(v.mismatches, 1);
    EXPECT_EQ(v.first_bad, n - 1);
  }
  // Every element 1 % off: far over the tolerance.
  std::vector<float> off = FloatScan(c, true);
  for (float& x : off) x *= 1.01f;
  const Verdict v = CheckScan(c, true, off.data());
  EXPECT_FALSE(v.correct);
  EXPECT_NEAR(v.rel_err, 0.01, 1e-4);
  EXPECT_TRUE(CheckScan(c, true, off.data(), 0.02).correct);
}

TEST_P(BenchCheck, ACopyMustEqualItsInputBitForBit) {
  const long long n = GetParam();
  const HostCase c = MakeCase(ElementType::kFloat32, n, 9);
  std::vector<float> out = c.in_f;
  EXPECT_TRUE(CheckCopy(c, out.data()).correct);
  out[n - 1] = -out[n - 1] - 1;
  const Verdict v = CheckCopy(c, out.data());
  EXPECT_FALSE(v.correct);
  EXPECT_EQ(v.mismatches, 1);
  EXPECT_EQ(v.first_bad, n - 1);
}

INSTANTIATE_TEST_SUITE_P(Sizes, BenchCheck,
                         ::testing::Values(1, 3, 31, 1000, 4097, 65535, 65536, 65537,
                                           (1 << 20) + 1));

TEST(BenchHost, RotationCoversThreeL2sWhileASetFitsTwice) {
  const long long l2 = 60LL << 20;
  EXPECT_EQ(RotationSets(8 << 10, l2, true), 64);    // capped
  EXPECT_EQ(RotationSets(8LL << 20, l2, true), 23);  // ceil(180 / 8)
  EXPECT_EQ(RotationSets(100LL << 20, l2, true), 2);
  EXPECT_EQ(RotationSets(120LL << 20, l2, true), 1);  // twice L2: no reuse to avoid
  EXPECT_EQ(RotationSets(8 << 10, l2, false), 1);     // a check runs once
  EXPECT_EQ(RotationSets(8 << 10, 0, true), 1);
}

TEST(BenchHost, TimingsAreSummarisedByTheirMedian) {
  const TimingSummary odd = Summarise({5, 1, 3});
  EXPECT_DOUBLE_EQ(odd.median_us, 3);
  EXPECT_DOUBLE_EQ(odd.min_us, 1);
  EXPECT_DOUBLE_EQ(odd.max_us, 5);
  EXPECT_DOUBLE_EQ(Summarise({4, 1, 3, 10}).median_us, 3.5);
  EXPECT_DOUBLE_EQ(Summarise({}).median_us, 0);
  // 2^20 int32 read and written in 1 ms: 8 MiB / 1 ms.
  EXPECT_DOUBLE_EQ(ScanGbps(1 << 20, 1000), 8.388608);
}

TEST(BenchHost, DatesAreIsoUtc) {
  EXPECT_EQ(IsoUtc(std::chrono::system_clock::time_point{}), "1970-01-01T00:00:00Z");
  EXPECT_EQ(IsoUtc(std::chrono::system_clock::from_time_t(1796209872)), "2026-12-02T11:11:12Z");
  EXPECT_STREQ(TypeName(ElementType::kFloat32), "float32");
  EXPECT_STREQ(ModeName(false), "exclusive");
}

}  // namespace
}  // namespace scanviz::perf
