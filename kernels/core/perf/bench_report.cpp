#include "core/perf/bench_report.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace scanviz::perf {

namespace {

// The types and modes of the run: the options' order, then any only the measurements name.
std::vector<std::pair<std::string, std::string>> TypesAndModes(const BenchResults& r) {
  std::vector<std::string> types = r.options.types, modes = r.options.modes;
  for (const BenchMeasurement& m : r.measurements) {
    if (std::find(types.begin(), types.end(), m.type) == types.end()) types.push_back(m.type);
    if (std::find(modes.begin(), modes.end(), m.mode) == modes.end()) modes.push_back(m.mode);
  }
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& t : types)
    for (const std::string& m : modes) out.push_back({t, m});
  return out;
}

// The timed sizes of the run, ascending (the options' list, else the measurements').
std::vector<long long> TimedSizes(const BenchResults& r) {
  std::vector<long long> sizes = r.options.timed_sizes;
  for (const BenchMeasurement& m : r.measurements)
    if (m.timed) sizes.push_back(m.n);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

bool HasRung(const BenchResults& r, const std::string& name) {
  return std::any_of(r.rungs.begin(), r.rungs.end(),
                     [&](const BenchRung& b) { return b.name == name; });
}

std::string Log2Label(long long n) {
  const double k = std::log2(static_cast<double>(n));
  if (k == std::floor(k)) return "2^" + std::to_string(static_cast<int>(k));
  return std::to_string(n);
}

// A number with `digits` decimals, or "-" when there is none.
std::string Fixed(std::optional<double> v, int digits) {
  if (!v || !std::isfinite(*v)) return "-";
  std::ostringstream o;
  o << std::fixed << std::setprecision(digits) << *v;
  return o.str();
}

// As a stream prints a double by default (6 significant digits), the way the targets always
// read.
std::string Plain(double v) {
  std::ostringstream o;
  o << v;
  return o.str();
}

}  // namespace

