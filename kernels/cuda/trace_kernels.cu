// The instrumented single-block scan kernels: the chapters' code, with a trace recorder.
//
// Each kernel is the textbook loop over rounds; the work of one thread in one round is the shared
// step function from core/scan_steps.h (the CPU simulator calls the same functions). After every
// round's barrier, TraceSink::Record copies shared memory and each thread's action to global
// memory; it adds a barrier of its own so that the next round cannot overwrite a cell before it
// is copied. The instrumentation reads shared memory only between barriers and never writes it,
// so it changes neither what the kernel computes nor its races (compute-sanitizer racecheck).
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "core/scan_steps.h"
#include "core/trace_builder.h"
#include "cuda/cuda_trace.h"

namespace scanviz::cuda {
namespace {

template <class T>
struct TraceSink {
  T* values;              // [round][cell], cells = buffer_count * padded_n
  ThreadAction* actions;  // [round][thread]
  int* rounds_recorded;
  int cells;
  int max_rounds;

  __device__ void Record(int round, const T* smem, const ThreadAction& action) const {
    if (round < max_rounds) {
      for (int c = threadIdx.x; c < cells; c += blockDim.x)
        values[static_cast<size_t>(round) * cells + c] = smem[c];
      actions[static_cast<size_t>(round) * blockDim.x + threadIdx.x] = action;
      if (threadIdx.x == 0) *rounds_recorded = round + 1;
    }
    __syncthreads();  // instrumentation only: keep the next round's writes after the copy
  }
};

// [kernel:hillis-steele]
// Hillis-Steele inclusive scan, one block, one thread per element, two buffers of n.
//   1. load: buf[0][i] = data[i]
//   2. for stride = 1, 2, 4, ... < n: swap pin and pout; pout[i] = pin[i - stride] + pin[i]
//      (or a copy of pin[i] when i < stride); barrier
//   3. out[i] = the last pout[i]
// With `convert`, one more round shifts the inclusive result right into an exclusive one.
template <class Op>
__global__ void HillisSteeleKernel(const typename Op::Value* data, typename Op::Value* out, int n,
                                   bool convert, TraceSink<typename Op::Value> sink) {
  using T = typename Op::Value;
  extern __shared__ __align__(16) unsigned char smem[];
  T* buf = reinterpret_cast<T*>(smem);  // buf[0] = buf[0..n), buf[1] = buf[n..2n)
  const Op op;
  const int tid = threadIdx.x;
  int pout = 0, pin = 1;

  ThreadAction action = LoadStep(data, n, buf + pout * n, tid, op);  // [line:load]
  __syncthreads();                                                   // [line:barrier]
  sink.Record(0, buf, action);

  int round = 1;
  for (int stride = 1; stride < n; stride *= 2, ++round) {                         // [line:loop]
    pout = 1 - pout;                                                               // [line:swap]
    pin = 1 - pout;                                                                // [line:swap]
    action = HillisSteeleStep(buf + pin * n, buf + pout * n, n, stride, tid, op);  // [line:step]
    __syncthreads();                                                               // [line:barrier]
    sink.Record(round, buf, action);
  }
  if (convert) {
    pout = 1 - pout;  // [line:swap]
    pin = 1 - pout;   // [line:swap]
    action =
        HillisSteeleToExclusiveStep(buf + pin * n, buf + pout * n, n, tid, op);  // [line:convert]
    __syncthreads();                                                             // [line:barrier]
    sink.Record(round, buf, action);
  }
  if (tid < n) out[tid] = buf[pout * n + tid];  // [line:store]
}
// [/kernel:hillis-steele]

// [kernel:blelloch]
// Blelloch exclusive scan, one block, one buffer of padded_n (a power of two >= n), one thread
// per cell.
//   1. load: buf[i] = data[i], the identity for padding cells
//   2. up-sweep: for stride = 1, 2, ..., padded_n / 2: index = (tid + 1) * stride * 2 - 1;
//      buf[index] += buf[index - stride]; barrier
//   3. seed: buf[padded_n - 1] = identity; barrier
//   4. down-sweep: for stride = padded_n / 2, ..., 1: swap-and-add at the same index; barrier
//   5. out[i] = buf[i]
// With `convert`, one more round adds each element to its exclusive prefix: an inclusive scan.
template <class Op>
__global__ void BlellochKernel(const typename Op::Value* data, typename Op::Value* out, int n,
                               int padded_n, bool convert, TraceSink<typename Op::Value> sink) {
  using T = typename Op::Value;
  extern __shared__ __align__(16) unsigned char smem[];
  T* buf = reinterpret_cast<T*>(smem);
  const Op op;
  const int tid = threadIdx.x;
  int round = 0;

  ThreadAction action = LoadStep(data, n, buf, tid, op);  // [line:load]
  __syncthreads();                                        // [line:barrier]
  sink.Record(round++, buf, action);

  for (int stride = 1; stride < padded_n; stride *= 2) {           // [line:up-loop]
    action = BlellochUpSweepStep(buf, padded_n, stride, tid, op);  // [line:up-step]
    __syncthreads();                                               // [line:barrier]
    sink.Record(round++, buf, action);
  }

  action = BlellochSeedStep(buf, padded_n, tid, op);  // [line:seed]
  __syncthreads();                                    // [line:barrier]
  sink.Record(round++, buf, action);

  for (int stride = padded_n / 2; stride >= 1; stride /= 2) {        // [line:down-loop]
    action = BlellochDownSweepStep(buf, padded_n, stride, tid, op);  // [line:down-step]
    __syncthreads();                                                 // [line:barrier]
    sink.Record(round++, buf, action);
  }
  if (convert) {
    action = BlellochToInclusiveStep(buf, data, n, tid, op);  // [line:convert]
    __syncthreads();                                          // [line:barrier]
    sink.Record(round++, buf, action);
  }
  if (tid < n) out[tid] = buf[tid];  // [line:store]
}
// [/kernel:blelloch]

std::string Describe(const char* what, cudaError_t err) {
  return std::string(what) + ": " + cudaGetErrorString(err) + " (" + cudaGetErrorName(err) +
         ", error " + std::to_string(static_cast<int>(err)) + ")";
}

// Device buffers freed on every exit path.
template <class T>
struct DeviceArray {
  T* ptr = nullptr;
  ~DeviceArray() {
    if (ptr) cudaFree(ptr);
  }
  cudaError_t Allocate(size_t count) { return cudaMalloc(&ptr, count * sizeof(T)); }
};

template <class Op>
TraceRun RunTyped(const ScanRequest& request, int device, Op) {
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
  const int rounds = static_cast<int>(builder.schedule().size());
  const int cells = meta.buffer_count * meta.padded_n;

  std::vector<T> h_data(meta.n);
  for (int i = 0; i < meta.n; ++i) h_data[i] = static_cast<T>(request.input[i]);

  DeviceArray<T> d_data, d_out, d_values;
  DeviceArray<ThreadAction> d_actions;
  DeviceArray<int> d_rounds;
  if ((err = d_data.Allocate(meta.n)) != cudaSuccess) return fail("cudaMalloc", err);
  if ((err = d_out.Allocate(meta.n)) != cudaSuccess) return fail("cudaMalloc", err);
  if ((err = d_values.Allocate(static_cast<size_t>(rounds) * cells)) != cudaSuccess)
    return fail("cudaMalloc", err);
  if ((err = d_actions.Allocate(static_cast<size_t>(rounds) * meta.block_size)) != cudaSuccess)
    return fail("cudaMalloc", err);
  if ((err = d_rounds.Allocate(1)) != cudaSuccess) return fail("cudaMalloc", err);
  if ((err = cudaMemcpy(d_data.ptr, h_data.data(), meta.n * sizeof(T), cudaMemcpyHostToDevice)) !=
      cudaSuccess)
    return fail("cudaMemcpy", err);
  if ((err = cudaMemset(d_rounds.ptr, 0, sizeof(int))) != cudaSuccess)
    return fail("cudaMemset", err);

  const TraceSink<T> sink{d_values.ptr, d_actions.ptr, d_rounds.ptr, cells, rounds};
  const size_t shared_bytes = static_cast<size_t>(cells) * sizeof(T);
  if (meta.algorithm == Algorithm::kHillisSteele) {
    HillisSteeleKernel<Op><<<1, meta.block_size, shared_bytes>>>(d_data.ptr, d_out.ptr, meta.n,
                                                                 request.convert, sink);
  } else {
    BlellochKernel<Op><<<1, meta.block_size, shared_bytes>>>(d_data.ptr, d_out.ptr, meta.n,
                                                             meta.padded_n, request.convert, sink);
  }
  if ((err = cudaGetLastError()) != cudaSuccess) return fail("kernel launch", err);
  if ((err = cudaDeviceSynchronize()) != cudaSuccess) return fail("kernel", err);

  int recorded = 0;
  std::vector<T> h_values(static_cast<size_t>(rounds) * cells);
  std::vector<ThreadAction> h_actions(static_cast<size_t>(rounds) * meta.block_size);
  std::vector<T> h_out(meta.n);
  if ((err = cudaMemcpy(&recorded, d_rounds.ptr, sizeof(int), cudaMemcpyDeviceToHost)) !=
          cudaSuccess ||
      (err = cudaMemcpy(h_values.data(), d_values.ptr, h_values.size() * sizeof(T),
                        cudaMemcpyDeviceToHost)) != cudaSuccess ||
      (err = cudaMemcpy(h_actions.data(), d_actions.ptr, h_actions.size() * sizeof(ThreadAction),
                        cudaMemcpyDeviceToHost)) != cudaSuccess ||
      (err = cudaMemcpy(h_out.data(), d_out.ptr, h_out.size() * sizeof(T),
                        cudaMemcpyDeviceToHost)) != cudaSuccess)
    return fail("cudaMemcpy", err);
  if (recorded != rounds) {
    result.error = "the kernel recorded " + std::to_string(recorded) +
                   " rounds, the schedule has " + std::to_string(rounds);
    return result;
  }
  for (int r = 0; r < rounds; ++r) {
    builder.AddRound(h_values.data() + static_cast<size_t>(r) * cells,
                     h_actions.data() + static_cast<size_t>(r) * meta.block_size);
  }
  Trace trace = std::move(builder).Finish();
  // What the kernel stored to global memory must be what its last snapshot shows.
  const std::vector<double> shown = trace.Result();
  for (int i = 0; i < meta.n; ++i) {
    if (static_cast<double>(h_out[i]) != shown[i]) {
      result.error =
          "the kernel's output differs from its last snapshot at position " + std::to_string(i);
      return result;
    }
  }
  result.trace = std::move(trace);
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
  return DispatchOp(request.op, request.type,
                    [&](auto op) { return RunTyped(request, device, op); });
}

}  // namespace scanviz::cuda
