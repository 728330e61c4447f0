// The mistakes lab on the GPU: an algorithm's driver (the very round loop the simulator and the
// traced kernel run) with a bare executor, run many times to count the distinct results a race
// gives. No instrumentation: a snapshot copy would add barriers and change the races. The bare
// executor (bare_exec.cuh) holds any algorithm's arrays, registers and shuffles included. With a
// mistake (core/mistake.h) the executor takes its one thing away: it hands out one buffer for two,
// skips a phase's rounds, or ends rounds without __syncthreads(); a step-level mistake runs the
// driver with the mistaken operator (core/algorithms/mistaken_steps.h). Without one it is the
// correct kernel, which compute-sanitizer racecheck and synccheck must find clean.
#include <cuda_runtime.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "core/algorithms/algorithms.h"
#include "core/algorithms/mistaken_steps.h"
#include "core/padded.h"
#include "core/registry.h"
#include "core/schedule.h"
#include "core/trace_builder.h"
#include "cuda/bare_exec.cuh"
#include "cuda/cuda_trace.h"
#include "cuda/cuda_util.h"

namespace scanviz::cuda {
namespace {

template <class Driver, class Op>
__global__ void OutcomeKernel(const typename Op::Value* data, typename Op::Value* out, int n,
                              bool convert, OutcomeConfig config) {
  using T = typename Op::Value;
  extern __shared__ __align__(16) unsigned char smem[];
  OutcomeExec<T> exec(reinterpret_cast<T*>(smem), config);
  const int result = Driver::Run(exec, data, n, convert, Op{});
  __syncthreads();  // the store reads other threads' cells: the rounds' barriers are the mistake
  if (static_cast<int>(threadIdx.x) < n) out[threadIdx.x] = exec.Read(result);
}

template <class Driver, class Op>
OutcomeRun RunTyped(const ScanRequest& request, int runs, int device) {
  using T = typename Op::Value;
  OutcomeRun result;
  auto fail = [&](const char* what, cudaError_t err) {
    result.error = Describe(what, err);
    return result;
  };
  cudaError_t err = cudaSetDevice(device);
  if (err != cudaSuccess) return fail("cudaSetDevice", err);
  cudaDeviceProp prop{};
  if ((err = cudaGetDeviceProperties(&prop, device)) != cudaSuccess)
    return fail("cudaGetDeviceProperties", err);
  result.backend.kind = BackendKind::kCuda;
  result.backend.device_name = prop.name;
  result.backend.compute_major = prop.major;
  result.backend.compute_minor = prop.minor;
  cudaDriverGetVersion(&result.backend.driver_version);
  cudaRuntimeGetVersion(&result.backend.runtime_version);

  ScanRequest plain = request;
  plain.mistake = Mistake::kNone;  // the layout is the correct kernel's
  TraceBuilder builder(plain, result.backend);
  const TraceMeta& meta = builder.meta();
  OutcomeConfig config;
  if (std::string e = MakeOutcomeConfig(builder, &config); !e.empty()) {
    result.error = e;
    return result;
  }
  if (const MistakeInfo* m = FindMistake(request.mistake)) {
    config.alias_from = m->alias_from;
    config.alias_to = m->alias_to;
    config.skip_phase = m->skip_phase;
    config.barrier = !m->no_barrier;
  }

  std::vector<T> h_data(static_cast<size_t>(meta.n)), h_out(static_cast<size_t>(meta.n));
  for (int i = 0; i < meta.n; ++i)
    h_data[static_cast<size_t>(i)] = static_cast<T>(request.input[i]);
  DeviceArray<T> d_data, d_out;
  if ((err = d_data.Allocate(meta.n)) != cudaSuccess) return fail("cudaMalloc", err);
  if ((err = d_out.Allocate(meta.n)) != cudaSuccess) return fail("cudaMalloc", err);
  if ((err = cudaMemcpy(d_data.ptr, h_data.data(), meta.n * sizeof(T), cudaMemcpyHostToDevice)) !=
      cudaSuccess)
    return fail("cudaMemcpy", err);
  const size_t shared_bytes = static_cast<size_t>(builder.layout().shared_cells) * sizeof(T);
  std::map<std::vector<double>, int> seen;
  for (int run = 0; run < runs; ++run) {
    // Garbage in the output, so that a cell a run failed to write cannot look right.
    if ((err = cudaMemset(d_out.ptr, 0x7f, meta.n * sizeof(T))) != cudaSuccess)
      return fail("cudaMemset", err);
    OutcomeKernel<Driver, Op><<<1, meta.block_size, shared_bytes>>>(d_data.ptr, d_out.ptr, meta.n,
                                                                    request.convert, config);
    if ((err = cudaGetLastError()) != cudaSuccess) return fail("kernel launch", err);
    if ((err = cudaMemcpy(h_out.data(), d_out.ptr, meta.n * sizeof(T), cudaMemcpyDeviceToHost)) !=
        cudaSuccess)
      return fail("kernel", err);
    std::vector<double> values(h_out.begin(), h_out.end());
    ++seen[values];
  }
  for (auto& [values, count] : seen) result.outcomes.push_back({values, count});
  std::sort(result.outcomes.begin(), result.outcomes.end(),
            [](const Outcome& a, const Outcome& b) { return a.count > b.count; });
  return result;
}

// The cost of each round: the driver with barriers and registers as the traced kernel has them,
// no snapshot; thread 0 reads clock64() after each round's barrier, so round r's cycles run from
// the barrier that ended round r - 1 (the kernel's start for the first) to its own.
// kPadded: shared arrays are handed out as padded views (core/padded.h), Blelloch's
// conflict-free layout, through the same steps.
template <class T, bool kPadded>
class TimingExec {
 public:
  __device__ TimingExec(T* smem, const int* shared_offset, long long* clocks)
      : m_smem(smem), m_shared_offset(shared_offset), m_clocks(clocks) {}
  __device__ auto Shared(int array) {
    if constexpr (kPadded) {
      return PaddedView<T>{m_smem + m_shared_offset[array]};
    } else {
      return m_smem + m_shared_offset[array];
    }
  }
  __device__ T& Reg(int array, int) { return m_regs[array]; }
  __device__ T ShflUp(int array, int, int delta, int width) {
    return m_regs.ShflUp(array, delta, width);
  }
  __device__ T Register(int array) const { return m_regs.Get(array); }
  __device__ bool Wide(int) const { return true; }
  template <class F>
  __device__ void Narrow(F&& rounds) {
    rounds();
  }
  template <class F>
  __device__ void Round(const RoundSpec&, F&& step) {
    step(static_cast<int>(threadIdx.x));
    __syncthreads();
    if (threadIdx.x == 0) m_clocks[++m_round] = clock64();
  }
  __device__ void Start() {
    __syncthreads();
    if (threadIdx.x == 0) m_clocks[0] = clock64();
  }

