// The benchmark results the chart shows (the benchmark kind): the results file's path and what
// it held, read when first asked for, and the bench across GPUs' files beside it (issue #36:
// multi-gpu-*.json in the same folder, docs/bench/ bundled as the data dir's bench/). No GL, no
// ImGui: the benchmark kind's state holds it.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/perf/bench_results.h"
#include "core/perf/multi_gpu_results.h"

namespace scanviz {

class BenchModel {
 public:
  void SetPath(std::string path);  // also forgets what was read
  const std::string& Path() const { return m_path; }
  const perf::BenchLoad& Results();  // read on first use
  // The folder's multi-gpu-*.json, by name, each read (or its error); read on first use.
  const std::vector<perf::MultiGpuBenchLoad>& MultiGpu();

 private:
  std::string m_path;
  std::optional<perf::BenchLoad> m_results;
  std::optional<std::vector<perf::MultiGpuBenchLoad>> m_multi_gpu;
};

// "2^20": n as a power of two; any other n as itself.
std::string BenchSizeLabel(long long n);

// Each shown rung's point at the largest n (the chart's lines, before they are drawn).
using BenchAtMax = std::vector<std::pair<std::string, const perf::BenchMeasurement*>>;

// The summary under the chart, one sentence from the data at the largest n: the fastest rung
// shown against the copy's ceiling, and the textbook rungs a and b. Empty without the copy.
std::string BenchSummary(const perf::BenchResults& res, const BenchAtMax& at);

// The bench across GPUs' files in `folder` (multi-gpu-*.json), sorted by name; none when the
// folder cannot be read.
std::vector<std::string> MultiGpuResultFiles(const std::string& folder);

}  // namespace scanviz
