// The benchmark panel's chart: see bench_chart.h.
#include "kinds/benchmark/bench_view.h"
#include "kinds/benchmark/bench_chart_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "views/primitives.h"

namespace scanviz::bench_chart {

namespace {

constexpr float kLabelStroke = 0.8f;  // a line name's stroke of its colour, in text heights

// End-of-line labels, pushed apart vertically so converging lines keep readable names.
struct EndLabel {
  float x, y;
  std::string text;
  ImU32 color;
};
void PlaceLabels(std::vector<EndLabel>& labels, float min_gap, float top, float bottom) {
  std::sort(labels.begin(), labels.end(),
            [](const EndLabel& a, const EndLabel& b) { return a.y < b.y; });
  for (size_t i = 0; i < labels.size(); ++i) {
    labels[i].y = std::max(labels[i].y, i == 0 ? top : labels[i - 1].y + min_gap);
  }
  // If the stack ran past the bottom, push it back up.
  for (size_t i = labels.size(); i-- > 0;) {
    const float limit = i + 1 == labels.size() ? bottom : labels[i + 1].y - min_gap;
    labels[i].y = std::min(labels[i].y, limit);
  }
}

// A point's value in the unit plotted (in %: none where the run did not time memcpy at that n).
std::optional<double> ValueOf(const Line& l, size_t i, bool pct) {
  if (pct) return l.pct[i];
  return l.points[i]->gbps;
}

}  // namespace

bool Hidden(const BenchmarkState& bench, const std::string& rung) {
  const bool variant = rung.find('.') != std::string::npos;
  const bool toggled = std::find(bench.bench_toggled.begin(), bench.bench_toggled.end(), rung) !=
                       bench.bench_toggled.end();
  return variant != toggled;
}

AtMax AtLargestN(const BenchmarkState& bench, const std::vector<Line>& lines, bool pct) {
  long long n_hi = 0;
  for (const Line& l : lines)
    for (size_t i = 0; i < l.points.size(); ++i)
      if (ValueOf(l, i, pct)) n_hi = std::max(n_hi, l.points[i]->n);
  AtMax at;
  for (const Line& l : lines) {
    if (Hidden(bench, l.rung->name)) continue;
    for (size_t i = l.points.size(); i-- > 0;) {
      if (!ValueOf(l, i, pct)) continue;
      if (l.points[i]->n == n_hi) at.push_back({l.rung->name, l.points[i]});
      break;
    }
  }
  return at;
}

std::optional<Chart> Place(const UiContext& ui, const std::vector<Line>& lines, bool pct,
                           float below, float most_h) {
  const float px = ui.fonts.ui_px;
  Chart c;
  c.pct = pct;
  long long n_lo = 0;
  double y_hi = pct ? 100 : 1;
  for (const Line& l : lines) {
    for (size_t i = 0; i < l.points.size(); ++i) {
      const std::optional<double> v = ValueOf(l, i, pct);
      if (!v) continue;
      n_lo = n_lo == 0 ? l.points[i]->n : std::min(n_lo, l.points[i]->n);
      c.n_hi = std::max(c.n_hi, l.points[i]->n);
      y_hi = std::max(y_hi, *v);
    }
  }
  c.yticks = NiceTicks(0, y_hi * 1.05, 5);
  c.y_hi = c.yticks.back();
  c.lx0 = std::log2(static_cast<double>(n_lo));
  c.lx1 = std::log2(static_cast<double>(c.n_hi));
  c.origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  c.unit = pct ? "% of memcpy" : "GB/s";
  // The same margin in both units, so that the lines do not jump sideways on a toggle.
  c.left = c.origin.x +
           std::max(ImGui::CalcTextSize("0000 GB/s").x, ImGui::CalcTextSize("% of memcpy").x) +
           8 * ui.scale;
  c.right = c.origin.x + avail.x - ImGui::CalcTextSize("memcpy ").x - px * (kLabelStroke + 0.3f);
  c.top = c.origin.y + px * 1.4f;               // the unit above the top tick label
  c.bottom = c.origin.y + avail.y - px * below;
  if (most_h > 0) c.bottom = std::min(c.bottom, c.top + most_h);
  if (c.bottom - c.top < px * 4 || c.lx1 <= c.lx0) return std::nullopt;
  return c;
}

void DrawAxes(const UiContext& ui, const Chart& c) {
  const float px = ui.fonts.ui_px;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 axis = ToImU32(ui.palette.text_dim);
  // Ticks closer than 1 apart (a small run's GB/s) need their decimal.
  const char* tick_format = c.yticks.size() > 1 && c.yticks[1] - c.yticks[0] < 1 ? "%.1f" : "%.0f";
  for (double t : c.yticks) {
    dl->AddLine(ImVec2(c.left, c.Y(t)), ImVec2(c.right, c.Y(t)),
                ToImU32({0.5f, 0.5f, 0.5f, 0.25f}));
    char label[32];
    std::snprintf(label, sizeof label, tick_format, t);
    dl->AddText(ImVec2(c.left - ImGui::CalcTextSize(label).x - 6 * ui.scale, c.Y(t) - px * 0.5f),
                axis, label);
  }
  dl->AddText(ImVec2(c.origin.x, c.origin.y), axis, c.unit);
  const int k0 = static_cast<int>(std::ceil(c.lx0)), k1 = static_cast<int>(std::floor(c.lx1));
  // Every k-th power labelled, k as small as keeps the widest label a space clear of the next:
  // a narrow plot or a large font (HiDPI, presenter mode) thins them, never runs them together.
  const float widest = ImGui::CalcTextSize(("2^" + std::to_string(k1)).c_str()).x;
  const float step = c.X(std::ldexp(1.0, k0 + 1)) - c.X(std::ldexp(1.0, k0));
  int every = 1;  // 1, 2, 4...: the labels keep to round powers (2^10, 2^14...)
  while (static_cast<float>(every) * step < widest + px * 0.6f && every < 64) every *= 2;
  for (int k = k0; k <= k1; ++k) {
    const float x = c.X(std::ldexp(1.0, k));
    dl->AddLine(ImVec2(x, c.top), ImVec2(x, c.bottom), ToImU32({0.5f, 0.5f, 0.5f, 0.12f}));
    if ((k - k0) % every != 0) continue;
    const std::string label = "2^" + std::to_string(k);
    const ImVec2 size = ImGui::CalcTextSize(label.c_str());
    const ImVec2 at(x - size.x * 0.5f, c.bottom + 4 * ui.scale);
    dl->AddText(at, axis, label.c_str());
    DumpLine(ui, {"x label", label}, {at.x, at.y, size.x, size.y});
  }
  const char* xlabel =
      c.pct ? "n (elements, log2 scale)  ·  % of memcpy = GB/s / memcpy's GB/s at that n"
            : "n (elements, log2 scale)  ·  throughput = 2 · n · 4 bytes / median time";
  const float lw = ImGui::CalcTextSize(xlabel).x;
  dl->AddText(ImVec2((c.left + c.right - lw) * 0.5f, c.bottom + px * 1.5f), axis, xlabel);
  dl->AddLine(ImVec2(c.left, c.bottom), ImVec2(c.right, c.bottom), axis);
  dl->AddLine(ImVec2(c.left, c.top), ImVec2(c.left, c.bottom), axis);
}

AtMax DrawLines(UiContext& ui, const Chart& c, const std::vector<Line>& lines) {
  const BenchmarkState& bench = BenchmarkOf(ui.app);
  const float px = ui.fonts.ui_px;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  std::vector<ImVec2> pts;
  std::vector<EndLabel> labels;
  AtMax at_max;
  for (const Line& l : lines) {
    if (Hidden(bench, l.rung->name)) continue;
    pts.clear();
    const perf::BenchMeasurement* last = nullptr;
    for (size_t i = 0; i < l.points.size(); ++i) {
      const std::optional<double> v = ValueOf(l, i, c.pct);
      if (!v) continue;
      pts.push_back(ImVec2(c.X(static_cast<double>(l.points[i]->n)), c.Y(*v)));
      last = l.points[i];
    }
    const ImU32 color = ToImU32(l.color);
    if (l.ceiling) {
      for (size_t i = 1; i < pts.size(); ++i)
        DashedLine(dl, pts[i - 1], pts[i], color, 2.5f * ui.scale, 6 * ui.scale);
    } else {
      dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), color, 0, 2.5f * ui.scale);
      for (const ImVec2& p : pts) dl->AddCircleFilled(p, 3.5f * ui.scale, color);
    }
    if (!pts.empty()) {
      labels.push_back(
          {pts.back().x + 5 * ui.scale, pts.back().y - px * 0.5f, l.rung->name, color});
      if (last->n == c.n_hi) at_max.push_back({l.rung->name, last});
    }
  }
  // The plot's box and its unit, for the headless tests (--dump-layout).
  DumpLine(ui, {"plot", c.unit}, {c.left, c.top, c.right - c.left, c.bottom - c.top});
  // More names than the plot's height holds a line each (the variants shown): the stack would
  // climb out of the plot over the legend and its buttons. The names that fit are drawn (the
  // highest lines' first); the legend names every line.
  const float span = c.bottom - c.top + px * 0.5f;
  if (static_cast<float>(labels.size()) * px > span) {
    std::sort(labels.begin(), labels.end(),
              [](const EndLabel& a, const EndLabel& b) { return a.y < b.y; });
    labels.resize(static_cast<size_t>(std::max(span / px, 1.0f)));
  }
  PlaceLabels(labels, px * 1.0f, c.top - px * 0.5f, c.bottom - px * 0.5f);
  // Each name in the text's colour (the lines' own colours read at 1.3:1 to 4.2:1 on the
  // themes' backgrounds), after a short stroke in its line's colour that says which line it is.
  const float stroke = px * kLabelStroke;
  for (const EndLabel& label : labels) {
    const float mid = label.y + px * 0.55f;
    dl->AddLine(ImVec2(label.x, mid), ImVec2(label.x + stroke, mid), label.color, 3 * ui.scale);
    const ImVec2 at(label.x + stroke + 3 * ui.scale, label.y);
    dl->AddText(at, ToImU32(ui.palette.text), label.text.c_str());
    const ImVec2 size = ImGui::CalcTextSize(label.text.c_str());
    DumpLine(ui, {"line label", label.text}, {at.x, at.y, size.x, size.y});
  }
  return at_max;
}

