// Fuzz target: the mistakes lab's GPU results file (app/teach/lab_results.cpp's ParseLabResults,
// which LoadLabResults reads assets/labs/ through), and what the Mistakes tab derives from it
// (KernelsOf, SanitizersOf, DescribeKernel).
//
// Beyond "no crash": a rejected file has an error message naming it. Accepted results are what
// `scanviz-cli trace --runs K --json` writes (scripts/mistakes_device.sh gathers its entries; there
// is no writer of a whole file to round-trip through): a device named; each kernel's n 1..1024,
// its outcomes adding up to its runs (summed as 64-bit), each outcome a result some run gave (a
// count of at least 1), at most one of them the correct scan and `right` its count, a wrong one
// with 1..n wrong cells and its first wrong cell inside the result, the outcomes commonest first;
// no kernel at a size twice and no sanitizer run twice. What the tab shows follows: KernelsOf
// lists each kernel once, by size; SanitizersOf each run once; DescribeKernel's line says the
// kernel's right and runs, how many distinct results, and names the commonest wrong one.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <tuple>

#include "core/registry.h"
#include "core/trace.h"
#include "fuzz/fuzz_check.h"
#include "teach/lab_results.h"

namespace scanviz::fuzz {
namespace {

constexpr const char* kTarget = "fuzz_lab_results";
constexpr const char* kName = "fuzz.json";

void CheckKernel(const teach::LabKernel& k, const std::string& where) {
  if (k.n < 1 || k.n > kMaxElements) Fail(kTarget, where + ": n " + std::to_string(k.n));
  if (k.runs < 0 || k.right < 0 || k.right > k.runs)
    Fail(kTarget, where + ": right " + std::to_string(k.right) + " of " + std::to_string(k.runs));
  long long total = 0, correct = 0;
  int correct_outcomes = 0;
  for (size_t o = 0; o < k.outcomes.size(); ++o) {
    const teach::LabOutcome& out = k.outcomes[o];
    const std::string at = where + ".outcomes[" + std::to_string(o) + "]";
    if (out.count < 1)
      Fail(kTarget, at + ": a result no run gave (count " + std::to_string(out.count) + ")");
    if (o > 0 && k.outcomes[o - 1].count < out.count) Fail(kTarget, at + ": not commonest first");
    total += out.count;
    if (out.wrong_cells == 0) {
      ++correct_outcomes;
      correct += out.count;
    } else if (out.wrong_cells < 0 || out.wrong_cells > k.n || out.first_wrong < 0 ||
               out.first_wrong >= k.n) {
      Fail(kTarget, at + ": " + std::to_string(out.wrong_cells) + " wrong cells, the first at " +
                        std::to_string(out.first_wrong) + ", of n = " + std::to_string(k.n));
    }
  }
  if (total != k.runs)
    Fail(kTarget, where + ": the outcomes count " + std::to_string(total) + " runs, not " +
                      std::to_string(k.runs));
  if (correct_outcomes > 1) Fail(kTarget, where + ": the correct scan is two distinct results");
  if (correct != k.right)
    Fail(kTarget, where + ": right " + std::to_string(k.right) + ", but the correct result came " +
                      std::to_string(correct) + " times");
}

// DescribeKernel's line: the kernel's right and runs, its distinct results, the commonest wrong.
void CheckDescription(const teach::LabKernel& k, const std::string& where) {
  const std::string line = teach::DescribeKernel(k);
  auto says = [&](const std::string& part) {
    if (line.find(part) == std::string::npos)
      Fail(kTarget, where + ": DescribeKernel does not say '" + part + "': " + line);
  };
  says("n = " + std::to_string(k.n) + ": right in " + std::to_string(k.right) + " of " +
       std::to_string(k.runs) + " runs");
  if (k.outcomes.size() > 1) says(std::to_string(k.outcomes.size()) + " distinct results");
  const teach::LabOutcome* commonest = nullptr;
  for (const teach::LabOutcome& o : k.outcomes)
    if (o.wrong_cells > 0 && (commonest == nullptr || o.count > commonest->count)) commonest = &o;
  if (commonest != nullptr)
    says(std::to_string(commonest->wrong_cells) + " cells wrong, first result[" +
         std::to_string(commonest->first_wrong) + "] = " + commonest->got + " (should be " +
         commonest->want + ")");
  else if (line.find("wrong") != std::string::npos)
    Fail(kTarget, where + ": no wrong result, but the line names one: " + line);
}

// The tab's lists: every kernel (sanitizer run) under its algorithm and mistake once, by size.
void CheckLists(const teach::LabResults& r) {
  size_t kernels = 0, sanitizers = 0;
  for (const AlgorithmInfo* info : Algorithms()) {
    std::vector<Mistake> mistakes = {Mistake::kNone};
    for (const MistakeInfo& m : Mistakes())
      if (m.algorithm == info->id) mistakes.push_back(m.id);
    for (Mistake m : mistakes) {
      const auto of = r.KernelsOf(info->id, m);
      for (size_t i = 0; i < of.size(); ++i) {
        if (of[i]->algorithm != info->id || of[i]->mistake != m ||
            (i > 0 && of[i - 1]->n >= of[i]->n))
          Fail(kTarget, std::string("KernelsOf(") + info->key + ") is not its kernels by size");
      }
      kernels += of.size();
      for (const teach::LabSanitizer* s : r.SanitizersOf(info->id, m))
        if (s->algorithm != info->id || s->mistake != m)
          Fail(kTarget, std::string("SanitizersOf(") + info->key + ") lists another's run");
      sanitizers += r.SanitizersOf(info->id, m).size();
    }
  }
  if (kernels != r.kernels.size() || sanitizers != r.sanitizers.size())
    Fail(kTarget, "the tab lists " + std::to_string(kernels) + " kernels and " +
                      std::to_string(sanitizers) + " sanitizer runs of " +
                      std::to_string(r.kernels.size()) + " and " +
                      std::to_string(r.sanitizers.size()));
}

void Check(const teach::LabResults& r) {
  if (r.device.empty()) Fail(kTarget, "accepted without a device");
  std::set<std::tuple<Algorithm, Mistake, int>> seen;
  for (size_t i = 0; i < r.kernels.size(); ++i) {
    const teach::LabKernel& k = r.kernels[i];
    const std::string where = "kernels[" + std::to_string(i) + "]";
    CheckKernel(k, where);
    CheckDescription(k, where);
    if (!seen.insert({k.algorithm, k.mistake, k.n}).second)
      Fail(kTarget, where + ": the same kernel at the same size twice");
  }
  std::set<std::tuple<Algorithm, Mistake, int, std::string>> runs;
  for (size_t i = 0; i < r.sanitizers.size(); ++i) {
    const teach::LabSanitizer& s = r.sanitizers[i];
    const std::string where = "sanitizers[" + std::to_string(i) + "]";
    if (s.n < 1 || s.n > kMaxElements || s.errors < 0)
      Fail(kTarget, where + ": n " + std::to_string(s.n) + ", errors " + std::to_string(s.errors));
    if (s.tool != "racecheck" && s.tool != "synccheck" && s.tool != "memcheck")
      Fail(kTarget, where + ": tool " + s.tool);
    if (!runs.insert({s.algorithm, s.mistake, s.n, s.tool}).second)
      Fail(kTarget, where + ": the same sanitizer run twice");
  }
  CheckLists(r);
}

}  // namespace
}  // namespace scanviz::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace scanviz;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const teach::LabLoad load = teach::ParseLabResults(text, fuzz::kName);
  if (!load.Ok()) {
    if (load.error.rfind(std::string(fuzz::kName) + ": ", 0) != 0)
      fuzz::Fail(fuzz::kTarget, "a refusal that does not name the file: " + load.error);
    return 0;
  }
  fuzz::Check(load.results);
  return 0;
}
