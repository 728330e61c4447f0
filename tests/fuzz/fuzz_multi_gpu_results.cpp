// Fuzz target: the bench across GPUs' results file (issue #36), which the benchmark chart reads
// (kernels/core/perf/multi_gpu_results_read.cpp's ParseMultiGpuBenchResults; scanviz-cli bench
// --gpus writes it with the same model).
//
// Beyond "no crash": a file is either rejected with a message or gives results the chart can draw
// without checking them again: the schema is this build's, P is at least 1 and names as many
// hosts, every point's GPU count is between 1 and P with its shard ceil(n / P), n ascends, every
// time is finite and not negative with each strategy's median above 0; the derived values (GB/s,
// the % of the bound, the speed-up, the ideal) are finite and not negative where they exist, and
// each count's series is its points sorted by n. An accepted file, written again, reads back to
// the same text.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/perf/multi_gpu_results.h"
#include "fuzz/fuzz_check.h"

namespace scanviz::fuzz {
namespace {

constexpr const char* kTarget = "fuzz_multi_gpu_results";

bool Time(double t) {
  return std::isfinite(t) && t >= 0;
}

void CheckPoint(const perf::MultiGpuBenchResults& r, const perf::MultiGpuPoint& p,
                const std::string& where) {
  if (p.gpus < 1 || p.gpus > r.gpus) Fail(kTarget, where + ": gpus " + std::to_string(p.gpus));
  if (p.n < p.gpus || p.shard != p.n / p.gpus + (p.n % p.gpus != 0 ? 1 : 0))
    Fail(kTarget, where + ": n " + std::to_string(p.n) + ", shard " + std::to_string(p.shard));
  for (double t : {p.scan_us, p.add_us, p.reduce_us, p.carried_scan_us, p.exchange_us,
                   p.one_gpu_e_shard_us, p.one_gpu_memcpy_shard_us, p.one_gpu_e_full_us})
    if (!Time(t)) Fail(kTarget, where + ": a time " + std::to_string(t));
  if (!(p.scan_then_add.median_us > 0) || !(p.reduce_then_scan.median_us > 0) ||
      !Time(p.scan_then_add.median_us) || !Time(p.reduce_then_scan.median_us))
    Fail(kTarget, where + ": a strategy's median is not a time above 0");
  // What the chart and the report compute from it.
  const double gbps = p.Gbps(p.FasterUs()), pct = p.PctOfBound();
  if (!Time(gbps) || !Time(pct)) Fail(kTarget, where + ": GB/s or % of the bound");
  const std::optional<double> speed = p.SpeedUpOverOneGpu(), ideal = p.IdealGbps();
  if ((speed && !Time(*speed)) || (ideal && !Time(*ideal)))
    Fail(kTarget, where + ": the speed-up or the ideal");
}

void Check(const perf::MultiGpuBenchResults& r) {
  if (r.schema != perf::kMultiGpuBenchSchema) Fail(kTarget, "accepted schema \"" + r.schema + "\"");
  if (r.gpus < 1 || r.hosts.size() != static_cast<size_t>(r.gpus))
    Fail(kTarget,
         "gpus " + std::to_string(r.gpus) + " with " + std::to_string(r.hosts.size()) + " hosts");
  if (r.points.empty()) Fail(kTarget, "accepted a file with no points");
  for (size_t i = 0; i < r.points.size(); ++i) {
    const std::string where = "points[" + std::to_string(i) + "]";
    CheckPoint(r, r.points[i], where);
    if (i > 0 && r.points[i - 1].n > r.points[i].n) Fail(kTarget, where + ": n descends");
  }
  size_t in_series = 0;
  for (int count : r.GpuCounts()) {
    const std::vector<const perf::MultiGpuPoint*> s = r.Series(count);
    for (size_t i = 0; i < s.size(); ++i) {
      if (s[i]->gpus != count || (i > 0 && s[i - 1]->n >= s[i]->n))
        Fail(kTarget, "Series(" + std::to_string(count) + ") is not its points sorted by n");
    }
    in_series += s.size();
  }
  if (in_series != r.points.size()) Fail(kTarget, "the series do not hold every point once");
}

}  // namespace
}  // namespace scanviz::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const scanviz::perf::MultiGpuBenchLoad load = scanviz::perf::ParseMultiGpuBenchResults(text);
  if (load.results) {
    scanviz::fuzz::Check(*load.results);
    // What the bench writes is what the chart reads: written again, it reads back the same.
    const std::string written = scanviz::perf::WriteMultiGpuBenchResults(*load.results);
    const scanviz::perf::MultiGpuBenchLoad again =
        scanviz::perf::ParseMultiGpuBenchResults(written);
    if (!again.results || scanviz::perf::WriteMultiGpuBenchResults(*again.results) != written)
      scanviz::fuzz::Fail(scanviz::fuzz::kTarget, "written again, not read back: " + again.error);
  } else if (load.error.empty()) {
    scanviz::fuzz::Fail(scanviz::fuzz::kTarget, "no results and no error");
  }
  return 0;
}
