// The instrumented scan kernel: one kernel for every algorithm, which runs the algorithm's driver
// (core/algorithms/<name>.h, the round loop the simulator runs too) with an executor that records
// the trace.
//
// After each round's step, TraceExec::Round waits at a barrier and copies shared memory, each
// thread's registers, its action and the round's spec to global memory; a second barrier keeps the
// next round's writes after the copy. The instrumentation reads shared memory only between
// barriers and never writes it, so it changes neither what the kernel computes nor its races
// (compute-sanitizer racecheck). Warp and lane rounds get the block barrier too: shuffles
// already keep a warp in step, so the extra barrier changes no value, only when they are copied.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "core/algorithms/algorithms.h"
#include "core/trace_builder.h"
#include "cuda/cuda_trace.h"
#include "cuda/cuda_util.h"

namespace scanviz::cuda {
namespace {

inline constexpr int kMaxArrays = 4;

// Where the arrays of a trace live: in the flat snapshot (offset) and in shared memory
// (shared_offset, -1 for registers).
struct DeviceLayout {
  int count = 0;
  int offset[kMaxArrays] = {};
  int shared_offset[kMaxArrays] = {};
  int size[kMaxArrays] = {};
  bool shared[kMaxArrays] = {};
  int cells = 0;
};

struct DeviceTrace {
  void* values;           // [round][cell], cells = layout.cells, of the element type
  ThreadAction* actions;  // [round][thread]
  RoundSpec* specs;       // [round]
  int* rounds_recorded;
  int max_rounds;
};

template <class T>
class TraceExec {
 public:
  __device__ TraceExec(T* smem, const DeviceLayout& layout, const DeviceTrace& trace)
      : m_smem(smem), m_layout(layout), m_trace(trace) {}

  __device__ T* Shared(int array) { return m_smem + m_layout.shared_offset[array]; }
  __device__ T& Reg(int array, int) { return m_regs[array]; }
  __device__ T ShflUp(int array, int, int delta, int width) {
    const unsigned mask = blockDim.x >= 32 ? 0xffffffffu : (1u << blockDim.x) - 1u;
    return __shfl_up_sync(mask, m_regs[array], delta, width);
  }

  // The traced kernel runs the narrow rounds like the others: every round is recorded with the
  // whole block.
  __device__ bool Wide(int) const { return true; }
  template <class F>
  __device__ void Narrow(F&& rounds) {
    rounds();
  }

  template <class F>
  __device__ void Round(const RoundSpec& spec, F&& step) {
    const ThreadAction action = step(static_cast<int>(threadIdx.x));
    __syncthreads();  // the round's own barrier (for a block round, the algorithm's)
    if (m_round < m_trace.max_rounds) {
      T* out = static_cast<T*>(m_trace.values) + static_cast<size_t>(m_round) * m_layout.cells;
      for (int a = 0; a < m_layout.count; ++a) {
        if (m_layout.shared[a]) {
          for (int c = threadIdx.x; c < m_layout.size[a]; c += blockDim.x)
            out[m_layout.offset[a] + c] = m_smem[m_layout.shared_offset[a] + c];
        } else if (static_cast<int>(threadIdx.x) < m_layout.size[a]) {
          out[m_layout.offset[a] + threadIdx.x] = m_regs[a];
        }
      }
      m_trace.actions[static_cast<size_t>(m_round) * blockDim.x + threadIdx.x] = action;
      if (threadIdx.x == 0) {
        m_trace.specs[m_round] = spec;
        *m_trace.rounds_recorded = m_round + 1;
      }
    }
    ++m_round;
    __syncthreads();  // instrumentation only: keep the next round's writes after the copy
  }

  // The result array's cell of this thread, for the store.
  __device__ T Read(int array) const {
    return m_layout.shared[array] ? m_smem[m_layout.shared_offset[array] + threadIdx.x]
                                  : m_regs[array];
  }

