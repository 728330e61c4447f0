// BenchModel (bench_model.h): the benchmark results file, read on first use.
#include "kinds/benchmark/bench_model.h"

namespace scanviz {

void BenchModel::SetPath(std::string path) {
  m_path = std::move(path);
  m_results.reset();
}

const perf::BenchLoad& BenchModel::Results() {
  if (!m_results) {
    if (m_path.empty()) {
      m_results = perf::BenchLoad{};
      m_results->error =
          "no results file: the data dir has no bench/h200.json (scanviz --data-dir says where "
          "it looks); open one with --bench-results FILE";
    } else {
      m_results = perf::LoadBenchResults(m_path);
    }
  }
  return *m_results;
}

}  // namespace scanviz
