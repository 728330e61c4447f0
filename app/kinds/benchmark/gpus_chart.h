// The benchmark chart's "across GPUs" half (issue #36) as a model: from the bench across GPUs'
// files (core/perf/multi_gpu_results.h), the lines it draws (GB/s against n for each GPU count:
// both strategies, the faster one's bound and P times one GPU's e at the shard as references)
// and the speed-ups in words. No GL, no ImGui: gpus_chart_view.cpp draws it.
#pragma once

#include <string>
#include <vector>

#include "core/perf/multi_gpu_results.h"

namespace scanviz {

enum class GpusLineKind { kScanThenAdd, kReduceThenScan, kBound, kIdeal };

struct GpusPoint {
  long long n = 0;
  double gbps = 0;
  double us = 0;  // the time the GB/s came from (the bound's, or one GPU's e at the shard)
};

struct GpusLine {
  int gpus = 0;
  int series = 0;     // which (file, GPU count) it belongs to: its colour
  std::string label;  // "4 GPUs" (with the file's name when there are several files)
  GpusLineKind kind = GpusLineKind::kScanThenAdd;
  std::vector<GpusPoint> points;  // ascending n, only where the value exists
};

struct GpusChart {
  std::vector<GpusLine> lines;
  std::vector<std::string> summary;  // one sentence a series, in words
  std::vector<std::string> errors;   // the files that did not read, one line each
  long long n_lo = 0, n_hi = 0;      // the range of n drawn (0: nothing to draw)
  double gbps_hi = 0;                // the largest GB/s drawn
  int series = 0;                    // how many (file, GPU count) pairs are drawn
};

// What each kind of line is called in the legend: "scan, then add", "bound (the faster)", ...
const char* GpusLineName(GpusLineKind kind);

// The GPU counts the files hold, ascending, each once.
std::vector<int> GpuCountsOf(const std::vector<perf::MultiGpuBenchLoad>& files);

// The chart for GPU count `gpus` (0: every count) from every file that read.
GpusChart MakeGpusChart(const std::vector<perf::MultiGpuBenchLoad>& files, int gpus);

// The sentence of one count of one file: at its largest n the faster strategy's GB/s and its %
// of its bound; at the largest n one GPU holds, the speed-up over one GPU's e beside what the
// traffic allows (or that no n of the file fits one GPU).
std::string GpusSummary(const perf::MultiGpuBenchResults& results, int gpus);

}  // namespace scanviz