 private:
  T* m_smem;
  const DeviceLayout& m_layout;
  DeviceTrace m_trace;
  T m_regs[kMaxArrays] = {};
  int m_round = 0;
};

// The kernel every algorithm runs: its driver with the recording executor, then the store.
template <class Driver, class Op>
__global__ void TraceKernel(const typename Op::Value* data, typename Op::Value* out, int n,
                            bool convert, DeviceLayout layout, DeviceTrace trace) {
  using T = typename Op::Value;
  extern __shared__ __align__(16) unsigned char smem[];
  TraceExec<T> exec(reinterpret_cast<T*>(smem), layout, trace);
  const int result = Driver::Run(exec, data, n, convert, Op{});
  if (static_cast<int>(threadIdx.x) < n) out[threadIdx.x] = exec.Read(result);
}

template <class Driver, class Op>
TraceRun RunTyped(const ScanRequest& request, int device) {
  using T = typename Op::Value;
  TraceRun result;
  auto fail = [&](const char* what, cudaError_t err) {
    result.error = Describe(what, err);
    return result;
  };
  cudaError_t err = cudaSetDevice(device);
  if (err != cudaSuccess) return fail("cudaSetDevice", err);

  BackendInfo backend;
  backend.kind = BackendKind::kCuda;
  cudaDeviceProp prop{};
  if ((err = cudaGetDeviceProperties(&prop, device)) != cudaSuccess)
    return fail("cudaGetDeviceProperties", err);
  backend.device_name = prop.name;
  backend.compute_major = prop.major;
  backend.compute_minor = prop.minor;
  cudaDriverGetVersion(&backend.driver_version);
  cudaRuntimeGetVersion(&backend.runtime_version);

  TraceBuilder builder(request, backend);
  const TraceMeta& meta = builder.meta();
  const ArrayLayout& host_layout = builder.layout();
  const int rounds = static_cast<int>(RoundSchedule(meta.algorithm, meta.n, meta.converted).size());
  DeviceLayout layout;
  layout.count = static_cast<int>(builder.arrays().size());
  if (layout.count > kMaxArrays) {
    result.error = "the algorithm has more arrays than the trace kernel records";
    return result;
  }
  for (int a = 0; a < layout.count; ++a) {
    layout.offset[a] = host_layout.offset[static_cast<size_t>(a)];
    layout.shared_offset[a] = host_layout.shared_offset[static_cast<size_t>(a)];
    layout.size[a] = builder.arrays()[static_cast<size_t>(a)].size;
    layout.shared[a] = builder.arrays()[static_cast<size_t>(a)].space == Space::kShared;
  }
  layout.cells = host_layout.cells;
  const size_t cells = static_cast<size_t>(layout.cells);

  std::vector<T> h_data(static_cast<size_t>(meta.n));
  for (int i = 0; i < meta.n; ++i)
    h_data[static_cast<size_t>(i)] = static_cast<T>(request.input[i]);

  DeviceArray<T> d_data, d_out, d_values;
  DeviceArray<ThreadAction> d_actions;
  DeviceArray<RoundSpec> d_specs;
  DeviceArray<int> d_rounds;
  if ((err = d_data.Allocate(meta.n)) != cudaSuccess) return fail("cudaMalloc", err);
  if ((err = d_out.Allocate(meta.n)) != cudaSuccess) return fail("cudaMalloc", err);
  if ((err = d_values.Allocate(static_cast<size_t>(rounds) * cells + 1)) != cudaSuccess)
    return fail("cudaMalloc", err);
  if ((err = d_actions.Allocate(static_cast<size_t>(rounds) * meta.block_size)) != cudaSuccess)
    return fail("cudaMalloc", err);
  if ((err = d_specs.Allocate(static_cast<size_t>(rounds))) != cudaSuccess)
    return fail("cudaMalloc", err);
  if ((err = d_rounds.Allocate(1)) != cudaSuccess) return fail("cudaMalloc", err);
  if ((err = cudaMemcpy(d_data.ptr, h_data.data(), meta.n * sizeof(T), cudaMemcpyHostToDevice)) !=
      cudaSuccess)
    return fail("cudaMemcpy", err);
  if ((err = cudaMemset(d_rounds.ptr, 0, sizeof(int))) != cudaSuccess)
    return fail("cudaMemset", err);

  const DeviceTrace trace{d_values.ptr, d_actions.ptr, d_specs.ptr, d_rounds.ptr, rounds};
  const size_t shared_bytes = static_cast<size_t>(host_layout.shared_cells) * sizeof(T);
  TraceKernel<Driver, Op><<<1, meta.block_size, shared_bytes>>>(d_data.ptr, d_out.ptr, meta.n,
                                                                request.convert, layout, trace);
  if ((err = cudaGetLastError()) != cudaSuccess) return fail("kernel launch", err);
  if ((err = cudaDeviceSynchronize()) != cudaSuccess) return fail("kernel", err);

  int recorded = 0;
  std::vector<T> h_values(static_cast<size_t>(rounds) * cells);
  std::vector<ThreadAction> h_actions(static_cast<size_t>(rounds) * meta.block_size);
  std::vector<RoundSpec> h_specs(static_cast<size_t>(rounds));
  std::vector<T> h_out(static_cast<size_t>(meta.n));
  if ((err = cudaMemcpy(&recorded, d_rounds.ptr, sizeof(int), cudaMemcpyDeviceToHost)) !=
          cudaSuccess ||
      (err = cudaMemcpy(h_values.data(), d_values.ptr, h_values.size() * sizeof(T),
                        cudaMemcpyDeviceToHost)) != cudaSuccess ||
      (err = cudaMemcpy(h_actions.data(), d_actions.ptr, h_actions.size() * sizeof(ThreadAction),
                        cudaMemcpyDeviceToHost)) != cudaSuccess ||
      (err = cudaMemcpy(h_specs.data(), d_specs.ptr, h_specs.size() * sizeof(RoundSpec),
                        cudaMemcpyDeviceToHost)) != cudaSuccess ||
      (err = cudaMemcpy(h_out.data(), d_out.ptr, h_out.size() * sizeof(T),
                        cudaMemcpyDeviceToHost)) != cudaSuccess)
    return fail("cudaMemcpy", err);
  if (recorded != rounds) {
    result.error = "the kernel recorded " + std::to_string(recorded) +
                   " rounds, the schedule has " + std::to_string(rounds);
    return result;
  }
  // The specs are what the driver reported on the GPU, not a schedule computed here.
  for (int r = 0; r < rounds; ++r) {
    builder.AddRound(h_specs[static_cast<size_t>(r)],
                     h_values.data() + static_cast<size_t>(r) * cells,
                     h_actions.data() + static_cast<size_t>(r) * meta.block_size);
  }
  Trace trace_out = std::move(builder).Finish();
  // What the kernel stored to global memory must be what its last snapshot shows.
  const std::vector<double> shown = trace_out.Result();
  for (int i = 0; i < meta.n; ++i) {
    if (static_cast<double>(h_out[static_cast<size_t>(i)]) != shown[static_cast<size_t>(i)]) {
      result.error =
          "the kernel's output differs from its last snapshot at position " + std::to_string(i);
      return result;
    }
  }
  result.trace = std::move(trace_out);
  return result;
}

}  // namespace

DeviceStatus QueryDevices() {
  DeviceStatus status;
  cudaRuntimeGetVersion(&status.runtime_version);
  int count = 0;
  const cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess) {
    cudaGetLastError();  // clear the sticky error so later calls start clean
    status.error_code = static_cast<int>(err);
    status.message = Describe("cudaGetDeviceCount", err);
    return status;
  }
  cudaDriverGetVersion(&status.driver_version);
  if (count == 0) {
    status.message = "cudaGetDeviceCount: no CUDA device";
    return status;
  }
  for (int i = 0; i < count; ++i) {
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, i) != cudaSuccess) continue;
    DeviceInfo info;
    info.index = i;
    info.name = prop.name;
    info.compute_major = prop.major;
    info.compute_minor = prop.minor;
    info.multiprocessors = prop.multiProcessorCount;
    info.global_memory_bytes = static_cast<long long>(prop.totalGlobalMem);
    info.max_threads_per_block = prop.maxThreadsPerBlock;
    status.devices.push_back(info);
  }
  status.usable = !status.devices.empty();
  if (!status.usable) status.message = "no CUDA device answered cudaGetDeviceProperties";
  return status;
}

TraceRun RunTrace(const ScanRequest& request, int device) {
  return DispatchAlgorithm(request.algorithm, [&](auto driver) {
    return DispatchOp(request.op, request.type, [&](auto op) {
      return RunTyped<decltype(driver), decltype(op)>(request, device);
    });
  });
}

}  // namespace scanviz::cuda
