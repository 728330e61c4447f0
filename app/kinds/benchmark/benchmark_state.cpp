// BenchmarkState (benchmark_state.h): the chart's choices in a session.
#include "kinds/benchmark/benchmark_state.h"

namespace scanviz {

void BenchmarkState::WriteSession(const KindHost&, bool shown, Session& s) const {
  s.benchmark = shown;
  s.bench_float = bench_float;
  s.bench_exclusive = bench_exclusive;
  s.bench_pct = bench_pct;
  s.bench_toggled = bench_toggled;
}

void BenchmarkState::ReadSessionEarly(const Session& s) {
  bench_float = s.bench_float;
  bench_exclusive = s.bench_exclusive;
  bench_pct = s.bench_pct;
  bench_toggled = s.bench_toggled;
}

}  // namespace scanviz
