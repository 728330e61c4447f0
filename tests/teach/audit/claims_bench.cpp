// The check of the benchmark chart's summary (kinds/benchmark/bench_model.h's BenchSummary): its
// n, the fastest rung shown and its GB/s, its share of the copy's, the textbook rungs' shares and
// which of them is faster, each recomputed from the results file's measurements: a rung's GB/s
// from its median time (2 n 4 bytes read and written, the file's own definition), not from the
// file's gbps field nor from PctOfMemcpy.
#include <cmath>
#include <regex>

#include "audit/claims.h"
#include "audit/patterns.h"

namespace scanviz::audit {
namespace {

// GB/s from the median time, and whether a written whole number is it rounded (the median is kept
// to 6 digits: a rounding of the file's own halfway case may go either way).
double Gbps(const perf::BenchMeasurement& m) {
  return 2.0 * static_cast<double>(m.n) * 4.0 / (m.time_us_median * 1e3);
}
bool Rounds(const std::string& said, double exact) {
  return std::fabs(ParseValue(said) - exact) <= 0.5 + 1e-4 * std::fabs(exact);
}

}  // namespace

void CheckBenchSummary(const BenchAtMax& at, const std::string& text, Audit* audit) {
  ++audit->texts;
  CheckGrammar(text, audit);
  const perf::BenchMeasurement* copy = nullptr;
  const perf::BenchMeasurement* best = nullptr;
  const perf::BenchMeasurement* a = nullptr;
  const perf::BenchMeasurement* b = nullptr;
  for (const auto& [name, m] : at) {
    if (name == "memcpy")
      copy = m;
    else if (best == nullptr || Gbps(*m) > Gbps(*best))
      best = m;
    if (name == "a") a = m;
    if (name == "b") b = m;
  }
  static const std::regex fastest(
      R"(At n = 2\^(\d+) the fastest scan shown \(([^)]+)\) moves (\d+) GB/s, (\d+) % of what a plain copy of the same bytes reaches \((\d+) GB/s\)\.)");
  std::smatch m;
  if (!std::regex_search(text, m, fastest)) {
    audit->Check("benchmark", text.empty() == (copy == nullptr || best == nullptr),
                 "no summary sentence where the copy and a scan were measured", text);
    return;
  }
  const int k = std::stoi(m[1]);
  audit->Check("benchmark",
               copy != nullptr && best != nullptr && k < 62 && (1LL << k) == copy->n &&
                   m[2] == best->rung && Rounds(m[3], Gbps(*best)) &&
                   Rounds(m[4], 100 * Gbps(*best) / Gbps(*copy)) && Rounds(m[5], Gbps(*copy)),
               Quoted(m.str()) + (best ? ": the fastest is " + best->rung : std::string()), text);
  static const std::regex textbook(
      R"(The textbook scans reach (\d+) % \(a, Hillis-Steele\) and (\d+) % \(b, Blelloch\): (at this size the one with more work is the faster|the work-efficient one is the faster here)\.)");
  const bool said = std::regex_search(text, m, textbook);
  audit->Check("benchmark", said == (a != nullptr && b != nullptr && copy != nullptr),
               "the textbook sentence where a and b are shown", text);
  if (said && a != nullptr && b != nullptr && copy != nullptr) {
    const bool more_work_faster = Gbps(*a) > Gbps(*b);
    audit->Check("benchmark",
                 Rounds(m[1], 100 * Gbps(*a) / Gbps(*copy)) &&
                     Rounds(m[2], 100 * Gbps(*b) / Gbps(*copy)) &&
                     (m[3].str().rfind("at this size", 0) == 0) == more_work_faster,
                 Quoted(m.str()) + ": a " + std::to_string(Gbps(*a)) + " GB/s, b " +
                     std::to_string(Gbps(*b)),
                 text);
  }
}

}  // namespace scanviz::audit
