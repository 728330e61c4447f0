// The CPU simulator: runs an algorithm's driver (core/algorithms/*.h) with an executor that
// performs each round's step for every thread of the block, in a chosen order, and records the
// same trace the instrumented CUDA kernel records.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "core/trace.h"
#include "core/trace_builder.h"

namespace scanviz {

// The order in which the simulator runs the threads of one round. A correct kernel gives the same
// trace in any order (its rounds have no races); the common-mistakes lab uses the others to show
// what a missing barrier or a single buffer does.
enum class ThreadOrder : std::uint8_t { kAscending, kDescending, kShuffled };

struct SimulatorOptions {
  ThreadOrder order = ThreadOrder::kAscending;
  std::uint64_t seed = 0;  // for kShuffled
};

// Requires ValidateRequest(request) to be empty.
Trace Simulate(const ScanRequest& request, const SimulatorOptions& options = {});

// The simulator's executor (see core/exec.h). Shared memory and registers live in one flat array
// laid out as the trace's snapshot; a round runs every thread's step, then records the snapshot:
// that is the barrier. Shuffles read the registers as they were when the round began, as the
// hardware's do, so the order of the threads cannot change what a shuffle sees.
template <class T>
class SimulatorExec {
 public:
  SimulatorExec(TraceBuilder& builder, const SimulatorOptions& options)
      : m_builder(builder),
        m_cells(static_cast<size_t>(builder.layout().cells), T(0)),
        m_actions(static_cast<size_t>(builder.meta().block_size)),
        m_order(static_cast<size_t>(builder.meta().block_size)),
        m_shuffled(options.order == ThreadOrder::kShuffled),
        m_rng(options.seed) {
    std::iota(m_order.begin(), m_order.end(), 0);
    if (options.order == ThreadOrder::kDescending) std::reverse(m_order.begin(), m_order.end());
  }

  T* Shared(int array) { return m_cells.data() + m_builder.layout().offset[Index(array)]; }

  T& Reg(int array, int tid) {
    return m_cells[static_cast<size_t>(m_builder.layout().offset[Index(array)] + tid)];
  }

  // __shfl_up_sync: lane l of each group of `width` lanes gets what lane l - delta held when the
  // round began; the lower delta lanes of a group keep their own value. A lane outside the array
  // (a warp's spare lanes) gets the value-initialised T.
  T ShflUp(int array, int tid, int delta, int width) {
    const size_t a = Index(array);
    if (tid < 0 || tid >= m_builder.arrays()[a].size) return T();
    const int source = tid % width >= delta ? tid - delta : tid;
    return m_start[static_cast<size_t>(m_builder.layout().offset[a] + source)];
  }

  // Every round is simulated the same way: the narrow ones too.
  bool Wide(int) const { return true; }
  template <class F>
  void Narrow(F&& rounds) {
    rounds();
  }

  template <class F>
  void Round(const RoundSpec& spec, F&& step) {
    m_start = m_cells;
    if (m_shuffled) std::shuffle(m_order.begin(), m_order.end(), m_rng);
    for (int tid : m_order) m_actions[static_cast<size_t>(tid)] = step(tid);
    m_builder.AddRound(spec, m_cells.data(), m_actions.data());
  }

 private:
  static size_t Index(int array) { return static_cast<size_t>(array); }

  TraceBuilder& m_builder;
  std::vector<T> m_cells;
  std::vector<T> m_start;  // m_cells as the round began
  std::vector<ThreadAction> m_actions;
  std::vector<int> m_order;
  bool m_shuffled;
  std::mt19937_64 m_rng;
};

}  // namespace scanviz
