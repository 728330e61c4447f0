#include "cli/multi_gpu_table.h"

#include <cstdio>
#include <ostream>
#include <string>

#include "core/input.h"

namespace scanviz {
namespace {

std::string Left(const std::string& s, size_t width) {
  return s.size() >= width ? s + ' ' : s + std::string(width - s.size(), ' ');
}

// ns as microseconds with one decimal: the exchange's scale.
std::string Micro(std::int64_t ns) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f us", static_cast<double>(ns) / 1000.0);
  return buf;
}

// "scan 0-4021 · all-gather 4021-17240 · ...": each phase with its start and end (ns).
std::string Phases(const GpuRank& r) {
  std::string s;
  for (const GpuPhase& p : r.phases) {
    if (!s.empty()) s += " · ";
    s +=
        std::string(ToString(p.kind)) + ' ' + std::to_string(p.start) + '-' + std::to_string(p.end);
  }
  return s.empty() ? "-" : s;
}

}  // namespace

void PrintMultiGpuTable(const MultiGpuTrace& t, std::ostream& out) {
  const bool one = t.Gpus() == 1;  // "1 simulated GPU", "4 simulated GPUs"
  out << "multi-gpu: " << t.Gpus() << (t.measured ? " GPU" : " simulated GPU") << (one ? "" : "s")
      << ", " << ToString(t.strategy) << ", " << ToString(t.op) << ", " << ToString(t.type) << ", "
      << (t.inclusive ? "inclusive" : "exclusive") << ", n = " << t.N() << '\n'
      << "interconnect: " << t.interconnect
      << (t.nccl_version.empty() ? "" : ", NCCL " + t.nccl_version) << '\n'
      << "times: " << t.clock << "; " << t.alignment << '\n';
  out << Left("rank", 5) << Left("device", 20) << Left("shard", 16) << Left("total", 12)
      << Left("gathered", 24) << Left("offset", 12) << "phases (" << t.clock << ")\n";
  for (const GpuRank& r : t.ranks) {
    // Appended, not "[" + ...: GCC 12 warns wrongly (-Wrestrict) on that form.
    std::string shard = "[";
    shard += std::to_string(r.begin) + ", " + std::to_string(r.end) + ")";
    out << Left(std::to_string(r.rank), 5) << Left(r.device, 20) << Left(shard, 16)
        << Left(FormatValue(t.type, r.total), 12) << Left(FormatValues(r.gathered, t.type, ","), 24)
        << Left(FormatValue(t.type, r.offset), 12) << Phases(r) << '\n';
  }
  const MultiGpuSummary s = Summarize(t);
  out << "span " << Micro(s.span) << "; the longest all-gather " << Micro(s.longest_exchange)
      << " (" << t.Gpus() << (one ? " number" : " numbers") << " crossed, " << 4 * t.Gpus()
      << " bytes)";
  if (s.slowest_rank >= 0)
    out << "; the slowest rank " << s.slowest_rank << ", " << Micro(s.local_work)
        << " of work on its shard";
  // The output's first values (all of a small one).
  constexpr size_t kShown = 64;
  const bool cut = t.output.size() > kShown;
  const std::vector<double> shown(t.output.begin(),
                                  cut ? t.output.begin() + kShown : t.output.end());
  out << '\n' << "output: " << FormatValues(shown, t.type, ",") << (cut ? ", …" : "") << '\n';
}

}  // namespace scanviz
