// The benchmark panel (G): device-wide scan throughput against n from a results file
// (docs/bench/h200.json by default; --bench-results FILE or the path field for another), one line
// per rung of the ladder with the cudaMemcpy ceiling dashed, in GB/s or as % of memcpy (a rung's
// GB/s over the copy's at the same n, from the same run), selectors for type, mode and that unit,
// a legend that switches rungs on and off, and a readout of every rung at the hovered n. The
// header says where and when it was measured, and from which commit. It reads measured numbers
// only, through the results model of core/perf/bench_results.h: running the benchmark is
// scanviz-cli bench's job (docs/performance.md).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "kinds/benchmark/bench_view.h"
#include "core/perf/bench_report.h"
#include "kinds/benchmark/bench_chart_view.h"
#include "kinds/benchmark/benchmark_state.h"
#include "kinds/benchmark/gpus_chart_view.h"
#include "views/primitives.h"
// After imgui.h (views.h): it uses IMGUI_API.
#include <imgui_stdlib.h>

namespace scanviz {

namespace {

using bench_chart::Hidden;
using bench_chart::Line;
using bench_chart::SizeLabel;

// Okabe-Ito first, then three more that stay apart from them; the ceiling is the text colour.
constexpr scene::Rgba kRungColors[] = {
    {0.902f, 0.624f, 0.000f, 1},  // orange
    {0.337f, 0.706f, 0.914f, 1},  // sky blue
    {0.000f, 0.620f, 0.451f, 1},  // bluish green
    {0.941f, 0.894f, 0.259f, 1},  // yellow
    {0.000f, 0.447f, 0.698f, 1},  // blue
    {0.835f, 0.369f, 0.000f, 1},  // vermillion
    {0.800f, 0.475f, 0.655f, 1},  // reddish purple
    {0.600f, 0.600f, 0.300f, 1},  // olive
    {0.550f, 0.450f, 0.850f, 1},  // violet
    {0.400f, 0.750f, 0.550f, 1},  // mint
};

void Toggle(BenchmarkState& bench, const std::string& rung) {
  auto it = std::find(bench.bench_toggled.begin(), bench.bench_toggled.end(), rung);
  if (it == bench.bench_toggled.end()) {
    bench.bench_toggled.push_back(rung);
  } else {
    bench.bench_toggled.erase(it);
  }
}

// The header, wrapped to the panel: where and when it was measured (the "device" line), and what
// ran (the "run" line: the commit, the toolkit, the SM clock), each as far as the file says;
// `compact`: the device's name and the checks alone, the rest in its tooltip.
void RunHeader(UiContext& ui, const perf::BenchResults& res, bool compact) {
  const perf::BenchDevice& d = res.device;
  std::vector<std::string> parts;
  if (d.sm_count > 0) parts.push_back(std::to_string(d.sm_count) + " SMs");
  if (!d.compute_capability.empty()) parts.push_back("cc " + d.compute_capability);
  if (d.global_mem_bytes > 0) {
    char gib[32];
    std::snprintf(gib, sizeof gib, "%.0f GiB", static_cast<double>(d.global_mem_bytes) / (1 << 30));
    parts.push_back(gib);
  }
  auto join = [](const std::vector<std::string>& v, const char* sep) {
    std::string out;
    for (const std::string& x : v) out += (out.empty() ? "" : sep) + x;
    return out;
  };
  std::string device = "measured on " + d.name;
  if (!parts.empty()) device += " (" + join(parts, ", ") + ")";
  device += ", " + (res.date.empty() ? std::string("date not recorded in the file") : res.date);
  const char* checked =
      res.all_correct ? "  ·  every output checked correct" : "  ·  some checks FAILED";
  device += checked;
  // A short panel (HiDPI, 1024x768) keeps its height for the chart: the device and the checks on
  // one line, the rest (the device's numbers, the date, what ran) in its tooltip.
  if (compact) {
    TextWrappedColored(ui, "device", ui.palette.text, "measured on " + d.name + checked);
  } else {
    TextWrappedColored(ui, "device", ui.palette.text, device);
  }

  std::vector<std::string> run = {res.commit.empty()
                                      ? "commit not recorded in the file (" + res.schema + ")"
                                      : "commit " + res.commit};
  std::vector<std::string> tools;
  if (res.toolkit.cuda_version > 0)
    tools.push_back("CUDA " + perf::CudaVersionString(res.toolkit.cuda_version));
  if (res.toolkit.cub_version > 0)
    tools.push_back("CUB " + perf::LibraryVersionString(res.toolkit.cub_version));
  if (res.toolkit.thrust_version > 0)
    tools.push_back("thrust " + perf::LibraryVersionString(res.toolkit.thrust_version));
  if (d.driver_version > 0) tools.push_back("driver " + perf::CudaVersionString(d.driver_version));
  if (!tools.empty()) run.push_back(join(tools, ", "));
  if (res.clocks) {
    char clock[96];
    std::snprintf(clock, sizeof clock, "SM clock %.0f MHz before the run, %.0f after",
                  res.clocks->sm_mhz_before, res.clocks->sm_mhz_after);
    run.push_back(clock);
  } else if (d.sm_clock_khz > 0) {
    run.push_back("SM clock " + std::to_string(d.sm_clock_khz / 1000) + " MHz peak, not measured");
  }
  const std::string line = join(run, "  ·  ");
  // A short panel (HiDPI, 1024x768) keeps its height for the chart: what ran is the measured
  // line's tooltip there.
  if (compact) {
    if (ImGui::IsItemHovered()) ShowTooltip(ui, device + "\n" + line);
    return;
  }
  TextWrappedColored(ui, "run", ui.palette.text_dim, line);
}

// The title on one line as far as it fits, smaller down to the text size, wrapped after that.
void Title(UiContext& ui, const std::string& title) {
  ImGui::PushFont(ui.fonts.large);
  const float room = ImGui::GetContentRegionAvail().x;
  const float w = ImGui::CalcTextSize(title.c_str()).x;
  const float least = ui.fonts.ui_px / ui.fonts.large_px;
  ImGui::SetWindowFontScale(std::max(w > room ? room / w : 1.0f, least));
  TextWrapped(ui, "title", title);
  ImGui::SetWindowFontScale(1);
  ImGui::PopFont();
}

// What the chart leaves under it, in text sizes: the x labels and the axis's name, the summary
// as wrapped to the panel, and on screen the file row.
float Below(const UiContext& ui, const std::string& summary, bool controls) {
  const float px = ui.fonts.ui_px;
  const float wrap = ImGui::GetContentRegionAvail().x;
  float below = 3.2f;
  if (!summary.empty())
    below += ImGui::CalcTextSize(summary.c_str(), nullptr, false, wrap).y / px + 0.3f;
  if (controls) below += ImGui::GetFrameHeightWithSpacing() / px + 0.3f;
  return below;
}

void FileRow(UiContext& ui, const perf::BenchLoad& load) {
  AppState& app = ui.app;
  ImGui::TextUnformatted("results file");
  ImGui::SameLine();
  std::string path = BenchmarkOf(app).model.Path();
  ImGui::SetNextItemWidth(-ui.fonts.ui_px * 5);
  const bool enter = ImGui::InputText("##benchfile", &path, ImGuiInputTextFlags_EnterReturnsTrue);
  Tip(ui, "A results file of scanviz-cli bench (JSON); Enter reads it");
  ImGui::SameLine();
  const bool open = Button(ui, "Open", {"controls", "results file"});
  Tip(ui, "Read the results file named beside");
  if (open || enter) BenchmarkOf(app).model.SetPath(path);
  if (!load.results) {
    TextWrappedColored(ui, "error", ui.palette.bad, "✗ " + load.error);
  }
}

// [SECTION] Selectors and lines

// The type, the mode and the unit plotted, as radio buttons on one or two lines.
void Selectors(UiContext& ui) {
  BenchmarkState& bench = BenchmarkOf(ui.app);
  const float px = ui.fonts.ui_px;
  ImGui::TextUnformatted("type");
  ImGui::SameLine();
  if (ImGui::RadioButton("int32", !bench.bench_float)) bench.bench_float = false;
  Tip(ui, "The scans of int32 values");
  ImGui::SameLine();
  if (ImGui::RadioButton("float32", bench.bench_float)) bench.bench_float = true;
  Tip(ui, "The scans of float32 values");
  ImGui::SameLine(0, px * 2);
  ImGui::TextUnformatted("mode");
  ImGui::SameLine();
  if (ImGui::RadioButton("inclusive", !bench.bench_exclusive)) bench.bench_exclusive = false;
  Tip(ui, "Inclusive scans: result i combines values 0..i");
  ImGui::SameLine();
  if (ImGui::RadioButton("exclusive", bench.bench_exclusive)) bench.bench_exclusive = true;
  Tip(ui, "Exclusive scans: result i combines values 0..i-1");
  // The unit's group stays together: on this line if it fits, else on the next.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float radio = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + style.ItemSpacing.x;
  const float w = px * 2 + ImGui::CalcTextSize("plot GB/s % of memcpy").x + 2 * radio;
  ImGui::SameLine(0, px * 2);
  if (ImGui::GetCursorPosX() + w > ImGui::GetWindowContentRegionMax().x) ImGui::NewLine();
  ImGui::TextUnformatted("plot");
  ImGui::SameLine();
  if (ImGui::RadioButton("GB/s", !bench.bench_pct)) bench.bench_pct = false;
  Tip(ui, "Throughput: 2 · n · 4 bytes (read and written) over the median time");
  ImGui::SameLine();
  if (RadioButton(ui, "% of memcpy", bench.bench_pct, {"controls", "type · mode · plot"}))
    bench.bench_pct = true;
  Tip(ui,
      "Each rung's GB/s over cudaMemcpy's at the same n, type and mode in the same run: how "
      "close a scan comes to only copying its bytes");
}

// The lines, in the file's rung order; memcpy is the ceiling. Colours go to the ladder and the
// libraries first, then to the tuning variants ("e.xxx", hidden at first), so the lines shown
// together never share one.
std::vector<Line> MakeLines(const UiContext& ui, const perf::BenchResults& res, const char* type,
                            const char* mode) {
  std::vector<Line> lines;
  int colour = 0;
  for (const bool variants : {false, true}) {
    for (const perf::BenchRung& r : res.rungs) {
      if ((r.name.find('.') != std::string::npos) != variants) continue;
      Line l{&r, {}, r.name == "memcpy", res.Series(type, mode, r.name), {}};
      l.pct = res.PctOfMemcpy(l.points);
      l.color = l.ceiling ? ui.palette.text
                          : kRungColors[colour++ % static_cast<int>(std::size(kRungColors))];
      if (!l.points.empty()) lines.push_back(std::move(l));
    }
  }
  return lines;
}

// [SECTION] Legend

std::string LegendLabel(const Line& l) {
  return l.ceiling ? "memcpy (ceiling)" : l.rung->name;
}

// A rung's sample (the ceiling's dashed) and its checkbox; hover for the rung's description. In a
// figure (`controls` off) the sample and the name only.
void LegendEntry(UiContext& ui, const Line& l, bool controls) {
  BenchmarkState& bench = BenchmarkOf(ui.app);
  const float px = ui.fonts.ui_px;
  const std::string label = LegendLabel(l);
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (l.ceiling) {
    DashedLine(dl, ImVec2(p.x, p.y + px * 0.6f), ImVec2(p.x + px * 1.2f, p.y + px * 0.6f),
               ToImU32(l.color), 3 * ui.scale, 3 * ui.scale);
  } else {
    dl->AddRectFilled(ImVec2(p.x, p.y + px * 0.4f), ImVec2(p.x + px * 1.2f, p.y + px * 0.8f),
                      ToImU32(l.color));
  }
  ImGui::Dummy(ImVec2(px * 1.3f, px));
  ImGui::SameLine();
  if (!controls) {
    ImGui::TextUnformatted(label.c_str());
    return;
  }
  bool on = !Hidden(bench, l.rung->name);
  if (ImGui::Checkbox(label.c_str(), &on)) Toggle(bench, l.rung->name);
  Tip(ui, l.rung->description.empty() ? "Show or hide this line" : l.rung->description.c_str());
}

// Legend entries flow left to right, wrapping at the right edge the legend started with.
struct LegendFlow {
  float right;
  float gap;
  bool first = true;
  void Next(float w) {
    if (!first) {
      ImGui::SameLine(0, gap);
      if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
    }
    first = false;
  }
};

// One checkbox per rung of the ladder, wrapped to the width. The tuning variants and ablations
// ("e.xxx", hidden at first) sit behind one button: a final run carries a dozen or more, and
// their checkboxes would push the chart off a laptop's window. A figure names the lines drawn,
// variants included, and nothing else.
void Legend(UiContext& ui, const std::vector<Line>& lines, bool controls) {
  const BenchmarkState& bench = BenchmarkOf(ui.app);
  const float px = ui.fonts.ui_px;
  LegendFlow flow{ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x, px};
  std::vector<const Line*> variants;
  for (const Line& l : lines) {
    if (!controls) {
      if (Hidden(bench, l.rung->name)) continue;
    } else if (l.rung->name.find('.') != std::string::npos) {
      variants.push_back(&l);
      continue;
    }
    flow.Next(px * (controls ? 2.8f : 1.6f) + ImGui::CalcTextSize(LegendLabel(l).c_str()).x);
    LegendEntry(ui, l, controls);
  }
  if (variants.empty()) return;
  const long long shown = std::count_if(variants.begin(), variants.end(), [&](const Line* l) {
    return !Hidden(bench, l->rung->name);
  });
  const std::string button = "variants (" + std::to_string(shown) + " of " +
                             std::to_string(variants.size()) + " shown)...";
  flow.Next(ImGui::CalcTextSize(button.c_str()).x + px * 1.5f);
  if (InlineButton(ui, button.c_str())) ImGui::OpenPopup("bench-variants");
  Place(ui, "bench_variants");
  Tip(ui, "The run's tuning variants and ablations: show or hide each line");
  if (ImGui::BeginPopup("bench-variants")) {
    for (const Line* l : variants) LegendEntry(ui, *l, true);
    ImGui::EndPopup();
  }
}

}  // namespace

// [SECTION] The view

void DrawBenchView(UiContext& ui, ViewRect rect, bool controls) {
  const BenchmarkState& bench = BenchmarkOf(ui.app);
  // An export's figure starts at its rectangle's edge, as the rounds' do: the window's padding
  // would be a margin the picture's own margin does not count (it came out 10 % short).
  if (!controls) ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  BeginPanelWindow(ui, "##bench", rect, "bench");
  if (!controls) ImGui::PopStyleVar();
  const perf::BenchLoad& load = BenchmarkOf(ui.app).model.Results();
  const bool gpus = GpusBenchShown(ui);
  std::string title = gpus ? "The scan across GPUs: throughput against n"
                            : "Device-wide scan throughput against n";
  if (controls) title += " (" + SecondPress(ui.app) + ")";
  Title(ui, title);
  if (controls) DrawGpusToggle(ui);  // only where the bench across GPUs' files are
  if (gpus) {
    DrawGpusBench(ui, controls);
    if (controls) FileRow(ui, load);
    ImGui::End();
    return;
  }
  if (!load.results) {
    if (controls) FileRow(ui, load);
    ImGui::End();
    return;
  }
  const perf::BenchResults& res = *load.results;
  RunHeader(ui, res, controls && rect.h < ui.fonts.ui_px * 32);
  const char* type = bench.bench_float ? "float32" : "int32";
  const char* mode = bench.bench_exclusive ? "exclusive" : "inclusive";
  if (controls) {
    Selectors(ui);
  } else {
    const std::string shown =
        std::string(type) + " " + mode + " scans  ·  " + (bench.bench_pct ? "% of memcpy" : "GB/s");
    Text(ui, "shown", shown);
  }
  const std::vector<Line> lines = MakeLines(ui, res, type, mode);
  Legend(ui, lines, controls);
  // An export has no file row: the summary ends the figure.
  const std::string summary =
      BenchSummary(res, bench_chart::AtLargestN(bench, lines, bench.bench_pct));
  const std::optional<bench_chart::Chart> chart =
      bench_chart::Place(ui, lines, bench.bench_pct, Below(ui, summary, controls),
                         controls ? 0.0f : ui.fonts.ui_px * kBenchPlotEms);
  if (!chart) {
    ImGui::End();
    return;
  }
  bench_chart::DrawAxes(ui, *chart);
  bench_chart::DrawLines(ui, *chart, lines);
  if (controls) bench_chart::DrawReadout(ui, *chart, lines, type, mode);
  ImGui::SetCursorScreenPos(ImVec2(chart->origin.x, chart->bottom + ui.fonts.ui_px * 3.2f));
  if (!summary.empty()) {
    TextWrappedColored(ui, "summary", ui.palette.text, summary);
  }
  if (controls) FileRow(ui, load);
  ImGui::End();
}

}  // namespace scanviz
