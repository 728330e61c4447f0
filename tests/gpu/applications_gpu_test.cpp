// The scan's applications on the GPU (kernels/cuda/application_kernel.cu: the flag and scatter
// kernels, the grid's traced scan between them) equal the simulator's traces pass by pass: the
// keys, every pass's input, flags, scan (block by block), total and output, and the result; and the
// GPU's trace passes CheckApplication. Over every application, sizes from 1 to 2^16 and their
// parameters.
//
// Needs a usable CUDA device; without one each test reports itself SKIPPED with the CUDA error.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "backend/backend.h"
#include "core/applications/applications.h"
#include "core/input.h"
#include "core/registry.h"
#include "support/algorithms.h"
#include "support/grid_compare.h"

namespace scanviz {
namespace {

#define SKIP_WITHOUT_CUDA()                                                                   \
  do {                                                                                        \
    if (!QueryCuda().usable) GTEST_SKIP() << "no usable CUDA device: " << QueryCuda().reason; \
  } while (0)

std::string FirstApplicationDifference(const ApplicationTrace& gpu, const ApplicationTrace& cpu) {
  if (gpu.application != cpu.application || gpu.params != cpu.params || gpu.type != cpu.type ||
      gpu.block_algorithm != cpu.block_algorithm || gpu.block_size != cpu.block_size)
    return "metadata differs";
  if (gpu.input != cpu.input) return "inputs differ";
  if (gpu.sign_flipped != cpu.sign_flipped || gpu.keys != cpu.keys) return "the keys differ";
  if (gpu.passes.size() != cpu.passes.size()) return "pass counts differ";
  for (size_t p = 0; p < gpu.passes.size(); ++p) {
    const ApplicationPass& a = gpu.passes[p];
    const ApplicationPass& b = cpu.passes[p];
    const std::string at = "pass " + std::to_string(p + 1) + ": ";
    if (a.bit != b.bit || a.input != b.input) return at + "its bit or input differs";
    if (a.flags != b.flags) return at + "step 1 (flags) differs";
    if (const std::string d = testing::FirstGridDifference(a.scan, b.scan, at + "step 2 (scan) ");
        !d.empty())
      return d;
    if (a.total != b.total) return at + "the totals differ";
    if (a.output != b.output) return at + "step 3 (scatter) differs";
  }
  if (gpu.output != cpu.output || gpu.total != cpu.total) return "the results differ";
  return {};
}

std::string Describe(const ApplicationRequest& r) {
  return std::string(ToString(r.application)) + " " + ToString(r.type) +
         " n=" + std::to_string(r.input.size()) + " " + ToString(r.block_algorithm) +
         " B=" + std::to_string(r.block_size) + " keep=" + ToString(r.params.keep, r.type) +
         " bit=" + std::to_string(r.params.bit) + " bits=" + std::to_string(r.params.bits);
}

std::string CompareBackends(const ApplicationRequest& r) {
  const ApplicationOutcome gpu = RunApplication(BackendChoice::kCuda, r);
  if (!gpu.application) return "GPU run failed: " + gpu.error;
  if (gpu.application->backend.kind != BackendKind::kCuda) return "the GPU run did not run on CUDA";
  const ApplicationOutcome cpu = RunApplication(BackendChoice::kCpu, r);
  if (!cpu.application) return "CPU run failed: " + cpu.error;
  if (std::string d = FirstApplicationDifference(*gpu.application, *cpu.application); !d.empty())
    return d;
  const std::vector<std::string> broken = CheckApplication(*gpu.application);
  if (!broken.empty()) return "the GPU trace fails CheckApplication: " + broken.front();
  return {};
}

ApplicationRequest Make(ApplicationKind application, std::vector<double> input,
                        std::mt19937_64& rng) {
  ApplicationRequest r;
  r.application = application;
  r.input = std::move(input);
  const int n = static_cast<int>(r.input.size());
  r.block_algorithm = Algorithms()[rng() % Algorithms().size()]->id;  // any of the registry
  r.block_size = rng() % 3 == 0 ? 4 << (rng() % 9) : DefaultApplicationBlockSize(n);
  const KeepKind keeps[] = {KeepKind::kOdd, KeepKind::kEven, KeepKind::kPositive,
                            KeepKind::kNonzero, KeepKind::kGreater};
  r.params.keep = {keeps[rng() % 5], static_cast<double>(static_cast<int>(rng() % 21) - 10)};
  r.params.bit = static_cast<int>(rng() % 32);
  r.params.bits = RadixBitsNeeded(r.input);
  if (static_cast<long long>(n) * r.params.bits > kMaxApplicationScannedElements)
    r.params.bits = kMaxApplicationScannedElements / n;
  return r;
}

const int kSizes[] = {1, 2, 3, 7, 8, 9, 31, 32, 33, 255, 256, 257, 1000, 1024, 1025, 4097, 65536};

// Runs everywhere: with no device, auto falls back with the CUDA error and cuda is an error.
TEST(Backend, ApplicationAutoSaysWhichRan) {
  ApplicationRequest r;
  r.application = ApplicationKind::kSplit;
  r.input = {3, 1, 7, 0};
  r.block_size = DefaultApplicationBlockSize(4);
  const ApplicationOutcome outcome = RunApplication(BackendChoice::kAuto, r);
  ASSERT_TRUE(outcome.application) << outcome.error;
  EXPECT_EQ(outcome.application->output, (std::vector<double>{0, 3, 1, 7}));
  if (QueryCuda().usable) {
    EXPECT_EQ(outcome.ran.rfind("CUDA: ", 0), 0u) << outcome.ran;
    EXPECT_EQ(outcome.application->backend.kind, BackendKind::kCuda);
    EXPECT_EQ(outcome.application->passes[0].scan.backend.kind, BackendKind::kCuda);
  } else {
    EXPECT_TRUE(outcome.fell_back);
    EXPECT_EQ(outcome.ran, "CPU simulation (no CUDA device: " + QueryCuda().reason + ")");
    const ApplicationOutcome cuda = RunApplication(BackendChoice::kCuda, r);
    EXPECT_FALSE(cuda.application.has_value());
    EXPECT_EQ(cuda.error, "no usable CUDA device: " + QueryCuda().reason);
  }
  r.params.bit = 32;
  EXPECT_EQ(RunApplication(BackendChoice::kAuto, r).error,
            "--bit 32: choose 0..31 (int32 has 32 bits)");
}

TEST(GpuApplications, TheChaptersExample) {
  SKIP_WITHOUT_CUDA();
  std::mt19937_64 rng(1);
  for (const ApplicationInfo& info : Applications()) {
    ApplicationRequest r = Make(info.id, {3, 1, 7, 0, 4, 1, 6, 3}, rng);
    r.block_algorithm = Algorithm::kBlelloch;
    r.block_size = 8;
    EXPECT_EQ(CompareBackends(r), "") << Describe(r);
  }
}

TEST(GpuApplications, EveryApplicationSizeAndParameter) {
  SKIP_WITHOUT_CUDA();
  std::mt19937_64 rng(20261201);
  int cases = 0;
  for (const ApplicationInfo& info : Applications()) {
    for (int n : kSizes) {
      const auto seed = static_cast<std::uint64_t>(n);
      std::vector<std::vector<double>> inputs;
      if (info.id == ApplicationKind::kAllocate) {
        inputs = {RandomValues(n, seed, ElementType::kInt32, 0, 9),
                  std::vector<double>(static_cast<size_t>(n), 0.0),
                  RandomValues(n, seed + 1, ElementType::kInt32, 0, 1)};
      } else {
        inputs = {RandomValues(n, seed, ElementType::kInt32, -50, 50),
                  RandomValues(n, seed + 1, ElementType::kInt32, 0, 1000),
                  RandomValues(n, seed + 2, ElementType::kInt32, -2147483647 - 1, 2147483647)};
      }
      for (const std::vector<double>& input : inputs) {
        const ApplicationRequest r = Make(info.id, input, rng);
        EXPECT_EQ(CompareBackends(r), "") << Describe(r);
        ++cases;
      }
    }
  }
  std::printf("compared %d application cases\n", cases);
}

TEST(GpuApplications, CompactionOfFloat32AndEveryPredicate) {
  SKIP_WITHOUT_CUDA();
  std::mt19937_64 rng(7);
  for (int n : {5, 100, 1024, 3000, 65536}) {
    for (const char* keep : {"positive", "nonzero", "greater:0.5", "greater:-3"}) {
      ApplicationRequest r = Make(ApplicationKind::kCompact, {}, rng);
      r.type = ElementType::kFloat32;
      r.input = RandomValues(n, static_cast<std::uint64_t>(n), ElementType::kFloat32, -5, 5);
      r.block_size = DefaultApplicationBlockSize(n);
      ASSERT_EQ(ParseKeep(keep, r.type, &r.params.keep), "");
      EXPECT_EQ(CompareBackends(r), "") << Describe(r);
    }
  }
  for (const char* keep : {"odd", "even", "positive", "nonzero", "greater:7"}) {
    ApplicationRequest r =
        Make(ApplicationKind::kCompact, RandomValues(777, 3, ElementType::kInt32, -20, 20), rng);
    ASSERT_EQ(ParseKeep(keep, r.type, &r.params.keep), "");
    EXPECT_EQ(CompareBackends(r), "") << Describe(r);
  }
}

TEST(GpuApplications, RadixSortEveryBitCount) {
  SKIP_WITHOUT_CUDA();
  std::mt19937_64 rng(11);
  for (int bits = 1; bits <= 32; ++bits) {
    ApplicationRequest r = Make(ApplicationKind::kRadixSort,
                                RandomValues(2000, static_cast<std::uint64_t>(bits),
                                             ElementType::kInt32, -2147483647 - 1, 2147483647),
                                rng);
    r.params.bits = bits;
    EXPECT_EQ(CompareBackends(r), "") << Describe(r);
  }
}

// Every algorithm of the registry as the block scan of every application's scan on the GPU
// (support/algorithms.h: a new one joins with no edit here), in blocks that divide n and blocks
// that do not.
class GpuApplicationBlockScan : public ::testing::TestWithParam<Algorithm> {};

TEST_P(GpuApplicationBlockScan, EveryApplicationEqualsTheSimulator) {
  SKIP_WITHOUT_CUDA();
  std::mt19937_64 rng(static_cast<std::uint64_t>(GetParam()) + 1);
  int cases = 0;
  for (const ApplicationInfo& info : Applications()) {
    for (int n : {1, 33, 1025, 4097, 65536}) {
      for (int b : {4, 32, DefaultApplicationBlockSize(n)}) {
        const auto seed = static_cast<std::uint64_t>(n) + static_cast<std::uint64_t>(b);
        ApplicationRequest r = Make(info.id,
                                    info.id == ApplicationKind::kAllocate
                                        ? RandomValues(n, seed, ElementType::kInt32, 0, 9)
                                        : RandomValues(n, seed, ElementType::kInt32, -1000, 1000),
                                    rng);
        r.block_algorithm = GetParam();
        r.block_size = b;
        if (info.id == ApplicationKind::kRadixSort)
          r.params.bits = 4;  // four passes: enough, and quick
        EXPECT_EQ(CompareBackends(r), "") << Describe(r);
        ++cases;
      }
    }
  }
  std::printf("%s: compared %d application cases\n", ToString(GetParam()), cases);
}

SCANVIZ_FOR_EVERY_ALGORITHM(GpuApplicationBlockScan);

}  // namespace
}  // namespace scanviz
