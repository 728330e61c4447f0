// The references of the ladder: CUB's DeviceScan, thrust's scans, and a device-to-device cudaMemcpy
// of the same bytes (the ceiling: a scan must at least read n elements and write n elements).
#include <thrust/execution_policy.h>
#include <thrust/scan.h>
#include <cub/device/device_scan.cuh>

#include "perf/perf_internal.cuh"

namespace scanviz::perf {
namespace {

class CubRung final : public Rung {
 public:
  std::string Name() const override { return "cub"; }
  std::string Description() const override {
    return "cub::DeviceScan::InclusiveSum / ExclusiveSum";
  }
  cudaError_t Run(const ScanArgs& a) override {
    if (a.type == Dtype::kInt32)
      return Go(static_cast<const std::int32_t*>(a.in), static_cast<std::int32_t*>(a.out), a);
    return Go(static_cast<const float*>(a.in), static_cast<float*>(a.out), a);
  }

 private:
  template <class T>
  cudaError_t Go(const T* in, T* out, const ScanArgs& a) {
    std::size_t bytes = 0;
    if (a.inclusive) {
      SCANVIZ_PERF_TRY(cub::DeviceScan::InclusiveSum(nullptr, bytes, in, out, a.n, a.stream));
    } else {
      SCANVIZ_PERF_TRY(cub::DeviceScan::ExclusiveSum(nullptr, bytes, in, out, a.n, a.stream));
    }
    void* temp = nullptr;
    SCANVIZ_PERF_TRY(ws_.Get(0, bytes > 0 ? bytes : 1, &temp));
    if (a.inclusive) {
      SCANVIZ_PERF_TRY(cub::DeviceScan::InclusiveSum(temp, bytes, in, out, a.n, a.stream));
    } else {
      SCANVIZ_PERF_TRY(cub::DeviceScan::ExclusiveSum(temp, bytes, in, out, a.n, a.stream));
    }
    return LastLaunchError();
  }
  Workspace ws_;
};

class ThrustRung final : public Rung {
 public:
  std::string Name() const override { return "thrust"; }
  std::string Description() const override {
    return "thrust::inclusive_scan / exclusive_scan (par_nosync, default temp allocator)";
  }
  cudaError_t Run(const ScanArgs& a) override {
    if (a.type == Dtype::kInt32)
      return Go(static_cast<const std::int32_t*>(a.in), static_cast<std::int32_t*>(a.out), a);
    return Go(static_cast<const float*>(a.in), static_cast<float*>(a.out), a);
  }

 private:
  template <class T>
  cudaError_t Go(const T* in, T* out, const ScanArgs& a) {
    try {
      if (a.inclusive) {
        thrust::inclusive_scan(thrust::cuda::par_nosync.on(a.stream), in, in + a.n, out);
      } else {
        thrust::exclusive_scan(thrust::cuda::par_nosync.on(a.stream), in, in + a.n, out);
      }
    } catch (...) {
      return cudaErrorUnknown;
    }
    return LastLaunchError();
  }
};

class MemcpyRung final : public Rung {
 public:
  std::string Name() const override { return "memcpy"; }
  std::string Description() const override {
    return "cudaMemcpyAsync device-to-device of the same bytes (ceiling)";
  }
  bool IsCopy() const override { return true; }
  cudaError_t Run(const ScanArgs& a) override {
    return cudaMemcpyAsync(a.out, a.in, static_cast<std::size_t>(a.n) * 4, cudaMemcpyDeviceToDevice,
                           a.stream);
  }
};

}  // namespace

std::unique_ptr<Rung> MakeCubRung() {
  return std::make_unique<CubRung>();
}
std::unique_ptr<Rung> MakeThrustRung() {
  return std::make_unique<ThrustRung>();
}
std::unique_ptr<Rung> MakeMemcpyRung() {
  return std::make_unique<MemcpyRung>();
}

}  // namespace scanviz::perf
