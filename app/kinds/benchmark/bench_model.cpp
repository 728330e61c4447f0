// BenchModel (bench_model.h): the benchmark results file, read on first use.
#include "kinds/benchmark/bench_model.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace scanviz {

void BenchModel::SetPath(std::string path) {
  m_path = std::move(path);
  m_results.reset();
  m_multi_gpu.reset();
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

const std::vector<perf::MultiGpuBenchLoad>& BenchModel::MultiGpu() {
  if (!m_multi_gpu) {
    m_multi_gpu.emplace();
    if (!m_path.empty()) {
      const std::string folder = std::filesystem::path(m_path).parent_path().string();
      for (const std::string& file : MultiGpuResultFiles(folder.empty() ? "." : folder))
        m_multi_gpu->push_back(perf::LoadMultiGpuBenchResults(file));
    }
  }
  return *m_multi_gpu;
}

std::vector<std::string> MultiGpuResultFiles(const std::string& folder) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  std::error_code ec;
  // Without the error code an unreadable folder would throw; it only means no files.
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    // is_regular_file follows a link: one whose file is gone is left out, as a folder is.
    std::error_code file_ec;  // its own: the loop's ends the listing
    if (name.rfind("multi-gpu-", 0) == 0 && name.size() > 15 &&
        fs::is_regular_file(it->path(), file_ec) && name.compare(name.size() - 5, 5, ".json") == 0)
      out.push_back(it->path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace scanviz
