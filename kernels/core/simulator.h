// The CPU simulator: runs an algorithm's driver (core/algorithms/*.h) with an executor that
// performs each round's step for every thread of the block, in a chosen order, and records the
// same trace the instrumented CUDA kernel records; and what both require of a request
// (ValidateRequest).
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/mistake.h"
#include "core/registry.h"
#include "core/trace.h"
#include "core/trace_builder.h"

namespace scanviz {

// The order in which the simulator runs the threads of one round. A correct kernel gives the same
// trace in any order (its rounds have no races); the mistakes lab (core/mistake.h) uses them to
// show what a single buffer or a missing barrier does, each failure reproducible:
//   kAscending   thread 0, 1, 2, ... one after the other ("in-order")
//   kDescending  the highest thread first ("reverse")
//   kShuffled    a random order, drawn anew each round from `seed` ("random:SEED")
//   kWarpByWarp  warp 0, then warp 1, ...; the 32 lanes of a warp in lockstep, as the hardware runs
//                them: every lane's reads before any lane's writes ("warp-by-warp")
// Without a barrier (a "no-barrier" mistake) a thread does not wait for the others at the end of a
// round: the simulator lets each thread (each warp, warp by warp) run all its rounds before the
// next one starts, in the order above, and each round's snapshot is memory as the last of them
// left that round.
enum class ThreadOrder : std::uint8_t { kAscending, kDescending, kShuffled, kWarpByWarp };

struct SimulatorOptions {
  ThreadOrder order = ThreadOrder::kAscending;
  std::uint64_t seed = 0;  // for kShuffled
};

// "in-order", "reverse", "random:SEED", "warp-by-warp".
std::string ToString(const SimulatorOptions& options);
bool ParseThreadOrder(std::string_view s, SimulatorOptions* out);

// Empty string if the request can be run (1..1024 elements, values of its type, a mistake of its
// algorithm); else why not. The simulator and the GPU's kernel require it empty.
std::string ValidateRequest(const ScanRequest& request);

// Requires ValidateRequest(request) to be empty.
Trace Simulate(const ScanRequest& request, const SimulatorOptions& options = {});

// Simulate(request).Result() for each block of a grid: block b is `shape` (its algorithm, op,
// type and conversion) on input[b * block_size, (b + 1) * block_size), and its result is the same
// driver and executor's with nothing recorded but the result (ResultRecorder); the results follow
// each other, n values. A grid's thousands of blocks show before their traces are made
// (SimulateGrid's BlockTraces::kLater). No mistake; the threads in order.
std::vector<double> SimulateBlockResults(const ScanRequest& shape, std::span<const double> input,
                                         int block_size);

// What SimulatorExec needs of a recorder, without a trace: the arrays' layout, and where the
// last round's output array is (Trace::Result's cells), read while the executor still holds it.
template <class T>
class ResultRecorder {
 public:
  explicit ResultRecorder(const ScanRequest& request)
      : m_meta(MakeMeta(request)),
        m_arrays(Info(request.algorithm).arrays(m_meta.n, request.convert)),
        m_layout(m_arrays) {}
  const TraceMeta& meta() const { return m_meta; }
  const std::vector<ArrayDesc>& arrays() const { return m_arrays; }
  const ArrayLayout& layout() const { return m_layout; }
  void AddRound(const RoundSpec& spec, const T* cells, const ThreadAction*) {
    const int array = spec.pout < 0 ? 0 : spec.pout;
    m_last = array < static_cast<int>(m_arrays.size()) ? array : -1;
    m_cells = cells;
  }
  // Call before the executor ends: the result's cells, as doubles.
  std::vector<double> Result() const {
    if (m_last < 0 || m_cells == nullptr) return {};
    const T* src = m_cells + m_layout.offset[static_cast<size_t>(m_last)];
    const int n = std::min(m_meta.n, m_arrays[static_cast<size_t>(m_last)].size);
    return std::vector<double>(src, src + n);
  }

