#include "teach/work_depth.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <mutex>
#include <thread>
#include <utility>

#include "core/registry.h"
#include "core/simulator.h"

namespace scanviz::teach {
namespace {

Trace SimulateZeros(Algorithm algorithm, int n) {
  return Simulate(ScanRequest{algorithm, OpKind::kAdd, ElementType::kInt32,
                              std::vector<double>(static_cast<size_t>(n), 0.0)});
}

WorkDepthPoint MeasurePoint(int n) {
  WorkDepthPoint point;
  point.n = n;
  point.sequential = n - 1;
  for (const AlgorithmInfo* info : Algorithms())
    point.algorithms.push_back(MeasureWorkDepth(info->id, n));
  return point;
}

}  // namespace

WorkDepth CountWorkDepth(const Trace& trace) {
  WorkDepth out;
  for (const Round& round : trace.rounds) {
    int applications = 0;
    for (const ThreadAction& a : round.actions) applications += OperatorApplications(a.kind);
    out.work += applications;
    if (applications > 0) ++out.depth;
    if (round.spec.level >= Level::kBlock) ++out.barriers;
  }
  return out;
}

WorkDepth MeasureWorkDepth(Algorithm algorithm, int n) {
  // They depend on (algorithm, n) alone, and the narration asks on every edit (the trade-off
  // sentence): each pair is simulated once per process.
  static std::mutex mutex;
  static std::map<std::pair<Algorithm, int>, WorkDepth> memo;
  const std::pair<Algorithm, int> key{algorithm, n};
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
  }
  const WorkDepth measured = CountWorkDepth(SimulateZeros(algorithm, n));
  std::lock_guard<std::mutex> lock(mutex);
  memo.emplace(key, measured);
  return measured;
}

WorkDepth MeasureWorkDepthAnalyzed(Algorithm algorithm, int n) {
  const TraceAnalysis analysis = Analyze(SimulateZeros(algorithm, n));
  return WorkDepth{analysis.work, analysis.depth, analysis.barriers};
}

std::vector<WorkDepthPoint> WorkDepthSeries(const std::vector<int>& sizes) {
  std::vector<WorkDepthPoint> out(sizes.size());
  // Sizes are independent: spread them over the cores, interleaved so that each worker gets a
  // fair share of the large (slow) ones. Each worker writes only its own slots.
  const size_t hardware = std::max(1u, std::thread::hardware_concurrency());
  const size_t workers = std::min<size_t>({hardware, 8, (sizes.size() + 63) / 64});
  if (workers <= 1) {
    for (size_t i = 0; i < sizes.size(); ++i) out[i] = MeasurePoint(sizes[i]);
    return out;
  }
  std::vector<std::thread> threads;
  for (size_t w = 0; w < workers; ++w) {
    threads.emplace_back([&, w] {
      for (size_t i = w; i < sizes.size(); i += workers) out[i] = MeasurePoint(sizes[i]);
    });
  }
  for (std::thread& t : threads) t.join();
  return out;
}

std::vector<WorkDepthPoint> WorkDepthSeries(int max_n) {
  std::vector<int> sizes;
  for (int n = 1; n <= max_n; ++n) sizes.push_back(n);
  return WorkDepthSeries(sizes);
}

std::vector<RoundWork> RoundWorkSeries(const Trace& trace, const TraceAnalysis& analysis) {
  std::vector<RoundWork> out;
  for (size_t r = 0; r < trace.rounds.size() && r < analysis.rounds.size(); ++r) {
    const RoundInfo& info = analysis.rounds[r];
    RoundWork row;
    row.round = static_cast<int>(r);
    row.spec = trace.rounds[r].spec;
    row.operator_applications = info.operator_applications;
    row.active_threads = info.active_threads;
    row.cumulative_work = info.cumulative_work;
    row.depth = info.depth;
    row.barriers =
        (r > 0 ? out.back().barriers : 0) + (trace.rounds[r].spec.level >= Level::kBlock ? 1 : 0);
    out.push_back(row);
  }
  return out;
}

std::string ChaptersTradeoff(Algorithm shown, int n) {
  const WorkDepth hs = MeasureWorkDepth(Algorithm::kHillisSteele, n);
  const WorkDepth bl = MeasureWorkDepth(Algorithm::kBlelloch, n);
  const int extra = hs.work - bl.work;     // Hillis-Steele's extra operator applications
  const int saved = bl.depth - hs.depth;   // the rounds Hillis-Steele saves
  auto count = [](int k, const char* what) {
    return std::to_string(k) + " " + what + (k == 1 ? "" : "s");
  };
  const bool hs_shown = shown == Algorithm::kHillisSteele;
  if (extra > 0 && saved > 0) {
    return hs_shown ? "At this n Hillis-Steele buys its " + count(saved, "fewer round") +
                          " with " + count(extra, "more operator application") +
                          ": the chapters' trade-off."
                    : "At this n Blelloch saves " + count(extra, "operator application") +
                          " and pays with " + count(saved, "more round") +
                          ": the chapters' trade-off.";
  }
  if (extra <= 0 && saved >= 0) {
    int padded = 1;
    while (padded < n) padded *= 2;
    std::string why = padded > n ? "Blelloch sweeps all " + std::to_string(padded) +
                                       " positions of the padded array, twice"
                                 : "Blelloch sweeps the array twice";
    return "At this n Hillis-Steele does no more work than Blelloch (" + std::to_string(hs.work) +
           " against " + std::to_string(bl.work) + ": " + why + ") and takes " +
           (saved > 0 ? count(saved, "fewer round") : std::string("as many rounds")) +
           "; Blelloch's linear work pays off only at larger n.";
  }
  return hs_shown ? "Hillis-Steele does " + std::to_string(hs.work) + " operator applications in " +
                        std::to_string(hs.depth) + " rounds, Blelloch " +
                        std::to_string(bl.work) + " in " + std::to_string(bl.depth) + "."
                  : "Blelloch does " + std::to_string(bl.work) + " operator applications in " +
                        std::to_string(bl.depth) + " rounds, Hillis-Steele " +
                        std::to_string(hs.work) + " in " + std::to_string(hs.depth) + ".";
}

