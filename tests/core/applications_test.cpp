// The scan's applications (core/applications/): compaction, split, radix sort and allocation, each
// a flag step, the multi-block scan of the flags and a scatter step. Their results against
// sequential references written here (std::copy_if, std::stable_partition, std::stable_sort, a
// running sum), the chapters' example worked by hand, every size 1..300 and large ones up to
// 2^16, bad parameters, CheckApplication naming the step that broke, and the file format.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <random>

#include "core/any_trace_io.h"
#include "core/applications/application_driver.h"
#include "core/applications/application_io.h"
#include "core/applications/applications.h"
#include "core/applications/steps.h"
#include "core/grid/grid_io.h"
#include "core/registry.h"
#include "support/algorithms.h"

namespace scanviz {
namespace {

using V = std::vector<double>;
const V kExample = {3, 1, 7, 0, 4, 1, 6, 3};

ApplicationRequest Request(ApplicationKind application, V input, int block_size = 0,
                           Algorithm block = kDefaultApplicationBlockAlgorithm) {
  ApplicationRequest r;
  r.application = application;
  r.input = std::move(input);
  r.block_algorithm = block;
  r.block_size =
      block_size ? block_size : DefaultApplicationBlockSize(static_cast<int>(r.input.size()));
  return r;
}

ApplicationRequest Compact(V input, KeepRule keep, int block_size = 0) {
  ApplicationRequest r = Request(ApplicationKind::kCompact, std::move(input), block_size);
  r.params.keep = keep;
  return r;
}
ApplicationRequest Split(V input, int bit, int block_size = 0) {
  ApplicationRequest r = Request(ApplicationKind::kSplit, std::move(input), block_size);
  r.params.bit = bit;
  return r;
}
ApplicationRequest Radix(V input, int bits, int block_size = 0) {
  ApplicationRequest r = Request(ApplicationKind::kRadixSort, std::move(input), block_size);
  r.params.bits = bits;
  return r;
}

// The references, written without flags or scans.
bool KeepsRef(double x, KeepRule k) {
  const auto i = static_cast<long long>(x);
  switch (k.kind) {
    case KeepKind::kOdd:
      return i % 2 != 0;
    case KeepKind::kEven:
      return i % 2 == 0;
    case KeepKind::kPositive:
      return x > 0;
    case KeepKind::kNonzero:
      return x != 0;
    case KeepKind::kGreater:
      return x > k.threshold;
  }
  return false;
}
V CompactRef(const V& in, KeepRule k) {
  V out;
  std::copy_if(in.begin(), in.end(), std::back_inserter(out),
               [&](double x) { return KeepsRef(x, k); });
  return out;
}
std::uint32_t Bits(double x) {
  return static_cast<std::uint32_t>(static_cast<std::int32_t>(x));
}
V SplitRef(V in, int bit) {
  std::stable_partition(in.begin(), in.end(),
                        [&](double x) { return ((Bits(x) >> bit) & 1u) == 0; });
  return in;
}
// Sorted by the low `bits` bits of the key; with a negative key the keys compare as numbers once
// the sign bit is flipped, so with 32 bits this is std::stable_sort's numeric order.
V RadixRef(V in, int bits) {
  const bool negative = std::any_of(in.begin(), in.end(), [](double x) { return x < 0; });
  const std::uint64_t mask = bits == 32 ? 0xffffffffull : (1ull << bits) - 1;
  auto key = [&](double x) { return ((Bits(x) ^ (negative ? 0x80000000u : 0u)) & mask); };
  std::stable_sort(in.begin(), in.end(), [&](double a, double b) { return key(a) < key(b); });
  return in;
}
V OffsetsRef(const V& sizes) {
  V out;
  double acc = 0;
  for (double s : sizes) {
    out.push_back(acc);
    acc += s;
  }
  return out;
}

V Random(int n, std::uint64_t seed, int lo, int hi) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<long long> d(lo, hi);
  V v(static_cast<size_t>(n));
  for (double& x : v) x = static_cast<double>(d(rng));
  return v;
}

std::string Describe(const ApplicationRequest& r) {
  return std::string(ToString(r.application)) + " n=" + std::to_string(r.input.size()) +
         " B=" + std::to_string(r.block_size) + " " + ToString(r.block_algorithm) +
         " bit=" + std::to_string(r.params.bit) + " bits=" + std::to_string(r.params.bits) +
         " keep=" + ToString(r.params.keep, r.type);
}

// Runs, checks and returns the trace; the check must pass.
ApplicationTrace RunChecked(const ApplicationRequest& r) {
  EXPECT_EQ(ValidateApplicationRequest(r), "") << Describe(r);
  ApplicationTrace t = SimulateApplication(r);
  const std::vector<std::string> broken = CheckApplication(t);
  EXPECT_TRUE(broken.empty()) << Describe(r) << ": " << broken.front();
  return t;
}

TEST(Applications, CompactTheChaptersExample) {
  const ApplicationTrace t = RunChecked(Compact(kExample, {KeepKind::kOdd, 0}));
  ASSERT_EQ(t.passes.size(), 1u);
  EXPECT_EQ(t.passes[0].flags, (V{1, 1, 1, 0, 0, 1, 0, 1}));
  EXPECT_EQ(t.passes[0].scan.output, (V{0, 1, 2, 3, 3, 3, 4, 4}));
  EXPECT_EQ(t.total, 5);
  EXPECT_EQ(t.output, (V{3, 1, 7, 1, 3}));
  // The scan is the chapters' Blelloch scan of one block of 8: its up-sweep, seed and down-sweep.
  EXPECT_EQ(t.passes[0].scan.BlockCount(), 1);
  EXPECT_EQ(t.passes[0].scan.blocks[0].meta.algorithm, Algorithm::kBlelloch);
  EXPECT_EQ(RunChecked(Compact(kExample, {KeepKind::kGreater, 3})).output, (V{7, 4, 6}));
  EXPECT_EQ(RunChecked(Compact(kExample, {KeepKind::kEven, 0})).output, (V{0, 4, 6}));
  EXPECT_EQ(RunChecked(Compact(kExample, {KeepKind::kNonzero, 0})).output,
            (V{3, 1, 7, 4, 1, 6, 3}));
}

TEST(Applications, SplitTheChaptersExample) {
  const ApplicationTrace t = RunChecked(Split(kExample, 0));
  EXPECT_EQ(t.passes[0].flags, (V{0, 0, 0, 1, 1, 0, 1, 0}));  // the inverted bit 0
  EXPECT_EQ(t.passes[0].scan.output, (V{0, 0, 0, 0, 1, 2, 2, 3}));
  EXPECT_EQ(t.total, 3);  // three zeros
  // zeros 0, 4, 6 at their scan values; a one at total_zeros + i - scan[i]: 3 -> 3, 1 -> 4,
  // 7 -> 5, 1 -> 3 + 5 - 2 = 6, 3 -> 3 + 7 - 3 = 7
  EXPECT_EQ(t.output, (V{0, 4, 6, 3, 1, 7, 1, 3}));
}

TEST(Applications, RadixSortTheChaptersExamplePassByPass) {
  const ApplicationTrace t = RunChecked(Radix(kExample, 3));
  ASSERT_EQ(t.passes.size(), 3u);
  EXPECT_FALSE(t.sign_flipped);
  EXPECT_EQ(t.keys, kExample);
  EXPECT_EQ(t.passes[0].output, (V{0, 4, 6, 3, 1, 7, 1, 3}));
  EXPECT_EQ(t.passes[1].output, (V{0, 4, 1, 1, 6, 3, 7, 3}));
  EXPECT_EQ(t.passes[2].output, (V{0, 1, 1, 3, 3, 4, 6, 7}));
  EXPECT_EQ(t.output, (V{0, 1, 1, 3, 3, 4, 6, 7}));
  EXPECT_EQ(RadixBitsNeeded(kExample), 3);
}

TEST(Applications, AllocateTheChaptersExample) {
  const ApplicationTrace t = RunChecked(Request(ApplicationKind::kAllocate, kExample));
  EXPECT_EQ(t.passes[0].scan.output, (V{0, 3, 4, 11, 11, 15, 16, 22}));  // the offsets
  EXPECT_EQ(t.total, 25);
  ASSERT_EQ(t.output.size(), 25u);
  EXPECT_EQ(t.output,
            (V{0, 0, 0, 1, 2, 2, 2, 2, 2, 2, 2, 4, 4, 4, 4, 5, 6, 6, 6, 6, 6, 6, 7, 7, 7}));
}

TEST(Applications, SignedKeysFlipTheSignBit) {
  const V keys = {5, -3, 0, -2147483647 - 1, 2147483647, -1, 3, -3};
  const ApplicationTrace t = RunChecked(Radix(keys, 32));
  EXPECT_TRUE(t.sign_flipped);
  EXPECT_EQ(t.keys[1], static_cast<double>(0x7ffffffd));  // -3 = 0xfffffffd, flipped
  EXPECT_EQ(t.keys[0], static_cast<double>(std::int32_t(0x80000005u)));
  V sorted = keys;
  std::stable_sort(sorted.begin(), sorted.end());
  EXPECT_EQ(t.output, sorted);
  EXPECT_EQ(RadixBitsNeeded(keys), 32);
  // Fewer bits: ordered by the low bits only, ties in input order (the split is stable).
  EXPECT_EQ(RunChecked(Radix(keys, 2)).output, RadixRef(keys, 2));
}

TEST(Applications, EverySizeUpTo300EqualsTheReferences) {
  for (int n = 1; n <= 300; ++n) {
    const auto seed = static_cast<std::uint64_t>(n);
    const int block = n % 3 == 0 ? 4 : 0;  // every third size in a grid of blocks of 4
    const V small = Random(n, seed, -20, 20);
    const KeepRule keeps[] = {{KeepKind::kOdd, 0},
                              {KeepKind::kEven, 0},
                              {KeepKind::kPositive, 0},
                              {KeepKind::kNonzero, 0},
                              {KeepKind::kGreater, 5}};
    const KeepRule keep = keeps[n % 5];
    ASSERT_EQ(RunChecked(Compact(small, keep, block)).output, CompactRef(small, keep)) << n;
    const V wide = Random(n, seed + 1, -2147483647 - 1, 2147483647);
    const int bit = n % 32;
    ASSERT_EQ(RunChecked(Split(wide, bit, block)).output, SplitRef(wide, bit)) << n;
    const V keys = n % 2 ? Random(n, seed + 2, 0, 1000) : small;
    const int bits = RadixBitsNeeded(keys);
    const ApplicationTrace sorted = RunChecked(Radix(keys, bits, block));
    V want = keys;
    std::stable_sort(want.begin(), want.end());
    ASSERT_EQ(sorted.output, want) << n;
    const V sizes = Random(n, seed + 3, 0, 9);
    const ApplicationTrace pool = RunChecked(Request(ApplicationKind::kAllocate, sizes, block));
    ASSERT_EQ(pool.passes[0].scan.output, OffsetsRef(sizes)) << n;
    ASSERT_EQ(pool.total, OffsetsRef(sizes).back() + sizes.back()) << n;
  }
}

TEST(Applications, HillisSteeleBlocksGiveTheSameResults) {
  for (int n : {1, 7, 33, 100, 1025}) {
    for (int b : {4, 32, 1024}) {
      const V v = Random(n, static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(b), -9, 9);
      ApplicationRequest r = Compact(v, {KeepKind::kPositive, 0}, b);
      r.block_algorithm = Algorithm::kHillisSteele;
      EXPECT_EQ(RunChecked(r).output, CompactRef(v, {KeepKind::kPositive, 0}));
      r = Radix(Random(n, 3, 0, 255), 8, b);
      r.block_algorithm = Algorithm::kHillisSteele;
      EXPECT_EQ(RunChecked(r).output, RadixRef(r.input, 8));
    }
  }
}

// Every algorithm of the registry as the block scan of every application's scan
// (support/algorithms.h: a new one joins with no edit here), in blocks that divide n and blocks
// that do not: each result equals its sequential reference, every step checks, and each pass's
// scan is the exclusive sum in blocks of that algorithm (an inclusive one's blocks convert).
class ApplicationBlockScan : public ::testing::TestWithParam<Algorithm> {};

V PoolRef(const V& sizes) {
  V pool;
  for (size_t i = 0; i < sizes.size(); ++i)
    pool.insert(pool.end(), static_cast<size_t>(sizes[i]), static_cast<double>(i));
  return pool;
}

TEST_P(ApplicationBlockScan, EveryApplicationEqualsItsReference) {
  const Algorithm a = GetParam();
  int cases = 0;
  for (int n : {1, 2, 7, 33, 100, 1025, 4097}) {
    for (int b : {4, 32, DefaultApplicationBlockSize(n)}) {
      const auto seed = static_cast<std::uint64_t>(n) * 7 + static_cast<std::uint64_t>(b);
      auto with = [&](ApplicationRequest r) {
        r.block_algorithm = a;
        r.block_size = b;
        return r;
      };
      const V values = Random(n, seed, -20, 20);
      const KeepRule keep{static_cast<KeepKind>(cases % 5), 3};
      const ApplicationTrace kept = RunChecked(with(Compact(values, keep)));
      ASSERT_EQ(kept.output, CompactRef(values, keep)) << Describe(with(Compact(values, keep)));
      const V wide = Random(n, seed + 1, -2147483647 - 1, 2147483647);
      const int bit = (n + b) % 32;
      ASSERT_EQ(RunChecked(with(Split(wide, bit))).output, SplitRef(wide, bit)) << ToString(a) << n;
      // Signed keys (their sign bits flipped), four passes: ordered by the low four bits.
      ASSERT_EQ(RunChecked(with(Radix(values, 4))).output, RadixRef(values, 4))
          << ToString(a) << " n " << n;
      const V sizes = Random(n, seed + 2, 0, 5);
      const ApplicationTrace pool = RunChecked(with(Request(ApplicationKind::kAllocate, sizes)));
      ASSERT_EQ(pool.passes[0].scan.output, OffsetsRef(sizes)) << ToString(a) << " n " << n;
      ASSERT_EQ(pool.output, PoolRef(sizes)) << ToString(a) << " n " << n;
      for (const ApplicationTrace* t : {&kept, &pool}) {
        const GridTrace& scan = t->passes[0].scan;
        ASSERT_FALSE(scan.Inclusive());
        ASSERT_EQ(scan.block_algorithm, a);
        ASSERT_EQ(scan.blocks[0].meta.algorithm, a);
        ASSERT_EQ(scan.converted, Info(a).inclusive);
      }
      ++cases;
    }
  }
  EXPECT_EQ(cases, 21);
}

TEST_P(ApplicationBlockScan, FileRoundTrip) {
  ApplicationRequest r = Split(Random(100, 3, -50, 50), 2, 8);
  r.block_algorithm = GetParam();
  const ApplicationTrace t = RunChecked(r);
  const std::string text = ApplicationToJson(t);
  const AnyTraceLoad loaded = ParseAnyTraceJson(text);
  ASSERT_TRUE(loaded.application) << loaded.error;
  EXPECT_EQ(ApplicationToJson(*loaded.application), text);
  EXPECT_TRUE(CheckApplication(*loaded.application).empty());
}

SCANVIZ_FOR_EVERY_ALGORITHM(ApplicationBlockScan);

// A broken block scan (here: a scan of the flags whose output is off by one from some cell on)
// must give a trace that fails CheckApplication at step 2, never writes past the scatter's output.
class BrokenScanExec {
 public:
  BackendInfo backend() const { return {}; }
  bool Failed() const { return false; }
  template <class T>
  void Flags(const PassSpec<T>& spec, const std::vector<T>& in, std::vector<int>* flags) {
    for (int i = 0; i < static_cast<int>(in.size()); ++i)
      applications::FlagStep(spec, in.data(), flags->data(), static_cast<int>(in.size()), i);
  }
  GridTrace Scan(const GridRequest& request) {
    GridTrace t = SimulateGrid(request);
    for (size_t i = t.output.size() / 2; i < t.output.size(); ++i) t.output[i] += 1000;
    return t;
  }
  template <class T>
  void Scatter(const PassSpec<T>& spec, const std::vector<T>& in, const std::vector<int>& flags,
               const std::vector<int>& scan, int total, std::vector<T>* out) {
    ++scatters;
    for (int i = 0; i < static_cast<int>(in.size()); ++i)
      applications::ScatterStep(spec, in.data(), flags.data(), scan.data(), total, out->data(),
                                static_cast<int>(in.size()), i);
  }
  template <class T>
  void FlipSignBits(std::vector<T>*) {}
  int scatters = 0;
};

TEST(Applications, AScanThatIsNotTheFlagsExclusiveSumIsNotScattered) {
  EXPECT_TRUE(applications::IsExclusiveSum({1, 0, 1, 1}, {0, 1, 1, 2}));
  EXPECT_FALSE(applications::IsExclusiveSum({1, 0, 1, 1}, {0, 1, 2, 2}));
  EXPECT_FALSE(applications::IsExclusiveSum({1, 0}, {0}));
  for (const ApplicationInfo& info : Applications()) {
    ApplicationRequest r = Request(info.id, Random(100, 5, 0, 9), 8);
    BrokenScanExec exec;
    const ApplicationTrace t = applications::Run<std::int32_t>(exec, r);
    EXPECT_EQ(exec.scatters, 0) << info.key;
    const std::vector<std::string> broken = CheckApplication(t);
    ASSERT_FALSE(broken.empty()) << info.key;
    EXPECT_NE(broken.front().find("step 2 scan"), std::string::npos) << broken.front();
  }
}

TEST(Applications, LargeSizesUpTo65536) {
  for (int n : {1025, 4097, 40000, 65536}) {
    const V v = Random(n, static_cast<std::uint64_t>(n), -100, 100);
    EXPECT_EQ(RunChecked(Compact(v, {KeepKind::kGreater, 10})).output,
              CompactRef(v, {KeepKind::kGreater, 10}))
        << n;
    EXPECT_EQ(RunChecked(Split(v, 31)).output, SplitRef(v, 31))
        << n;  // the sign bit: negatives last
  }
  const V keys = Random(65536, 5, 0, 15);
  EXPECT_EQ(RunChecked(Radix(keys, 4)).output, RadixRef(keys, 4));
  const V sizes = Random(65535, 6, 0, 3);
  const ApplicationTrace pool = RunChecked(Request(ApplicationKind::kAllocate, sizes));
  EXPECT_EQ(pool.passes[0].scan.output, OffsetsRef(sizes));
}

TEST(Applications, Float32Compaction) {
  ApplicationRequest r = Compact({1.5, -0.25, 0, 3, -7.5}, {KeepKind::kGreater, -1});
  r.type = ElementType::kFloat32;
  EXPECT_EQ(RunChecked(r).output, (V{1.5, -0.25, 0, 3}));
  std::string error = ParseKeep("greater:-0.5", ElementType::kFloat32, &r.params.keep);
  EXPECT_EQ(error, "");
  EXPECT_EQ(r.params.keep.threshold, -0.5);
}

TEST(Applications, DefaultsAndKeys) {
  EXPECT_EQ(DefaultApplicationBlockSize(1), 4);
  EXPECT_EQ(DefaultApplicationBlockSize(5), 8);
  EXPECT_EQ(DefaultApplicationBlockSize(1024), 1024);
  EXPECT_EQ(DefaultApplicationBlockSize(65536), 1024);
  EXPECT_EQ(ApplicationKeys(), "compact, split, radix-sort or allocate");
  for (const ApplicationInfo& a : Applications()) {
    ApplicationKind k{};
    EXPECT_TRUE(ParseApplication(a.key, &k));
    EXPECT_EQ(k, a.id);
    Algorithm algorithm{};
    EXPECT_FALSE(Parse(a.key, &algorithm)) << "an application's key is also an algorithm's";
  }
}

TEST(Applications, BadParametersGetOneLine) {
  KeepRule keep;
  EXPECT_EQ(ParseKeep("foo", ElementType::kInt32, &keep),
            "--keep \"foo\": choose odd, even, positive, nonzero or greater:K");
  EXPECT_NE(ParseKeep("greater:x", ElementType::kInt32, &keep).find("--keep \"greater:x\""),
            std::string::npos);
  EXPECT_NE(ParseKeep("greater:1.5", ElementType::kInt32, &keep).find("'1.5' is not an integer"),
            std::string::npos);
  EXPECT_NE(ParseKeep("odd", ElementType::kFloat32, &keep).find("neither odd nor even"),
            std::string::npos);
  EXPECT_EQ(ValidateApplicationRequest(Split(kExample, 32)),
            "--bit 32: choose 0..31 (int32 has 32 bits)");
  EXPECT_EQ(ValidateApplicationRequest(Split(kExample, -1)),
            "--bit -1: choose 0..31 (int32 has 32 bits)");
  EXPECT_EQ(ValidateApplicationRequest(Radix(kExample, 0)),
            "--bits 0: choose 1..32 (passes over the low bits)");
  EXPECT_EQ(ValidateApplicationRequest(Radix(kExample, 33)),
            "--bits 33: choose 1..32 (passes over the low bits)");
  EXPECT_NE(ValidateApplicationRequest(Radix(V(65536, 1), 32)).find("more than a trace holds"),
            std::string::npos);
  EXPECT_EQ(ValidateApplicationRequest(Request(ApplicationKind::kAllocate, {3, -1, 2})),
            "allocate: size -1 (element 1) is negative; a thread asks for 0 cells or more");
  EXPECT_NE(ValidateApplicationRequest(Request(ApplicationKind::kAllocate, {1 << 20, 1}))
                .find("add up to 1048577"),
            std::string::npos);
  ApplicationRequest f = Split({1.5}, 0);
  f.type = ElementType::kFloat32;
  EXPECT_EQ(ValidateApplicationRequest(f), "split takes int32 values, not float32");
  f.application = ApplicationKind::kRadixSort;
  EXPECT_EQ(ValidateApplicationRequest(f), "radix-sort takes int32 values, not float32");
  EXPECT_EQ(ValidateApplicationRequest(Request(ApplicationKind::kCompact, {})),
            "0 elements: choose 1..65536 for compact");
  EXPECT_EQ(ValidateApplicationRequest(Request(ApplicationKind::kCompact, V(65537, 1), 1024)),
            "65537 elements: choose 1..65536 for compact");
  EXPECT_EQ(ValidateApplicationRequest(Request(ApplicationKind::kCompact, {1}, 6)),
            "--block-size 6: choose a power of two from 4 to 1024");
}

// Each tampered value is named by the step it breaks.
TEST(Applications, CheckNamesTheStepThatBroke) {
  auto first = [](const ApplicationTrace& t) {
    const std::vector<std::string> b = CheckApplication(t);
    return b.empty() ? std::string("(passed)") : b.front();
  };
  auto has = [](const std::string& s, const char* what) {
    return s.find(what) != std::string::npos;
  };
  const ApplicationTrace compact =
      RunChecked(Compact(Random(100, 1, -9, 9), {KeepKind::kOdd, 0}, 8));
  {
    ApplicationTrace t = compact;
    t.passes[0].flags[5] = 1 - t.passes[0].flags[5];
    t.passes[0].scan.input = t.passes[0].flags;  // stays the scan of the flags: step 1 is wrong
    EXPECT_TRUE(has(first(t), "step 1 flags: flags[5]")) << first(t);
  }
  {
    ApplicationTrace t = compact;
    t.passes[0].scan.output[40] += 1;
    EXPECT_TRUE(has(first(t), "step 2 scan: phase 3: output[40]")) << first(t);
  }
  {
    ApplicationTrace t = compact;
    t.passes[0].total += 1;
    EXPECT_TRUE(has(first(t), "step 2 scan: total")) << first(t);
  }
  {
    ApplicationTrace t = compact;
    t.passes[0].output[2] += 100;
    t.output = t.passes[0].output;
    EXPECT_TRUE(has(first(t), "step 3 scatter: output[2]")) << first(t);
  }
  {
    ApplicationTrace t = compact;
    t.output[0] += 1;
    EXPECT_TRUE(has(first(t), "result: the output is not the last pass's")) << first(t);
  }
  const ApplicationTrace radix = RunChecked(Radix(Random(50, 2, -50, 50), 32, 16));
  {
    ApplicationTrace t = radix;
    t.passes[3].output[7] += 1;
    EXPECT_TRUE(has(first(t), "pass 4 (bit 3) · step 3 scatter")) << first(t);
  }
  {
    ApplicationTrace t = radix;
    std::swap(t.passes[9].input[0], t.passes[9].input[1]);
    EXPECT_TRUE(has(first(t), "pass 10 (bit 9) · its input is not the output of pass 9"))
        << first(t);
  }
  {
    ApplicationTrace t = radix;
    t.sign_flipped = false;
    EXPECT_TRUE(has(first(t), "keys: sign_flipped is false")) << first(t);
  }
  const ApplicationTrace pool =
      RunChecked(Request(ApplicationKind::kAllocate, Random(30, 3, 0, 5), 4));
  {
    ApplicationTrace t = pool;
    t.passes[0].output[10] += 1;
    t.output = t.passes[0].output;
    EXPECT_TRUE(has(first(t), "step 3 scatter: pool[10]")) << first(t);
  }
}

TEST(ApplicationsFile, RoundTripKeepsEverything) {
  const ApplicationTrace traces[] = {
      RunChecked(Compact(Random(70, 1, -9, 9), {KeepKind::kGreater, 2}, 16)),
      RunChecked(Split(Random(70, 2, -99, 99), 3, 4)),
      RunChecked(Radix(Random(40, 3, -99, 99), 32, 8)),
      RunChecked(Request(ApplicationKind::kAllocate, Random(20, 4, 0, 4)))};
  for (const ApplicationTrace& t : traces) {
    const std::string text = ApplicationToJson(t);
    const AnyTraceLoad loaded = ParseAnyTraceJson(text);
    ASSERT_TRUE(loaded.application) << loaded.error;
    EXPECT_FALSE(loaded.grid || loaded.trace);
    EXPECT_EQ(ApplicationToJson(*loaded.application), text);
    EXPECT_TRUE(CheckApplication(*loaded.application).empty());
  }
}

TEST(ApplicationsFile, BrokenFilesAreRefusedNamingThePlace) {
  const ApplicationTrace t = RunChecked(Radix(Random(20, 2, 0, 7), 3, 4));
  auto refused = [&](auto edit, const std::string& fragment) {
    nlohmann::json j = nlohmann::json::parse(ApplicationToJson(t));
    edit(j);
    const AnyTraceLoad loaded = ParseAnyTraceJson(j.dump());
    EXPECT_FALSE(loaded.Ok()) << fragment;
    EXPECT_NE(loaded.error.find(fragment), std::string::npos) << loaded.error;
  };
  refused([](nlohmann::json& j) { j["meta"]["bits"] = 0; }, "--bits 0");
  refused([](nlohmann::json& j) { j["meta"]["bits"] = "x"; }, "meta.bits");
  refused([](nlohmann::json& j) { j["passes"].erase(1); }, "passes: expected 3 passes");
  refused([](nlohmann::json& j) { j["passes"][1]["bit"] = 2; }, "passes[1].bit");
  refused([](nlohmann::json& j) { j["passes"][0]["flags"].erase(0); }, "passes[0].flags");
  refused([](nlohmann::json& j) { j["passes"][2]["scan"]["input"][0] = 7; }, "passes[2].scan");
  refused([](nlohmann::json& j) { j["passes"][0]["total"] = 1 << 30; }, "passes[0].total");
  refused([](nlohmann::json& j) { j["passes"][0]["output"][3] = 1.5; }, "passes[0].output[3]");
  refused([](nlohmann::json& j) { j["keys"].erase(0); }, "keys");
  refused([](nlohmann::json& j) { j["total"] = -1; }, "total");
  refused([](nlohmann::json& j) { j["meta"].erase("backend"); }, "backend");
  refused([](nlohmann::json& j) { j["version"] = 1; }, "applications are in version 2 only");
  nlohmann::json c =
      nlohmann::json::parse(ApplicationToJson(RunChecked(Compact(kExample, {KeepKind::kOdd, 0}))));
  c["meta"]["keep"] = "foo";
  EXPECT_NE(ParseAnyTraceJson(c.dump()).error.find("meta.keep: --keep \"foo\""), std::string::npos)
      << ParseAnyTraceJson(c.dump()).error;
}

}  // namespace
}  // namespace scanviz
