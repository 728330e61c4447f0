// The engine's drivers (core/algorithms/*.h) run with a null sink: the executor that records
// nothing. Rungs (a) and (b) are thus the very round loops the app traces.
#pragma once

#include "core/action.h"
#include "core/exec.h"
#include "core/round_spec.h"

namespace scanviz::perf {

// The performance lab's executor (core/exec.h): each round is this thread's step and the barrier,
// nothing else; the actions the steps return are never stored, so they compile away. Shared
// arrays are kBlock cells apart. With kWarpTail, the rounds a driver puts in exec.Narrow (at most
// 32 threads work) run in warp 0 alone with __syncwarp() between them, and one block barrier
// after them: the same steps in the same order on the same indices, but only the threads that
// exchange data wait for each other, and the other warps skip those rounds altogether (the
// 2 log2(tile) + 1 barriers of Blelloch's sweeps become 2 log2(tile / 64) + 1 for tiles of 64
// or more: 15 -> 3 at 128 threads). With kKeepLoaded, each thread keeps the value it loaded
// (Loaded()), for an inclusive result and the tile's total.
template <class T, int kBlock, bool kWarpTail, bool kKeepLoaded>
class NullSinkExec {
 public:
  __device__ explicit NullSinkExec(T* smem) : m_smem(smem) {}
  __device__ T* Shared(int array) { return m_smem + array * kBlock; }
  __device__ T& Reg(int, int) { return m_reg; }
  __device__ T ShflUp(int, int, int delta, int width) {
    return __shfl_up_sync(0xffffffffu, m_reg, delta, width);
  }
  __device__ bool Wide(int working) const { return !kWarpTail || working > 32; }
  template <class F>
  __device__ void Narrow(F&& rounds) {
    if constexpr (kWarpTail) {
      if (threadIdx.x < 32) {
        m_narrow = true;
        rounds();
        m_narrow = false;
      }
      __syncthreads();
    } else {
      rounds();
    }
  }

  template <class F>
  __device__ void Round(const RoundSpec& spec, F&& step) {
    const int tid = static_cast<int>(threadIdx.x);
    step(tid);
    // The value a thread loaded stays with it (its own write: no barrier needed to read it).
    if (kKeepLoaded && spec.pin == kInputArray && tid < spec.working)
      m_loaded = Shared(spec.pout)[tid];
    if (kWarpTail && m_narrow) {
      __syncwarp();
    } else {
      __syncthreads();
    }
  }

  __device__ T Loaded() const { return m_loaded; }

 private:
  T* m_smem;
  T m_reg{};
  T m_loaded{};
  bool m_narrow = false;
};

}  // namespace scanviz::perf
