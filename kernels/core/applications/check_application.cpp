// CheckApplication: an application trace checked step by step from its own values (the flags
// against the predicate, the scan against its invariants, the scatter against the destinations the
// scan gives), then its result against the sequential reference (reference.cpp).
#include <cmath>
#include <cstdint>

#include "core/analysis.h"
#include "core/applications/application_driver.h"
#include "core/applications/application_entry.h"
#include "core/applications/applications.h"
#include "core/applications/radix_sort.h"

namespace scanviz {
namespace {

class Report {
 public:
  explicit Report(std::vector<std::string>* out) : m_out(out) {}
  void Add(const std::string& what) {
    if (m_out->size() < 8) m_out->push_back(what);
  }

 private:
  std::vector<std::string>* m_out;
};

using applications::Cell;

std::string PassLabel(const ApplicationTrace& t, size_t p) {
  if (Info(t.application).keyed)
    return "pass " + std::to_string(p + 1) + " (bit " + std::to_string(t.passes[p].bit) + ") · ";
  return "";
}

// Step 1: each flag is what the application's predicate gives for its element.
bool CheckFlags(const ApplicationTrace& t, const ApplicationPass& pass, const std::string& where,
                Report* r) {
  const ApplicationInfo& info = Info(t.application);
  for (size_t i = 0; i < pass.input.size(); ++i) {
    const double x = pass.input[i];
    std::string why;
    const int want = info.rule->flag(t, x, static_cast<int>(i), pass.bit, &why);
    if (pass.flags[i] != want) {
      r->Add(where + "step 1 " + info.flags_name + ": " + Cell(info.flags_name, i) + " = " +
             FormatValue(ElementType::kInt32, pass.flags[i]) + ", but " + why);
      return false;
    }
  }
  return true;
}

// Step 2: the scan is the grid's exclusive int32 sum of exactly these flags, and holds.
bool CheckScan(const ApplicationTrace& t, const ApplicationPass& pass, const std::string& where,
               Report* r) {
  const GridTrace& s = pass.scan;
  const std::string at = where + "step 2 scan: ";
  if (s.input != pass.flags || s.op != OpKind::kAdd || s.type != ElementType::kInt32 ||
      s.Inclusive() || s.block_algorithm != t.block_algorithm || s.block_size != t.block_size ||
      s.depth != 0) {
    r->Add(at + "it is not the exclusive int32 sum of the " + Info(t.application).flags_name +
           " in " + DisplayName(t.block_algorithm) + " blocks of " + std::to_string(t.block_size));
    return false;
  }
  const std::vector<std::string> broken = CheckGrid(s);
  if (!broken.empty()) {
    r->Add(at + broken.front());
    return false;
  }
  const size_t n = pass.flags.size();
  const double total = s.output[n - 1] + pass.flags[n - 1];
  if (pass.total != total) {
    r->Add(at + "total = " + FormatValue(ElementType::kInt32, pass.total) + ", but scan[" +
           std::to_string(n - 1) + "] + " + Cell(Info(t.application).flags_name, n - 1) + " = " +
           FormatValue(ElementType::kInt32, total));
    return false;
  }
  return true;
}

// Step 3: every element (every kept one, every slice) is where the scan sends it, and the output
// has the length the total gives.
void CheckScatter(const ApplicationTrace& t, const ApplicationPass& pass, const std::string& where,
                  Report* r) {
  const std::string at = where + "step 3 scatter: ";
  const int n = static_cast<int>(pass.input.size()), total = static_cast<int>(pass.total);
  const size_t size = static_cast<size_t>(applications::OutputSize(t.application, n, total));
  if (pass.output.size() != size) {
    r->Add(at + "the output has " + std::to_string(pass.output.size()) + " cells, but the total " +
           std::to_string(total) + " makes " + std::to_string(size));
    return;
  }
  const ApplicationInfo& info = Info(t.application);
  for (int i = 0; i < n; ++i) {
    if (std::string wrong = info.rule->check_scatter(t, pass, i); !wrong.empty()) {
      r->Add(at + wrong);
      return;
    }
  }
}

void CheckResult(const ApplicationTrace& t, Report* r) {
  const std::vector<double> want = SequentialApplicationResult(RequestOf(t));
  const std::string name = Info(t.application).name;
  if (t.output.size() != want.size()) {
    r->Add("result: " + std::to_string(t.output.size()) + " elements, but the sequential " + name +
           " gives " + std::to_string(want.size()));
    return;
  }
  for (size_t i = 0; i < want.size(); ++i) {
    if (t.output[i] != want[i]) {
      r->Add("result: " + Cell("output", i) + " = " + FormatValue(t.type, t.output[i]) +
             ", but the sequential " + name + " has " + FormatValue(t.type, want[i]));
      return;
    }
  }
}

}  // namespace

std::vector<std::string> CheckApplication(const ApplicationTrace& t) {
  std::vector<std::string> out;
  Report r(&out);
  const ApplicationRequest request = RequestOf(t);
  if (std::string invalid = ValidateApplicationRequest(request); !invalid.empty()) {
    r.Add("parameters: " + invalid);
    return out;
  }
  const int passes = PassCount(request);
  if (static_cast<int>(t.passes.size()) != passes) {
    r.Add("passes: " + std::to_string(t.passes.size()) + " recorded, but " +
          Info(t.application).key + " runs " + std::to_string(passes));
    return out;
  }
  // Radix sort's step 0: the keys are the input, sign bits flipped when some key is negative.
  std::vector<double> values = t.input;
  if (Info(t.application).keyed) {
    bool negative = false;
    for (double x : t.input) negative = negative || x < 0;
    if (t.sign_flipped != negative) {
      r.Add(std::string("keys: sign_flipped is ") + (t.sign_flipped ? "true" : "false") +
            ", but the input has " + (negative ? "a negative key" : "no negative key"));
      return out;
    }
    if (negative)
      for (double& x : values) x = applications::FlipSignBit(static_cast<std::int32_t>(x));
    if (t.keys != values) {
      r.Add("keys: they are not the input" +
            std::string(negative ? " with its sign bits flipped" : ""));
      return out;
    }
  }
  for (size_t p = 0; p < t.passes.size(); ++p) {
    const ApplicationPass& pass = t.passes[p];
    const std::string where = PassLabel(t, p);
    if (pass.bit != PassBit(request, static_cast<int>(p))) {
      r.Add(where + "the pass splits on bit " + std::to_string(pass.bit) + ", not bit " +
            std::to_string(PassBit(request, static_cast<int>(p))));
      return out;
    }
    if (pass.input != values) {
      r.Add(where + "its input is not " +
            (p == 0 ? std::string(Info(t.application).keyed ? "the keys" : "the input")
                    : "the output of pass " + std::to_string(p)));
      return out;
    }
    if (pass.flags.size() != values.size()) {
      r.Add(where + "step 1: " + std::to_string(pass.flags.size()) + " " +
            Info(t.application).flags_name + " for " + std::to_string(values.size()) + " elements");
      return out;
    }
    if (!CheckFlags(t, pass, where, &r) || !CheckScan(t, pass, where, &r)) return out;
    const size_t before = out.size();
    CheckScatter(t, pass, where, &r);
    if (out.size() != before) return out;
    values = pass.output;
  }
  if (t.sign_flipped)
    for (double& x : values) x = applications::FlipSignBit(static_cast<std::int32_t>(x));
  if (t.output != values) {
    r.Add(std::string("result: the output is not the last pass's") +
          (t.sign_flipped ? " with its sign bits flipped back" : ""));
    return out;
  }
  if (t.total != t.passes.back().total) {
    r.Add("result: total = " + FormatValue(ElementType::kInt32, t.total) +
          ", but the last pass's is " + FormatValue(ElementType::kInt32, t.passes.back().total));
    return out;
  }
  CheckResult(t, &r);
  return out;
}

}  // namespace scanviz
