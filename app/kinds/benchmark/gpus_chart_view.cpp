// The benchmark chart across GPUs (gpus_chart_view.h): a colour for each GPU count (and file), a
// line style for each kind of line (reduce, then scan thick with filled dots; scan, then add thin
// with open ones; the faster one's bound dotted; P x one GPU's e dashed), the axes of the one-GPU
// chart (bench_chart_view.h), a readout of every line at the hovered n, and the speed-ups in words
// under it.
#include "kinds/benchmark/gpus_chart_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "kinds/benchmark/bench_chart_view.h"
#include "kinds/benchmark/benchmark_state.h"
#include "kinds/benchmark/gpus_chart.h"
#include "views/primitives.h"

namespace scanviz {

namespace {

// Okabe-Ito, as the one-GPU chart's first colours.
constexpr scene::Rgba kSeriesColors[] = {
    {0.902f, 0.624f, 0.000f, 1},  // orange
    {0.337f, 0.706f, 0.914f, 1},  // sky blue
    {0.000f, 0.620f, 0.451f, 1},  // bluish green
    {0.800f, 0.475f, 0.655f, 1},  // reddish purple
    {0.835f, 0.369f, 0.000f, 1},  // vermillion
    {0.000f, 0.447f, 0.698f, 1},  // blue
};

scene::Rgba SeriesColor(int series) {
  return kSeriesColors[series % static_cast<int>(std::size(kSeriesColors))];
}

// A line's sample in the legend, or its segment on the plot, in its kind's style.
void Stroke(const UiContext& ui, ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 color,
            GpusLineKind kind) {
  const float s = ui.scale;
  switch (kind) {
    case GpusLineKind::kReduceThenScan:
      dl->AddLine(a, b, color, 2.5f * s);
      break;
    case GpusLineKind::kScanThenAdd:
      dl->AddLine(a, b, color, 1.5f * s);
      break;
    case GpusLineKind::kBound:
      DashedLine(dl, a, b, color, 1.5f * s, 2 * s);
      break;
    case GpusLineKind::kIdeal:
      DashedLine(dl, a, b, color, 1.5f * s, 7 * s);
      break;
  }
}

void Dot(const UiContext& ui, ImDrawList* dl, ImVec2 p, ImU32 color, GpusLineKind kind) {
  if (kind == GpusLineKind::kReduceThenScan) dl->AddCircleFilled(p, 3.5f * ui.scale, color);
  if (kind == GpusLineKind::kScanThenAdd)
    dl->AddCircle(p, 3.5f * ui.scale, color, 0, 1.5f * ui.scale);
}

// The device and the run of each file, and whether every output checked correct.
void Header(const UiContext& ui, const std::vector<perf::MultiGpuBenchLoad>& files) {
  for (const perf::MultiGpuBenchLoad& f : files) {
    if (!f.results) {
      TextWrappedColored(ui, "error", ui.palette.bad, "✗ " + f.error);
      continue;
    }
    const perf::MultiGpuBenchResults& r = *f.results;
    std::string line =
        "measured on " + std::to_string(r.gpus) + " x " + r.device.name + ", NCCL " +
        (r.nccl_version.empty() ? "?" : r.nccl_version) + ", " + r.type + " " + r.mode + ", " +
        (r.date.empty() ? std::string("date not recorded") : r.date) + ", commit " + r.commit;
    line += r.AllChecksPassed() && r.all_correct ? "  ·  every output checked correct"
                                                 : "  ·  some checks FAILED";
    TextWrappedColored(ui, "device", ui.palette.text, line);
  }
}

// The GPU count shown: every one, or one of those the files hold.
void CountSelector(UiContext& ui, const std::vector<int>& counts) {
  BenchmarkState& bench = BenchmarkOf(ui.app);
  ImGui::TextUnformatted("GPUs");
  ImGui::SameLine();
  if (RadioButton(ui, "all", bench.bench_gpu_count == 0, {"controls", "GPUs"}))
    bench.bench_gpu_count = 0;
  Tip(ui, "Every GPU count the files hold, a colour each");
  for (int count : counts) {
    ImGui::SameLine();
    const std::string label = std::to_string(count);
    if (ImGui::RadioButton(label.c_str(), bench.bench_gpu_count == count))
      bench.bench_gpu_count = count;
    Tip(ui, "The runs on this many GPUs alone");
  }
}

// A swatch per series, then a sample of each kind of line.
void Legend(const UiContext& ui, const GpusChart& chart) {
  const float px = ui.fonts.ui_px;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  std::vector<std::pair<int, std::string>> series;
  for (const GpusLine& l : chart.lines)
    if (series.empty() || series.back().first != l.series) series.push_back({l.series, l.label});
  for (size_t i = 0; i < series.size(); ++i) {
    if (i > 0) ImGui::SameLine(0, px);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    dl->AddRectFilled(ImVec2(p.x, p.y + px * 0.3f), ImVec2(p.x + px * 1.2f, p.y + px * 0.9f),
                      ToImU32(SeriesColor(series[i].first)));
    ImGui::Dummy(ImVec2(px * 1.3f, px));
    ImGui::SameLine();
    Text(ui, "legend", series[i].second);
  }
  const ImU32 ink = ToImU32(ui.palette.text);
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  bool first = true;
  for (GpusLineKind kind : {GpusLineKind::kReduceThenScan, GpusLineKind::kScanThenAdd,
                            GpusLineKind::kBound, GpusLineKind::kIdeal}) {
    const char* name = GpusLineName(kind);
    if (!first) {
      ImGui::SameLine(0, px);
      if (ImGui::GetCursorScreenPos().x + px * 2.5f + ImGui::CalcTextSize(name).x > right)
        ImGui::NewLine();
    }
    first = false;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const ImVec2 a(p.x, p.y + px * 0.6f), b(p.x + px * 2, p.y + px * 0.6f);
    Stroke(ui, dl, a, b, ink, kind);
    Dot(ui, dl, ImVec2((a.x + b.x) * 0.5f, a.y), ink, kind);
    ImGui::Dummy(ImVec2(px * 2.2f, px));
    ImGui::SameLine();
    Text(ui, "legend", name);
  }
}

// The plot's box and ranges: x = log2 n, y = GB/s from 0; none when the window is too short.
std::optional<bench_chart::Chart> PlacePlot(const UiContext& ui, const GpusChart& chart,
                                            float below) {
  const float px = ui.fonts.ui_px;
  bench_chart::Chart c;
  c.unit = "GB/s";
  c.yticks = NiceTicks(0, std::max(chart.gbps_hi, 1.0) * 1.05, 5);
  c.y_hi = c.yticks.back();
  c.lx0 = std::log2(static_cast<double>(chart.n_lo));
  c.lx1 = std::log2(static_cast<double>(chart.n_hi));
  if (c.lx1 <= c.lx0) c.lx0 -= 1, c.lx1 += 1;  // a single n: one step either side
  c.n_hi = chart.n_hi;
  c.origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  c.left = c.origin.x + ImGui::CalcTextSize("00000 GB/s").x + 8 * ui.scale;
  c.right = c.origin.x + avail.x - px;
  c.top = c.origin.y + px * 1.4f;
  c.bottom = c.origin.y + avail.y - px * below;
  if (c.bottom - c.top < px * 4) return std::nullopt;
  return c;
}

void DrawLines(UiContext& ui, const bench_chart::Chart& c, const GpusChart& chart) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (const GpusLine& l : chart.lines) {
    const ImU32 color = ToImU32(SeriesColor(l.series));
    std::vector<ImVec2> pts;
    for (const GpusPoint& p : l.points)
      pts.push_back(ImVec2(c.X(static_cast<double>(p.n)), c.Y(p.gbps)));
    for (size_t i = 1; i < pts.size(); ++i) Stroke(ui, dl, pts[i - 1], pts[i], color, l.kind);
    for (const ImVec2& p : pts) Dot(ui, dl, p, color, l.kind);
  }
  DumpLine(ui, {"plot", "GB/s across GPUs"}, {c.left, c.top, c.right - c.left, c.bottom - c.top});
}

// Hover: every line's GB/s and time at the nearest n, best first.
void Readout(UiContext& ui, const bench_chart::Chart& c, const GpusChart& chart) {
  ImGui::SetCursorScreenPos(ImVec2(c.left, c.top));
  ImGui::InvisibleButton("##gpusplot", ImVec2(c.right - c.left, c.bottom - c.top));
  if (!ImGui::IsItemHovered() || ui.app.view.ignore_mouse) return;
  const double lx =
      c.lx0 + (ImGui::GetIO().MousePos.x - c.left) / (c.right - c.left) * (c.lx1 - c.lx0);
  const long long n = static_cast<long long>(std::ldexp(1.0, static_cast<int>(std::lround(lx))));
  std::vector<std::pair<const GpusLine*, const GpusPoint*>> rows;
  for (const GpusLine& l : chart.lines)
    for (const GpusPoint& p : l.points)
      if (p.n == n) rows.push_back({&l, &p});
  if (rows.empty()) return;
  std::sort(rows.begin(), rows.end(),
            [](const auto& a, const auto& b) { return a.second->gbps > b.second->gbps; });
  ImGui::BeginTooltip();
  ImGui::Text("n = %s = %s elements", bench_chart::SizeLabel(n).c_str(), Grouped(n).c_str());
  for (const auto& [line, p] : rows) {
    const scene::Rgba col = SeriesColor(line->series);
    ImGui::TextColored(ImVec4(col.r, col.g, col.b, 1), "%-8s %-46s %8.0f GB/s  %9.1f µs",
                       line->label.c_str(), GpusLineName(line->kind), p->gbps, p->us);
  }
  ImGui::EndTooltip();
}

}  // namespace

