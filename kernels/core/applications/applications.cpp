#include "core/applications/applications.h"

#include <charconv>
#include <cmath>
#include <cstdint>

#include "core/analysis.h"
#include "core/applications/application_driver.h"
#include "core/applications/application_entry.h"
#include "core/applications/steps.h"
#include "core/input.h"
#include "core/quote.h"

namespace scanviz {
namespace {

const char* const kKeepKeys[] = {"odd", "even", "positive", "nonzero"};
constexpr KeepKind kKeepKinds[] = {KeepKind::kOdd, KeepKind::kEven, KeepKind::kPositive,
                                   KeepKind::kNonzero};

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

ApplicationInfo WithId(ApplicationInfo info, ApplicationKind id) {
  info.id = id;
  return info;
}

}  // namespace

// The entries in SCANVIZ_FOR_EACH_APPLICATION's order, each with its id: built on first use, so
// that no other file's static initialiser sees it half made.
std::span<const ApplicationInfo> Applications() {
#define SCANVIZ_APPLICATION_WITH_ID(id, ns) WithId(k_##ns##_application, ApplicationKind::id),
  static const ApplicationInfo all[] = {SCANVIZ_FOR_EACH_APPLICATION(SCANVIZ_APPLICATION_WITH_ID)};
#undef SCANVIZ_APPLICATION_WITH_ID
  return all;
}

const ApplicationInfo& Info(ApplicationKind application) {
  const std::span<const ApplicationInfo> all = Applications();
  const auto i = static_cast<size_t>(application);
  return all[i < all.size() ? i : 0];
}

const char* ToString(ApplicationKind application) {
  return Info(application).key;
}

bool ParseApplication(std::string_view key, ApplicationKind* out) {
  for (const ApplicationInfo& a : Applications()) {
    if (key == a.key) {
      *out = a.id;
      return true;
    }
  }
  return false;
}

std::string ApplicationKeys() {
  std::string out;
  const std::span<const ApplicationInfo> all = Applications();
  const size_t count = all.size();
  for (size_t i = 0; i < count; ++i) {
    if (i > 0) out += i + 1 == count ? " or " : ", ";
    out += all[i].key;
  }
  return out;
}

std::string ToString(KeepRule keep, ElementType type) {
  for (size_t k = 0; k < std::size(kKeepKinds); ++k)
    if (keep.kind == kKeepKinds[k]) return kKeepKeys[k];
  return "greater:" + FormatValue(type, keep.threshold);
}

std::string ParseKeep(std::string_view text, ElementType type, KeepRule* out) {
  const std::string quoted = "--keep " + QuoteForMessage(text);
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
  return Info(request.application).pass_count(request.params);
}

int PassBit(const ApplicationRequest& request, int pass) {
  return Info(request.application).pass_bit(request.params, pass);
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
  return info.validate(request);
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
  if (Info(request.application).keyed) {
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
