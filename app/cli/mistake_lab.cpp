#include "cli/mistake_lab.h"

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "backend/backend.h"
#include "cli/usage.h"
#include "core/analysis.h"
#include "core/registry.h"
#include "core/simulator.h"
#include "teach/mistake_report.h"

namespace scanviz::cli {

namespace {

// How many cells of `got` differ from `want`, and the first of them (got.size() when none).
std::pair<size_t, size_t> WrongCells(const std::vector<double>& got,
                                     const std::vector<double>& want) {
  size_t wrong = 0, first = got.size();
  for (size_t i = 0; i < got.size() && i < want.size(); ++i) {
    if (got[i] == want[i]) continue;
    ++wrong;
    first = std::min(first, i);
  }
  return {wrong, first};
}

}  // namespace

std::string MistakeKeys(Algorithm a) {
  std::string keys;
  for (const MistakeInfo& m : Mistakes()) {
    if (m.algorithm != a) continue;
    keys += (keys.empty() ? "" : ", ") + std::string(m.key);
  }
  return keys.empty() ? std::string("the lab has no mistakes of ") + DisplayName(a)
                      : std::string("mistakes of ") + DisplayName(a) + ": " + keys;
}

void ReportMistake(const Trace& broken, const Trace& correct, std::ostream& out) {
  const MistakeInfo& m = *FindMistake(broken.meta.mistake);
  out << "mistake: " << m.key << " (" << m.name << "), threads " << broken.meta.thread_order
      << "\n  taken away: " << m.removed << '\n';
  if (m.step) {
    out << "  the chapters: " << m.chapter_line << "\n  the mistake:  " << m.mistaken_line << '\n';
  }
  out << "  why it matters: " << m.why << '\n';
  const teach::MistakeReport r = teach::ReportMistake(broken, correct);
  out << "result: " << teach::ResultLine(broken, r);
  if (r.wrong == 0) {
    out << " (try another: in-order, reverse, random:SEED, warp-by-warp)\n";
    return;
  }
  out << '\n';
  if (r.diff_round >= 0) {
    if (m.no_barrier) {
      out << "(without barriers each round's snapshot is memory as the last "
          << (broken.meta.thread_order == "warp-by-warp" ? "warp" : "thread")
          << " to run it left it: the ones before had already run ahead)\n";
    }
    out << "first difference: " << teach::DifferenceLine(broken, r) << '\n';
  }
  if (!r.hazard.empty()) out << "hazard: " << r.hazard << '\n';
}

int RunOutcomesCommand(const ScanRequest& request, int runs, bool json) {
  const GpuOutcomes got = RunGpuOutcomes(request, runs);
  if (!got.error.empty()) {
    std::cerr << "scanviz-cli: error: " << got.error << '\n';
    return kExitFailed;
  }
  ScanRequest correct = request;
  correct.mistake = Mistake::kNone;
  const std::vector<double> want = Simulate(correct).Result();
  const MistakeInfo* m = FindMistake(request.mistake);
  if (json) {
    // One kernel's entry of a lab results file (docs/mistakes.md: scripts/mistakes_device.sh
    // gathers them; the app's Mistakes tab shows them).
    nlohmann::json entry = {{"algorithm", ToString(request.algorithm)},
                            {"mistake", m ? m->key : "none"},
                            {"n", request.input.size()},
                            {"runs", runs},
                            {"device", got.device}};
    int right = 0;
    nlohmann::json outcomes = nlohmann::json::array();
    for (const GpuOutcome& o : got.outcomes) {
      const auto [wrong, first] = WrongCells(o.values, want);
      nlohmann::json jo = {{"count", o.count}, {"wrong_cells", wrong}};
      if (wrong == 0) {
        right += o.count;
      } else {
        jo["first_wrong"] = first;
        jo["got"] = FormatValue(request.type, o.values[first]);
        jo["want"] = FormatValue(request.type, want[first]);
      }
      outcomes.push_back(std::move(jo));
    }
    entry["right"] = right;
    entry["outcomes"] = std::move(outcomes);
    std::cout << entry.dump() << '\n';
    return kExitOk;
  }
  std::cout << (m ? std::string(m->key) : std::string("correct kernel")) << ", "
            << DisplayName(request.algorithm) << ", n = " << request.input.size() << ": " << runs
            << " runs on " << got.device << ", " << got.outcomes.size() << " distinct result"
            << (got.outcomes.size() == 1 ? "" : "s") << '\n';
  int right_runs = 0;
  for (size_t k = 0; k < got.outcomes.size(); ++k) {
    const GpuOutcome& o = got.outcomes[k];
    const auto [wrong, first] = WrongCells(o.values, want);
    std::cout << "  #" << k + 1 << "  x" << o.count << "  ";
    if (wrong == 0) {
      right_runs += o.count;
      std::cout << "correct\n";
    } else {
      std::cout << wrong << " cells wrong, first result[" << first
                << "] = " << FormatValue(request.type, o.values[first]) << ", should be "
                << FormatValue(request.type, want[first]) << '\n';
    }
  }
  std::cout << "correct in " << right_runs << " of " << runs << " runs\n";
  return kExitOk;
}

}  // namespace scanviz::cli
