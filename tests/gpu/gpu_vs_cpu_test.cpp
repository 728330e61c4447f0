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
#include "support/algorithms.h"
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
// own kernel) against the simulator's grid (support/grid_compare.h); "" when equal and the GPU's
// grid passes the phases' invariants.
std::string CompareGrids(const GridRequest& request) {
  const GridOutcome gpu = RunGridScan(BackendChoice::kCuda, request);
  if (!gpu.grid) return "GPU run failed: " + gpu.error;
  if (gpu.grid->backend.kind != BackendKind::kCuda) return "the GPU run did not run on CUDA";
  const GridOutcome cpu = RunGridScan(BackendChoice::kCpu, request);
  if (!cpu.grid) return "CPU run failed: " + cpu.error;
  if (std::string d = testing::FirstGridDifference(*gpu.grid, *cpu.grid, ""); !d.empty()) return d;
  const std::vector<std::string> broken = CheckGrid(*gpu.grid);
  return broken.empty() ? "" : "CheckGrid: " + broken.front();
}

GridRequest MakeGrid(Algorithm block, int block_size, int n, OpKind op, ElementType type,
                     bool convert) {
  GridRequest request;
  request.block_algorithm = block;
  request.block_size = block_size;
  request.op = op;
  request.type = type;
  request.convert = convert;
  request.input = RandomValues(n, 31 * n + block_size, type, -100, 100);
  return request;
}

std::string Describe(const GridRequest& r) {
  return std::string(ToString(r.block_algorithm)) + " B=" + std::to_string(r.block_size) +
         " n=" + std::to_string(r.input.size()) + " " + ToString(r.op) + " " + ToString(r.type) +
         (r.convert ? " converted" : "");
}

// A block algorithm drawn from the registry, so that random cases cover every one.
Algorithm AnyAlgorithm(std::mt19937_64& rng) {
  return Algorithms()[rng() % Algorithms().size()]->id;
}

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
    cases.push_back({AnyAlgorithm(rng), 1 << log2, 1 + static_cast<int>(rng() % kMaxGridElements),
                     kAllOps[rng() % std::size(kAllOps)], ElementType::kInt32, rng() % 2 == 0});
  }
  for (const Case& c : cases) {
    const GridRequest request = MakeGrid(c.block, c.block_size, c.n, c.op, c.type, c.convert);
    EXPECT_EQ(CompareGrids(request), "") << Describe(request);
  }
  std::printf("compared %zu multi-block grids, GPU against the simulator\n", cases.size());
}

// Every algorithm of the registry as the grid's block scan on the GPU (support/algorithms.h: a
// new one joins with no edit here): block sizes of one warp's part, one warp, several, the largest;
// sizes no block divides; every operator, both flavours, both types.
class GpuGridBlockScan : public ::testing::TestWithParam<Algorithm> {};

TEST_P(GpuGridBlockScan, EqualsTheSimulator) {
  SKIP_WITHOUT_CUDA();
  const Algorithm a = GetParam();
  int grids = 0;
  for (int b : {4, 8, 32, 64, 256, 1024}) {
    for (int n : {1, b - 1, b + 1, 3 * b + 5, 4097}) {
      if (n < 1) continue;
      for (OpKind op : kAllOps) {
        for (bool convert : {false, true}) {
          const ElementType type =
              (n + grids) % 3 == 0 ? ElementType::kFloat32 : ElementType::kInt32;
          const GridRequest request = MakeGrid(a, b, n, op, type, convert);
          EXPECT_EQ(CompareGrids(request), "") << Describe(request);
          ++grids;
        }
      }
    }
    // The largest grid, once per block size: 2^16 in blocks of 4 recurses seven levels deep.
    const GridRequest large =
        MakeGrid(a, b, kMaxGridElements, OpKind::kAdd, ElementType::kInt32, b % 8 == 0);
    EXPECT_EQ(CompareGrids(large), "") << Describe(large);
    ++grids;
  }
  std::printf("%s: compared %d grids, GPU against the simulator\n", ToString(a), grids);
}

