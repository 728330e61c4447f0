// The benchmark chart's "across GPUs" model (gpus_chart.h).
#include "kinds/benchmark/gpus_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "core/perf/multi_gpu_report.h"

namespace scanviz {

namespace {

// One line of one count of one file: the value of `kind` at each n where it exists.
GpusLine MakeLine(const std::vector<const perf::MultiGpuPoint*>& points, GpusLineKind kind) {
  GpusLine line;
  line.kind = kind;
  for (const perf::MultiGpuPoint* p : points) {
    double us = 0;
    switch (kind) {
      case GpusLineKind::kScanThenAdd:
        us = p->scan_then_add.median_us;
        break;
      case GpusLineKind::kReduceThenScan:
        us = p->reduce_then_scan.median_us;
        break;
      case GpusLineKind::kBound:
        us = p->Faster() == perf::kScanThenAdd ? p->ScanThenAddBoundUs()
                                               : p->ReduceThenScanBoundUs();
        break;
      case GpusLineKind::kIdeal:
        us = p->one_gpu_e_shard_us;
        break;
    }
    if (kind == GpusLineKind::kIdeal) {
      // P GPUs each at one GPU's pace on its shard: the time is one GPU's, the bytes all of n's.
      if (const std::optional<double> ideal = p->IdealGbps())
        line.points.push_back({p->n, *ideal, us});
      continue;
    }
    const double gbps = p->Gbps(us);
    if (gbps > 0) line.points.push_back({p->n, gbps, us});
  }
  return line;
}

std::string Fmt(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

}  // namespace

const char* GpusLineName(GpusLineKind kind) {
  switch (kind) {
    case GpusLineKind::kScanThenAdd:
      return "scan, then add";
    case GpusLineKind::kReduceThenScan:
      return "reduce, then scan";
    case GpusLineKind::kBound:
      return "bound of the faster (its phases alone, added)";
    case GpusLineKind::kIdeal:
      return "P x one GPU's e at the shard";
  }
  return "";
}

std::vector<int> GpuCountsOf(const std::vector<perf::MultiGpuBenchLoad>& files) {
  std::vector<int> out;
  for (const perf::MultiGpuBenchLoad& f : files) {
    if (!f.results) continue;
    for (int g : f.results->GpuCounts()) out.push_back(g);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string GpusSummary(const perf::MultiGpuBenchResults& r, int gpus) {
  const std::vector<const perf::MultiGpuPoint*> series = r.Series(gpus);
  if (series.empty()) return {};
  const perf::MultiGpuPoint& top = *series.back();
  std::string out = "On " + std::to_string(gpus) + (gpus == 1 ? " GPU" : " GPUs") +
                    " at n = " + perf::MultiGpuSizeLabel(top.n) + " the faster strategy (" +
                    top.Faster() + ") moves " + Fmt("%.0f", top.Gbps(top.FasterUs())) + " GB/s, " +
                    Fmt("%.0f", top.PctOfBound()) + " % of its bound.";
  // The speed-up where one GPU last held the whole n.
  const auto held = std::find_if(series.rbegin(), series.rend(), [](const perf::MultiGpuPoint* p) {
    return p->SpeedUpOverOneGpu().has_value();
  });
  if (held == series.rend()) return out + " One GPU held none of these n, so no speed-up is given.";
  const perf::MultiGpuPoint& p = **held;
  return out + " At n = " + perf::MultiGpuSizeLabel(p.n) +
         (held == series.rbegin() ? "" : ", the largest one GPU holds,") + " it is " +
         Fmt("%.2f", *p.SpeedUpOverOneGpu()) + "x one GPU's e (the traffic allows " +
         Fmt("%.2f", p.TrafficCeiling(p.Faster())) + "x).";
}

GpusChart MakeGpusChart(const std::vector<perf::MultiGpuBenchLoad>& files, int gpus) {
  GpusChart chart;
  const long long readable =
      std::count_if(files.begin(), files.end(),
                    [](const perf::MultiGpuBenchLoad& f) { return f.results.has_value(); });
  for (const perf::MultiGpuBenchLoad& f : files) {
    if (!f.results) {
      chart.errors.push_back(f.error);
      continue;
    }
    const perf::MultiGpuBenchResults& r = *f.results;
    for (int count : r.GpuCounts()) {
      if (gpus != 0 && count != gpus) continue;
      std::string label = std::to_string(count) + (count == 1 ? " GPU" : " GPUs");
      if (readable > 1) label += " (" + std::filesystem::path(r.source).stem().string() + ")";
      const std::vector<const perf::MultiGpuPoint*> points = r.Series(count);
      for (GpusLineKind kind : {GpusLineKind::kScanThenAdd, GpusLineKind::kReduceThenScan,
                                GpusLineKind::kBound, GpusLineKind::kIdeal}) {
        GpusLine line = MakeLine(points, kind);
        if (line.points.empty()) continue;
        line.gpus = count;
        line.series = chart.series;
        line.label = label;
        for (const GpusPoint& p : line.points) {
          chart.n_lo = chart.n_lo == 0 ? p.n : std::min(chart.n_lo, p.n);
          chart.n_hi = std::max(chart.n_hi, p.n);
          chart.gbps_hi = std::max(chart.gbps_hi, p.gbps);
        }
        chart.lines.push_back(std::move(line));
      }
      chart.summary.push_back(GpusSummary(r, count));
      ++chart.series;
    }
  }
  return chart;
}

}  // namespace scanviz