 private:
  T* m_smem;
  const int* m_shared_offset;
  long long* m_clocks;
  LaneRegisters<T> m_regs;
  int m_round = 0;
};

template <class Driver, class Op, bool kPadded>
__global__ void TimingKernel(const typename Op::Value* data, typename Op::Value* out, int n,
                             bool convert, OutcomeConfig config, long long* clocks) {
  using T = typename Op::Value;
  extern __shared__ __align__(16) unsigned char smem[];
  TimingExec<T, kPadded> exec(reinterpret_cast<T*>(smem), config.shared_offset, clocks);
  exec.Start();
  const int result = Driver::Run(exec, data, n, convert, Op{});
  // The store keeps the work from being optimised away.
  if (static_cast<int>(threadIdx.x) < n)
    out[threadIdx.x] =
        config.shared[result] ? exec.Shared(result)[threadIdx.x] : exec.Register(result);
}

template <class Driver, class Op, bool kPadded>
CycleRun CyclesTyped(const ScanRequest& request, int runs, int device) {
  using T = typename Op::Value;
  CycleRun result;
  auto fail = [&](const char* what, cudaError_t err) {
    result.error = Describe(what, err);
    return result;
  };
  cudaError_t err = cudaSetDevice(device);
  if (err != cudaSuccess) return fail("cudaSetDevice", err);
  TraceBuilder builder(request, BackendInfo{});
  const TraceMeta& meta = builder.meta();
  OutcomeConfig config;
  if (std::string e = MakeOutcomeConfig(builder, &config); !e.empty()) {
    result.error = e;
    return result;
  }
  const int rounds =
      static_cast<int>(RoundSchedule(meta.algorithm, meta.n, meta.converted).size());
  std::vector<T> h_data(static_cast<size_t>(meta.n));
  for (int i = 0; i < meta.n; ++i) h_data[static_cast<size_t>(i)] = static_cast<T>(request.input[i]);
  DeviceArray<T> d_data, d_out;
  DeviceArray<long long> d_clocks;
  if ((err = d_data.Allocate(meta.n)) != cudaSuccess) return fail("cudaMalloc", err);
  if ((err = d_out.Allocate(meta.n)) != cudaSuccess) return fail("cudaMalloc", err);
  if ((err = d_clocks.Allocate(static_cast<size_t>(rounds) + 1)) != cudaSuccess)
    return fail("cudaMalloc", err);
  if ((err = cudaMemcpy(d_data.ptr, h_data.data(), meta.n * sizeof(T), cudaMemcpyHostToDevice)) !=
      cudaSuccess)
    return fail("cudaMemcpy", err);
  const int shared_cells = kPadded ? PaddedCells(builder.layout().shared_cells)
                                   : builder.layout().shared_cells;
  const size_t shared_bytes = static_cast<size_t>(shared_cells + 1) * sizeof(T);
  std::vector<std::vector<long long>> per_round(static_cast<size_t>(rounds));
  std::vector<long long> clocks(static_cast<size_t>(rounds) + 1);
  for (int run = 0; run < runs + 1; ++run) {  // run 0 warms up (instruction cache, clocks)
    TimingKernel<Driver, Op, kPadded><<<1, meta.block_size, shared_bytes>>>(
        d_data.ptr, d_out.ptr, meta.n, request.convert, config, d_clocks.ptr);
    if ((err = cudaGetLastError()) != cudaSuccess) return fail("kernel launch", err);
    if ((err = cudaMemcpy(clocks.data(), d_clocks.ptr, clocks.size() * sizeof(long long),
                          cudaMemcpyDeviceToHost)) != cudaSuccess)
      return fail("kernel", err);
    if (run == 0) continue;
    for (int r = 0; r < rounds; ++r)
      per_round[static_cast<size_t>(r)].push_back(clocks[static_cast<size_t>(r) + 1] -
                                                  clocks[static_cast<size_t>(r)]);
  }
  // What the timed kernel computed: the caller compares it with the simulator's result.
  std::vector<T> h_out(static_cast<size_t>(meta.n));
  if ((err = cudaMemcpy(h_out.data(), d_out.ptr, meta.n * sizeof(T), cudaMemcpyDeviceToHost)) !=
      cudaSuccess)
    return fail("cudaMemcpy", err);
  result.result.assign(h_out.begin(), h_out.end());
  for (std::vector<long long>& v : per_round) {
    std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
    result.cycles.push_back(static_cast<double>(v[v.size() / 2]));
  }
  return result;
}

// The padded kernel of a driver: whether an algorithm has the padded layout is its registry
// entry's (AlgorithmInfo::padded_layout), but the kernel must be compiled, and only a driver whose
// steps index its shared arrays through whatever exec.Shared returns compiles with a PaddedView:
// this is the one list of them the compiler needs. An entry that claims the layout without a
// driver here gets an error, never a measurement of the plain layout.
template <class Driver, class Op>
CycleRun PaddedCycles(const ScanRequest& request, int runs, int device) {
  if constexpr (Driver::kId == Algorithm::kBlelloch) {
    return CyclesTyped<Driver, Op, true>(request, runs, device);
  } else {
    CycleRun r;
    r.error = std::string("no padded kernel is built for ") + DisplayName(Driver::kId);
    return r;
  }
}

}  // namespace

CycleRun RunCycles(const ScanRequest& request, int runs, bool padded, int device) {
  if (padded && !Info(request.algorithm).padded_layout) {
    CycleRun r;
    r.error = std::string("the conflict-free padding is not a layout of ") +
              DisplayName(request.algorithm);
    return r;
  }
  return DispatchAlgorithm(request.algorithm, [&](auto driver) {
    return DispatchOp(request.op, request.type, [&](auto op) {
      using Driver = decltype(driver);
      using Op = decltype(op);
      return padded ? PaddedCycles<Driver, Op>(request, runs, device)
                    : CyclesTyped<Driver, Op, false>(request, runs, device);
    });
  });
}

OutcomeRun RunOutcomes(const ScanRequest& request, int runs, int device) {
  const MistakeInfo* mistake = FindMistake(request.mistake);
  return DispatchAlgorithm(request.algorithm, [&](auto driver) {
    using Driver = decltype(driver);
    return DispatchOp(request.op, request.type, [&](auto plain_op) {
      return mistaken::WithMistakenSteps<Driver>(mistake, plain_op, [&](auto op) {
        return RunTyped<Driver, decltype(op)>(request, runs, device);
      });
    });
  });
}

}  // namespace scanviz::cuda
