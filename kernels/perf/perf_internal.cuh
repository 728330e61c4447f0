// The performance lab's rung interface, between the bench (perf_bench.cu) and the rungs
// (rung_*.cu). CUDA-only header: include it from .cu files only.
//
// A rung is written once, for an element type and a mode, as a class with
//
//   template <class T, bool INCLUSIVE>
//   cudaError_t Scan(const T* in, T* out, int n, cudaStream_t stream);
//
// and, for a copy (checked as out == in), static constexpr bool IsCopy(); for an ablation that
// scans tiles on their own, static constexpr long long IndependentTile(). TypedRung<Impl> turns
// it into the bench's Rung: the lab's one dispatch on type x mode.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/ops.h"

namespace scanviz::perf {

enum class Dtype { kInt32, kFloat32 };

// Arguments of one device-wide scan: out[i] = in[0] + ... + in[i] (inclusive) or
// in[0] + ... + in[i-1] (exclusive), element type int32 (wrapping) or float32.
struct ScanArgs {
  const void* in = nullptr;
  void* out = nullptr;
  int n = 0;
  Dtype type = Dtype::kInt32;
  bool inclusive = true;
  cudaStream_t stream = nullptr;
};

#define SCANVIZ_PERF_TRY(...)                             \
  do {                                                    \
    const cudaError_t scanviz_err_ = (__VA_ARGS__);       \
    if (scanviz_err_ != cudaSuccess) return scanviz_err_; \
  } while (0)

// Launch helper: returns the launch error (configuration errors) without synchronising.
inline cudaError_t LastLaunchError() {
  return cudaGetLastError();
}

// Device scratch owned by one rung and reused across calls. Slots grow on demand; the bench makes
// an untimed (checked) call first at each size, so timed calls never allocate.
class Workspace {
 public:
  Workspace() = default;
  Workspace(const Workspace&) = delete;
  Workspace& operator=(const Workspace&) = delete;
  ~Workspace() {
    for (auto& s : slots_) {
      if (s.ptr) cudaFree(s.ptr);
    }
  }
  // *ptr gets at least `bytes` bytes; newly allocated memory is zeroed when zero_new is set.
  cudaError_t Get(std::size_t slot, std::size_t bytes, void** ptr, bool zero_new = false) {
    if (slots_.size() <= slot) slots_.resize(slot + 1);
    Slot& s = slots_[slot];
    if (s.bytes < bytes) {
      if (s.ptr) {
        SCANVIZ_PERF_TRY(cudaFree(s.ptr));
        s.ptr = nullptr;
        s.bytes = 0;
      }
      SCANVIZ_PERF_TRY(cudaMalloc(&s.ptr, bytes));
      s.bytes = bytes;
      if (zero_new) SCANVIZ_PERF_TRY(cudaMemset(s.ptr, 0, bytes));
    }
    *ptr = s.ptr;
    return cudaSuccess;
  }
  template <class U>
  cudaError_t Get(std::size_t slot, std::size_t count, U** ptr, bool zero_new = false) {
    void* p = nullptr;
    SCANVIZ_PERF_TRY(Get(slot, sizeof(U) * count, &p, zero_new));
    *ptr = static_cast<U*>(p);
    return cudaSuccess;
  }

 private:
  struct Slot {
    void* ptr = nullptr;
    std::size_t bytes = 0;
  };
  std::vector<Slot> slots_;
};

// What the bench runs and times.
class Rung {
 public:
  virtual ~Rung() = default;
  virtual std::string Name() const = 0;          // short id: a, b, c, d, e, cub, thrust, memcpy
  virtual std::string Description() const = 0;   // one line for the table and the JSON
  virtual bool IsCopy() const { return false; }  // memcpy ceiling: out must equal in
  // An ablation that scans each tile of this many elements on its own (0: a scan of the whole).
  virtual long long IndependentTile() const { return 0; }
  virtual cudaError_t Run(const ScanArgs& args) = 0;
};

// A rung from its typed scan: Impl::Scan<T, INCLUSIVE>(in, out, n, stream).
template <class Impl>
class TypedRung final : public Rung {
 public:
  template <class... Args>
  TypedRung(std::string name, std::string description, Args&&... args)
      : name_(std::move(name)),
        description_(std::move(description)),
        impl_(std::forward<Args>(args)...) {}
  std::string Name() const override { return name_; }
  std::string Description() const override {
    if constexpr (requires(const Impl& i) { i.Describe(); }) {
      return impl_.Describe();  // an implementation that knows more once made (e's sizes)
    } else {
      return description_;
    }
  }
  bool IsCopy() const override {
    if constexpr (requires { Impl::IsCopy(); }) {
      return Impl::IsCopy();
    } else {
      return false;
    }
  }
  long long IndependentTile() const override {
    if constexpr (requires { Impl::IndependentTile(); }) {
      return Impl::IndependentTile();
    } else {
      return 0;
    }
  }
  cudaError_t Run(const ScanArgs& a) override {
    if (a.n <= 0) return cudaSuccess;
    if (a.type == Dtype::kInt32) return Go<std::int32_t>(a);
    return Go<float>(a);
  }

 private:
  template <class T>
  cudaError_t Go(const ScanArgs& a) {
    const T* in = static_cast<const T*>(a.in);
    T* out = static_cast<T*>(a.out);
    return a.inclusive ? impl_.template Scan<T, true>(in, out, a.n, a.stream)
                       : impl_.template Scan<T, false>(in, out, a.n, a.stream);
  }
  std::string name_, description_;
  Impl impl_;
};

template <class Impl, class... Args>
std::unique_ptr<Rung> MakeTyped(std::string name, std::string description, Args&&... args) {
  return std::make_unique<TypedRung<Impl>>(std::move(name), std::move(description),
                                           std::forward<Args>(args)...);
}

// The rung of the first row I of a policy table of N rows that is called `name`:
// make.template operator()<I>(), where name_of(i) names row i; nullptr when no row is.
template <std::size_t N, class NameOf, class Make>
std::unique_ptr<Rung> MakeRow(const std::string& name, NameOf name_of, Make make) {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    std::unique_ptr<Rung> r;
    ((r == nullptr && name_of(I) == name ? (r = make.template operator()<I>(), 0) : 0), ...);
    return r;
  }
  (std::make_index_sequence<N>{});
}

// Every rung by name: the ladder (a..e), the libraries (cub, thrust, memcpy) and the tuning
// variants of policies.h. nullptr for an unknown name. The bench reaches rungs through these three
// alone (rungs.cu).
std::unique_ptr<Rung> MakeRung(const std::string& name);
std::vector<std::string> LadderNames();  // the default run: a b c d e cub thrust memcpy
std::vector<std::string> RungNames();    // every name MakeRung knows

// One factory per rung file; each knows its own names (nullptr for another's).
std::unique_ptr<Rung> MakeHillisSteeleRung(const std::string& name);  // rung_a_hillis_steele.cu
std::unique_ptr<Rung> MakeBlellochRung(const std::string& name);      // rung_b_blelloch.cu
std::unique_ptr<Rung> MakePaddedBlellochRung();                       // rung_c_padded_blelloch.cu
std::unique_ptr<Rung> MakeReduceThenScanRung();                       // rung_d_reduce_then_scan.cu
std::unique_ptr<Rung> MakeSinglePassRung(const std::string& name);    // rung_e_single_pass.cu
std::unique_ptr<Rung> MakeCubRung();                                  // rung_references.cu
std::unique_ptr<Rung> MakeThrustRung();                               // rung_references.cu
std::unique_ptr<Rung> MakeMemcpyRung();                               // rung_references.cu

}  // namespace scanviz::perf
