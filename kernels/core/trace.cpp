#include "core/trace.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace scanviz {

std::vector<double> Trace::Result() const {
  if (rounds.empty() || meta.n <= 0) return {};
  const Round& last = rounds.back();
  const int array = last.spec.pout < 0 ? 0 : last.spec.pout;
  if (array >= static_cast<int>(last.buffers.size())) return {};
  const std::vector<double>& cells = last.buffers[static_cast<size_t>(array)];
  const auto count = static_cast<std::ptrdiff_t>(std::min<size_t>(meta.n, cells.size()));
  return std::vector<double>(cells.begin(), cells.begin() + count);
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
#define SCANVIZ_ALGORITHM_KEY(id, ns, key) key,
constexpr const char* kAlgorithmKeys[] = {SCANVIZ_FOR_EACH_ALGORITHM(SCANVIZ_ALGORITHM_KEY)};
#undef SCANVIZ_ALGORITHM_KEY
}  // namespace

const char* ToString(Algorithm a) {
  return Name(a, kAlgorithmKeys);
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
bool Parse(std::string_view s, Algorithm* out) {
  return ParseName(s, out, kAlgorithmKeys);
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
    // Between 1e-4 and 1e7 in plain decimals, as a class writes them ("50", not "5e+01"; "0.25").
    const float f = static_cast<float>(v);
    const double a = std::fabs(static_cast<double>(f));
    const bool plain = a == 0 || (a >= 1e-4 && a < 1e7);
    for (int digits = plain ? 0 : 1; digits <= (plain ? 16 : 9); ++digits) {
      std::snprintf(buf, sizeof buf, plain ? "%.*f" : "%.*g", digits, static_cast<double>(f));
      if (std::strtof(buf, nullptr) == f) break;
    }
  }
  return buf;
}

}  // namespace scanviz