std::string CudaVersionString(int version) {
  if (version <= 0) return "?";
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

std::string LibraryVersionString(long long version) {
  if (version <= 0) return "?";
  return std::to_string(version / 100000) + "." + std::to_string(version / 100 % 1000) + "." +
         std::to_string(version % 100);
}

void PrintHeader(const BenchResults& r, std::ostream& out) {
  const BenchDevice& d = r.device;
  out << "ScanViz perf lab on " << d.name << " (" << d.sm_count << " SMs, cc "
      << d.compute_capability << ", L2 " << d.l2_bytes / (1 << 20) << " MiB, "
      << Fixed(static_cast<double>(d.global_mem_bytes) / (1LL << 30), 1) << " GiB, SM clock "
      << d.sm_clock_khz / 1000 << " MHz peak, memory clock " << d.mem_clock_khz / 1000 << " MHz x "
      << d.mem_bus_width_bits << " bits)\n";
  out << "  driver " << CudaVersionString(d.driver_version) << ", runtime "
      << CudaVersionString(d.runtime_version) << "; built with CUDA "
      << CudaVersionString(r.toolkit.cuda_version) << ", CUB "
      << LibraryVersionString(r.toolkit.cub_version) << ", thrust "
      << LibraryVersionString(r.toolkit.thrust_version) << "; commit " << r.commit << "; " << r.date
      << "\n";
  if (r.clocks)
    out << "  SM clock measured before the run: " << Fixed(r.clocks->sm_mhz_before, 0) << " MHz\n";
  for (const BenchRung& rung : r.rungs)
    out << "  " << std::setw(8) << rung.name << ": " << rung.description << "\n";
  out << std::flush;
}

std::string CheckFailureLine(const BenchMeasurement& m) {
  std::ostringstream o;
  o << "CHECK FAILED: " << m.rung << " " << m.type << " " << m.mode << " n=" << m.n
    << " rel_err=" << m.rel_err << " mismatches=" << m.mismatches << " first_bad=" << m.first_bad;
  if (m.recheck_correct) o << " (recheck " << (*m.recheck_correct ? "ok" : "FAILED") << ")";
  return o.str();
}

void PrintTable(const BenchResults& r, std::ostream& out) {
  out << "\n"
      << std::left << std::setw(8) << "type" << std::setw(10) << "mode" << std::right
      << std::setw(11) << "n"
      << "  " << std::left << std::setw(9) << "rung" << std::right << std::setw(11) << "time_us"
      << std::setw(10) << "GB/s" << std::setw(10) << "%memcpy" << std::setw(8) << "xCUB"
      << "  check\n";
  for (const BenchMeasurement& m : r.measurements) {
    if (!m.timed) continue;
    out << std::left << std::setw(8) << m.type << std::setw(10) << m.mode << std::right
        << std::setw(11) << m.n << "  " << std::left << std::setw(9) << m.rung << std::right
        << std::setw(11) << Fixed(m.time_us_median, 2) << std::setw(10) << Fixed(m.gbps, 1)
        << std::setw(10) << Fixed(r.PctOfMemcpy(m), 1) << std::setw(8) << Fixed(r.RatioVsCub(m), 2)
        << "  " << (m.correct ? "ok" : "FAIL") << "\n";
  }
}

void PrintCorrectness(const BenchResults& r, std::ostream& out) {
  const auto failed = std::count_if(r.measurements.begin(), r.measurements.end(),
                                    [](const BenchMeasurement& m) { return !m.correct; });
  const auto checks = static_cast<long long>(r.measurements.size());
  out << "\ncorrectness: " << checks - failed << " / " << checks
      << " checks passed (every rung, type, mode and size run, non-powers of two included)\n";
  if (!r.fatal.empty()) out << "the run stopped early: " << r.fatal << "\n";
  if (r.clocks) {
    out << "SM clock measured: " << Fixed(r.clocks->sm_mhz_before, 0) << " MHz before the run, "
        << Fixed(r.clocks->sm_mhz_after, 0) << " MHz after (" << r.clocks->method << ")\n";
  }
}

void PrintCrossovers(const BenchResults& r, std::ostream& out) {
  for (const Crossover& c : r.Crossovers()) {
    out << "\ncrossover Hillis-Steele (a) vs Blelloch (b), " << c.type << " " << c.mode << ":";
    for (const CrossoverPoint& p : c.points) out << " " << Log2Label(p.n) << ":" << p.winner;
    out << "  | winner changes at n =";
    if (c.winner_changes_at.empty()) out << " (none)";
    for (long long n : c.winner_changes_at) out << " " << n;
    out << "\n";
  }
}

void PrintSummary(const BenchResults& r, std::ostream& out) {
  const std::vector<long long> sizes = TimedSizes(r);
  for (const char* type : {"int32", "float32"}) {
    const std::string mode = "inclusive";
    const bool any = std::any_of(r.measurements.begin(), r.measurements.end(), [&](const auto& m) {
      return m.timed && m.type == type && m.mode == mode;
    });
    if (!any) continue;
    out << "\nsummary " << type << " " << mode << ": GB/s (read+write) [median us]\n"
        << std::setw(10) << "n";
    for (const BenchRung& rung : r.rungs) out << std::setw(17) << rung.name;
    out << "\n";
    for (long long n : sizes) {
      out << std::setw(10) << n;
      for (const BenchRung& rung : r.rungs) {
        const BenchMeasurement* m = r.Find(type, mode, n, rung.name);
        std::ostringstream cell;
        if (m != nullptr && m->timed)
          cell << std::fixed << std::setprecision(0) << m->gbps << " [" << std::setprecision(1)
               << m->time_us_median << "]";
        out << std::setw(17) << cell.str();
      }
      out << "\n";
    }
  }
}

void PrintPctOfMemcpy(const BenchResults& r, std::ostream& out) {
  std::vector<std::string> cols;
  for (const char* name : {"e", "cub"})
    if (HasRung(r, name)) cols.push_back(name);
  if (cols.empty() || !HasRung(r, "memcpy")) return;
  const std::vector<long long> sizes = TimedSizes(r);
  for (const auto& [type, mode] : TypesAndModes(r)) {
    if (r.Series(type, mode, "memcpy").empty()) continue;
    out << "\n% of memcpy, " << type << " " << mode
        << " (a scan reads and writes the bytes a copy does)\n"
        << std::setw(10) << "n";
    for (const std::string& c : cols) out << std::setw(9) << c;
    out << std::setw(14) << "memcpy GB/s"
        << "\n";
    for (long long n : sizes) {
      const BenchMeasurement* copy = r.Find(type, mode, n, "memcpy");
      if (copy == nullptr || !copy->timed) continue;
      out << std::setw(10) << n;
      for (const std::string& c : cols) {
        const BenchMeasurement* m = r.Find(type, mode, n, c);
        out << std::setw(9) << (m ? Fixed(r.PctOfMemcpy(*m), 1) : "-");
      }
      out << std::setw(14) << Fixed(copy->gbps, 1) << "\n";
    }
  }
}

bool BenchTargets::LatencyMet() const {
  return !small_n_latency.empty() &&
         std::all_of(small_n_latency.begin(), small_n_latency.end(),
                     [](const Latency& l) { return l.e_us < l.cub_us; });
}

bool BenchTargets::LadderMonotone() const {
  for (size_t i = 1; i < ladder_2_24.size(); ++i)
    if (ladder_2_24[i].second < ladder_2_24[i - 1].second) return false;
  return true;
}

BenchTargets ComputeTargets(const BenchResults& r) {
  const std::string t = "int32", m = "inclusive";
  BenchTargets out;
  const std::vector<long long> sizes = TimedSizes(r);
  auto timed = [&](long long n, const char* rung) -> const BenchMeasurement* {
    const BenchMeasurement* x = r.Find(t, m, n, rung);
    return x != nullptr && x->timed ? x : nullptr;
  };
  if (!sizes.empty()) {
    out.large_n = sizes.back();
    const BenchMeasurement* e = timed(out.large_n, "e");
    const BenchMeasurement* cub = timed(out.large_n, "cub");
    const BenchMeasurement* copy = timed(out.large_n, "memcpy");
    if (e != nullptr) {
      out.e_gbps = e->gbps;
      out.e_pct_memcpy = r.PctOfMemcpy(*e);
      out.e_ratio_vs_cub = r.RatioVsCub(*e);
    }
    if (cub != nullptr) out.cub_gbps = cub->gbps;
    if (copy != nullptr) out.memcpy_gbps = copy->gbps;
  }
  for (long long n : sizes) {
    if (n > (1LL << 16)) continue;
    const BenchMeasurement* e = timed(n, "e");
    const BenchMeasurement* cub = timed(n, "cub");
    if (e != nullptr && cub != nullptr)
      out.small_n_latency.push_back({n, e->time_us_median, cub->time_us_median});
  }
  for (const char* rung : {"a", "b", "c", "d", "e"}) {
    if (const BenchMeasurement* x = timed(1LL << 24, rung))
      out.ladder_2_24.push_back({rung, x->gbps});
  }
  return out;
}

void PrintTargets(const BenchResults& r, std::ostream& out) {
  const BenchTargets t = ComputeTargets(r);
  out << "\ntargets (int32 inclusive):\n";
  if (t.e_pct_memcpy && t.e_ratio_vs_cub) {
    out << "  n=" << t.large_n << ": e " << Plain(*t.e_gbps) << " GB/s = " << Plain(*t.e_pct_memcpy)
        << "% of memcpy (" << Plain(*t.memcpy_gbps)
        << " GB/s) [target >= 85%: " << (t.PctMet() ? "MET" : "MISSED") << "]; "
        << Plain(*t.e_ratio_vs_cub) << "x CUB (" << Plain(*t.cub_gbps)
        << " GB/s) [target >= 1.10: " << (t.CubMet() ? "MET" : "MISSED") << "]\n";
  }
  for (const BenchTargets::Latency& l : t.small_n_latency) {
    out << "  n=" << l.n << ": e " << Plain(l.e_us) << " us vs CUB " << Plain(l.cub_us) << " us "
        << (l.e_us < l.cub_us ? "(e faster)" : "(CUB faster)") << "\n";
  }
  if (!t.small_n_latency.empty())
    out << "  small-n latency target: " << (t.LatencyMet() ? "MET" : "MISSED") << "\n";
  out << "  n=2^24 ladder:";
  for (const auto& [rung, gbps] : t.ladder_2_24) out << " " << rung << "=" << Fixed(gbps, 0);
  out << " GB/s [each >= previous: "
      << (t.LadderComplete() ? (t.LadderMonotone() ? "MET" : "MISSED") : "n/a") << "]\n";
  out << "  all correct: " << (r.all_correct ? "yes" : "NO") << "\n";
}

void PrintReport(const BenchResults& r, std::ostream& out) {
  PrintTable(r, out);
  PrintCorrectness(r, out);
  PrintCrossovers(r, out);
  PrintSummary(r, out);
  PrintPctOfMemcpy(r, out);
  PrintTargets(r, out);
}

}  // namespace scanviz::perf