std::string Grouped(long long v) {
  std::string digits = std::to_string(v < 0 ? -v : v);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return v < 0 ? "-" + out : out;
}

// Brent's count: with p applications at a time, about work / p + depth steps.
namespace {

double Steps(const WorkDepth& wd, double p) {
  return wd.work / p + wd.depth;
}

}  // namespace

// The caption, in our words, from the series: extra work against rounds saved at the current n,
// and for p lanes the sizes where Hillis-Steele is ahead.
std::string BrentCaption(const std::vector<WorkDepthPoint>& pts, int n, int p) {
  // The chapters' question, so the chapters' two algorithms.
  const WorkDepthPoint& point = pts[static_cast<size_t>(n - 1)];
  struct Pair {
    WorkDepth hillis_steele, blelloch;
  };
  const Pair at{point.Of(Algorithm::kHillisSteele), point.Of(Algorithm::kBlelloch)};
  const int extra = at.hillis_steele.work - at.blelloch.work;
  const int saved = at.blelloch.depth - at.hillis_steele.depth;
  char buf[1024];
  std::string out =
      "Where does Hillis-Steele's extra work stop paying for its fewer rounds? Count steps as "
      "Brent does: a machine that applies p operators at a time needs about work / p + depth "
      "steps. ";
  if (saved > 0 && extra <= 0) {
    // Small n (6, 9, 17, ...): Blelloch's padded sweeps cost more than Hillis-Steele's rounds.
    std::snprintf(buf, sizeof buf,
                  "At n = %d Hillis-Steele does no more work than Blelloch (%s against %s) and "
                  "finishes %d rounds sooner (%d against %d): at this n it is ahead for every p. ",
                  n, Grouped(at.hillis_steele.work).c_str(), Grouped(at.blelloch.work).c_str(),
                  saved, at.hillis_steele.depth, at.blelloch.depth);
    out += buf;
  } else if (saved <= 0) {
    std::snprintf(buf, sizeof buf,
                  "At n = %d Hillis-Steele saves no rounds (depth %d against %d), so its work "
                  "(%s against %s) is all cost. ",
                  n, at.hillis_steele.depth, at.blelloch.depth,
                  Grouped(at.hillis_steele.work).c_str(), Grouped(at.blelloch.work).c_str());
    out += buf;
  } else {
    std::snprintf(buf, sizeof buf,
                  "At n = %d Hillis-Steele does %s more applications than Blelloch (%s against "
                  "%s) to finish %d rounds sooner (%d against %d): it pays only while p is at "
                  "least %s ÷ %d ≈ %.0f. ",
                  n, Grouped(extra).c_str(), Grouped(at.hillis_steele.work).c_str(),
                  Grouped(at.blelloch.work).c_str(), saved, at.hillis_steele.depth,
                  at.blelloch.depth, Grouped(extra).c_str(), saved,
                  std::max(1.0, static_cast<double>(extra) / saved));
    out += buf;
  }
  // For this p: the last n at which Hillis-Steele is not behind, and whether it stays behind.
  int last_ahead = 0;
  for (const WorkDepthPoint& q : pts) {
    if (Steps(q.Of(Algorithm::kHillisSteele), p) <= Steps(q.Of(Algorithm::kBlelloch), p))
      last_ahead = q.n;
  }
  const int max_n = pts.back().n;
  if (last_ahead >= max_n) {
    std::snprintf(buf, sizeof buf,
                  "With p = %d Hillis-Steele stays ahead for every n up to %d: the rounds it "
                  "saves are worth more than its extra work.",
                  p, max_n);
  } else {
    std::snprintf(buf, sizeof buf,
                  "With p = %d Hillis-Steele is ahead or even up to n = %d and behind from "
                  "n = %d on: past that, its extra work costs more steps than its saved rounds "
                  "win back.",
                  p, last_ahead, last_ahead + 1);
  }
  out += buf;
  out +=
      " Operator counts are a first guess: barriers and memory traffic move the crossover on "
      "real hardware, which the benchmark (G) measures.";
  return out;
}

}  // namespace scanviz::teach