SCANVIZ_FOR_EVERY_ALGORITHM(GpuGridBlockScan);

// The single-pass scan on the GPU: the values (each tile's own scan, its aggregate, the prefixes
// its look-back gathered, the output) equal the simulator's; the times are the GPU's own
// (%globaltimer), so only their consistency is checked (CheckSinglePass: every read saw what its
// predecessor had published by then). "" when all hold.
std::string CompareSinglePass(const SinglePassRequest& r) {
  const SinglePassOutcome gpu = RunSinglePass(BackendChoice::kCuda, r);
  if (!gpu.trace) return "GPU run failed: " + gpu.error;
  if (!gpu.trace->measured) return "the GPU's trace is not measured";
  const SinglePassTrace cpu = SimulateSinglePass(r);
  if (gpu.trace->tile_output != cpu.tile_output) return "the tiles' own scans differ";
  // float32 sums gathered along another look-back path round differently: the schedule decides
  // (CheckSinglePass holds them to their windows' tolerance instead).
  const bool exact = r.type == ElementType::kInt32 || r.op != OpKind::kAdd;
  if (exact && gpu.trace->output != cpu.output) return "the outputs differ";
  if (gpu.trace->TileCount() != cpu.TileCount()) return "the tile counts differ";
  for (int k = 0; k < cpu.TileCount(); ++k) {
    const TileRecord& g = gpu.trace->tiles[static_cast<size_t>(k)];
    const TileRecord& s = cpu.tiles[static_cast<size_t>(k)];
    const std::string tile = "tile " + std::to_string(k) + ": ";
    if (g.tile != k) return tile + "recorded as tile " + std::to_string(g.tile);
    if (g.aggregate != s.aggregate) return tile + "the aggregates differ";
    if (exact && (g.exclusive != s.exclusive || g.inclusive != s.inclusive))
      return tile + "the prefixes differ";
  }
  const std::vector<std::string> broken = CheckSinglePass(*gpu.trace);
  if (!broken.empty()) return "CheckSinglePass: " + broken.front();
  const SinglePassSummary sum = Summarize(*gpu.trace);
  std::printf(
      "%s tile %d n %zu %s %s: %d tiles, %d waited (longest %lld ns), looked back %.2f on "
      "average (max %d), %d out of order, span %lld ns, timer skew seen %lld ns\n",
      ToString(r.block_algorithm), r.tile_size, r.input.size(), ToString(r.op), ToString(r.order),
      sum.tiles, sum.tiles_that_waited, static_cast<long long>(sum.longest_wait),
      sum.mean_looked_back, sum.max_looked_back, sum.out_of_order,
      static_cast<long long>(gpu.trace->Span()), static_cast<long long>(sum.clock_skew));
  return {};
}

SinglePassRequest MakeSinglePass(Algorithm block, int tile, int n, OpKind op, ElementType type,
                                 TileOrder order, bool convert = false) {
  SinglePassRequest r;
  r.block_algorithm = block;
  r.tile_size = tile;
  r.op = op;
  r.type = type;
  r.order = order;
  r.convert = convert;
  r.input = RandomValues(n, 3 * n + tile, type, -100, 100);
  return r;
}

std::string Describe(const SinglePassRequest& r) {
  return std::string(ToString(r.block_algorithm)) + " tile " + std::to_string(r.tile_size) + " n " +
         std::to_string(r.input.size()) + " " + ToString(r.op) + " " + ToString(r.type) + " " +
         ToString(r.order) + (r.convert ? " converted" : "");
}

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
    cases.push_back({AnyAlgorithm(rng), 1 << (2 + static_cast<int>(rng() % 9)),
                     1 + static_cast<int>(rng() % kMaxGridElements),
                     kAllOps[rng() % std::size(kAllOps)], ElementType::kInt32,
                     rng() % 2 ? TileOrder::kTicket : TileOrder::kBlockIdx});
  for (const Case& c : cases) {
    const SinglePassRequest r = MakeSinglePass(c.block, c.tile, c.n, c.op, c.type, c.order);
    EXPECT_EQ(CompareSinglePass(r), "") << Describe(r);
  }
}

