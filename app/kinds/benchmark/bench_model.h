// The benchmark results the chart shows (the benchmark kind): the results file's path and what
// it held, read when first asked for. No GL, no ImGui: the benchmark kind's state holds it.
#pragma once

#include <optional>
#include <string>

#include "core/perf/bench_results.h"

namespace scanviz {

class BenchModel {
 public:
  void SetPath(std::string path);  // also forgets what was read
  const std::string& Path() const { return m_path; }
  const perf::BenchLoad& Results();  // read on first use

 private:
  std::string m_path;
  std::optional<perf::BenchLoad> m_results;
};

}  // namespace scanviz
