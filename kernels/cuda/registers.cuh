// A driver's register arrays on the GPU (core/exec.h's exec.Reg and exec.ShflUp), written once for
// every executor of kernels/cuda: the traced kernel's (trace_kernel.cu), the timed one's
// (outcome_kernel.cu) and the bare one's (bare_exec.cuh: the mistakes lab, the single pass's
// tiles). Thread tid holds cell tid of each register array in a register of its own, so
// exec.Reg(array, tid) is always the calling thread's, and a shuffle is the hardware's.
// Device code, internal to kernels/cuda.
#pragma once

namespace scanviz::cuda {

inline constexpr int kMaxArrays = 4;  // arrays of a driver that the GPU's executors hold

template <class T>
class LaneRegisters {
 public:
  // `array` is a constant once the driver is inlined, so the cells stay in registers.
  __device__ T& operator[](int array) { return m_value[array]; }

  // A cell by an index known only at run time (the array a driver returns): a loop of constant
  // indices, so that this one read does not move the cells to local memory.
  __device__ T Get(int array) const {
    T v{};
#pragma unroll
    for (int a = 0; a < kMaxArrays; ++a)
      if (a == array) v = m_value[a];
    return v;
  }

  // __shfl_up_sync on array `array`: what lane - delta of this lane's group of `width` held (its
  // own value in the group's lower delta lanes). Every lane of the warp that the mask names must
  // call it: the drivers shuffle before any lane returns (warp_shuffle.h), and a block smaller
  // than a warp names only its own lanes.
  __device__ T ShflUp(int array, int delta, int width) const {
    const unsigned mask = blockDim.x >= 32 ? 0xffffffffu : (1u << blockDim.x) - 1u;
    return __shfl_up_sync(mask, m_value[array], delta, width);
  }

 private:
  T m_value[kMaxArrays] = {};
};

}  // namespace scanviz::cuda
