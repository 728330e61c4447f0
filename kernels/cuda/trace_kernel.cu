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
#include "core/grid/multi_block.h"
#include "core/schedule.h"
#include "core/trace_builder.h"
#include "cuda/cuda_trace.h"
#include "cuda/cuda_util.h"
#include "cuda/registers.cuh"

namespace scanviz::cuda {

namespace {

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
    return m_regs.ShflUp(array, delta, width);
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
          out[m_layout.offset[a] + threadIdx.x] = m_regs.Get(a);
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
                                  : m_regs.Get(array);
  }

 private:
  T* m_smem;
  const DeviceLayout& m_layout;
  DeviceTrace m_trace;
  LaneRegisters<T> m_regs;
  int m_round = 0;
};

// The kernel every algorithm runs: its driver with the recording executor, then the store. One
// block scans alone; in a grid (the multi-block scan's phase 1) block k of the launch scans
// elements [(first_block + k) * n, ...) into its own part of the trace, and its last thread
// writes the block's total to sums (multi_block.h's BlockTotal).
template <class Driver, class Op>
__global__ void TraceKernel(const typename Op::Value* data, typename Op::Value* out,
                            typename Op::Value* sums, int n, int first_block, bool convert,
                            bool inclusive, DeviceLayout layout, DeviceTrace trace) {
  using T = typename Op::Value;
  extern __shared__ __align__(16) unsigned char smem[];
  const int block = first_block + static_cast<int>(blockIdx.x);
  data += static_cast<size_t>(block) * n;
  out += static_cast<size_t>(block) * n;
  const size_t rounds = static_cast<size_t>(trace.max_rounds);
  DeviceTrace mine = trace;
  mine.values = static_cast<T*>(trace.values) + blockIdx.x * rounds * layout.cells;
  mine.actions += blockIdx.x * rounds * blockDim.x;
  mine.specs += blockIdx.x * rounds;
  mine.rounds_recorded += blockIdx.x;
  TraceExec<T> exec(reinterpret_cast<T*>(smem), layout, mine);
  const int result = Driver::Run(exec, data, n, convert, Op{});
  const int tid = static_cast<int>(threadIdx.x);
  if (tid < n) {
    const T value = exec.Read(result);
    out[tid] = value;
    if (sums != nullptr && tid == n - 1)
      sums[block] = multi_block::BlockTotal(value, data[tid], inclusive, Op{});
  }
}

// Where a trace's arrays live, from its builder; false when the kernel cannot record them.
bool MakeDeviceLayout(const TraceBuilder& builder, DeviceLayout* layout) {
  const ArrayLayout& host = builder.layout();
  layout->count = static_cast<int>(builder.arrays().size());
  if (layout->count > kMaxArrays) return false;
  for (int a = 0; a < layout->count; ++a) {
    const auto ua = static_cast<size_t>(a);
    layout->offset[a] = host.offset[ua];
    layout->shared_offset[a] = host.shared_offset[ua];
    layout->size[a] = builder.arrays()[ua].size;
    layout->shared[a] = builder.arrays()[ua].space == Space::kShared;
  }
  layout->cells = host.cells;
  return true;
}

