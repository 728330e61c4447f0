#include "teach/work_depth.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <thread>
#include <utility>

#include "core/registry.h"
#include "core/simulator.h"
#include "teach/narration_text.h"
#include "teach/teach_registry.h"

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
  return hs_shown ? "Hillis-Steele does " + count(hs.work, "operator application") + " in " +
                        count(hs.depth, "round") + ", Blelloch " + std::to_string(bl.work) +
                        " in " + std::to_string(bl.depth) + "."
                  : "Blelloch does " + count(bl.work, "operator application") + " in " +
                        count(bl.depth, "round") + ", Hillis-Steele " + std::to_string(hs.work) +
                        " in " + std::to_string(hs.depth) + ".";
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

// p times the steps, exactly: which of two is ahead, without rounding.
long long ScaledSteps(const WorkDepth& wd, int p) {
  return wd.work + static_cast<long long>(wd.depth) * p;
}

// 195 / 6 as "195 ÷ 6 = 32.5", 10 / 3 as "10 ÷ 3 ≈ 3.33": never rounded into a wrong "=".
std::string Quotient(int a, int b) {
  char buf[96];
  if (a % b == 0) {
    std::snprintf(buf, sizeof buf, "%s ÷ %d = %s", Grouped(a).c_str(), b, Grouped(a / b).c_str());
  } else if (a * 10 % b == 0) {
    std::snprintf(buf, sizeof buf, "%s ÷ %d = %.1f", Grouped(a).c_str(), b,
                  static_cast<double>(a) / b);
  } else if (a * 100 % b == 0) {
    std::snprintf(buf, sizeof buf, "%s ÷ %d = %.2f", Grouped(a).c_str(), b,
                  static_cast<double>(a) / b);
  } else {
    std::snprintf(buf, sizeof buf, "%s ÷ %d ≈ %.2f", Grouped(a).c_str(), b,
                  static_cast<double>(a) / b);
  }
  return buf;
}

// 15.9 to one decimal; from 100 on whole and grouped ("8,987").
std::string StepsText(double steps) {
  if (steps >= 100) return Grouped(std::llround(steps));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", steps);
  return buf;
}

std::string Plural(int k, const char* what) {
  return Grouped(k) + " " + what + (k == 1 ? "" : "s");
}

struct Named {
  const char* name;
  WorkDepth wd;
};

// Two corners at one n, told from the one with fewer rounds: whether its extra work (if any)
// pays for them, and from which p.
std::string PairSentence(const Named& a, const Named& b) {
  if (a.wd.depth == b.wd.depth) {
    if (a.wd.work == b.wd.work) {
      return std::string(a.name) + " and " + b.name + " do the same work (" +
             Grouped(a.wd.work) + ") in the same " + Plural(a.wd.depth, "round") +
             ": even for every p.";
    }
    const Named& less = a.wd.work < b.wd.work ? a : b;
    const Named& more = a.wd.work < b.wd.work ? b : a;
    return std::string(a.name) + " and " + b.name + " take the same " +
           Plural(a.wd.depth, "round") + ", so " + less.name + ", with less work (" +
           Grouped(less.wd.work) + " against " + Grouped(more.wd.work) +
           "), is ahead for every p.";
  }
  const Named& fast = a.wd.depth < b.wd.depth ? a : b;  // fewer rounds
  const Named& slow = a.wd.depth < b.wd.depth ? b : a;
  const int extra = fast.wd.work - slow.wd.work, saved = slow.wd.depth - fast.wd.depth;
  const std::string rounds = Plural(saved, "round") + " sooner (" + Grouped(fast.wd.depth) +
                             " against " + Grouped(slow.wd.depth) + ")";
  if (extra <= 0) {
    return std::string(fast.name) + " does no more work than " + slow.name + " (" +
           Grouped(fast.wd.work) + " against " + Grouped(slow.wd.work) + ") and finishes " +
           rounds + ": at this n it is ahead for every p.";
  }
  return std::string(fast.name) + " does " + Grouped(extra) + " more applications than " +
         slow.name + " (" + Grouped(fast.wd.work) + " against " + Grouped(slow.wd.work) +
         ") to finish " + rounds + ": it pays only while p is more than " +
         Quotient(extra, saved) + " (at that p the two are even).";
}

