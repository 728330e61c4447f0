// The ladder's references, measured in the same run: CUB's DeviceScan (the production
// single-pass scan), thrust's scans (CUB underneath, with its own temporary allocation), and a
// device-to-device cudaMemcpy of the same bytes: the ceiling, since a scan must at least read n
// elements and write n elements.
#include <thrust/execution_policy.h>
#include <thrust/scan.h>
#include <cub/device/device_scan.cuh>

#include "perf/perf_internal.cuh"

namespace scanviz::perf {
namespace {

class CubScan {
 public:
  template <class T, bool INCLUSIVE>
  cudaError_t Scan(const T* in, T* out, int n, cudaStream_t stream) {
    std::size_t bytes = 0;
    SCANVIZ_PERF_TRY(Call<INCLUSIVE>(nullptr, bytes, in, out, n, stream));
    void* temp = nullptr;
    SCANVIZ_PERF_TRY(ws_.Get(0, bytes > 0 ? bytes : 1, &temp));
    SCANVIZ_PERF_TRY(Call<INCLUSIVE>(temp, bytes, in, out, n, stream));
    return LastLaunchError();
  }

 private:
  template <bool INCLUSIVE, class T>
  static cudaError_t Call(void* temp, std::size_t& bytes, const T* in, T* out, int n,
                          cudaStream_t stream) {
    if constexpr (INCLUSIVE) {
      return cub::DeviceScan::InclusiveSum(temp, bytes, in, out, n, stream);
    } else {
      return cub::DeviceScan::ExclusiveSum(temp, bytes, in, out, n, stream);
    }
  }
  Workspace ws_;
};

class ThrustScan {
 public:
  template <class T, bool INCLUSIVE>
  cudaError_t Scan(const T* in, T* out, int n, cudaStream_t stream) {
    try {
      if constexpr (INCLUSIVE) {
        thrust::inclusive_scan(thrust::cuda::par_nosync.on(stream), in, in + n, out);
      } else {
        thrust::exclusive_scan(thrust::cuda::par_nosync.on(stream), in, in + n, out);
      }
    } catch (...) {
      return cudaErrorUnknown;
    }
    return LastLaunchError();
  }
};

class MemcpyCopy {
 public:
  static constexpr bool IsCopy() { return true; }
  template <class T, bool INCLUSIVE>
  cudaError_t Scan(const T* in, T* out, int n, cudaStream_t stream) {
    return cudaMemcpyAsync(out, in, sizeof(T) * static_cast<std::size_t>(n),
                           cudaMemcpyDeviceToDevice, stream);
  }
};

}  // namespace

std::unique_ptr<Rung> MakeCubRung() {
  return MakeTyped<CubScan>("cub", "cub::DeviceScan::InclusiveSum / ExclusiveSum");
}
std::unique_ptr<Rung> MakeThrustRung() {
  return MakeTyped<ThrustScan>(
      "thrust", "thrust::inclusive_scan / exclusive_scan (par_nosync, default temp allocator)");
}
std::unique_ptr<Rung> MakeMemcpyRung() {
  return MakeTyped<MemcpyCopy>("memcpy",
                               "cudaMemcpyAsync device-to-device of the same bytes (ceiling)");
}

}  // namespace scanviz::perf