void DrawReadout(UiContext& ui, const Chart& c, const std::vector<Line>& lines, const char* type,
                 const char* mode) {
  const BenchmarkState& bench = BenchmarkOf(ui.app);
  ImGui::SetCursorScreenPos(ImVec2(c.left, c.top));
  ImGui::InvisibleButton("##benchplot", ImVec2(c.right - c.left, c.bottom - c.top));
  if (!ImGui::IsItemHovered() || ui.app.view.ignore_mouse) return;
  const double lx =
      c.lx0 + (ImGui::GetIO().MousePos.x - c.left) / (c.right - c.left) * (c.lx1 - c.lx0);
  const long long n = static_cast<long long>(std::ldexp(1.0, static_cast<int>(std::lround(lx))));
  ImGui::GetWindowDrawList()->AddLine(ImVec2(c.X(static_cast<double>(n)), c.top),
                                      ImVec2(c.X(static_cast<double>(n)), c.bottom),
                                      ToImU32(ui.palette.text), 1.5f * ui.scale);
  struct Row {
    const Line* line;
    const perf::BenchMeasurement* m;
    std::optional<double> pct;
  };
  std::vector<Row> rows;
  for (const Line& l : lines) {
    if (Hidden(bench, l.rung->name)) continue;
    for (size_t i = 0; i < l.points.size(); ++i)
      if (l.points[i]->n == n) rows.push_back({&l, l.points[i], l.pct[i]});
  }
  std::sort(rows.begin(), rows.end(),
            [](const Row& a, const Row& b) { return a.m->gbps > b.m->gbps; });
  ImGui::BeginTooltip();
  ImGui::Text("n = %s = %s elements, %s %s", SizeLabel(n).c_str(), Grouped(n).c_str(), type, mode);
  for (const Row& r : rows) {
    char share[32] = "";
    if (r.pct) std::snprintf(share, sizeof share, "  %5.1f %% of memcpy", *r.pct);
    ImGui::TextColored(ImVec4(r.line->color.r, r.line->color.g, r.line->color.b, 1),
                       "%-8s %7.0f GB/s  %9.1f µs%s", r.line->rung->name.c_str(), r.m->gbps,
                       r.m->time_us_median, share);
  }
  ImGui::EndTooltip();
}

}  // namespace scanviz::bench_chart
