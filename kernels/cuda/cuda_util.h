// Host-side helpers the CUDA kernels' runners share (trace_kernel.cu, outcome_kernel.cu).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <string>

#include "core/trace.h"

namespace scanviz::cuda {

// "what: <CUDA's message> (<name>, error N)".
inline std::string Describe(const char* what, cudaError_t err) {
  return std::string(what) + ": " + cudaGetErrorString(err) + " (" + cudaGetErrorName(err) +
         ", error " + std::to_string(static_cast<int>(err)) + ")";
}

// Device buffers freed on every exit path.
template <class T>
struct DeviceArray {
  T* ptr = nullptr;
  DeviceArray() = default;
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
  ~DeviceArray() {
    if (ptr) cudaFree(ptr);
  }
  cudaError_t Allocate(std::size_t count) { return cudaMalloc(&ptr, count * sizeof(T)); }
};

// The device's name, compute capability and versions; sets *error (quoting CUDA) when the device
// cannot be used.
inline BackendInfo DeviceBackend(int device, std::string* error) {
  BackendInfo backend;
  cudaError_t err = cudaSetDevice(device);
  cudaDeviceProp prop{};
  if (err == cudaSuccess) err = cudaGetDeviceProperties(&prop, device);
  if (err != cudaSuccess) {
    *error = Describe("cudaSetDevice", err);
    return backend;
  }
  backend.kind = BackendKind::kCuda;
  backend.device_name = prop.name;
  backend.compute_major = prop.major;
  backend.compute_minor = prop.minor;
  cudaDriverGetVersion(&backend.driver_version);
  cudaRuntimeGetVersion(&backend.runtime_version);
  return backend;
}

}  // namespace scanviz::cuda
