// Every size the chapters' kernels accept, awkward ones included, with random, constant, negative
// and all-ones inputs and each operator: the result against a sequential reference, every
// snapshot of every round against its invariant window, and the work formulas.
#include <gtest/gtest.h>

#include <random>

#include "core/analysis.h"
#include "core/input.h"
#include "core/registry.h"
#include "core/scan_steps.h"
#include "core/simulator.h"
#include "support/trace_compare.h"

namespace scanviz {
namespace {

const int kSizes[] = {1, 2, 3, 7, 8, 9, 31, 32, 33, 255, 256, 1000, 1024};
const auto& kOps = kAllOps;
const Algorithm kAlgorithms[] = {Algorithm::kHillisSteele, Algorithm::kBlelloch,
                                 Algorithm::kWarpShuffle, Algorithm::kSklansky};

// kSparse is mostly zeros: the input that makes `last` (not commutative) tell a combination's
// operand order apart.
enum class InputKind { kRandom, kConstant, kNegative, kAllOnes, kFullRange, kSparse };
constexpr InputKind kInputKinds[] = {InputKind::kRandom,  InputKind::kConstant,
                                     InputKind::kNegative, InputKind::kAllOnes,
                                     InputKind::kFullRange, InputKind::kSparse};
const char* Name(InputKind k) {
  constexpr const char* kNames[] = {"random",   "constant",   "negative",
                                    "all-ones", "full-range", "sparse"};
  return kNames[static_cast<int>(k)];
}

std::vector<double> MakeInput(InputKind kind, int n, std::uint64_t seed) {
  switch (kind) {
    case InputKind::kRandom:
      return RandomValues(n, seed, ElementType::kInt32, -50, 50);
    case InputKind::kConstant:
      return std::vector<double>(n, 7);
    case InputKind::kNegative:
      return RandomValues(n, seed, ElementType::kInt32, -1000, -1);
    case InputKind::kAllOnes:
      return std::vector<double>(n, 1);
    case InputKind::kFullRange:
      return RandomValues(n, seed, ElementType::kInt32, -2147483647 - 1, 2147483647);
    case InputKind::kSparse: {
      std::vector<double> v = RandomValues(n, seed, ElementType::kInt32, -9, 9);
      const std::vector<double> keep = RandomValues(n, seed + 1, ElementType::kInt32, 0, 3);
      for (int i = 0; i < n; ++i)
        if (keep[i] != 0) v[i] = 0;  // about three in four are zero
      return v;
    }
  }
  return {};
}

int Log2Ceil(int n) {
  int k = 0;
  while ((1 << k) < n) ++k;
  return k;
}

// Hillis-Steele on n values: sum of (n - stride) over the strides.
int ScanWork(int n) {
  int work = 0;
  for (int stride = 1; stride < n; stride *= 2) work += n - stride;
  return work;
}

// The formulas, worked out from the chapters (and, for the warp-shuffle scan, from its steps: a
// Hillis-Steele in each warp of min(32, n') lanes, one over the warps' totals padded to a power of
// two, and one offset per lane past the first warp; for Sklansky, half the n' cells in each of
// its log2 n' rounds).
int ExpectedWork(Algorithm algorithm, int n) {
  if (algorithm == Algorithm::kBlelloch) return 2 * (NextPowerOfTwo(n) - 1);
  if (algorithm == Algorithm::kSklansky) return NextPowerOfTwo(n) / 2 * Log2Ceil(n);
  if (algorithm == Algorithm::kHillisSteele) return ScanWork(n);
  const int lanes = n <= 32 ? NextPowerOfTwo(n) : (n + 31) / 32 * 32;
  if (lanes <= 32) return ScanWork(lanes);
  const int warps = lanes / 32;
  return warps * ScanWork(32) + ScanWork(NextPowerOfTwo(warps)) + (lanes - 32);
}

int ExpectedDepth(Algorithm algorithm, int n) {
  if (algorithm == Algorithm::kBlelloch) return 2 * Log2Ceil(n);
  if (algorithm == Algorithm::kSklansky) return Log2Ceil(n);
  if (algorithm == Algorithm::kHillisSteele) return Log2Ceil(n);
  if (n <= 32) return Log2Ceil(n);
  const int warps = (n + 31) / 32;
  return 5 + Log2Ceil(warps) + 1;  // the warp scan, the totals' scan, the offsets
}

TEST(Sizes, EveryRoundMatchesItsWindowAndTheResultMatchesTheReference) {
  int cases = 0;
  for (Algorithm algorithm : kAlgorithms) {
    for (OpKind op : kOps) {
      for (int n : kSizes) {
        for (InputKind kind : kInputKinds) {
          const std::uint64_t seed = 1000u * static_cast<unsigned>(n) + static_cast<unsigned>(kind);
          SCOPED_TRACE(std::string(ToString(algorithm)) + " op " + ToString(op) + " n " +
                       std::to_string(n) + " input " + Name(kind) + " seed " +
                       std::to_string(seed));
          const ScanRequest request{algorithm, op, ElementType::kInt32, MakeInput(kind, n, seed)};
          ASSERT_EQ(ValidateRequest(request), "");
          const Trace trace = Simulate(request);
          const TraceAnalysis analysis = Analyze(trace);
          ASSERT_TRUE(analysis.Ok()) << analysis.violations.front();
          EXPECT_EQ(trace.Result(), SequentialScan(trace.meta, request.input,
                                                   algorithm != Algorithm::kBlelloch));
          EXPECT_EQ(analysis.work, ExpectedWork(algorithm, n));
          EXPECT_EQ(analysis.depth, ExpectedDepth(algorithm, n));
          ++cases;
        }
      }
    }
  }
  EXPECT_EQ(cases, 4 * 4 * 13 * 6);
}

// Every algorithm of the registry (the warp-shuffle scan too, whose shuffles only the simulator
// runs on CPU), at every size, operator and input kind: every cell of every round against its
// invariant window, and the result against a sequential scan of its flavour.
TEST(Sizes, EveryRegisteredAlgorithmPassesTheSelfCheck) {
  int cases = 0;
  for (const AlgorithmInfo* info : Algorithms()) {
    for (OpKind op : kOps) {
      for (int n : kSizes) {
        for (InputKind kind : kInputKinds) {
          const std::uint64_t seed = 2000u * static_cast<unsigned>(n) + static_cast<unsigned>(kind);
          SCOPED_TRACE(std::string(info->key) + " op " + ToString(op) + " n " + std::to_string(n) +
                       " input " + Name(kind) + " seed " + std::to_string(seed));
          const ScanRequest request{info->id, op, ElementType::kInt32, MakeInput(kind, n, seed)};
          ASSERT_EQ(ValidateRequest(request), "");
          const Trace trace = Simulate(request);
          const TraceAnalysis analysis = Analyze(trace);
          ASSERT_TRUE(analysis.Ok()) << analysis.violations.front();
          ASSERT_EQ(trace.Result(), SequentialScan(trace.meta, request.input, info->inclusive));
          ++cases;
        }
      }
    }
  }
  EXPECT_EQ(cases, static_cast<int>(Algorithms().size()) * 4 * 13 * 6);
  EXPECT_GE(Algorithms().size(), 4u);  // Hillis-Steele, Blelloch, the warp-shuffle scan, Sklansky
}

TEST(Sizes, BlellochPadsWithTheIdentityAndMarksThePadding) {
  for (OpKind op : kOps) {
    const Trace trace = Simulate(ScanRequest{Algorithm::kBlelloch, op, ElementType::kInt32,
                                             RandomValues(5, 3, ElementType::kInt32)});
    ASSERT_EQ(trace.meta.padded_n, 8);
    ASSERT_EQ(trace.meta.block_size, 8);
    const TraceAnalysis analysis = Analyze(trace);
    for (int i = 0; i < 8; ++i) {
      EXPECT_EQ(analysis.rounds[0].cells[0][i].padding, i >= 5) << i;
      if (i >= 5) {
        EXPECT_EQ(trace.rounds[0].buffers[0][i], trace.meta.identity) << i;
      }
    }
  }
}

TEST(Sizes, HillisSteeleNeedsNoPadding) {
  const Trace trace = Simulate(ScanRequest{Algorithm::kHillisSteele, OpKind::kAdd,
                                           ElementType::kInt32, std::vector<double>(1000, 1)});
  EXPECT_EQ(trace.meta.padded_n, 1000);
  EXPECT_EQ(trace.rounds.size(), 11u);  // load + strides 1..512
  EXPECT_EQ(trace.Result().back(), 1000);
}

// A race-free round gives the same trace whatever order its threads run in.
TEST(ThreadOrder, DoesNotChangeACorrectScan) {
  for (Algorithm algorithm : kAlgorithms) {
    for (int n : {7, 33, 1000}) {
      const ScanRequest request{algorithm, OpKind::kAdd, ElementType::kInt32,
                                RandomValues(n, 11, ElementType::kInt32, -9, 9)};
      const Trace ascending = Simulate(request);
      const Trace descending = Simulate(request, {ThreadOrder::kDescending, 0});
      const Trace shuffled = Simulate(request, {ThreadOrder::kShuffled, 99});
      EXPECT_EQ(testing::FirstDifference(ascending, descending), "") << n;
      EXPECT_EQ(testing::FirstDifference(ascending, shuffled), "") << n;
    }
  }
}

TEST(Float32, AddStaysWithinRoundingOfTheSequentialSum) {
  for (Algorithm algorithm : kAlgorithms) {
    for (int n : {3, 100, 1024}) {
      const ScanRequest request{algorithm, OpKind::kAdd, ElementType::kFloat32,
                                RandomValues(n, 5, ElementType::kFloat32, -10, 10)};
      ASSERT_EQ(ValidateRequest(request), "");
      const TraceAnalysis analysis = Analyze(Simulate(request));
      EXPECT_TRUE(analysis.Ok()) << analysis.violations.front();
    }
  }
}

TEST(Float32, MaxUsesMinusInfinityAsIdentity) {
  const Trace trace = Simulate(
      ScanRequest{Algorithm::kBlelloch, OpKind::kMax, ElementType::kFloat32, {1.5, -2, 3}});
  EXPECT_TRUE(std::isinf(trace.meta.identity) && trace.meta.identity < 0);
  EXPECT_EQ(trace.Result()[1], 1.5);
  EXPECT_TRUE(Analyze(trace).Ok());
}

TEST(Validate, RejectsWhatOneBlockCannotScan) {
  EXPECT_NE(ValidateRequest(ScanRequest{}), "");
  ScanRequest big{Algorithm::kHillisSteele, OpKind::kAdd, ElementType::kInt32,
                  std::vector<double>(1025, 1)};
  EXPECT_NE(ValidateRequest(big).find("1024"), std::string::npos);
  ScanRequest fractional{Algorithm::kHillisSteele, OpKind::kAdd, ElementType::kInt32, {1.5}};
  EXPECT_NE(ValidateRequest(fractional), "");
  ScanRequest wide{Algorithm::kHillisSteele, OpKind::kAdd, ElementType::kInt32, {2147483648.0}};
  EXPECT_NE(ValidateRequest(wide), "");
}

}  // namespace
}  // namespace scanviz
