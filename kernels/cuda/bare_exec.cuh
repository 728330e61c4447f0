// The bare executor: a driver's steps and barriers on the GPU, nothing recorded. The mistakes
// lab's outcome kernel (outcome_kernel.cu) runs it many times to count a race's results, with one
// thing taken away when a mistake says so; the single-pass kernel (single_pass_kernel.cu) scans
// each tile with it. Device code, internal to kernels/cuda.
#pragma once

#include "core/round_spec.h"

namespace scanviz::cuda {

inline constexpr int kMaxArrays = 4;

struct OutcomeConfig {
  int shared_offset[kMaxArrays] = {};
  bool shared[kMaxArrays] = {};
  int alias_from = -1, alias_to = -1;
  int skip_phase = -1;
  bool barrier = true;
};

template <class T>
class OutcomeExec {
 public:
  __device__ OutcomeExec(T* smem, const OutcomeConfig& config) : m_smem(smem), m_config(config) {}

  __device__ T* Shared(int array) {
    if (array == m_config.alias_from) array = m_config.alias_to;
    return m_smem + m_config.shared_offset[array];
  }
  // The lab's mistakes are Hillis-Steele's and Blelloch's, which use no registers or shuffles.
  __device__ T& Reg(int, int) { return m_reg; }
  __device__ T ShflUp(int, int, int, int) { return T(); }
  __device__ bool Wide(int) const { return true; }
  template <class F>
  __device__ void Narrow(F&& rounds) {
    rounds();
  }
  template <class F>
  __device__ void Round(const RoundSpec& spec, F&& step) {
    if (spec.phase != m_config.skip_phase) step(static_cast<int>(threadIdx.x));
    if (m_config.barrier) __syncthreads();
  }

 private:
  T* m_smem;
  const OutcomeConfig& m_config;
  T m_reg{};
};

}  // namespace scanviz::cuda
