// The GPU trace equals the CPU simulator's trace cell by cell and action by action.
//
// Needs a usable CUDA device; without one every GPU test reports itself SKIPPED with the CUDA
// error (CTest shows it as skipped, never passed). docs/gpu-validation.md records a run on an
// NVIDIA GPU.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "backend/backend.h"
#include "core/analysis.h"
#include "core/grid/grid.h"
#include "core/grid/single_pass.h"
#include "core/input.h"
#include "core/registry.h"
#include "core/simulator.h"
#include "support/grid_compare.h"
#include "support/trace_compare.h"

namespace scanviz {
namespace {

#define SKIP_WITHOUT_CUDA()                                                                   \
  do {                                                                                        \
    if (!QueryCuda().usable) GTEST_SKIP() << "no usable CUDA device: " << QueryCuda().reason; \
  } while (0)

// Runs request on both backends; returns the first difference, or "" when equal.
std::string CompareBackends(const ScanRequest& request) {
  const ScanOutcome gpu = RunScan(BackendChoice::kCuda, request);
  if (!gpu.trace) return "GPU run failed: " + gpu.error;
  if (gpu.trace->meta.backend.kind != BackendKind::kCuda) return "the GPU run did not run on CUDA";
  const ScanOutcome cpu = RunScan(BackendChoice::kCpu, request);
  if (!cpu.trace) return "CPU run failed: " + cpu.error;
  const std::string difference = testing::FirstDifference(*gpu.trace, *cpu.trace);
  if (!difference.empty()) return difference;
  const TraceAnalysis analysis = Analyze(*gpu.trace);
  if (!analysis.Ok()) return "GPU trace fails the self-check: " + analysis.violations.front();
  return {};
}

const int kSizes[] = {1, 2, 3, 7, 8, 9, 31, 32, 33, 255, 256, 1000, 1024};

TEST(GpuVsCpu, WorkedExample) {
  SKIP_WITHOUT_CUDA();
  for (const AlgorithmInfo* info : Algorithms()) {
    const Algorithm algorithm = info->id;
    const ScanRequest request{
        algorithm, OpKind::kAdd, ElementType::kInt32, {3, 1, 7, 0, 4, 1, 6, 3}};
    EXPECT_EQ(CompareBackends(request), "") << ToString(algorithm);
  }
}

TEST(GpuVsCpu, EverySizeOperatorAndInputKind) {
  SKIP_WITHOUT_CUDA();
  int cases = 0;
  for (const AlgorithmInfo* info : Algorithms()) {
    const Algorithm algorithm = info->id;
    for (OpKind op : kAllOps) {
      for (int n : kSizes) {
        const std::vector<std::vector<double>> inputs = {
            RandomValues(n, n, ElementType::kInt32, -50, 50),
            std::vector<double>(n, 7),
            RandomValues(n, n + 1, ElementType::kInt32, -1000, -1),
            std::vector<double>(n, 1),
            RandomValues(n, n + 2, ElementType::kInt32, -2147483647 - 1, 2147483647),
        };
        for (size_t k = 0; k < inputs.size(); ++k) {
          EXPECT_EQ(CompareBackends(ScanRequest{algorithm, op, ElementType::kInt32, inputs[k]}), "")
              << ToString(algorithm) << " op " << ToString(op) << " n " << n << " input kind " << k;
          ++cases;
        }
      }
    }
  }
  std::printf("compared %d (algorithm, operator, size, input) cases\n", cases);
}

TEST(GpuVsCpu, ThousandRandomCases) {
  SKIP_WITHOUT_CUDA();
  std::mt19937_64 rng(20261129);
  int equal = 0;
  for (int c = 0; c < 1000; ++c) {
    const Algorithm algorithm = static_cast<Algorithm>(rng() % kAlgorithmCount);
    const OpKind op = kAllOps[rng() % std::size(kAllOps)];
    const int n = 1 + static_cast<int>(rng() % 1024);
    const std::uint64_t seed = rng();
    const ScanRequest request{algorithm, op, ElementType::kInt32,
                              RandomValues(n, seed, ElementType::kInt32, -100000, 100000)};
    const std::string difference = CompareBackends(request);
    EXPECT_EQ(difference, "") << "case " << c << ": " << ToString(algorithm) << " op "
                              << ToString(op) << " n " << n << " seed " << seed;
    if (difference.empty()) ++equal;
  }
  std::printf("%d of 1000 random cases equal cell by cell and action by action\n", equal);
}

// Same operations in the same order on both sides, so float32 traces agree bit for bit.
TEST(GpuVsCpu, Float32BitForBit) {
  SKIP_WITHOUT_CUDA();
  for (const AlgorithmInfo* info : Algorithms()) {
    const Algorithm algorithm = info->id;
    for (OpKind op : kAllOps) {
      for (int n : kSizes) {
        const ScanRequest request{algorithm, op, ElementType::kFloat32,
                                  RandomValues(n, 77 + n, ElementType::kFloat32, -1000, 1000)};
        EXPECT_EQ(CompareBackends(request), "")
            << ToString(algorithm) << " op " << ToString(op) << " n " << n;
      }
    }
  }
}

TEST(GpuVsCpu, Conversions) {
  SKIP_WITHOUT_CUDA();
  for (const AlgorithmInfo* info : Algorithms()) {
    const Algorithm algorithm = info->id;
    for (OpKind op : kAllOps) {
      for (ElementType type : {ElementType::kInt32, ElementType::kFloat32}) {
        for (int n : kSizes) {
          ScanRequest request{algorithm, op, type, RandomValues(n, 5 * n, type, -100, 100), true};
          EXPECT_EQ(CompareBackends(request), "") << ToString(algorithm) << " op " << ToString(op)
                                                  << " " << ToString(type) << " n " << n;
        }
      }
    }
  }
}

// Runs everywhere: with no device, auto falls back with the CUDA error and cuda is an error.
TEST(Backend, AutoSaysWhichRan) {
  const ScanRequest request{Algorithm::kBlelloch, OpKind::kAdd, ElementType::kInt32, {3, 1, 7}};
  const ScanOutcome outcome = RunScan(BackendChoice::kAuto, request);
  ASSERT_TRUE(outcome.trace) << outcome.error;
  if (QueryCuda().usable) {
    EXPECT_EQ(outcome.ran.rfind("CUDA: ", 0), 0u) << outcome.ran;
    EXPECT_EQ(outcome.trace->meta.backend.kind, BackendKind::kCuda);
  } else {
    EXPECT_TRUE(outcome.fell_back);
    EXPECT_EQ(outcome.ran, "CPU simulation (no CUDA device: " + QueryCuda().reason + ")");
    EXPECT_EQ(outcome.trace->meta.backend.kind, BackendKind::kCpuSimulator);
    const ScanOutcome cuda = RunScan(BackendChoice::kCuda, request);
    EXPECT_FALSE(cuda.trace.has_value());
    EXPECT_EQ(cuda.error, "no usable CUDA device: " + QueryCuda().reason);
    EXPECT_FALSE(QueryCuda().reason.empty());
  }
}

// The mistakes lab's deterministic mistakes on the GPU give the simulator's result exactly: the
// wrong index (no race) at every size, and the missing edge check within one warp (its lanes run
// in lockstep, as warp-by-warp simulates them), where the reads left of buf[0] find the reserved
// shared memory's zeros that the simulator models.
TEST(GpuMistakes, DeterministicMistakesEqualTheSimulator) {
  SKIP_WITHOUT_CUDA();
  SimulatorOptions warps;
  ASSERT_TRUE(ParseThreadOrder("warp-by-warp", &warps));
  struct Case {
    Algorithm algorithm;
    Mistake mistake;
    int n;
  };
  const Case cases[] = {{Algorithm::kBlelloch, Mistake::kBlellochWrongIndex, 8},
                        {Algorithm::kBlelloch, Mistake::kBlellochWrongIndex, 1000},
                        {Algorithm::kBlelloch, Mistake::kBlellochWrongIndex, 1024},
                        {Algorithm::kHillisSteele, Mistake::kHillisSteeleNoEdgeCheck, 8},
                        {Algorithm::kHillisSteele, Mistake::kHillisSteeleNoEdgeCheck, 32}};
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(ToString(c.mistake)) + " n = " + std::to_string(c.n));
    ScanRequest request{c.algorithm, OpKind::kAdd, ElementType::kInt32,
                        RandomValues(c.n, 5, ElementType::kInt32)};
    request.mistake = c.mistake;
    const GpuOutcomes gpu = RunGpuOutcomes(request, 20);
    ASSERT_TRUE(gpu.error.empty()) << gpu.error;
    ASSERT_EQ(gpu.outcomes.size(), 1u) << "a deterministic mistake gave several results";
    EXPECT_EQ(gpu.outcomes[0].values, Simulate(request, warps).Result());
    request.mistake = Mistake::kNone;
    EXPECT_NE(gpu.outcomes[0].values, Simulate(request).Result()) << "the mistake did nothing";
  }
}

