// The applications of the scan on the GPU (core/applications/): the loop of
// core/applications/application_driver.h with an executor whose steps are kernels, one thread per
// element, calling the same step functions as the simulator:
//
//   FlagKernel     step 1: applications::FlagStep (the predicate, the inverted bit, the size)
//   the scan       step 2: the multi-block scan of the flags, the grid's own traced executor
//                  (RunGridTrace, trace_kernel.cu)
//   ScatterKernel  step 3: applications::ScatterStep (to the destination, or the slice of the pool)
//   FlipKernel     radix sort's sign bits, before the first pass and after the last
//
// Between the steps the arrays come back to the host to be recorded; each step computes on the
// GPU from what the one before left.
#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "core/applications/application_driver.h"
#include "core/applications/steps.h"
#include "cuda/cuda_trace.h"
#include "cuda/cuda_util.h"

namespace scanviz::cuda {
namespace {

inline constexpr int kThreads = 256;

int Blocks(int n) {
  return (n + kThreads - 1) / kThreads;
}

__device__ int ThreadIndex() {
  return static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
}

template <class T>
__global__ void FlagKernel(PassSpec<T> spec, const T* in, int* flags, int n) {
  applications::FlagStep(spec, in, flags, n, ThreadIndex());
}

template <class T>
__global__ void ScatterKernel(PassSpec<T> spec, const T* in, const int* flags, const int* scan,
                              int total, T* out, int n) {
  applications::ScatterStep(spec, in, flags, scan, total, out, n, ThreadIndex());
}

__global__ void FlipKernel(std::int32_t* values, int n) {
  applications::FlipSignBitStep(values, n, ThreadIndex());
}

class CudaApplicationExec {
 public:
  explicit CudaApplicationExec(int device) : m_device(device) {
    m_backend = DeviceBackend(device, &m_error);
  }
  BackendInfo backend() const { return m_backend; }
  bool Failed() const { return !m_error.empty(); }
  const std::string& error() const { return m_error; }

  template <class T>
  void Flags(const PassSpec<T>& spec, const std::vector<T>& in, std::vector<int>* flags) {
    if (Failed()) return;
    const int n = static_cast<int>(in.size());
    DeviceArray<T> d_in;
    DeviceArray<int> d_flags;
    if (!Allocate(&d_in, in.size()) || !Allocate(&d_flags, in.size()) || !Upload(&d_in, in)) return;
    FlagKernel<T><<<Blocks(n), kThreads>>>(spec, d_in.ptr, d_flags.ptr, n);
    if (Launched()) Download(d_flags, flags);
  }

  GridTrace Scan(const GridRequest& request) {
    if (Failed()) return {};
    GridRun run = RunGridTrace(request, m_device);
    if (!run.grid) {
      m_error = "the scan of the flags: " + run.error;
      return {};
    }
    return std::move(*run.grid);
  }

  template <class T>
  void Scatter(const PassSpec<T>& spec, const std::vector<T>& in, const std::vector<int>& flags,
               const std::vector<int>& scan, int total, std::vector<T>* out) {
    if (Failed()) return;
    const int n = static_cast<int>(in.size());
    DeviceArray<T> d_in, d_out;
    DeviceArray<int> d_flags, d_scan;
    const size_t out_cells = out->size() > 0 ? out->size() : 1;  // an empty compaction
    if (!Allocate(&d_in, in.size()) || !Allocate(&d_flags, flags.size()) ||
        !Allocate(&d_scan, scan.size()) || !Allocate(&d_out, out_cells) || !Upload(&d_in, in) ||
        !Upload(&d_flags, flags) || !Upload(&d_scan, scan))
      return;
    if (cudaError_t err = cudaMemset(d_out.ptr, 0, out_cells * sizeof(T)); err != cudaSuccess)
      return Fail(Describe("cudaMemset", err));
    ScatterKernel<T>
        <<<Blocks(n), kThreads>>>(spec, d_in.ptr, d_flags.ptr, d_scan.ptr, total, d_out.ptr, n);
    if (Launched()) Download(d_out, out);
  }

  template <class T>
  void FlipSignBits(std::vector<T>* values) {
    if constexpr (std::is_same_v<T, std::int32_t>) {
      if (Failed()) return;
      const int n = static_cast<int>(values->size());
      DeviceArray<T> d_values;
      if (!Allocate(&d_values, values->size()) || !Upload(&d_values, *values)) return;
      FlipKernel<<<Blocks(n), kThreads>>>(d_values.ptr, n);
      if (Launched()) Download(d_values, values);
    }
  }

 private:
  void Fail(std::string e) { m_error = std::move(e); }

  template <class T>
  bool Allocate(DeviceArray<T>* a, size_t count) {
    if (cudaError_t err = a->Allocate(count); err != cudaSuccess) {
      Fail(Describe("cudaMalloc", err));
      return false;
    }
    return true;
  }
  template <class T>
  bool Upload(DeviceArray<T>* a, const std::vector<T>& h) {
    const cudaError_t err =
        cudaMemcpy(a->ptr, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
    if (err != cudaSuccess) Fail(Describe("cudaMemcpy", err));
    return err == cudaSuccess;
  }
  template <class T>
  void Download(const DeviceArray<T>& a, std::vector<T>* h) {
    const cudaError_t err =
        cudaMemcpy(h->data(), a.ptr, h->size() * sizeof(T), cudaMemcpyDeviceToHost);
    if (err != cudaSuccess) Fail(Describe("cudaMemcpy", err));
  }
  bool Launched() {
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) {
      Fail(Describe("kernel launch", err));
      return false;
    }
    if ((err = cudaDeviceSynchronize()) != cudaSuccess) {
      Fail(Describe("kernel", err));
      return false;
    }
    return true;
  }

  int m_device = 0;
  BackendInfo m_backend;
  std::string m_error;
};

}  // namespace

ApplicationRun RunApplicationTrace(const ApplicationRequest& request, int device) {
  CudaApplicationExec exec(device);
  ApplicationRun run;
  ApplicationTrace trace = request.type == ElementType::kFloat32
                               ? applications::Run<float>(exec, request)
                               : applications::Run<std::int32_t>(exec, request);
  if (exec.Failed()) {
    run.error = exec.error();
  } else {
    run.application = std::move(trace);
  }
  return run;
}

}  // namespace scanviz::cuda