// Runs the traced kernel over requests.size() blocks of requests[0].input.size() elements each,
// whose inputs are at d_data (block first_block + k at (first_block + k) * n), and appends each
// block's trace to *traces. d_sums: where the blocks' totals go (nullptr: one block, no totals).
template <class Driver, class Op>
std::string TraceBlocks(const std::vector<ScanRequest>& requests, const BackendInfo& backend,
                        const typename Op::Value* d_data, typename Op::Value* d_out,
                        typename Op::Value* d_sums, int first_block, std::vector<Trace>* traces) {
  using T = typename Op::Value;
  cudaError_t err = cudaSuccess;
  const int blocks = static_cast<int>(requests.size());
  std::vector<TraceBuilder> builders;
  builders.reserve(requests.size());
  for (const ScanRequest& r : requests) builders.emplace_back(r, backend);
  const TraceMeta& meta = builders[0].meta();
  const int rounds = static_cast<int>(RoundSchedule(meta.algorithm, meta.n, meta.converted).size());
  DeviceLayout layout;
  if (!MakeDeviceLayout(builders[0], &layout))
    return "the algorithm has more arrays than the trace kernel records";
  const size_t cells = static_cast<size_t>(layout.cells);
  const size_t per_block_values = static_cast<size_t>(rounds) * cells;
  const size_t per_block_actions = static_cast<size_t>(rounds) * meta.block_size;

  DeviceArray<T> d_values;
  DeviceArray<ThreadAction> d_actions;
  DeviceArray<RoundSpec> d_specs;
  DeviceArray<int> d_rounds;
  if ((err = d_values.Allocate(per_block_values * blocks + 1)) != cudaSuccess ||
      (err = d_actions.Allocate(per_block_actions * blocks)) != cudaSuccess ||
      (err = d_specs.Allocate(static_cast<size_t>(rounds) * blocks)) != cudaSuccess ||
      (err = d_rounds.Allocate(static_cast<size_t>(blocks))) != cudaSuccess)
    return Describe("cudaMalloc", err);
  if ((err = cudaMemset(d_rounds.ptr, 0, sizeof(int) * blocks)) != cudaSuccess)
    return Describe("cudaMemset", err);

  const DeviceTrace trace{d_values.ptr, d_actions.ptr, d_specs.ptr, d_rounds.ptr, rounds};
  const size_t shared_bytes = static_cast<size_t>(builders[0].layout().shared_cells) * sizeof(T);
  const bool inclusive = Info(meta.algorithm).inclusive != meta.converted;
  TraceKernel<Driver, Op><<<blocks, meta.block_size, shared_bytes>>>(
      d_data, d_out, d_sums, meta.n, first_block, meta.converted, inclusive, layout, trace);
  if ((err = cudaGetLastError()) != cudaSuccess) return Describe("kernel launch", err);
  if ((err = cudaDeviceSynchronize()) != cudaSuccess) return Describe("kernel", err);

  std::vector<int> recorded(static_cast<size_t>(blocks));
  std::vector<T> h_values(per_block_values * blocks);
  std::vector<ThreadAction> h_actions(per_block_actions * blocks);
  std::vector<RoundSpec> h_specs(static_cast<size_t>(rounds) * blocks);
  std::vector<T> h_out(static_cast<size_t>(meta.n) * blocks);
  const T* out_begin = d_out + static_cast<size_t>(first_block) * meta.n;
  if ((err = cudaMemcpy(recorded.data(), d_rounds.ptr, sizeof(int) * blocks,
                        cudaMemcpyDeviceToHost)) != cudaSuccess ||
      (err = cudaMemcpy(h_values.data(), d_values.ptr, h_values.size() * sizeof(T),
                        cudaMemcpyDeviceToHost)) != cudaSuccess ||
      (err = cudaMemcpy(h_actions.data(), d_actions.ptr, h_actions.size() * sizeof(ThreadAction),
                        cudaMemcpyDeviceToHost)) != cudaSuccess ||
      (err = cudaMemcpy(h_specs.data(), d_specs.ptr, h_specs.size() * sizeof(RoundSpec),
                        cudaMemcpyDeviceToHost)) != cudaSuccess ||
      (err = cudaMemcpy(h_out.data(), out_begin, h_out.size() * sizeof(T),
                        cudaMemcpyDeviceToHost)) != cudaSuccess)
    return Describe("cudaMemcpy", err);
  for (int b = 0; b < blocks; ++b) {
    const size_t ub = static_cast<size_t>(b);
    if (recorded[ub] != rounds)
      return "block " + std::to_string(first_block + b) + " recorded " +
             std::to_string(recorded[ub]) + " rounds, the schedule has " + std::to_string(rounds);
    // The specs are what the driver reported on the GPU, not a schedule computed here.
    for (int r = 0; r < rounds; ++r) {
      const size_t ur = static_cast<size_t>(r);
      builders[ub].AddRound(h_specs[ub * static_cast<size_t>(rounds) + ur],
                            h_values.data() + ub * per_block_values + ur * cells,
                            h_actions.data() + ub * per_block_actions + ur * meta.block_size);
    }
    Trace t = std::move(builders[ub]).Finish();
    // What the kernel stored to global memory must be what its last snapshot shows.
    const std::vector<double> shown = t.Result();
    for (int i = 0; i < meta.n; ++i) {
      if (static_cast<double>(h_out[ub * meta.n + static_cast<size_t>(i)]) !=
          shown[static_cast<size_t>(i)])
        return "block " + std::to_string(first_block + b) +
               ": the kernel's output differs from its last snapshot at position " +
               std::to_string(i);
    }
    traces->push_back(std::move(t));
  }
  return {};
}

