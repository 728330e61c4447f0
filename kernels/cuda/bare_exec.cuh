// The bare executor: a driver's steps and barriers on the GPU, nothing recorded, every array where
// the driver puts it: shared arrays in the block's shared memory, register arrays in each thread's
// registers with the hardware's shuffles (registers.cuh). So any algorithm of the registry runs on
// it. The mistakes lab's outcome kernel (outcome_kernel.cu) runs it many times to count a race's
// results, with one thing taken away when a mistake says so; the single-pass kernel
// (single_pass_kernel.cu) scans each tile with it. Device code, internal to kernels/cuda.
#pragma once

#include <string>

#include "core/round_spec.h"
#include "core/trace_builder.h"
#include "cuda/registers.cuh"

namespace scanviz::cuda {

struct OutcomeConfig {
  int shared_offset[kMaxArrays] = {};
  bool shared[kMaxArrays] = {};  // in shared memory; else a register array
  int alias_from = -1, alias_to = -1;
  int skip_phase = -1;
  bool barrier = true;
};

// Where a driver's arrays live, from the layout of its trace (the builder of the request the kernel
// runs). Empty, or why the bare executor cannot hold them.
inline std::string MakeOutcomeConfig(const TraceBuilder& builder, OutcomeConfig* config) {
  if (builder.arrays().size() > static_cast<size_t>(kMaxArrays))
    return "the algorithm has more arrays than the GPU's executors hold";
  for (size_t a = 0; a < builder.arrays().size(); ++a) {
    config->shared[a] = builder.arrays()[a].space == Space::kShared;
    config->shared_offset[a] = config->shared[a] ? builder.layout().shared_offset[a] : 0;
  }
  return {};
}

template <class T>
class OutcomeExec {
 public:
  __device__ OutcomeExec(T* smem, const OutcomeConfig& config) : m_smem(smem), m_config(config) {}

  __device__ T* Shared(int array) {
    if (array == m_config.alias_from) array = m_config.alias_to;
    return m_smem + m_config.shared_offset[array];
  }
  // A thread reaches only its own registers: the driver's tid is threadIdx.x.
  __device__ T& Reg(int array, int) { return m_regs[array]; }
  __device__ T ShflUp(int array, int, int delta, int width) {
    return m_regs.ShflUp(array, delta, width);
  }
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

  // This thread's cell of array `array` (the driver's result), once the rounds are over: from
  // shared memory after a barrier (other threads wrote it), or its own register.
  __device__ T Read(int array) {
    return m_config.shared[array] ? Shared(array)[threadIdx.x] : m_regs.Get(array);
  }

 private:
  T* m_smem;
  const OutcomeConfig& m_config;
  LaneRegisters<T> m_regs;
};

}  // namespace scanviz::cuda