 private:
  TraceMeta m_meta;
  std::vector<ArrayDesc> m_arrays;
  ArrayLayout m_layout;
  int m_last = -1;             // the array the last round wrote
  const T* m_cells = nullptr;  // the executor's cells after it
};

// The simulator's executor (see core/exec.h). Shared memory and registers live in one flat array
// laid out as the trace's snapshot, after kReservedCells words that stand for the block's reserved
// shared memory (zeros, as they read on our GPU; only a mistake reads them); a round runs every
// thread's step, then records the snapshot: that is the barrier. Shuffles read the registers as
// they were when the round began, as the hardware's do, so the order of the threads cannot change
// what a shuffle sees. A mistake (core/mistake.h) changes what the executor does, never the driver:
// an aliased array, a phase whose rounds do not run, rounds without a barrier (run in passes:
// BeginPass, FinishPasses). The recorder is the trace's builder, or a ResultRecorder that keeps the
// result alone.
template <class T, class Recorder = TraceBuilder>
class SimulatorExec {
 public:
  SimulatorExec(Recorder& builder, const SimulatorOptions& options,
                const MistakeInfo* mistake = nullptr)
      : m_builder(builder),
        m_cells(std::move(Scratch().cells)),
        m_start(std::move(Scratch().start)),
        m_actions(static_cast<size_t>(builder.meta().block_size)),
        m_order(static_cast<size_t>(builder.meta().block_size)),
        m_options(options),
        m_mistake(mistake) {
    const int cells = kReservedCells + builder.layout().cells;  // an int sum, then a size
    m_cells.assign(static_cast<size_t>(cells), T(0));
    m_start.clear();
    // Seeded only when a shuffled order needs it: 312 words of state, per block of a grid.
    if (options.order == ThreadOrder::kShuffled) m_rng.emplace(options.seed);
    std::iota(m_order.begin(), m_order.end(), 0);
    if (options.order == ThreadOrder::kDescending) std::reverse(m_order.begin(), m_order.end());
  }
  ~SimulatorExec() {
    Scratch().cells = std::move(m_cells);
    Scratch().start = std::move(m_start);
  }
  SimulatorExec(const SimulatorExec&) = delete;
  SimulatorExec& operator=(const SimulatorExec&) = delete;

  // Memory as a new executor's, for another block of the same shape (SimulateBlockResults).
  void Restart() { std::fill(m_cells.begin() + kReservedCells, m_cells.end(), T(0)); }

  T* Shared(int array) { return m_cells.data() + Offset(Alias(array)); }

  T& Reg(int array, int tid) {
    const int cell = Offset(Alias(array)) + tid;
    return m_cells[static_cast<size_t>(cell)];
  }

  // __shfl_up_sync: lane l of each group of `width` lanes gets what lane l - delta held when the
  // round began; the lower delta lanes of a group keep their own value. A lane outside the array
  // (a warp's spare lanes) gets the value-initialised T.
  T ShflUp(int array, int tid, int delta, int width) {
    const size_t a = static_cast<size_t>(Alias(array));
    if (tid < 0 || tid >= m_builder.arrays()[a].size) return T();
    const int source = tid % width >= delta ? tid - delta : tid;
    const int cell = Offset(static_cast<int>(a)) + source;
    return m_start[static_cast<size_t>(cell)];
  }

  // Every round is simulated the same way: the narrow ones too.
  bool Wide(int) const { return true; }
  template <class F>
  void Narrow(F&& rounds) {
    rounds();
  }

  template <class F>
  void Round(const RoundSpec& driver_spec, F&& step) {
    const RoundSpec spec = ApplyMistake(m_mistake, driver_spec);
    const bool skipped = m_mistake != nullptr && m_mistake->skip_phase == spec.phase;
    if (m_pass.empty()) {
      KeepStart();
      std::fill(m_actions.begin(), m_actions.end(), ThreadAction{});
      if (!skipped) RunAll(step);
      m_builder.AddRound(spec, m_cells.data() + kReservedCells, m_actions.data());
      return;
    }
    // A pass without barriers: this group's threads run the round, and the round's record keeps
    // the latest memory and every group's actions.
    if (m_round >= m_pending.size()) {
      m_pending.push_back({spec, {}, std::vector<ThreadAction>(m_actions.size())});
    }
    Pending& p = m_pending[m_round++];
    KeepStart();
    if (!skipped) {
      if (m_pass.size() > 1) {
        RunLockstep(m_pass, step, p.actions);
      } else {
        p.actions[static_cast<size_t>(m_pass[0])] = Run(step, m_pass[0]);
      }
    }
    p.cells = m_cells;
  }

  // Without a barrier: the groups of threads that run their rounds one after the other (single
  // threads in the chosen order, or warps for kWarpByWarp).
  std::vector<std::vector<int>> Groups() {
    std::vector<std::vector<int>> groups;
    if (m_options.order == ThreadOrder::kWarpByWarp) {
      for (size_t w = 0; w < m_order.size(); w += 32)
        groups.emplace_back(m_order.begin() + static_cast<long>(w),
                            m_order.begin() + static_cast<long>(std::min(w + 32, m_order.size())));
      return groups;
    }
    std::vector<int> order = m_order;
    if (m_options.order == ThreadOrder::kShuffled) std::shuffle(order.begin(), order.end(), *m_rng);
    for (int tid : order) groups.push_back({tid});
    return groups;
  }
  void BeginPass(std::vector<int> threads) {
    m_pass = std::move(threads);
    m_round = 0;
  }
  // After the last pass: the rounds go to the trace.
  void FinishPasses() {
    for (const Pending& p : m_pending)
      m_builder.AddRound(p.spec, p.cells.data() + kReservedCells, p.actions.data());
    m_pending.clear();
    m_pass.clear();
  }

