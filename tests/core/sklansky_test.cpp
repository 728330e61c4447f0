// The Sklansky scan round by round: the chapters' example worked by hand, every n from 1 to 1024
// with every operator against a sequential scan, every round against a model written here (a
// plain loop, not the driver), its work and depth, its padding, its conversion round, and its
// broadcasts (many lanes read one word: no bank conflict).
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <set>
#include <string>

#include "core/algorithms/sklansky.h"
#include "core/analysis.h"
#include "core/input.h"
#include "core/registry.h"
#include "core/simulator.h"
#include "support/sequential.h"
#include "support/trace_compare.h"

namespace scanviz {
namespace {

using V = std::vector<double>;
using namespace sklansky;

Trace Sim(const V& input, OpKind op = OpKind::kAdd, bool convert = false,
          ElementType type = ElementType::kInt32) {
  return Simulate(ScanRequest{Algorithm::kSklansky, op, type, input, convert});
}

int PowerOfTwoAtLeast(int n) {
  int p = 1;
  while (p < n) p *= 2;
  return p;
}
int Log2(int p) {
  int k = 0;
  while ((1 << k) < p) ++k;
  return k;
}

// The chapters' example, worked by hand (stride s = 2^d; the upper half of every block of 2s
// cells takes the lower half's last cell, the earlier operand first):
//   load       [3, 1, 7, 0, 4, 1, 6, 3]
//   round 1    s = 1, blocks of 2: positions 1, 3, 5, 7 take 0, 2, 4, 6
//              1: 3 + 1 = 4   3: 7 + 0 = 7   5: 4 + 1 = 5   7: 6 + 3 = 9
//              [3, 4, 7, 7, 4, 5, 6, 9]
//   round 2    s = 2, blocks of 4: positions 2, 3 take 1 (4); 6, 7 take 5 (5)
//              2: 4 + 7 = 11   3: 4 + 7 = 11   6: 5 + 6 = 11   7: 5 + 9 = 14
//              [3, 4, 11, 11, 4, 5, 11, 14]
//   round 3    s = 4, one block of 8: positions 4..7 take 3 (11), a broadcast to four threads
//              4: 11 + 4 = 15   5: 11 + 5 = 16   6: 11 + 11 = 22   7: 11 + 14 = 25
//              [3, 4, 11, 11, 15, 16, 22, 25]
// Work 4 + 4 + 4 = 12 = 8/2 x log2 8 (Hillis-Steele: 17), depth 3, barriers 4 (load and rounds).
TEST(Sklansky, TheChaptersExampleRoundByRound) {
  const Trace t = Sim({3, 1, 7, 0, 4, 1, 6, 3});
  ASSERT_EQ(t.rounds.size(), 4u);
  EXPECT_EQ(t.arrays[kBuf].space, Space::kShared);
  EXPECT_EQ(t.arrays[kBuf].size, 8);
  ASSERT_EQ(t.arrays.size(), 1u);  // the register x exists only with the conversion
  const std::vector<V> buf = {{3, 1, 7, 0, 4, 1, 6, 3},
                              {3, 4, 7, 7, 4, 5, 6, 9},
                              {3, 4, 11, 11, 4, 5, 11, 14},
                              {3, 4, 11, 11, 15, 16, 22, 25}};
  for (int r = 0; r < 4; ++r) {
    EXPECT_EQ(t.rounds[r].buffers[kBuf], buf[r]) << r;
    EXPECT_EQ(t.rounds[r].spec.level, Level::kBlock) << r;
    EXPECT_EQ(t.rounds[r].spec.pout, kBuf) << r;
    if (r > 0) {
      EXPECT_EQ(t.rounds[r].spec.phase, kScan);
      EXPECT_EQ(t.rounds[r].spec.phase_round, r);
      EXPECT_EQ(t.rounds[r].spec.stride, 1 << (r - 1));
    }
  }
  EXPECT_EQ(t.Result(), (V{3, 4, 11, 11, 15, 16, 22, 25}));
  EXPECT_TRUE(t.Inclusive());
  // Who read what: round 2, thread 3 reads position 1 and its own; thread 1 is idle.
  EXPECT_EQ(t.rounds[2].actions[1].kind, ActionKind::kIdle);
  EXPECT_EQ(t.rounds[2].actions[3].kind, ActionKind::kAdd);
  EXPECT_EQ(t.rounds[2].actions[3].read[0], 1);
  EXPECT_EQ(t.rounds[2].actions[3].read[1], 3);
  EXPECT_EQ(t.rounds[2].actions[3].write[0], 3);
  // Round 3: threads 4..7 all read position 3.
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(t.rounds[3].actions[i].kind, i >= 4 ? ActionKind::kAdd : ActionKind::kIdle) << i;
    if (i >= 4) {
      EXPECT_EQ(t.rounds[3].actions[i].read[0], 3) << i;
    }
  }
  const TraceAnalysis a = Analyze(t);
  ASSERT_TRUE(a.Ok()) << a.violations.front();
  EXPECT_EQ(a.work, 12);
  EXPECT_EQ(a.depth, 3);
  EXPECT_EQ(a.barriers, 4);
  // Windows: after round 2 position 6 covers its block of 4 from the start, inputs 4..6.
  EXPECT_EQ(a.rounds[2].cells[kBuf][6].window, (Window{4, 6, true}));
  EXPECT_EQ(a.rounds[2].cells[kBuf][3].window, (Window{0, 3, true}));
  EXPECT_EQ(a.rounds[1].cells[kBuf][6].window, (Window{6, 6, true}));
  EXPECT_EQ(a.rounds[3].cells[kBuf][5].cls, CellClass::kComputed);
  EXPECT_EQ(a.rounds[3].cells[kBuf][2].cls, CellClass::kUnchanged);
}

// The conversion: x = buf[i - 1], the identity at 0, in registers (no barrier, no second buffer).
//   x = [0, 3, 4, 11, 11, 15, 16, 22]
TEST(Sklansky, TheConversionReadsTheLeftNeighbourIntoARegister) {
  const Trace t = Sim({3, 1, 7, 0, 4, 1, 6, 3}, OpKind::kAdd, true);
  ASSERT_EQ(t.rounds.size(), 5u);
  ASSERT_EQ(t.arrays.size(), 2u);
  EXPECT_EQ(t.arrays[kX].space, Space::kRegister);
  EXPECT_EQ(t.arrays[kX].size, 8);
  const Round& c = t.rounds[4];
  EXPECT_EQ(c.spec.phase, kConvert);
  EXPECT_EQ(c.spec.level, Level::kLane);
  EXPECT_EQ(c.spec.pin, kBuf);
  EXPECT_EQ(c.spec.pout, kX);
  EXPECT_EQ(c.buffers[kX], (V{0, 3, 4, 11, 11, 15, 16, 22}));
  EXPECT_EQ(c.buffers[kBuf], (V{3, 4, 11, 11, 15, 16, 22, 25}));  // unchanged
  EXPECT_EQ(c.actions[0].kind, ActionKind::kSeed);
  EXPECT_EQ(c.actions[5].kind, ActionKind::kCopy);
  EXPECT_EQ(c.actions[5].read[0], 4);
  EXPECT_EQ(t.Result(), (V{0, 3, 4, 11, 11, 15, 16, 22}));
  EXPECT_FALSE(t.Inclusive());
  const TraceAnalysis a = Analyze(t);
  ASSERT_TRUE(a.Ok()) << a.violations.front();
  EXPECT_EQ(a.work, 12);      // the conversion applies no operator
  EXPECT_EQ(a.barriers, 4);   // and needs no barrier
}

// `last` is not commutative: the earlier operand must come first. Inputs with zeros (last keeps
// the latest non-zero value): [5, 0, 0, 7, 0, 2, 0, 0] -> [5, 5, 5, 7, 7, 2, 2, 2].
TEST(Sklansky, LastKeepsTheLatestNonZeroValue) {
  const Trace t = Sim({5, 0, 0, 7, 0, 2, 0, 0}, OpKind::kLast);
  EXPECT_EQ(t.Result(), (V{5, 5, 5, 7, 7, 2, 2, 2}));
  EXPECT_TRUE(Analyze(t).Ok());
}

// Every n from 1 to 1024, every operator, int32 and float32 (integer-valued inputs, so float32
// add is exact too), both flavours: the result is the sequential scan.
TEST(Sklansky, EveryNEveryOperatorEqualsASequentialScan) {
  for (int n = 1; n <= 1024; ++n) {
    for (OpKind op : kAllOps) {
      for (ElementType type : {ElementType::kInt32, ElementType::kFloat32}) {
        const V input = RandomValues(n, 31u * static_cast<unsigned>(n) + static_cast<unsigned>(op),
                                     ElementType::kInt32, op == OpKind::kLast ? 0 : -20, 20);
        for (bool convert : {false, true}) {
          const Trace t = Sim(input, op, convert, type);
          ASSERT_EQ(t.Result(), testing::SequentialScan(op, type, input, !convert))
              << "n " << n << " op " << ToString(op) << " " << ToString(type)
              << (convert ? " converted" : "");
        }
      }
    }
  }
}

// The self-check (every cell of every round holds its window) at the sizes that catch off-by-ones,
// every operator and type, both flavours.
TEST(Sklansky, EveryCellHoldsItsWindow) {
  for (int n : {1, 2, 3, 5, 7, 8, 9, 31, 32, 33, 63, 64, 65, 255, 256, 257, 1000, 1023, 1024}) {
    for (OpKind op : kAllOps) {
      for (ElementType type : {ElementType::kInt32, ElementType::kFloat32}) {
        for (bool convert : {false, true}) {
          const Trace t = Sim(RandomValues(n, 7u * n, type, -20, 20), op, convert, type);
          const TraceAnalysis a = Analyze(t);
          ASSERT_TRUE(a.Ok()) << n << " " << ToString(op) << " " << ToString(type) << " "
                              << convert << ": " << a.violations.front();
        }
      }
    }
  }
}

// An independent model of the rounds, written here as a plain loop over the definition (a cell
// whose position has the stride's bit set combines the last cell of the block below it), with
// its own combine: every round's buffer and every thread's action equal the trace's, every n.
double Combine(OpKind op, double a, double b) {
  switch (op) {
    case OpKind::kAdd:
      return a + b;
    case OpKind::kMax:
      return a > b ? a : b;
    case OpKind::kMin:
      return a < b ? a : b;
    case OpKind::kLast:
      return b != 0 ? b : a;
  }
  return 0;
}

TEST(Sklansky, EveryRoundEqualsAPlainLoopModel) {
  for (int n = 1; n <= 1024; ++n) {
    for (OpKind op : kAllOps) {
      const V input = RandomValues(n, 1000u + static_cast<unsigned>(n), ElementType::kInt32,
                                   op == OpKind::kLast ? 0 : -9, 9);
      const Trace t = Sim(input, op);
      const int padded = PowerOfTwoAtLeast(n);
      V model(static_cast<size_t>(padded), t.meta.identity);
      for (int i = 0; i < n; ++i) model[static_cast<size_t>(i)] = input[static_cast<size_t>(i)];
      ASSERT_EQ(t.rounds.size(), static_cast<size_t>(1 + Log2(padded))) << n;
      ASSERT_EQ(t.rounds[0].buffers[kBuf], model) << n;
      for (int r = 1, s = 1; s < padded; ++r, s *= 2) {
        const V before = model;
        for (int i = 0; i < padded; ++i) {
          const ThreadAction& a = t.rounds[static_cast<size_t>(r)].actions[static_cast<size_t>(i)];
          if ((i / s) % 2 == 0) {
            ASSERT_EQ(a.kind, ActionKind::kIdle) << "n " << n << " round " << r << " thread " << i;
            continue;
          }
          const int source = i - i % s - 1;
          model[static_cast<size_t>(i)] =
              Combine(op, before[static_cast<size_t>(source)], before[static_cast<size_t>(i)]);
          ASSERT_EQ(a.kind, ActionKind::kAdd) << "n " << n << " round " << r << " thread " << i;
          ASSERT_EQ(a.read[0], source) << "n " << n << " round " << r << " thread " << i;
          ASSERT_EQ(a.read[1], i);
          ASSERT_EQ(a.write[0], i);
        }
        ASSERT_EQ(t.rounds[static_cast<size_t>(r)].buffers[kBuf], model)
            << "n " << n << " op " << ToString(op) << " round " << r;
      }
    }
  }
}

// Work n'/2 log2 n' and depth log2 n', counted here from the recorded actions, at every n; the
// registry's formulas and the analysis say the same.
TEST(Sklansky, WorkAndDepthMatchTheTrace) {
  for (int n = 1; n <= 1024; ++n) {
    const Trace t = Sim(V(static_cast<size_t>(n), 1));
    const int padded = PowerOfTwoAtLeast(n);
    int work = 0, depth = 0;
    for (const Round& r : t.rounds) {
      int adds = 0;
      for (const ThreadAction& a : r.actions) adds += a.kind == ActionKind::kAdd ? 1 : 0;
      if (adds > 0) {
        ++depth;
        ASSERT_EQ(adds, padded / 2) << n;  // half the block works in every round
      }
      work += adds;
    }
    ASSERT_EQ(work, padded / 2 * Log2(padded)) << n;
    ASSERT_EQ(depth, Log2(padded)) << n;
    ASSERT_EQ(Info(Algorithm::kSklansky).work(n), work) << n;
    ASSERT_EQ(Info(Algorithm::kSklansky).depth(n), depth) << n;
  }
  const TraceAnalysis a = Analyze(Sim(V(1000, 1)));
  EXPECT_EQ(a.work, 512 * 10);
  EXPECT_EQ(a.depth, 10);
}

// Padding as Blelloch pads: n = 5 runs on 8 cells, cells 5..7 the identity, marked as padding.
TEST(Sklansky, PadsToAPowerOfTwoWithTheIdentity) {
  for (OpKind op : kAllOps) {
    const Trace t = Sim(RandomValues(5, 3, ElementType::kInt32), op);
    ASSERT_EQ(t.meta.padded_n, 8);
    ASSERT_EQ(t.meta.block_size, 8);
    EXPECT_EQ(t.arrays[kBuf].real, 5);
    const TraceAnalysis a = Analyze(t);
    ASSERT_TRUE(a.Ok()) << a.violations.front();
    for (int i = 0; i < 8; ++i) {
      EXPECT_EQ(a.rounds[0].cells[kBuf][i].padding, i >= 5) << i;
      if (i >= 5) {
        EXPECT_EQ(t.rounds[0].buffers[kBuf][i], t.meta.identity) << i;
      }
    }
  }
}

// One buffer is race-free: the order in which the threads of a round run changes nothing.
TEST(Sklansky, ThreadOrderCannotChangeARound) {
  for (int n : {7, 64, 1000}) {
    const ScanRequest request{Algorithm::kSklansky, OpKind::kLast, ElementType::kInt32,
                              RandomValues(n, 5, ElementType::kInt32, 0, 3), true};
    const Trace ascending = Simulate(request);
    for (const SimulatorOptions& o :
         {SimulatorOptions{ThreadOrder::kDescending, 0}, SimulatorOptions{ThreadOrder::kShuffled, 9},
          SimulatorOptions{ThreadOrder::kWarpByWarp, 0}})
      EXPECT_EQ(testing::FirstDifference(ascending, Simulate(request, o)), "") << n;
  }
}

// Shared-memory banks counted by hand from the recorded positions (buf is the only shared array,
// word p in bank p mod 32): for each warp and each of a step's accesses (source read, own read,
// write), the most distinct words any bank serves. Lanes reading the same word are a broadcast,
// one word: so every access of every round is conflict-free, and the fan-out (lanes per word)
// grows with the stride up to a whole warp.
TEST(Sklansky, BroadcastsAreConflictFree) {
  const Trace t = Sim(V(1024, 1));
  for (size_t r = 1; r < t.rounds.size(); ++r) {
    const int s = t.rounds[r].spec.stride;
    for (int warp = 0; warp < 32; ++warp) {
      for (int slot = 0; slot < 3; ++slot) {
        std::array<std::set<int>, 32> words;
        std::map<int, int> readers;  // word -> lanes
        for (int lane = 0; lane < 32; ++lane) {
          const ThreadAction& a =
              t.rounds[r].actions[static_cast<size_t>(warp) * 32 + static_cast<size_t>(lane)];
          if (a.kind == ActionKind::kIdle) continue;
          const int word = slot == 0 ? a.read[0] : slot == 1 ? a.read[1] : a.write[0];
          words[static_cast<size_t>(word % 32)].insert(word);
          ++readers[word];
        }
        for (const std::set<int>& w : words)
          ASSERT_LE(w.size(), 1u) << "round " << r << " warp " << warp << " slot " << slot;
        if (slot == 0) {
          for (const auto& [word, lanes] : readers) EXPECT_EQ(lanes, s < 32 ? s : 32) << word;
        }
      }
    }
  }
  // The last round (stride 512): warps 16..31 all read word 511, one broadcast each.
  const Round& last = t.rounds.back();
  EXPECT_EQ(last.spec.stride, 512);
  for (int lane = 512; lane < 1024; ++lane) EXPECT_EQ(last.actions[lane].read[0], 511);
}

}  // namespace
}  // namespace scanviz
