// BenchModel (bench_model.h): the benchmark results file, read on first use.
#include "kinds/benchmark/bench_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
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

std::string BenchSizeLabel(long long n) {
  const int k = static_cast<int>(std::lround(std::log2(static_cast<double>(n))));
  return "2^" + std::to_string(k);
}

// One sentence from the data at the largest n: the fastest rung against the ceiling, and the
// textbook rungs a and b.
std::string BenchSummary(const perf::BenchResults& res, const BenchAtMax& at) {
  const perf::BenchMeasurement* memcpy = nullptr;
  const perf::BenchMeasurement* best = nullptr;
  std::string best_name;
  for (const auto& [name, m] : at) {
    if (name == "memcpy") {
      memcpy = m;
    } else if (best == nullptr || m->gbps > best->gbps) {
      best = m;
      best_name = name;
    }
  }
  const std::optional<double> best_pct = best ? res.PctOfMemcpy(*best) : std::nullopt;
  if (memcpy == nullptr || !best_pct) return {};
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "At n = %s the fastest scan shown (%s) moves %.0f GB/s, %.0f %% of what a plain "
                "copy of the same bytes reaches (%.0f GB/s).",
                BenchSizeLabel(memcpy->n).c_str(), best_name.c_str(), best->gbps, *best_pct,
                memcpy->gbps);
  std::string out = buf;
  std::optional<double> a, b;
  double a_gbps = 0, b_gbps = 0;
  for (const auto& [name, m] : at) {
    if (name == "a") a = res.PctOfMemcpy(*m), a_gbps = m->gbps;
    if (name == "b") b = res.PctOfMemcpy(*m), b_gbps = m->gbps;
  }
  if (a && b) {
    std::snprintf(buf, sizeof buf,
                  " The textbook scans reach %.0f %% (a, Hillis-Steele) and %.0f %% (b, Blelloch): "
                  "%s.",
                  *a, *b,
                  a_gbps > b_gbps ? "at this size the one with more work is the faster"
                                  : "the work-efficient one is the faster here");
    out += buf;
  }
  return out;
}

}  // namespace scanviz