template <class Driver, class Op>
TraceRun RunTyped(const ScanRequest& request, int device) {
  using T = typename Op::Value;
  TraceRun result;
  const BackendInfo backend = DeviceBackend(device, &result.error);
  if (!result.error.empty()) return result;
  const int n = static_cast<int>(request.input.size());
  std::vector<T> h_data(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) h_data[static_cast<size_t>(i)] = static_cast<T>(request.input[i]);
  DeviceArray<T> d_data, d_out;
  cudaError_t err = cudaSuccess;
  if ((err = d_data.Allocate(n)) != cudaSuccess || (err = d_out.Allocate(n)) != cudaSuccess) {
    result.error = Describe("cudaMalloc", err);
    return result;
  }
  if ((err = cudaMemcpy(d_data.ptr, h_data.data(), n * sizeof(T), cudaMemcpyHostToDevice)) !=
      cudaSuccess) {
    result.error = Describe("cudaMemcpy", err);
    return result;
  }
  std::vector<Trace> traces;
  result.error =
      TraceBlocks<Driver, Op>({request}, backend, d_data.ptr, d_out.ptr, nullptr, 0, &traces);
  if (result.error.empty()) result.trace = std::move(traces.front());
  return result;
}

// Phase 3 of the multi-block scan: one thread per element, blocks of the grid's block size.
template <class Op>
__global__ void AddOffsetsKernel(typename Op::Value* out, const typename Op::Value* offsets,
                                 int block_size, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  multi_block::AddOffsetStep(out, offsets, block_size, n, i, Op{});
}

// The grid's executor (core/grid/multi_block.h) on the GPU: phase 1 is the traced kernel over
// the grid's blocks (the full ones in one launch, a last partial block in a second, since its
// trace has its own shape), phase 3 a kernel of its own. Between the phases the global arrays
// come back to the host to be recorded; each phase computes on the GPU from what the last one
// left.
template <class Driver, class Op>
class CudaGridExec {
 public:
  using T = typename Op::Value;
  explicit CudaGridExec(int device) { m_backend = DeviceBackend(device, &m_error); }
  BackendInfo backend() const { return m_backend; }
  bool Failed() const { return !m_error.empty(); }
  const std::string& error() const { return m_error; }