 private:
  struct Pending {
    RoundSpec spec;
    std::vector<T> cells;
    std::vector<ThreadAction> actions;
  };

  // m_cells as the round begins, for the shuffles: the arrays only (a shuffle never reads the
  // reserved words), so that a grid's thousands of 4-cell blocks do not copy 256 words a round.
  void KeepStart() {
    m_start.resize(m_cells.size());
    std::copy(m_cells.begin() + kReservedCells, m_cells.end(), m_start.begin() + kReservedCells);
  }

  int Alias(int array) const {
    return m_mistake != nullptr && array == m_mistake->alias_from ? m_mistake->alias_to : array;
  }
  // Where array `array` starts in m_cells.
  int Offset(int array) const {
    return kReservedCells + m_builder.layout().offset[static_cast<size_t>(array)];
  }

  template <class F>
  ThreadAction Run(F& step, int tid) {
    ThreadAction a = step(tid);
    for (int k = 0; k < 2; ++k) {  // the memory the thread really used
      if (a.read[k] >= 0) a.read_array[k] = Alias(a.read_array[k]);
      if (a.write[k] >= 0) a.write_array[k] = Alias(a.write_array[k]);
    }
    return a;
  }

  template <class F>
  void RunAll(F& step) {
    if (m_options.order == ThreadOrder::kWarpByWarp) {
      for (size_t w = 0; w < m_order.size(); w += 32) {
        const std::vector<int> lanes(
            m_order.begin() + static_cast<long>(w),
            m_order.begin() + static_cast<long>(std::min(w + 32, m_order.size())));
        RunLockstep(lanes, step, m_actions);
      }
      return;
    }
    if (m_options.order == ThreadOrder::kShuffled)
      std::shuffle(m_order.begin(), m_order.end(), *m_rng);
    for (int tid : m_order) m_actions[static_cast<size_t>(tid)] = Run(step, tid);
  }

  // The lanes of one warp in lockstep: each lane's step runs on memory as the warp found it (its
  // writes are set aside and undone), then every lane's writes land together.
  template <class F>
  void RunLockstep(const std::vector<int>& lanes, F& step, std::vector<ThreadAction>& actions) {
    m_warp_start = m_cells;
    m_lockstep_writes.clear();
    for (int tid : lanes) {
      const ThreadAction a = Run(step, tid);
      actions[static_cast<size_t>(tid)] = a;
      for (int k = 0; k < 2; ++k) {
        if (a.write[k] < 0 || a.write_array[k] < 0) continue;
        const int cell = Offset(a.write_array[k]) + a.write[k];
        const size_t flat = static_cast<size_t>(cell);
        m_lockstep_writes.push_back({flat, m_cells[flat]});
      }
      for (int k = 0; k < 2; ++k) {
        if (a.write[k] < 0 || a.write_array[k] < 0) continue;
        const int cell = Offset(a.write_array[k]) + a.write[k];
        const size_t flat = static_cast<size_t>(cell);
        m_cells[flat] = m_warp_start[flat];
      }
    }
    for (const Write& w : m_lockstep_writes) m_cells[w.flat] = w.value;
  }

  struct Write {
    size_t flat;
    T value;
  };

  // The cells' storage, kept between simulations on this thread: a grid simulates thousands of
  // small blocks, and a fresh kilobyte for each (past malloc's small sizes) made malloc
  // consolidate its free lists every time. A second executor alive at once just allocates.
  struct Buffers {
    std::vector<T> cells, start;
  };
  static Buffers& Scratch() {
    thread_local Buffers buffers;
    return buffers;
  }

  Recorder& m_builder;
  std::vector<T> m_cells;
  std::vector<T> m_start;       // m_cells as the round began
  std::vector<T> m_warp_start;  // m_cells as the warp in lockstep began
  std::vector<ThreadAction> m_actions;
  std::vector<int> m_order;
  SimulatorOptions m_options;
  const MistakeInfo* m_mistake;
  std::optional<std::mt19937_64> m_rng;  // kShuffled only
  std::vector<Write> m_lockstep_writes;
  std::vector<int> m_pass;         // the threads of the current pass (empty: not in passes)
  size_t m_round = 0;              // the current pass's round
  std::vector<Pending> m_pending;  // rounds of the passes so far
};

}  // namespace scanviz