bool GpusBenchShown(UiContext& ui) {
  BenchmarkState& bench = BenchmarkOf(ui.app);
  return bench.bench_gpus && !bench.model.MultiGpu().empty();
}

void DrawGpusToggle(UiContext& ui) {
  BenchmarkState& bench = BenchmarkOf(ui.app);
  const size_t files = bench.model.MultiGpu().size();
  if (files == 0) return;
  ImGui::TextUnformatted("chart");
  ImGui::SameLine();
  if (ImGui::RadioButton("one GPU", !bench.bench_gpus)) bench.bench_gpus = false;
  Tip(ui, "The performance lab's ladder on one GPU");
  ImGui::SameLine();
  const std::string label =
      "across GPUs (" + std::to_string(files) + (files == 1 ? " file)" : " files)");
  if (RadioButton(ui, label.c_str(), bench.bench_gpus, {"controls", "chart"}))
    bench.bench_gpus = true;
  Place(ui, "bench_gpus");
  Tip(ui,
      "The scan across GPUs with NCCL (scanviz-cli bench --gpus P): both strategies, their "
      "bound and P times one GPU's e");
}

void DrawGpusBench(UiContext& ui, bool controls) {
  BenchmarkState& bench = BenchmarkOf(ui.app);
  const std::vector<perf::MultiGpuBenchLoad>& files = bench.model.MultiGpu();
  Header(ui, files);
  const std::vector<int> counts = GpuCountsOf(files);
  if (std::find(counts.begin(), counts.end(), bench.bench_gpu_count) == counts.end())
    bench.bench_gpu_count = 0;
  if (controls) CountSelector(ui, counts);
  const GpusChart chart = MakeGpusChart(files, bench.bench_gpu_count);
  if (chart.lines.empty()) return;
  Legend(ui, chart);
  // Room under the plot for the x labels and a sentence a series (two lines each at most).
  const float below =
      3.2f + 2.2f * static_cast<float>(chart.summary.size()) + (controls ? 3.0f : 0.0f);
  const std::optional<bench_chart::Chart> c = PlacePlot(ui, chart, below);
  if (!c) return;
  bench_chart::DrawAxes(ui, *c);
  DrawLines(ui, *c, chart);
  if (controls) Readout(ui, *c, chart);
  ImGui::SetCursorScreenPos(ImVec2(c->origin.x, c->bottom + ui.fonts.ui_px * 3.2f));
  for (const std::string& s : chart.summary) TextWrappedColored(ui, "summary", ui.palette.text, s);
}

}  // namespace scanviz
