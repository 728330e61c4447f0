// Fuzz target: the performance lab's results file, which the app's benchmark panel (G) reads
// (kernels/core/perf/bench_results_read.cpp's ParseBenchResults, which LoadBenchResults reads the
// file through; scanviz-cli bench writes it with the same model).
//
// Beyond "no crash": a file is either rejected with a message or gives results the panel can
// draw without checking them again: the schema is one this build reads (/2, or the older /1),
// every measurement's type, mode and rung are known, n is at least 1, no point is measured twice,
// a timed one has a finite positive time and a finite non-negative bandwidth, at least one is
// timed, each series the panel asks for (Series) is the timed points of that rung, type and mode
// sorted by n, and its % of memcpy (PctOfMemcpy, per point and per series, which agree) is finite
// and not negative where it exists. An accepted file, written again, is read back to the same
// measurements.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/perf/bench_results.h"
#include "fuzz/fuzz_check.h"

namespace scanviz::fuzz {
namespace {

constexpr const char* kTarget = "fuzz_bench_results";

void Check(const perf::BenchResults& res) {
  if (res.schema != perf::kBenchSchema && res.schema != perf::kBenchSchemaV1)
    Fail(kTarget, "accepted schema \"" + res.schema + "\"");
  int timed = 0;
  for (size_t i = 0; i < res.measurements.size(); ++i) {
    const perf::BenchMeasurement& m = res.measurements[i];
    const std::string where = "measurements[" + std::to_string(i) + "]";
    if (m.type != "int32" && m.type != "float32") Fail(kTarget, where + ": type " + m.type);
    if (m.mode != "inclusive" && m.mode != "exclusive") Fail(kTarget, where + ": mode " + m.mode);
    if (m.n < 1) Fail(kTarget, where + ": n " + std::to_string(m.n));
    if (std::none_of(res.rungs.begin(), res.rungs.end(),
                     [&](const perf::BenchRung& r) { return r.name == m.rung; }))
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
  for (const perf::BenchRung& rung : res.rungs) {
    for (std::string_view type : {"int32", "float32"}) {
      for (std::string_view mode : {"inclusive", "exclusive"}) {
        const std::vector<const perf::BenchMeasurement*> series = res.Series(type, mode, rung.name);
        const std::vector<std::optional<double>> pct = res.PctOfMemcpy(series);
        if (pct.size() != series.size()) Fail(kTarget, "PctOfMemcpy(series) has another length");
        for (size_t i = 0; i < series.size(); ++i) {
          const perf::BenchMeasurement& m = *series[i];
          if (!m.timed || m.type != type || m.mode != mode || m.rung != rung.name ||
              (i > 0 && series[i - 1]->n >= m.n))
            Fail(kTarget, "Series(" + std::string(type) + ", " + std::string(mode) + ", " +
                              rung.name + ") is not that rung's timed points sorted by n");
          // The panel plots it: finite, not negative, and the same as the point's own.
          const std::optional<double> one = res.PctOfMemcpy(m);
          if (one.has_value() != pct[i].has_value() || (one && *one != *pct[i]) ||
              (one && (!std::isfinite(*one) || *one < 0)))
            Fail(kTarget, "PctOfMemcpy of " + rung.name + " at n = " + std::to_string(m.n));
        }
      }
    }
  }
}

}  // namespace
}  // namespace scanviz::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const scanviz::perf::BenchLoad load = scanviz::perf::ParseBenchResults(text);
  if (load.results) {
    scanviz::fuzz::Check(*load.results);
    // What the bench writes is what the panel reads: written again, it reads back the same.
    const scanviz::perf::BenchLoad again =
        scanviz::perf::ParseBenchResults(scanviz::perf::WriteBenchResults(*load.results));
    if (!again.results || again.results->measurements.size() != load.results->measurements.size())
      scanviz::fuzz::Fail(scanviz::fuzz::kTarget, "written again, not read back: " + again.error);
  } else if (load.error.empty()) {
    scanviz::fuzz::Fail(scanviz::fuzz::kTarget, "no results and no error");
  }
  return 0;
}