  void ScanBlocks(const GridRequest& request, bool convert, GridTrace* grid) {
    if (Failed()) return;
    const int n = static_cast<int>(request.input.size()), b = request.block_size;
    const int blocks = (n + b - 1) / b, full = n / b;
    DeviceArray<T> d_in, d_out, d_sums;
    std::vector<T> h(Typed(request.input));
    cudaError_t err = cudaSuccess;
    if ((err = d_in.Allocate(n)) != cudaSuccess || (err = d_out.Allocate(n)) != cudaSuccess ||
        (err = d_sums.Allocate(blocks)) != cudaSuccess)
      return Fail(Describe("cudaMalloc", err));
    if ((err = cudaMemcpy(d_in.ptr, h.data(), n * sizeof(T), cudaMemcpyHostToDevice)) != cudaSuccess)
      return Fail(Describe("cudaMemcpy", err));
    T* sums = blocks > 1 ? d_sums.ptr : nullptr;
    auto requests = [&](int first, int count) {
      std::vector<ScanRequest> r;
      for (int k = first; k < first + count; ++k) {
        r.push_back(BlockRequest(request, k));
        r.back().convert = convert;
      }
      return r;
    };
    if (full > 0) {
      if (std::string e = TraceBlocks<Driver, Op>(requests(0, full), m_backend, d_in.ptr, d_out.ptr,
                                                  sums, 0, &grid->blocks);
          !e.empty())
        return Fail(e);
    }
    if (full < blocks) {
      // The partial block's elements sit at full * b, its total at sums[full]: a launch of one
      // block (first_block 0) over pointers moved to them.
      const size_t at = static_cast<size_t>(full) * b;
      if (std::string e = TraceBlocks<Driver, Op>(requests(full, 1), m_backend, d_in.ptr + at,
                                                  d_out.ptr + at, sums ? sums + full : nullptr, 0,
                                                  &grid->blocks);
          !e.empty())
        return Fail(e);
    }
    std::vector<T> out(static_cast<size_t>(n)), s(static_cast<size_t>(blocks));
    if ((err = cudaMemcpy(out.data(), d_out.ptr, n * sizeof(T), cudaMemcpyDeviceToHost)) !=
            cudaSuccess ||
        (err = cudaMemcpy(s.data(), d_sums.ptr, blocks * sizeof(T), cudaMemcpyDeviceToHost)) !=
            cudaSuccess)
      return Fail(Describe("cudaMemcpy", err));
    grid->block_output.assign(out.begin(), out.end());
    if (blocks > 1) grid->sums.assign(s.begin(), s.end());
  }

  void AddOffsets(const GridRequest& request, GridTrace* grid) {
    if (Failed()) return;
    const int n = grid->N(), blocks = grid->BlockCount();
    DeviceArray<T> d_out, d_offsets;
    const std::vector<T> out = Typed(grid->block_output), offsets = Typed(grid->Offsets());
    cudaError_t err = cudaSuccess;
    if ((err = d_out.Allocate(n)) != cudaSuccess || (err = d_offsets.Allocate(blocks)) != cudaSuccess)
      return Fail(Describe("cudaMalloc", err));
    if ((err = cudaMemcpy(d_out.ptr, out.data(), n * sizeof(T), cudaMemcpyHostToDevice)) !=
            cudaSuccess ||
        (err = cudaMemcpy(d_offsets.ptr, offsets.data(), blocks * sizeof(T),
                          cudaMemcpyHostToDevice)) != cudaSuccess)
      return Fail(Describe("cudaMemcpy", err));
    AddOffsetsKernel<Op><<<blocks, request.block_size>>>(d_out.ptr, d_offsets.ptr,
                                                         request.block_size, n);
    if ((err = cudaGetLastError()) != cudaSuccess) return Fail(Describe("kernel launch", err));
    if ((err = cudaDeviceSynchronize()) != cudaSuccess) return Fail(Describe("kernel", err));
    std::vector<T> result(static_cast<size_t>(n));
    if ((err = cudaMemcpy(result.data(), d_out.ptr, n * sizeof(T), cudaMemcpyDeviceToHost)) !=
        cudaSuccess)
      return Fail(Describe("cudaMemcpy", err));
    grid->output.assign(result.begin(), result.end());
  }

 private:
  void Fail(std::string e) { m_error = std::move(e); }
  static std::vector<T> Typed(const std::vector<double>& v) {
    std::vector<T> t(v.size());
    for (size_t i = 0; i < v.size(); ++i) t[i] = static_cast<T>(v[i]);
    return t;
  }
  BackendInfo m_backend;
  std::string m_error;
};

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

GridRun RunGridTrace(const GridRequest& request, int device) {
  return DispatchAlgorithm(request.block_algorithm, [&](auto driver) {
    return DispatchOp(request.op, request.type, [&](auto op) {
      CudaGridExec<decltype(driver), decltype(op)> exec(device);
      GridRun run;
      GridTrace grid = multi_block::Run(exec, request);
      if (exec.Failed()) {
        run.error = exec.error();
      } else {
        run.grid = std::move(grid);
      }
      return run;
    });
  });
}

}  // namespace scanviz::cuda