// Every algorithm of the registry as the tiles' scan on the GPU, through the bare executor with
// real registers and shuffles (bare_exec.cuh): tile sizes below, at and above a warp, the largest;
// sizes no tile divides; both tile orders, every operator, both flavours.
class GpuTileBlockScan : public ::testing::TestWithParam<Algorithm> {};

TEST_P(GpuTileBlockScan, ValuesEqualTheSimulatorAndTheTimelineHolds) {
  SKIP_WITHOUT_CUDA();
  const Algorithm a = GetParam();
  int runs = 0;
  for (int tile : {4, 16, 32, 64, 1024}) {
    for (int n : {1, tile + 1, 3 * tile + 5, 50001, kMaxGridElements}) {
      for (TileOrder order : {TileOrder::kBlockIdx, TileOrder::kTicket}) {
        const OpKind op = kAllOps[static_cast<size_t>(runs) % std::size(kAllOps)];
        const ElementType type = runs % 5 == 4 ? ElementType::kFloat32 : ElementType::kInt32;
        const SinglePassRequest r = MakeSinglePass(a, tile, n, op, type, order, runs % 2 == 1);
        EXPECT_EQ(CompareSinglePass(r), "") << Describe(r);
        ++runs;
      }
    }
  }
}

SCANVIZ_FOR_EVERY_ALGORITHM(GpuTileBlockScan);

// The bare executor on one block, every algorithm: the mistakes lab's correct kernel gives one
// result, the simulator's (registers and shuffles real for the warp shuffle's v and t).
class GpuBareBlock : public ::testing::TestWithParam<Algorithm> {};

TEST_P(GpuBareBlock, CorrectKernelGivesTheSimulatorsResult) {
  SKIP_WITHOUT_CUDA();
  for (int n : kSizes) {
    for (bool convert : {false, true}) {
      const ScanRequest request{GetParam(), OpKind::kAdd, ElementType::kInt32,
                                RandomValues(n, 9 * n, ElementType::kInt32, -50, 50), convert};
      const GpuOutcomes gpu = RunGpuOutcomes(request, 5);
      ASSERT_TRUE(gpu.error.empty()) << ToString(GetParam()) << " n " << n << ": " << gpu.error;
      ASSERT_EQ(gpu.outcomes.size(), 1u) << ToString(GetParam()) << " n " << n;
      EXPECT_EQ(gpu.outcomes[0].values, Simulate(request).Result())
          << ToString(GetParam()) << " n " << n << (convert ? " converted" : "");
    }
  }
}

// The timed kernel (registers through the same LaneRegisters) computes what the trace holds, for
// every algorithm, and the padded layout is timed where the registry says it exists.
TEST_P(GpuBareBlock, TimedKernelComputesTheTrace) {
  SKIP_WITHOUT_CUDA();
  for (int n : {5, 32, 33, 1024}) {
    ScanOutcome run =
        RunScan(BackendChoice::kCuda, ScanRequest{GetParam(), OpKind::kAdd, ElementType::kInt32,
                                                  RandomValues(n, n, ElementType::kInt32)});
    ASSERT_TRUE(run.trace) << run.error;
    EXPECT_EQ(MeasureGpuCycles(&*run.trace, 3), "") << ToString(GetParam()) << " n " << n;
    EXPECT_EQ(run.trace->rounds.back().padded_cycles >= 0, Info(GetParam()).padded_layout);
  }
}

SCANVIZ_FOR_EVERY_ALGORITHM(GpuBareBlock);

}  // namespace
}  // namespace scanviz
