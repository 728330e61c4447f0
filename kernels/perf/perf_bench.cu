// The performance lab's driver: the stages of bench_stages.cuh in order. It runs the ladder (rungs
// a..e) next to CUB, thrust and cudaMemcpy, checks every output against a CPU reference, times
// with CUDA events, prints the tables and writes the results file. See docs/performance.md.
#include <chrono>

#include "core/file_io.h"
#include "core/perf/bench_host.h"
#include "core/perf/bench_report.h"
#include "perf/bench_stages.cuh"
#include "perf/build_info.h"
#include "perf/perf_bench.h"

namespace scanviz::perf {

int RunBench(const BenchOptions& options, std::ostream& out, std::string* error) {
  auto fail = [&](std::string why, int rc) {
    if (error) *error = std::move(why);
    return rc;
  };
  std::vector<std::string> types, modes;
  if (options.int32) types.push_back("int32");
  if (options.float32) types.push_back("float32");
  if (options.inclusive) modes.push_back("inclusive");
  if (options.exclusive) modes.push_back("exclusive");
  if (types.empty() || modes.empty())
    return fail("nothing to run: no element type or no scan mode left", 2);
  // A results file that cannot be written is refused before minutes of measuring.
  if (!options.json_path.empty()) {
    if (std::string why = CheckWriteTarget(options.json_path); !why.empty()) return fail(why, 2);
  }

  BenchResults results;
  results.schema = std::string(kBenchSchema);
  results.commit = BuildCommit();
  results.toolkit = BuildToolkit();
  // [1] the device
  if (std::string why = DescribeDevice(&results.device); !why.empty()) return fail(why, 2);
  // [2] the rungs
  std::vector<std::unique_ptr<Rung>> rungs;
  if (std::string why = MakeRungs(options.rungs, &rungs); !why.empty()) return fail(why, 2);
  for (const auto& r : rungs) results.rungs.push_back({r->Name(), r->Description()});
  // [3] the plan
  results.options = PlanRun(options.min_log2, options.max_log2, options.repeats, types, modes);
  results.date = IsoUtc(std::chrono::system_clock::now());
  std::optional<double> clock_before = MeasureSmClockMhz();
  if (clock_before) results.clocks = BenchClocks{*clock_before, 0, kClockMethod};
  PrintHeader(results, out);

  // [4] measure
  try {
    MeasureAll(results.options, results.device.l2_bytes, rungs, &results, out);
  } catch (const std::exception& ex) {
    results.fatal = ex.what();
    out << "FATAL: " << results.fatal << "\n";
  }
  if (results.clocks) {
    const std::optional<double> after = results.fatal.empty() ? MeasureSmClockMhz() : std::nullopt;
    if (after) {
      results.clocks->sm_mhz_after = *after;
    } else {
      results.clocks.reset();  // half a measurement is none
    }
  }
  results.all_correct = results.AllChecksPassed();

  // [5] report
  PrintReport(results, out);
  if (!options.json_path.empty()) {
    if (std::string why = SaveBenchResults(results, options.json_path); !why.empty()) {
      out << "cannot write " << options.json_path << ": " << why << "\n";
      return fail("cannot write " + options.json_path + ": " + why, 2);  // as a bad --json
    }
    out << "wrote " << options.json_path << "\n";
  }
  if (!results.fatal.empty() && error) *error = results.fatal;
  return results.all_correct ? 0 : 1;
}

}  // namespace scanviz::perf
