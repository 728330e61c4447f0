// The applications computed sequentially, written apart from their steps (no flags, no scan):
// what CheckApplication holds a trace's result against.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/applications/applications.h"

namespace scanviz {
namespace {

// x's 32-bit two's complement pattern as a number 0..2^32 - 1.
std::uint64_t Pattern(double x) {
  const auto v = static_cast<std::int64_t>(x);
  return static_cast<std::uint64_t>(v < 0 ? v + (std::int64_t{1} << 32) : v);
}

bool Kept(double x, const KeepRule& keep) {
  switch (keep.kind) {
    case KeepKind::kOdd:
      return std::fmod(x, 2.0) != 0;
    case KeepKind::kEven:
      return std::fmod(x, 2.0) == 0;
    case KeepKind::kPositive:
      return x > 0;
    case KeepKind::kGreater:
      return x > keep.threshold;
    case KeepKind::kNonzero:
      break;
  }
  return x != 0;
}

}  // namespace

std::vector<double> SequentialApplicationResult(const ApplicationRequest& request) {
  const std::vector<double>& in = request.input;
  std::vector<double> out;
  switch (request.application) {
    case ApplicationKind::kCompact:
      std::copy_if(in.begin(), in.end(), std::back_inserter(out),
                   [&](double x) { return Kept(x, request.params.keep); });
      break;
    case ApplicationKind::kSplit: {
      out = in;
      const std::uint64_t bit = std::uint64_t{1} << request.params.bit;
      std::stable_partition(out.begin(), out.end(),
                            [&](double x) { return (Pattern(x) & bit) == 0; });
      break;
    }
    case ApplicationKind::kRadixSort: {
      // Ordered by the low K bits of the key, where a key with the sign bit flipped (when some key
      // is negative) orders as its number does.
      const bool negative = std::any_of(in.begin(), in.end(), [](double x) { return x < 0; });
      const std::uint64_t modulus = std::uint64_t{1} << request.params.bits;
      auto key = [&](double x) {
        const std::uint64_t k =
            negative ? (Pattern(x) + (std::uint64_t{1} << 31)) % (1ull << 32) : Pattern(x);
        return k % modulus;
      };
      out = in;
      std::stable_sort(out.begin(), out.end(), [&](double a, double b) { return key(a) < key(b); });
      break;
    }
    case ApplicationKind::kAllocate:
      for (size_t i = 0; i < in.size(); ++i)
        out.insert(out.end(), static_cast<size_t>(in[i]), static_cast<double>(i));
      break;
  }
  return out;
}

}  // namespace scanviz
