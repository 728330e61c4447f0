// The bench across GPUs' text report (core/perf/multi_gpu_report.h).
#include "core/perf/multi_gpu_report.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <optional>
#include <sstream>

namespace scanviz::perf {

namespace {

// A number with `digits` decimals, or "-" when there is none.
std::string Fixed(std::optional<double> v, int digits) {
  if (!v || !std::isfinite(*v)) return "-";
  std::ostringstream o;
  o << std::fixed << std::setprecision(digits) << *v;
  return o.str();
}

std::optional<double> SpeedUp(const MultiGpuPoint& p, double us) {
  if (!(p.one_gpu_e_full_us > 0) || !(us > 0)) return std::nullopt;
  return p.one_gpu_e_full_us / us;
}

std::string CheckWord(const MultiGpuPoint& p) {
  std::string out = p.check + (p.correct ? " ok" : " FAILED");
  if (!p.check_detail.empty()) out += " (" + p.check_detail + ")";
  if (!p.correct)
    out += " (" + std::to_string(p.mismatches) + " wrong, first at " + std::to_string(p.first_bad) +
           ")";
  return out;
}

// One strategy's row: its time, GB/s, bound, % of the bound and speed-up; the n, the exchange,
// the ideal and the check on the first row of the n only.
void Row(const MultiGpuPoint& p, std::string_view strategy, bool first, std::ostream& out) {
  const bool sta = strategy == kScanThenAdd;
  const double us = sta ? p.scan_then_add.median_us : p.reduce_then_scan.median_us;
  const double bound = sta ? p.ScanThenAddBoundUs() : p.ReduceThenScanBoundUs();
  const double pct = us > 0 ? 100.0 * bound / us : NAN;  // NAN prints as "-"
  out << std::right << std::setw(8) << (first ? MultiGpuSizeLabel(p.n) : "") << "  " << std::left
      << std::setw(17) << strategy << std::right << std::setw(12) << Fixed(us, 1) << std::setw(9)
      << Fixed(p.Gbps(us), 1) << std::setw(11) << Fixed(bound, 1) << std::setw(8) << Fixed(pct, 1)
      << std::setw(8) << Fixed(SpeedUp(p, us), 2);
  if (first) {
    out << std::setw(13) << Fixed(p.exchange_us, 1) << std::setw(11) << Fixed(p.IdealGbps(), 1)
        << "  " << CheckWord(p);
  }
  out << "\n";
}

}  // namespace

std::string MultiGpuSizeLabel(long long n) {
  if (n > 0 && (n & (n - 1)) == 0) {
    int k = 0;
    while ((1LL << k) < n) ++k;
    return "2^" + std::to_string(k);
  }
  return std::to_string(n);
}

void PrintMultiGpuHeader(const MultiGpuBenchResults& r, std::ostream& out) {
  const BenchDevice& d = r.device;
  out << "ScanViz scan across GPUs on " << r.gpus << " x " << d.name << " (" << d.sm_count
      << " SMs, " << Fixed(static_cast<double>(d.global_mem_bytes) / (1LL << 30), 1)
      << " GiB each), NCCL " << (r.nccl_version.empty() ? "?" : r.nccl_version) << "\n";
  std::vector<std::string> nodes = r.hosts;
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  out << "ranks on " << nodes.size() << (nodes.size() == 1 ? " node" : " nodes");
  for (size_t i = 0; i < nodes.size(); ++i) out << (i ? ", " : ": ") << nodes[i];
  out << "  ·  " << r.type << " " << r.mode << ", median of " << r.repeats << " runs\n";
  out << "commit " << (r.commit.empty() ? "unknown" : r.commit) << ", "
      << (r.date.empty() ? "date not recorded" : r.date) << "\n";
  if (!r.alignment.empty()) out << "times: " << r.alignment << "\n";
  out << "GB/s = 2 · n · 4 bytes / time; bound = the strategy's phases timed alone, added "
         "(scan-then-add: scan + exchange + add; reduce-then-scan: reduce + exchange + carried "
         "scan); Pxe = P times one GPU's e at the shard size; x1GPU = one GPU's e at the same n "
         "over the time\n";
}

void PrintMultiGpuTable(const MultiGpuBenchResults& r, std::ostream& out) {
  for (int gpus : r.GpuCounts()) {
    out << "\n" << gpus << (gpus == 1 ? " GPU" : " GPUs") << "\n";
    out << std::right << std::setw(8) << "n"
        << "  " << std::left << std::setw(17) << "strategy" << std::right << std::setw(12)
        << "median_us" << std::setw(9) << "GB/s" << std::setw(11) << "bound_us" << std::setw(8)
        << "%bound" << std::setw(8) << "x1GPU" << std::setw(13) << "exchange_us" << std::setw(11)
        << "Pxe_GB/s"
        << "  check\n";
    for (const MultiGpuPoint* p : r.Series(gpus)) {
      Row(*p, kScanThenAdd, true, out);
      Row(*p, kReduceThenScan, false, out);
    }
  }
}

namespace {

// "2.52x one GPU's e at the same n (the traffic allows 2.67x: ...)."
void SpeedUpLine(const MultiGpuPoint& p, std::ostream& out) {
  const std::string faster = p.Faster();
  out << Fixed(p.SpeedUpOverOneGpu(), 2) << "x one GPU's e at the same n (the traffic allows "
      << Fixed(p.TrafficCeiling(faster), 2) << "x: " << faster << " moves "
      << (faster == kScanThenAdd ? "4" : "3") << " words an element where e moves 2).\n";
}

// The faster strategy at the largest n on the most GPUs: its time against its bound, and its
// speed-up over one GPU against what the traffic allows, there or at the largest n one GPU holds.
void LargestLine(const MultiGpuBenchResults& r, std::ostream& out) {
  const std::vector<int> counts = r.GpuCounts();
  if (counts.empty()) return;
  const std::vector<const MultiGpuPoint*> series = r.Series(counts.back());
  const MultiGpuPoint& p = *series.back();
  const std::string faster = p.Faster();
  const double pct = p.PctOfBound();
  out << "At n = " << MultiGpuSizeLabel(p.n) << " on " << p.gpus << (p.gpus == 1 ? " GPU" : " GPUs")
      << " the faster strategy is " << faster << ": " << Fixed(p.FasterUs(), 1) << " us, "
      << Fixed(p.Gbps(p.FasterUs()), 1) << " GB/s, " << Fixed(pct, 1) << " % of its bound";
  if (pct > 0) {
    const double over = 100.0 / pct * 100.0 - 100.0;  // the time's excess over the bound, in %
    out << " (" << Fixed(std::abs(over), 1)
        << (over >= 0 ? " % over it)" : " % under it: its phases overlapped)");
  }
  out << ".\n";
  if (p.SpeedUpOverOneGpu()) {
    out << "  ";
    SpeedUpLine(p, out);
    return;
  }
  out << "  No speed-up over one GPU: one GPU cannot hold n = " << MultiGpuSizeLabel(p.n) << ".\n";
  const auto held = std::find_if(series.rbegin(), series.rend(), [](const MultiGpuPoint* q) {
    return q->SpeedUpOverOneGpu().has_value();
  });
  if (held == series.rend()) return;
  out << "  At n = " << MultiGpuSizeLabel((*held)->n) << ", the largest one GPU holds, "
      << (*held)->Faster() << " is ";
  SpeedUpLine(**held, out);
}

}  // namespace

void PrintMultiGpuSummary(const MultiGpuBenchResults& r, std::ostream& out) {
  out << "\n";
  LargestLine(r, out);
  for (int gpus : r.GpuCounts()) {
    const std::vector<const MultiGpuPoint*> series = r.Series(gpus);
    const auto [lo, hi] = std::minmax_element(series.begin(), series.end(),
                                              [](const MultiGpuPoint* a, const MultiGpuPoint* b) {
                                                return a->exchange_us < b->exchange_us;
                                              });
    out << "The exchange alone on " << gpus << (gpus == 1 ? " GPU: " : " GPUs: ")
        << Fixed((*lo)->exchange_us, 1) << " to " << Fixed((*hi)->exchange_us, 1)
        << " us from n = " << MultiGpuSizeLabel(series.front()->n) << " to "
        << MultiGpuSizeLabel(series.back()->n) << ".\n";
  }
  const long long failed = std::count_if(r.points.begin(), r.points.end(),
                                         [](const MultiGpuPoint& p) { return !p.correct; });
  const long long sampled =
      std::count_if(r.points.begin(), r.points.end(),
                    [](const MultiGpuPoint& p) { return p.check == "sampled"; });
  out << (failed == 0 ? "Every output checked correct" : "CHECKS FAILED") << ": "
      << r.points.size() - failed << " of " << r.points.size() << " points ("
      << r.points.size() - sampled << " full, " << sampled << " sampled).\n";
  if (!r.fatal.empty()) out << "The run stopped early: " << r.fatal << "\n";
}

void PrintMultiGpuReport(const MultiGpuBenchResults& r, std::ostream& out) {
  PrintMultiGpuHeader(r, out);
  PrintMultiGpuTable(r, out);
  PrintMultiGpuSummary(r, out);
}

}  // namespace scanviz::perf
