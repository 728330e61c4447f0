// The benchmark kind's state: its results (bench_model.h) and the chart's choices, which a
// session keeps.
#pragma once

#include <string>
#include <vector>

#include "kinds/benchmark/bench_model.h"
#include "state/kind_state.h"

namespace scanviz {

class AppState;

class BenchmarkState final : public KindState {
 public:
  static constexpr KindId kId = KindId::kBenchmark;
  KindId Id() const override { return kId; }
  bool WayBackTo() const override { return false; }  // a chart: G again goes to the rounds

  void WriteSession(const KindHost&, bool shown, Session& s) const override;
  void ReadSessionEarly(const Session& s) override;
  bool ShownIn(const Session& s) const override { return s.benchmark; }

  BenchModel model;
  bool bench_float = false;      // float32 (else int32)
  bool bench_exclusive = false;  // exclusive (else inclusive)
  bool bench_pct = false;        // plot % of memcpy (else GB/s)
  // Rungs switched from their default in the legend: the ladder (a, b, ..., cub, memcpy) starts
  // shown, tuning variants (named with a dot: e.lb8) start hidden.
  std::vector<std::string> bench_toggled;
  // The bench across GPUs (issue #36), when the results' folder holds its files: shown in place of
  // the one-GPU chart, for one GPU count (0: every count). Not kept in a session yet.
  bool bench_gpus = false;
  int bench_gpu_count = 0;
};

// The app's benchmark kind (kinds/benchmark/benchmark.cpp).
BenchmarkState& BenchmarkOf(AppState& app);
const BenchmarkState& BenchmarkOf(const AppState& app);

}  // namespace scanviz
