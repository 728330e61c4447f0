// The benchmark results the chart shows (the benchmark kind): the results file's path and what
// it held, read when first asked for, and the bench across GPUs' files beside it (issue #36:
// multi-gpu-*.json in the same folder, docs/bench/ bundled as the data dir's bench/). No GL, no
// ImGui: the benchmark kind's state holds it.
#pragma once

#include <optional>
#include <string>
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

// The bench across GPUs' files in `folder` (multi-gpu-*.json), sorted by name; none when the
// folder cannot be read.
std::vector<std::string> MultiGpuResultFiles(const std::string& folder);

}  // namespace scanviz
