// The benchmark panel's chart (bench_view.cpp draws the rest of the panel): GB/s or % of memcpy
// against log2 n, one line per shown rung, the ceiling dashed, names at the right ends, and the
// readout of every rung at the hovered n. Internal to the views.
#pragma once

#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/perf/bench_results.h"
#include "kinds/benchmark/bench_model.h"
#include "kinds/benchmark/benchmark_state.h"
#include "views/views.h"

namespace scanviz::bench_chart {

// A rung's points in the selected type and mode, in the file's order.
struct Line {
  const perf::BenchRung* rung;
  scene::Rgba color;
  bool ceiling;
  std::vector<const perf::BenchMeasurement*> points;
  std::vector<std::optional<double>> pct;  // each point's % of memcpy (none: no copy at that n)
};

// "2^20": n as a power of two (bench_model.h's, which the summary uses too).
inline std::string SizeLabel(long long n) {
  return BenchSizeLabel(n);
}

// Whether the rung's line is off: the ladder's are on and the variants ("e.xxx") off until the
// legend toggles them (BenchmarkState::bench_toggled).
bool Hidden(const BenchmarkState& bench, const std::string& rung);

// Each shown rung's point at the largest n, for the summary under the chart.
using AtMax = BenchAtMax;

// The same from the lines alone, before they are drawn (the summary's height places the chart).
AtMax AtLargestN(const BenchmarkState& bench, const std::vector<Line>& lines, bool pct);

// Where the plot lies and what its axes span: x = log2 n, y = GB/s or % of memcpy from 0.
struct Chart {
  bool pct = false;
  const char* unit = "";      // "GB/s" or "% of memcpy"
  ImVec2 origin;              // the chart's top-left: the unit's label
  float left = 0, right = 0;  // the plot's box
  float top = 0, bottom = 0;
  double lx0 = 0, lx1 = 0;  // log2 of the smallest and the largest n shown
  long long n_hi = 0;       // the largest n shown
  double y_hi = 1;          // the top tick
  std::vector<double> yticks;
  float X(double n) const {
    return left + static_cast<float>((std::log2(n) - lx0) / (lx1 - lx0)) * (right - left);
  }
  float Y(double v) const { return bottom - static_cast<float>(v / y_hi) * (bottom - top); }
};

// The plot's box in what is left of the window, `below` text sizes left under it (the x labels,
// the summary and the file row on screen; no file row in an export), at most `most_h` tall
// (0: no limit), and its ranges from the
// points that have a value in the unit; none when the window is too short or a single n was
// measured.
std::optional<Chart> Place(const UiContext& ui, const std::vector<Line>& lines, bool pct,
                           float below = 8.0f, float most_h = 0);
// The value grid with its labels and unit, the powers of two along x, the axes.
void DrawAxes(const UiContext& ui, const Chart& c);
// Every shown line (the ceiling dashed) with its name at its right end, where the lines are
// furthest apart. Returns each shown rung's point at the largest n, for the summary.
AtMax DrawLines(UiContext& ui, const Chart& c, const std::vector<Line>& lines);
// Hover: the nearest measured n, every shown rung's GB/s and time there, best first.
void DrawReadout(UiContext& ui, const Chart& c, const std::vector<Line>& lines, const char* type,
                 const char* mode);

}  // namespace scanviz::bench_chart