// The multi-block scan on the GPU (phase 1 the traced kernel over the grid's blocks, phase 3 its
// own kernel) equals the simulator's grid (support/grid_compare.h) and passes the phases'
// invariants.
TEST(GpuGrid, MultiBlockEqualsTheSimulator) {
  SKIP_WITHOUT_CUDA();
  struct Case {
    Algorithm block;
    int block_size, n;
    OpKind op;
    ElementType type;
    bool convert;
  };
  std::vector<Case> cases = {
      {Algorithm::kHillisSteele, 4, 13, OpKind::kAdd, ElementType::kInt32, false},
      {Algorithm::kBlelloch, 8, 32, OpKind::kAdd, ElementType::kInt32, false},
      {Algorithm::kHillisSteele, 1024, kMaxGridElements, OpKind::kAdd, ElementType::kInt32, false},
      {Algorithm::kBlelloch, 1024, kMaxGridElements, OpKind::kAdd, ElementType::kInt32, false},
      {Algorithm::kBlelloch, 4, 1000, OpKind::kMax, ElementType::kInt32, true},
      {Algorithm::kHillisSteele, 8, 4097, OpKind::kLast, ElementType::kInt32, false},
      {Algorithm::kHillisSteele, 256, 65535, OpKind::kAdd, ElementType::kFloat32, true},
      {Algorithm::kBlelloch, 32, 40000, OpKind::kMin, ElementType::kFloat32, false},
  };
  std::mt19937_64 rng(20261201);
  for (int c = 0; c < 24; ++c) {
    const int log2 = 2 + static_cast<int>(rng() % 9);
    cases.push_back({rng() % 2 ? Algorithm::kBlelloch : Algorithm::kHillisSteele, 1 << log2,
                     1 + static_cast<int>(rng() % kMaxGridElements), kAllOps[rng() % std::size(kAllOps)],
                     ElementType::kInt32, rng() % 2 == 0});
  }
  for (const Case& c : cases) {
    GridRequest request;
    request.block_algorithm = c.block;
    request.block_size = c.block_size;
    request.op = c.op;
    request.type = c.type;
    request.convert = c.convert;
    request.input = RandomValues(c.n, 31 * c.n + c.block_size, c.type, -100, 100);
    const std::string name = std::string(ToString(c.block)) + " B=" + std::to_string(c.block_size) +
                             " n=" + std::to_string(c.n) + " " + ToString(c.op) + " " +
                             ToString(c.type) + (c.convert ? " converted" : "");
    const GridOutcome gpu = RunGridScan(BackendChoice::kCuda, request);
    ASSERT_TRUE(gpu.grid) << name << ": " << gpu.error;
    EXPECT_EQ(gpu.grid->backend.kind, BackendKind::kCuda) << name;
    const GridOutcome cpu = RunGridScan(BackendChoice::kCpu, request);
    ASSERT_TRUE(cpu.grid) << name << ": " << cpu.error;
    EXPECT_EQ(testing::FirstGridDifference(*gpu.grid, *cpu.grid, ""), "") << name;
    const std::vector<std::string> broken = CheckGrid(*gpu.grid);
    EXPECT_TRUE(broken.empty()) << name << ": " << (broken.empty() ? "" : broken.front());
  }
  std::printf("compared %zu multi-block grids, GPU against the simulator\n", cases.size());
}