// "n = 2..3, 5..6 and 9..11", from sorted sizes.
std::string Ranges(const std::vector<int>& sizes) {
  if (sizes.empty()) return "no n";
  const std::vector<std::pair<int, int>> runs = text::ConsecutiveRuns(sizes);
  std::string out = "n = ";
  for (size_t i = 0; i < runs.size(); ++i) {
    if (i > 0) out += i + 1 < runs.size() ? ", " : " and ";
    out += std::to_string(runs[i].first);
    if (runs[i].second > runs[i].first) out += ".." + std::to_string(runs[i].second);
  }
  return out;
}

// For p: at which n each corner takes the fewest steps (ties shared), over the whole series from
// n = 2 (one element takes no step at all): ranges, never a last point, because padding makes
// the winner change back and forth at every power of two.
std::string FewestSteps(const std::vector<WorkDepthPoint>& pts, const std::vector<Algorithm>& corners,
                        int p) {
  std::vector<std::vector<int>> wins(corners.size());
  for (const WorkDepthPoint& q : pts) {
    if (q.n < 2) continue;
    long long best = -1;
    for (Algorithm a : corners) {
      const long long s = ScaledSteps(q.Of(a), p);
      if (best < 0 || s < best) best = s;
    }
    for (size_t k = 0; k < corners.size(); ++k)
      if (ScaledSteps(q.Of(corners[k]), p) == best) wins[k].push_back(q.n);
  }
  std::string out = "Over n = 2.." + std::to_string(pts.back().n) + " with p = " +
                    std::to_string(p) + ", the fewest steps (ties shared): ";
  for (size_t k = 0; k < corners.size(); ++k) {
    if (k > 0) out += "; ";
    out += std::string(DisplayName(corners[k])) + " at " + Ranges(wins[k]);
  }
  return out + ".";
}

}  // namespace

std::string CornersTradeoff(Algorithm shown, int n) {
  const WorkDepth me = MeasureWorkDepth(shown, n);
  std::string out;
  for (Algorithm other : Corners()) {
    if (other == shown) continue;
    const Named a{DisplayName(shown), me}, b{DisplayName(other), MeasureWorkDepth(other, n)};
    out += out.empty() ? "By Brent's count at this n: " : " ";
    out += PairSentence(a, b);
  }
  return out;
}

// The caption, in our words, from the series: every pair of corners at the current n (extra work
// against rounds saved), the steps each needs with p lanes, and for that p the sizes where each
// corner is ahead.
std::string BrentCaption(const std::vector<WorkDepthPoint>& pts, int n, int p) {
  const std::vector<Algorithm> corners = Corners();
  const WorkDepthPoint& point = pts[static_cast<size_t>(n - 1)];
  std::string out = "The corners of the trade-off: ";
  for (size_t k = 0; k < corners.size(); ++k) {
    if (k > 0) out += k + 1 < corners.size() ? ", " : " and ";
    out += std::string(DisplayName(corners[k])) + " (" + Teach(corners[k]).corner + ")";
  }
  out +=
      ". Which is ahead? Count steps as Brent does: a machine that applies p operators at a "
      "time needs about work / p + depth steps. At n = " +
      std::to_string(n) + ":";
  for (size_t i = 0; i < corners.size(); ++i) {
    for (size_t j = i + 1; j < corners.size(); ++j) {
      const Named a{DisplayName(corners[i]), point.Of(corners[i])};
      const Named b{DisplayName(corners[j]), point.Of(corners[j])};
      out += ' ';  // appended piece by piece: GCC 12 misreports " " + std::string&& (-Wrestrict)
      out += PairSentence(a, b);
    }
  }
  out += " With p = " + std::to_string(p) + " that is about ";
  for (size_t k = 0; k < corners.size(); ++k) {
    if (k > 0) out += k + 1 < corners.size() ? ", " : " and ";
    out += StepsText(Steps(point.Of(corners[k]), p)) + " steps for " + DisplayName(corners[k]);
  }
  out += ". " + FewestSteps(pts, corners, p);
  out +=
      " Operator counts are a first guess: barriers and memory traffic move the crossover on "
      "real hardware, which the benchmark (G) measures.";
  return out;
}

}  // namespace scanviz::teach
