// Stage 1 of a bench run (bench_stages.cuh): the device, the toolkit and the SM clock.
#include <cuda_runtime.h>
#include <thrust/version.h>
#include <cub/version.cuh>

#include "perf/bench_stages.cuh"

namespace scanviz::perf {

namespace {

constexpr long long kClockSpinCycles = 20'000'000;  // ~10 ms at 2 GHz

__device__ unsigned long long GlobalTimerNs() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// out[0]: SM cycles counted, out[1]: nanoseconds they took.
__global__ void SpinClockKernel(long long cycles, unsigned long long* out) {
  const unsigned long long t0 = GlobalTimerNs();
  const long long c0 = clock64();
  long long c = c0;
  while (c - c0 < cycles) c = clock64();
  const unsigned long long t1 = GlobalTimerNs();
  out[0] = static_cast<unsigned long long>(c - c0);
  out[1] = t1 - t0;
}

}  // namespace

const char* const kClockMethod =
    "clock64() cycles over %globaltimer nanoseconds, one thread spinning 2e7 cycles";

void Check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    throw CudaError(std::string(what) + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) +
                    ")");
  }
}

std::string DescribeDevice(BenchDevice* dev) {
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    return std::string("no usable CUDA device: ") +
           (e != cudaSuccess ? cudaGetErrorString(e) : "0 devices");
  }
  e = cudaSetDevice(0);
  cudaDeviceProp prop{};
  if (e == cudaSuccess) e = cudaGetDeviceProperties(&prop, 0);
  if (e != cudaSuccess) return std::string("no usable CUDA device: ") + cudaGetErrorString(e);
  dev->name = prop.name;
  dev->sm_count = prop.multiProcessorCount;
  dev->compute_capability = std::to_string(prop.major) + "." + std::to_string(prop.minor);
  dev->l2_bytes = prop.l2CacheSize;
  dev->global_mem_bytes = static_cast<long long>(prop.totalGlobalMem);
  // An attribute the runtime does not report stays 0, which the file and the header print as is.
  cudaDeviceGetAttribute(&dev->sm_clock_khz, cudaDevAttrClockRate, 0);
  cudaDeviceGetAttribute(&dev->mem_clock_khz, cudaDevAttrMemoryClockRate, 0);
  cudaDeviceGetAttribute(&dev->mem_bus_width_bits, cudaDevAttrGlobalMemoryBusWidth, 0);
  cudaDriverGetVersion(&dev->driver_version);
  cudaRuntimeGetVersion(&dev->runtime_version);
  cudaGetLastError();
  return {};
}

BenchToolkit BuildToolkit() {
  BenchToolkit t;
  t.cuda_version = CUDART_VERSION;
  t.cub_version = CUB_VERSION;
  t.thrust_version = THRUST_VERSION;
  return t;
}

std::optional<double> MeasureSmClockMhz() {
  unsigned long long* d_out = nullptr;
  if (cudaMalloc(&d_out, 2 * sizeof(unsigned long long)) != cudaSuccess) {
    cudaGetLastError();
    return std::nullopt;
  }
  unsigned long long h_out[2] = {0, 0};
  SpinClockKernel<<<1, 1>>>(kClockSpinCycles, d_out);
  cudaError_t e = cudaGetLastError();
  if (e == cudaSuccess) e = cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  cudaFree(d_out);
  if (e != cudaSuccess || h_out[1] == 0) {
    cudaGetLastError();
    return std::nullopt;
  }
  return 1000.0 * static_cast<double>(h_out[0]) / static_cast<double>(h_out[1]);
}

}  // namespace scanviz::perf