// The single-pass scan on the GPU: the values (each tile's own scan, its aggregate, the prefixes
// its look-back gathered, the output) equal the simulator's; the times are the GPU's own
// (%globaltimer), so only their consistency is checked (CheckSinglePass: every read saw what its
// predecessor had published by then).
TEST(GpuSinglePass, ValuesEqualTheSimulatorAndTheTimelineHolds) {
  SKIP_WITHOUT_CUDA();
  struct Case {
    Algorithm block;
    int tile, n;
    OpKind op;
    ElementType type;
    TileOrder order;
  };
  std::vector<Case> cases = {
      {Algorithm::kHillisSteele, 8, 64, OpKind::kAdd, ElementType::kInt32, TileOrder::kBlockIdx},
      {Algorithm::kHillisSteele, 8, 64, OpKind::kAdd, ElementType::kInt32, TileOrder::kTicket},
      {Algorithm::kHillisSteele, 1024, kMaxGridElements, OpKind::kAdd, ElementType::kInt32,
       TileOrder::kBlockIdx},
      {Algorithm::kBlelloch, 1024, kMaxGridElements, OpKind::kAdd, ElementType::kInt32,
       TileOrder::kTicket},
      {Algorithm::kBlelloch, 4, kMaxGridElements, OpKind::kLast, ElementType::kInt32,
       TileOrder::kTicket},
      {Algorithm::kHillisSteele, 32, 50001, OpKind::kAdd, ElementType::kFloat32,
       TileOrder::kBlockIdx},
  };
  std::mt19937_64 rng(7);
  for (int c = 0; c < 20; ++c)
    cases.push_back({rng() % 2 ? Algorithm::kBlelloch : Algorithm::kHillisSteele,
                     1 << (2 + static_cast<int>(rng() % 9)),
                     1 + static_cast<int>(rng() % kMaxGridElements),
                     kAllOps[rng() % std::size(kAllOps)], ElementType::kInt32,
                     rng() % 2 ? TileOrder::kTicket : TileOrder::kBlockIdx});
  for (const Case& c : cases) {
    SinglePassRequest r;
    r.block_algorithm = c.block;
    r.tile_size = c.tile;
    r.op = c.op;
    r.type = c.type;
    r.order = c.order;
    r.input = RandomValues(c.n, 3 * c.n + c.tile, c.type, -100, 100);
    const std::string name = std::string(ToString(c.block)) + " tile " + std::to_string(c.tile) +
                             " n " + std::to_string(c.n) + " " + ToString(c.op) + " " +
                             ToString(c.type) + " " + ToString(c.order);
    const SinglePassOutcome gpu = RunSinglePass(BackendChoice::kCuda, r);
    ASSERT_TRUE(gpu.trace) << name << ": " << gpu.error;
    EXPECT_TRUE(gpu.trace->measured) << name;
    const SinglePassTrace cpu = SimulateSinglePass(r);
    EXPECT_EQ(gpu.trace->tile_output, cpu.tile_output) << name;
    // float32 sums gathered along another look-back path round differently: the schedule decides
    // (CheckSinglePass holds them to their windows' tolerance instead).
    const bool exact = c.type == ElementType::kInt32 || c.op != OpKind::kAdd;
    if (exact) {
      EXPECT_EQ(gpu.trace->output, cpu.output) << name;
    }
    for (int k = 0; k < cpu.TileCount(); ++k) {
      const TileRecord& g = gpu.trace->tiles[static_cast<size_t>(k)];
      const TileRecord& s = cpu.tiles[static_cast<size_t>(k)];
      EXPECT_EQ(g.tile, k) << name;
      EXPECT_EQ(g.aggregate, s.aggregate) << name << " tile " << k;
      if (exact) {
        EXPECT_EQ(g.exclusive, s.exclusive) << name << " tile " << k;
        EXPECT_EQ(g.inclusive, s.inclusive) << name << " tile " << k;
      }
    }
    const std::vector<std::string> broken = CheckSinglePass(*gpu.trace);
    EXPECT_TRUE(broken.empty()) << name << ": " << (broken.empty() ? "" : broken.front());
    const SinglePassSummary sum = Summarize(*gpu.trace);
    std::printf("%s: %d tiles, %d waited (longest %lld ns), looked back %.2f on average (max %d), "
                "%d out of order, span %lld ns, timer skew seen %lld ns\n",
                name.c_str(), sum.tiles, sum.tiles_that_waited,
                static_cast<long long>(sum.longest_wait), sum.mean_looked_back, sum.max_looked_back,
                sum.out_of_order, static_cast<long long>(gpu.trace->Span()),
                static_cast<long long>(sum.clock_skew));
  }
}

}  // namespace
}  // namespace scanviz
