#include "core/trace.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "core/exec.h"
#include "core/registry.h"

namespace scanviz {

std::vector<double> Trace::Result() const {
  if (rounds.empty() || meta.n <= 0) return {};
  const Round& last = rounds.back();
  const int array = last.spec.pout < 0 ? 0 : last.spec.pout;
  if (array >= static_cast<int>(last.buffers.size())) return {};
  const std::vector<double>& cells = last.buffers[static_cast<size_t>(array)];
  return std::vector<double>(cells.begin(), cells.begin() + std::min<size_t>(meta.n, cells.size()));
}

bool Trace::Inclusive() const {
  return Info(meta.algorithm).inclusive != meta.converted;
}

std::vector<RoundSpec> RoundSchedule(Algorithm algorithm, int n, bool convert, Mistake mistake) {
  std::vector<RoundSpec> rounds = DispatchAlgorithm(algorithm, [&](auto driver) {
    ScheduleExec<int> exec;
    decltype(driver)::Run(exec, static_cast<const int*>(nullptr), n, convert, AddOp<int>{});
    return std::move(exec).Take();
  });
  const MistakeInfo* m = FindMistake(mistake);
  for (RoundSpec& r : rounds) r = ApplyMistake(m, r);
  return rounds;
}

TraceMeta MakeMeta(const ScanRequest& request) {
  const AlgorithmInfo& info = Info(request.algorithm);
  TraceMeta meta;
  meta.algorithm = request.algorithm;
  meta.op = request.op;
  meta.type = request.type;
  meta.identity = DispatchOp(request.op, request.type,
                             [](auto op) { return static_cast<double>(decltype(op)::Identity()); });
  meta.n = static_cast<int>(request.input.size());
  meta.padded_n = info.padded_size(meta.n);
  meta.block_size = info.block_size(meta.n);
  meta.buffer_count = static_cast<int>(info.arrays(meta.n, request.convert).size());
  meta.converted = request.convert;
  meta.mistake = request.mistake;
  return meta;
}

std::string ValidateRequest(const ScanRequest& request) {
  const size_t n = request.input.size();
  if (n == 0) return "the input is empty";
  if (n > static_cast<size_t>(kMaxElements))
    return "the input has " + std::to_string(n) + " elements; a single block scans at most " +
           std::to_string(kMaxElements);
  if (request.mistake != Mistake::kNone) {
    const MistakeInfo* m = FindMistake(request.mistake);
    if (m == nullptr) return "unknown mistake";
    if (m->algorithm != request.algorithm)
      return std::string("the mistake '") + m->key + "' is one of " + DisplayName(m->algorithm) +
             "'s, not " + DisplayName(request.algorithm) + "'s";
  }
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
constexpr const char* kOpNames[] = {"add", "max", "min", "last"};
constexpr const char* kTypeNames[] = {"int32", "float32"};
constexpr const char* kActionNames[] = {"idle", "load",     "copy",     "add",
                                        "seed", "swap-add", "add-input"};
constexpr const char* kBackendNames[] = {"cpu", "cuda"};
constexpr const char* kSpaceNames[] = {"global", "shared", "register"};
constexpr const char* kLevelNames[] = {"lane", "warp", "block", "grid"};
}  // namespace

const char* ToString(Algorithm a) {
  return Info(a).key;
}
const char* ToString(OpKind op) {
  return Name(op, kOpNames);
}
const char* ToString(ElementType t) {
  return Name(t, kTypeNames);
}
const char* ToString(ActionKind k) {
  return Name(k, kActionNames);
}
const char* ToString(BackendKind k) {
  return Name(k, kBackendNames);
}
const char* ToString(Space s) {
  return Name(s, kSpaceNames);
}
const char* ToString(Level l) {
  return Name(l, kLevelNames);
}
const char* DisplayName(Algorithm a) {
  return Info(a).name;
}
bool Parse(std::string_view s, Algorithm* out) {
  for (const AlgorithmInfo* info : Algorithms()) {
    if (s == info->key) {
      *out = info->id;
      return true;
    }
  }
  return false;
}
bool Parse(std::string_view s, OpKind* out) {
  return ParseName(s, out, kOpNames);
}
bool Parse(std::string_view s, ElementType* out) {
  return ParseName(s, out, kTypeNames);
}
bool Parse(std::string_view s, ActionKind* out) {
  return ParseName(s, out, kActionNames);
}
bool Parse(std::string_view s, BackendKind* out) {
  return ParseName(s, out, kBackendNames);
}
bool Parse(std::string_view s, Space* out) {
  return ParseName(s, out, kSpaceNames);
}
bool Parse(std::string_view s, Level* out) {
  return ParseName(s, out, kLevelNames);
}

bool ParsePhase(Algorithm a, std::string_view s, PhaseId* out) {
  const std::vector<PhaseInfo>& phases = Info(a).phases;
  for (size_t i = 0; i < phases.size(); ++i) {
    if (s == phases[i].key) {
      *out = static_cast<PhaseId>(i);
      return true;
    }
  }
  return false;
}

const char* PhaseName(Algorithm a, PhaseId phase) {
  const std::vector<PhaseInfo>& phases = Info(a).phases;
  return phase < phases.size() ? phases[phase].key : "?";
}

std::string DescribeBackend(const BackendInfo& b) {
  if (b.kind == BackendKind::kCpuSimulator) return "CPU simulation";
  return "CUDA: " + b.device_name + " (sm_" + std::to_string(b.compute_major) +
         std::to_string(b.compute_minor) + ")";
}

std::string FormatValue(ElementType type, double v) {
  char buf[40];
  if (type == ElementType::kInt32) {
    // std::to_chars rather than snprintf: the scene formats every cell of every round.
    const auto end = std::to_chars(buf, buf + sizeof buf, static_cast<long long>(v)).ptr;
    return std::string(buf, end);
  } else if (std::isinf(v)) {
    return v < 0 ? "-inf" : "inf";
  } else if (std::isnan(v)) {
    return "nan";
  } else {
    // The shortest form that reads back as the same float32 (up to 9 significant digits; 7 are
    // not always enough: 35555555 is the float32 35555556, and "3.555556e+07" is another one).
    const float f = static_cast<float>(v);
    for (int digits = 1; digits <= 9; ++digits) {
      std::snprintf(buf, sizeof buf, "%.*g", digits, static_cast<double>(f));
      if (std::strtof(buf, nullptr) == f) break;
    }
  }
  return buf;
}

}  // namespace scanviz
