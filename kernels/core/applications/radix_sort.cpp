// Radix sort's entry (core/applications/application_entry.h): one split per bit of the keys, lowest
// first (split.cpp checks each pass), its --bits parameter and the sequential std::stable_sort by
// the low bits. Its steps are radix_sort.h and split.h.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/applications/application_entry.h"
#include "core/applications/split.h"
#include "core/trace_json.h"

namespace scanviz {
namespace {

std::string Parameter(const ApplicationParams& params, ElementType) {
  return "--bits " + std::to_string(params.bits);
}

int Passes(const ApplicationParams& params) {
  return params.bits;
}

int Bit(const ApplicationParams&, int pass) {
  return pass;
}

std::string Validate(const ApplicationRequest& request) {
  using applications::Plural;
  const int n = static_cast<int>(request.input.size());
  const int bits = request.params.bits;
  if (bits < 1 || bits > 32)
    return "--bits " + std::to_string(bits) + ": choose 1..32 (passes over the low bits)";
  if (static_cast<long long>(n) * bits > kMaxApplicationScannedElements)
    return "--bits " + std::to_string(bits) + ": " + Plural(n, "key", "keys") + " in " +
           Plural(bits, "pass", "passes") + " scan " +
           std::to_string(static_cast<long long>(n) * bits) +
           " elements, more than a trace holds (" + std::to_string(kMaxApplicationScannedElements) +
           "): choose --bits " + std::to_string(kMaxApplicationScannedElements / n) +
           " or fewer, or fewer keys";
  return {};
}

// Ordered by the low K bits of the key, where a key with the sign bit flipped (when some key is
// negative) orders as its number does.
std::vector<double> Sequential(const ApplicationRequest& request) {
  using applications::Pattern;
  const std::vector<double>& in = request.input;
  const bool negative = std::any_of(in.begin(), in.end(), [](double x) { return x < 0; });
  const std::uint64_t modulus = std::uint64_t{1} << request.params.bits;
  auto key = [&](double x) {
    const std::uint64_t k =
        negative ? (Pattern(x) + (std::uint64_t{1} << 31)) % (1ull << 32) : Pattern(x);
    return k % modulus;
  };
  std::vector<double> out = in;
  std::stable_sort(out.begin(), out.end(), [&](double a, double b) { return key(a) < key(b); });
  return out;
}

void WriteMeta(const ApplicationTrace& t, nlohmann::json* meta) {
  (*meta)["bits"] = t.params.bits;
  (*meta)["sign_flipped"] = t.sign_flipped;
}

void ReadMeta(const nlohmann::json& m, ApplicationRequest* request, bool* sign_flipped) {
  request->params.bits = trace_json::IntField(m, "bits", "meta");
  *sign_flipped = trace_json::BoolField(m, "sign_flipped", "meta");
}

}  // namespace

const ApplicationInfo k_radix_sort_application = {
    .id = {},  // set by the registry, from the entry's place in SCANVIZ_FOR_EACH_APPLICATION
    .key = "radix-sort",
    .name = "radix sort",
    .summary = "sort int32 keys by their low K bits, one stable split per bit, lowest first",
    .parameters = "--bits K (1..32; default: as many as the keys need)",
    .types = "int32",
    .float32 = false,
    .flags_name = "flags",
    .scan_name = "zeros before",
    .output_name = "sorted",
    .invariant =
        "each pass is a stable split, so after pass p (it reads bit p - 1) the keys are ordered "
        "by their low p bits, ties in input order; with the sign bit flipped, bit order is numeric "
        "order",
    .scatter_name = "scatter",
    .keyed = true,
    .rule = &applications::kSplitPass,
    .parameter = Parameter,
    .pass_count = Passes,
    .pass_bit = Bit,
    .validate = Validate,
    .sequential = Sequential,
    .write_meta = WriteMeta,
    .read_meta = ReadMeta,
};

}  // namespace scanviz
