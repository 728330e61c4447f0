#include "core/applications/applications.h"

#include <charconv>
#include <cmath>
#include <cstdint>

#include "core/analysis.h"
#include "core/applications/application_driver.h"
#include "core/applications/steps.h"
#include "core/input.h"

namespace scanviz {
namespace {

const ApplicationInfo kApplications[] = {
    {ApplicationKind::kCompact, "compact", "stream compaction",
     "keep the elements a predicate accepts, in order, packed to the front",
     "--keep odd|even|positive|nonzero|greater:K", "int32 or float32 (odd and even: int32)", true,
     "flags", "destinations", "kept",
     "a kept element's exclusive scan value counts the kept elements before it, so it is the "
     "element's place in the output; the output's length is the total"},
    {ApplicationKind::kSplit, "split", "split by one bit",
     "the elements whose bit K is 0 first, then those whose bit is 1, both in their order",
     "--bit K (0..31)", "int32", false, "flags", "zeros before", "partitioned",
     "scanning the inverted bit counts the zeros before each element: a zero goes there, a one "
     "goes after all the zeros, behind the ones before it (total_zeros + i - scan[i])"},
    {ApplicationKind::kRadixSort, "radix-sort", "radix sort",
     "sort int32 keys by their low K bits, one stable split per bit, lowest first",
     "--bits K (1..32; default: as many as the keys need)", "int32", false, "flags", "zeros before",
     "sorted",
     "each pass is a stable split, so after pass b the keys are ordered by their low b + 1 bits, "
     "ties in input order; with the sign bit flipped, bit order is numeric order"},
    {ApplicationKind::kAllocate, "allocate", "parallel allocation",
     "each thread asks for some cells of one pool and the scan hands it its own slice",
     "the input is each thread's size (>= 0)", "int32", false, "sizes", "offsets", "pool",
     "the exclusive scan of the sizes is each thread's offset: the cells every thread before it "
     "took, so the slices [offset, offset + size) tile the pool, whose size is the total"},
};

const char* const kKeepKeys[] = {"odd", "even", "positive", "nonzero"};
constexpr KeepKind kKeepKinds[] = {KeepKind::kOdd, KeepKind::kEven, KeepKind::kPositive,
                                   KeepKind::kNonzero};

std::string Plural(long long count, const char* one, const char* many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

// The simulator's executor of the application's loop: each step runs for every thread in order,
// the scan is the grid simulator's.
class SimulatorApplicationExec {
 public:
  BackendInfo backend() const { return {}; }
  bool Failed() const { return false; }

  template <class T>
  void Flags(const PassSpec<T>& spec, const std::vector<T>& in, std::vector<int>* flags) {
    const int n = static_cast<int>(in.size());
    for (int i = 0; i < n; ++i) applications::FlagStep(spec, in.data(), flags->data(), n, i);
  }

  GridTrace Scan(const GridRequest& request) { return SimulateGrid(request); }

  template <class T>
  void Scatter(const PassSpec<T>& spec, const std::vector<T>& in, const std::vector<int>& flags,
               const std::vector<int>& scan, int total, std::vector<T>* out) {
    const int n = static_cast<int>(in.size());
    for (int i = 0; i < n; ++i)
      applications::ScatterStep(spec, in.data(), flags.data(), scan.data(), total, out->data(), n,
                                i);
  }

  template <class T>
  void FlipSignBits(std::vector<T>* values) {
    if constexpr (std::is_same_v<T, std::int32_t>) {
      const int n = static_cast<int>(values->size());
      for (int i = 0; i < n; ++i) applications::FlipSignBitStep(values->data(), n, i);
    }
  }
};

}  // namespace

std::span<const ApplicationInfo> Applications() {
  return kApplications;
}

const ApplicationInfo& Info(ApplicationKind application) {
  for (const ApplicationInfo& a : kApplications)
    if (a.id == application) return a;
  return kApplications[0];
}

const char* ToString(ApplicationKind application) {
  return Info(application).key;
}

bool ParseApplication(std::string_view key, ApplicationKind* out) {
  for (const ApplicationInfo& a : kApplications) {
    if (key == a.key) {
      *out = a.id;
      return true;
    }
  }
  return false;
}

std::string ApplicationKeys() {
  std::string out;
  const size_t count = std::size(kApplications);
  for (size_t i = 0; i < count; ++i) {
    if (i > 0) out += i + 1 == count ? " or " : ", ";
    out += kApplications[i].key;
  }
  return out;
}

std::string ToString(KeepRule keep, ElementType type) {
  for (size_t k = 0; k < std::size(kKeepKinds); ++k)
    if (keep.kind == kKeepKinds[k]) return kKeepKeys[k];
  return "greater:" + FormatValue(type, keep.threshold);
}

std::string ParseKeep(std::string_view text, ElementType type, KeepRule* out) {
  const std::string quoted = "--keep '" + std::string(text) + "'";
  for (size_t k = 0; k < std::size(kKeepKinds); ++k) {
    if (text != kKeepKeys[k]) continue;
    if (type == ElementType::kFloat32 &&
        (kKeepKinds[k] == KeepKind::kOdd || kKeepKinds[k] == KeepKind::kEven))
      return quoted +
             ": float32 values are neither odd nor even; use --type int32, or keep "
             "positive, nonzero or greater:K";
    *out = {kKeepKinds[k], 0};
    return {};
  }
  constexpr std::string_view kGreater = "greater:";
  if (text.substr(0, kGreater.size()) == kGreater) {
    const ParsedValues k = ParseValues(text.substr(kGreater.size()), type);
    if (!k.Ok() || k.values.size() != 1)
      return quoted + ": K must be one " + ToString(type) + " value" +
             (k.Ok() ? std::string() : " (" + k.error + ")");
    *out = {KeepKind::kGreater, k.values[0]};
    return {};
  }
  return quoted + ": choose odd, even, positive, nonzero or greater:K";
}

int DefaultApplicationBlockSize(int n) {
  int b = kMinGridBlockSize;
  while (b < n && b < kMaxGridBlockSize) b *= 2;
  return b;
}

int RadixBitsNeeded(const std::vector<double>& keys) {
  std::uint32_t largest = 0;
  for (double k : keys) {
    if (k < 0) return 32;
    largest = std::max(largest, static_cast<std::uint32_t>(k));
  }
  int bits = 1;
  while (bits < 31 && (largest >> bits) != 0) ++bits;
  return bits;
}

int PassCount(const ApplicationRequest& request) {
  return request.application == ApplicationKind::kRadixSort ? request.params.bits : 1;
}

int PassBit(const ApplicationRequest& request, int pass) {
  switch (request.application) {
    case ApplicationKind::kSplit:
      return request.params.bit;
    case ApplicationKind::kRadixSort:
      return pass;
    case ApplicationKind::kCompact:
    case ApplicationKind::kAllocate:
      break;
  }
  return -1;
}

std::string ValidateApplicationRequest(const ApplicationRequest& request) {
  const ApplicationInfo& info = Info(request.application);
  const int n = static_cast<int>(request.input.size());
  if (n < 1 || n > kMaxGridElements)
    return std::to_string(n) + " elements: choose 1.." + std::to_string(kMaxGridElements) +
           " for " + info.key;
  if (request.type == ElementType::kFloat32 && !info.float32)
    return std::string(info.key) + " takes " + info.types + " values, not float32";
  GridRequest grid = FlagScanRequest(request, std::vector<double>(1, 0.0));
  if (std::string error = ValidateGridRequest(grid); !error.empty()) return error;
  GridRequest values = grid;  // the values themselves: of the element type, finite
  values.type = request.type;
  values.input = request.input;
  if (std::string error = ValidateGridRequest(values); !error.empty()) return error;
  switch (request.application) {
    case ApplicationKind::kCompact:
      if (request.type == ElementType::kFloat32 && (request.params.keep.kind == KeepKind::kOdd ||
                                                    request.params.keep.kind == KeepKind::kEven))
        return "--keep " + ToString(request.params.keep, request.type) +
               ": float32 values are neither odd nor even";
      break;
    case ApplicationKind::kSplit:
      if (request.params.bit < 0 || request.params.bit > 31)
        return "--bit " + std::to_string(request.params.bit) + ": choose 0..31 (int32 has 32 bits)";
      break;
    case ApplicationKind::kRadixSort: {
      const int bits = request.params.bits;
      if (bits < 1 || bits > 32)
        return "--bits " + std::to_string(bits) + ": choose 1..32 (passes over the low bits)";
      if (static_cast<long long>(n) * bits > kMaxApplicationScannedElements)
        return "--bits " + std::to_string(bits) + ": " + Plural(n, "key", "keys") + " in " +
               Plural(bits, "pass", "passes") + " scan " +
               std::to_string(static_cast<long long>(n) * bits) +
               " elements, more than a trace holds (" +
               std::to_string(kMaxApplicationScannedElements) + "): choose --bits " +
               std::to_string(kMaxApplicationScannedElements / n) + " or fewer, or fewer keys";
      break;
    }
    case ApplicationKind::kAllocate: {
      long long total = 0;
      for (int i = 0; i < n; ++i) {
        const double size = request.input[static_cast<size_t>(i)];
        if (size < 0)
          return "allocate: size " + FormatValue(request.type, size) + " (element " +
                 std::to_string(i) + ") is negative; a thread asks for 0 cells or more";
        total += static_cast<long long>(size);
      }
      if (total > kMaxAllocationPool)
        return "allocate: the sizes add up to " + std::to_string(total) +
               " cells, more than a traced pool holds (" + std::to_string(kMaxAllocationPool) + ")";
      break;
    }
  }
  return {};
}

GridRequest FlagScanRequest(const ApplicationRequest& request, std::vector<double> flags) {
  GridRequest grid;
  grid.block_algorithm = request.block_algorithm;
  grid.block_size = request.block_size;
  grid.op = OpKind::kAdd;
  grid.type = ElementType::kInt32;
  grid.input = std::move(flags);
  // Exclusive: an exclusive block algorithm's own flavour; an inclusive one's blocks convert.
  grid.convert = Info(request.block_algorithm).inclusive;
  return grid;
}

ApplicationTrace MakeApplicationTrace(const ApplicationRequest& request,
                                      const BackendInfo& backend) {
  ApplicationTrace t;
  t.application = request.application;
  t.params = request.params;
  t.type = request.type;
  t.block_algorithm = request.block_algorithm;
  t.block_size = request.block_size;
  t.backend = backend;
  t.input = request.input;
  if (request.application == ApplicationKind::kRadixSort) {
    for (double x : request.input) t.sign_flipped = t.sign_flipped || x < 0;
  }
  return t;
}

ApplicationRequest RequestOf(const ApplicationTrace& trace) {
  ApplicationRequest r;
  r.application = trace.application;
  r.params = trace.params;
  r.type = trace.type;
  r.input = trace.input;
  r.block_algorithm = trace.block_algorithm;
  r.block_size = trace.block_size;
  return r;
}

ApplicationTrace SimulateApplication(const ApplicationRequest& request) {
  SimulatorApplicationExec exec;
  if (request.type == ElementType::kFloat32) return applications::Run<float>(exec, request);
  return applications::Run<std::int32_t>(exec, request);
}

}  // namespace scanviz
