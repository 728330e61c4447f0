#include "core/trace.h"

#include <cmath>
#include <string_view>

#include "core/scan_steps.h"

namespace scanviz {

std::vector<double> Trace::Result() const {
  if (rounds.empty() || meta.n <= 0) return {};
  const Round& last = rounds.back();
  const int buffer = last.spec.pout < 0 ? 0 : last.spec.pout;
  if (buffer >= static_cast<int>(last.buffers.size())) return {};
  const std::vector<double>& cells = last.buffers[buffer];
  return std::vector<double>(cells.begin(), cells.begin() + std::min<size_t>(meta.n, cells.size()));
}

int PaddedSize(Algorithm algorithm, int n) {
  return algorithm == Algorithm::kBlelloch ? NextPowerOfTwo(n) : n;
}
int BlockSize(Algorithm algorithm, int n) {
  return PaddedSize(algorithm, n);
}
int BufferCount(Algorithm algorithm) {
  return algorithm == Algorithm::kHillisSteele ? 2 : 1;
}

std::vector<RoundSpec> RoundSchedule(Algorithm algorithm, int n, bool convert) {
  std::vector<RoundSpec> rounds;
  rounds.push_back(RoundSpec{Phase::kLoad, 1, 0, -1, 0});
  if (algorithm == Algorithm::kHillisSteele) {
    // pin/pout alternate starting with pin = buf[0], pout = buf[1], as in the chapter's figure.
    int pout = 0;
    int step = 1;
    for (int stride = 1; stride < n; stride *= 2, ++step) {
      pout = 1 - pout;
      rounds.push_back(RoundSpec{Phase::kScan, step, stride, 1 - pout, pout});
    }
    if (convert) rounds.push_back(RoundSpec{Phase::kConvert, 1, 1, pout, 1 - pout});
    return rounds;
  }
  const int padded = NextPowerOfTwo(n);
  int step = 1;
  for (int stride = 1; stride < padded; stride *= 2, ++step)
    rounds.push_back(RoundSpec{Phase::kUpSweep, step, stride, 0, 0});
  rounds.push_back(RoundSpec{Phase::kSeed, 1, 0, 0, 0});
  step = 1;
  for (int stride = padded / 2; stride >= 1; stride /= 2, ++step)
    rounds.push_back(RoundSpec{Phase::kDownSweep, step, stride, 0, 0});
  if (convert) rounds.push_back(RoundSpec{Phase::kConvert, 1, 0, 0, 0});
  return rounds;
}

TraceMeta MakeMeta(const ScanRequest& request) {
  TraceMeta meta;
  meta.algorithm = request.algorithm;
  meta.op = request.op;
  meta.type = request.type;
  meta.identity = DispatchOp(request.op, request.type,
                             [](auto op) { return static_cast<double>(decltype(op)::Identity()); });
  meta.n = static_cast<int>(request.input.size());
  meta.padded_n = PaddedSize(request.algorithm, meta.n);
  meta.block_size = BlockSize(request.algorithm, meta.n);
  meta.buffer_count = BufferCount(request.algorithm);
  meta.converted = request.convert;
  return meta;
}

std::string ValidateRequest(const ScanRequest& request) {
  const size_t n = request.input.size();
  if (n == 0) return "the input is empty";
  if (n > static_cast<size_t>(kMaxElements))
    return "the input has " + std::to_string(n) + " elements; a single block scans at most " +
           std::to_string(kMaxElements);
  for (size_t i = 0; i < n; ++i) {
    const double v = request.input[i];
    if (request.type == ElementType::kInt32) {
      if (!(v >= -2147483648.0 && v <= 2147483647.0) || std::trunc(v) != v)
        return "element " + std::to_string(i) + " is not an int32 value";
    } else if (!std::isfinite(v) || static_cast<double>(static_cast<float>(v)) != v) {
      return "element " + std::to_string(i) + " is not a finite float32 value";
    }
  }
  return {};
}

namespace {
template <class E, size_t N>
const char* Name(E e, const char* const (&names)[N]) {
  const auto i = static_cast<size_t>(e);
  return i < N ? names[i] : "?";
}
template <class E, size_t N>
bool ParseName(std::string_view s, E* out, const char* const (&names)[N]) {
  for (size_t i = 0; i < N; ++i) {
    if (s == names[i]) {
      *out = static_cast<E>(i);
      return true;
    }
  }
  return false;
}
constexpr const char* kAlgorithmNames[] = {"hillis-steele", "blelloch"};
constexpr const char* kOpNames[] = {"add", "max", "min", "last"};
constexpr const char* kTypeNames[] = {"int32", "float32"};
constexpr const char* kPhaseNames[] = {"load", "scan", "up-sweep", "seed", "down-sweep", "convert"};
constexpr const char* kActionNames[] = {"idle", "load",     "copy",     "add",
                                        "seed", "swap-add", "add-input"};
constexpr const char* kBackendNames[] = {"cpu", "cuda"};
}  // namespace

const char* ToString(Algorithm a) {
  return Name(a, kAlgorithmNames);
}
const char* ToString(OpKind op) {
  return Name(op, kOpNames);
}
const char* ToString(ElementType t) {
  return Name(t, kTypeNames);
}
const char* ToString(Phase p) {
  return Name(p, kPhaseNames);
}
const char* ToString(ActionKind k) {
  return Name(k, kActionNames);
}
const char* ToString(BackendKind k) {
  return Name(k, kBackendNames);
}
const char* DisplayName(Algorithm a) {
  return a == Algorithm::kHillisSteele ? "Hillis-Steele" : "Blelloch";
}
bool Parse(std::string_view s, Algorithm* out) {
  return ParseName(s, out, kAlgorithmNames);
}
bool Parse(std::string_view s, OpKind* out) {
  return ParseName(s, out, kOpNames);
}
bool Parse(std::string_view s, ElementType* out) {
  return ParseName(s, out, kTypeNames);
}
bool Parse(std::string_view s, Phase* out) {
  return ParseName(s, out, kPhaseNames);
}
bool Parse(std::string_view s, ActionKind* out) {
  return ParseName(s, out, kActionNames);
}
bool Parse(std::string_view s, BackendKind* out) {
  return ParseName(s, out, kBackendNames);
}

std::string DescribeBackend(const BackendInfo& b) {
  if (b.kind == BackendKind::kCpuSimulator) return "CPU simulation";
  return "CUDA: " + b.device_name + " (sm_" + std::to_string(b.compute_major) +
         std::to_string(b.compute_minor) + ")";
}

}  // namespace scanviz
