// Internal interface between the bench driver (perf_bench.cu) and the rungs (rung_*.cu).
// CUDA-only header: include it from .cu files only.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
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
        cudaError_t e = cudaFree(s.ptr);
        if (e != cudaSuccess) return e;
        s.ptr = nullptr;
        s.bytes = 0;
      }
      cudaError_t e = cudaMalloc(&s.ptr, bytes);
      if (e != cudaSuccess) return e;
      s.bytes = bytes;
      if (zero_new) {
        e = cudaMemset(s.ptr, 0, bytes);
        if (e != cudaSuccess) return e;
      }
    }
    *ptr = s.ptr;
    return cudaSuccess;
  }

 private:
  struct Slot {
    void* ptr = nullptr;
    std::size_t bytes = 0;
  };
  std::vector<Slot> slots_;
};

class Rung {
 public:
  virtual ~Rung() = default;
  virtual std::string Name() const = 0;          // short id: a, b, c, d, e, cub, thrust, memcpy
  virtual std::string Description() const = 0;   // one line for the table and the JSON
  virtual bool IsCopy() const { return false; }  // memcpy ceiling: out must equal in
  virtual cudaError_t Run(const ScanArgs& args) = 0;
};

// Every rung by name: the ladder (a..e), the libraries (cub, thrust, memcpy) and the tuning
// variants. nullptr for an unknown name. The bench reaches rungs through these three alone.
std::unique_ptr<Rung> MakeRung(const std::string& name);
std::vector<std::string> LadderNames();  // the default run: a b c d e cub thrust memcpy
std::vector<std::string> RungNames();    // every name MakeRung knows

// rung_textbook.cu: "a" (Hillis-Steele), "b" (Blelloch); variants "a.256", "b.512", ... (block
// size).
std::unique_ptr<Rung> MakeTextbookRung(const std::string& name);
// rung_blocked.cu
std::unique_ptr<Rung> MakePaddedBlellochRung();  // c
std::unique_ptr<Rung> MakeReduceThenScanRung();  // d
// rung_lookback.cu: "e" is the ladder's rung; variants "e.<tag>" exist for tuning runs.
std::unique_ptr<Rung> MakeLookbackRung(const std::string& name);
std::vector<std::string> LookbackVariantNames();
// rung_singlepass.cu: the second-generation look-back kernels ("e.r*" register tiles, "e.s*"
// shared-memory tiles loaded by the copy engine); MakeLookbackRung falls back to it.
std::unique_ptr<Rung> MakeSinglePassRung(const std::string& name);
std::vector<std::string> SinglePassVariantNames();
// rung_library.cu
std::unique_ptr<Rung> MakeCubRung();
std::unique_ptr<Rung> MakeThrustRung();
std::unique_ptr<Rung> MakeMemcpyRung();

// Launch helper: returns the launch error (configuration errors) without synchronising.
inline cudaError_t LastLaunchError() {
  return cudaGetLastError();
}

#define SCANVIZ_PERF_TRY(...)                             \
  do {                                                    \
    const cudaError_t scanviz_err_ = (__VA_ARGS__);       \
    if (scanviz_err_ != cudaSuccess) return scanviz_err_; \
  } while (0)

}  // namespace scanviz::perf
