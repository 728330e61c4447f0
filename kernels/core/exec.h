// How a driver's rounds run: the executor ("exec") a driver is templated on.
//
// Each algorithm's round loop is written once, as a driver (core/algorithms/*.h) that calls
//
//   T*  exec.Shared(array)                  the base of a shared-memory array
//   T&  exec.Reg(array, tid)                thread tid's register of a register array
//   T   exec.ShflUp(array, tid, delta, width)
//                                           __shfl_up_sync on a register array: the value that
//                                           lane - delta held when the round began, or the
//                                           thread's own when lane % width < delta
//   void exec.Round(spec, step)             one round: step(tid) -> ThreadAction for every
//                                           thread, then the synchronisation of spec.level
//   bool exec.Wide(working)                 whether a round in which `working` threads work
//                                           needs the whole block (true but in the perf lab)
//   void exec.Narrow(rounds)                runs rounds(), the rounds in which at most a warp
//                                           works: as any others, or (the perf lab) on one warp
//
// and the executors decide what a round means:
//   - the instrumented CUDA kernel (kernels/cuda/) runs step(threadIdx.x), __syncthreads(), and
//     copies shared memory, registers and the action into the trace;
//   - the simulator (core/simulator.h) runs step(tid) for every thread in the chosen order and
//     records the same trace;
//   - the performance lab's rungs run step(threadIdx.x) and the barrier, nothing else;
//   - ScheduleExec below runs nothing and lists the rounds: the schedule every reader of a trace
//     checks against comes from the driver itself.
// A driver touches memory only inside its steps, so it can run with ScheduleExec and no memory.
#pragma once

#include <vector>

#include "core/action.h"
#include "core/round_spec.h"

namespace scanviz {

template <class T>
class ScheduleExec {
 public:
  T* Shared(int) { return nullptr; }
  T& Reg(int, int) { return m_scratch; }
  T ShflUp(int, int, int, int) { return T(); }
  template <class F>
  void Round(const RoundSpec& spec, F&&) {
    m_rounds.push_back(spec);
  }
  bool Wide(int) const { return true; }
  template <class F>
  void Narrow(F&& rounds) {
    rounds();
  }
  std::vector<RoundSpec> Take() && { return std::move(m_rounds); }

 private:
  std::vector<RoundSpec> m_rounds;
  T m_scratch{};
};

}  // namespace scanviz
