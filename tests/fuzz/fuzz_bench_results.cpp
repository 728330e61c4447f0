// Fuzz target: the benchmark results file the app's benchmark panel (G) reads
// (app/scene/bench_results.cpp's ParseBenchResults, which LoadBenchResults reads the file
// through).
//
// Beyond "no crash": a file is either rejected with a message or gives results the panel can
// draw without checking them again: the schema is the one this build reads, every measurement's
// type, mode and rung are known, n is at least 1, a timed one has a finite positive time and a
// finite non-negative bandwidth, at least one is timed, and each series the panel asks for
// (Series) is the timed points of that rung, type and mode sorted by n.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/fuzz_check.h"
#include "scene/bench_results.h"

namespace scanviz::fuzz {
namespace {

constexpr const char* kTarget = "fuzz_bench_results";

void Check(const scene::BenchResults& res) {
  if (res.schema != scene::kBenchSchema) Fail(kTarget, "accepted schema \"" + res.schema + "\"");
  int timed = 0;
  for (size_t i = 0; i < res.measurements.size(); ++i) {
    const scene::BenchMeasurement& m = res.measurements[i];
    const std::string where = "measurements[" + std::to_string(i) + "]";
    if (m.type != "int32" && m.type != "float32") Fail(kTarget, where + ": type " + m.type);
    if (m.mode != "inclusive" && m.mode != "exclusive") Fail(kTarget, where + ": mode " + m.mode);
    if (m.n < 1) Fail(kTarget, where + ": n " + std::to_string(m.n));
    if (std::none_of(res.rungs.begin(), res.rungs.end(),
                     [&](const scene::BenchRung& r) { return r.name == m.rung; }))
      Fail(kTarget, where + ": rung " + m.rung + " not listed");
    if (!m.timed) continue;
    ++timed;
    // The panel puts these on a log axis and divides by them.
    if (!std::isfinite(m.time_us_median) || !(m.time_us_median > 0) || !std::isfinite(m.gbps) ||
        !(m.gbps >= 0))
      Fail(kTarget, where + ": time " + std::to_string(m.time_us_median) + " us, " +
                        std::to_string(m.gbps) + " GB/s");
  }
  if (timed == 0) Fail(kTarget, "accepted a file with no timed measurement");
  for (const scene::BenchRung& rung : res.rungs) {
    for (std::string_view type : {"int32", "float32"}) {
      for (std::string_view mode : {"inclusive", "exclusive"}) {
        const std::vector<const scene::BenchMeasurement*> series =
            res.Series(type, mode, rung.name);
        for (size_t i = 0; i < series.size(); ++i) {
          const scene::BenchMeasurement& m = *series[i];
          if (!m.timed || m.type != type || m.mode != mode || m.rung != rung.name ||
              (i > 0 && series[i - 1]->n > m.n))
            Fail(kTarget, "Series(" + std::string(type) + ", " + std::string(mode) + ", " +
                              rung.name + ") is not that rung's timed points sorted by n");
        }
      }
    }
  }
}

}  // namespace
}  // namespace scanviz::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const scanviz::scene::BenchLoad load = scanviz::scene::ParseBenchResults(text);
  if (load.results) {
    scanviz::fuzz::Check(*load.results);
  } else if (load.error.empty()) {
    scanviz::fuzz::Fail(scanviz::fuzz::kTarget, "no results and no error");
  }
  return 0;
}
