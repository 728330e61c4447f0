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

// Selects `device` and describes it for a trace's metadata; on failure sets *error (CUDA's).
BackendInfo DeviceBackend(int device, std::string* error);

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

}  // namespace scanviz::cuda
