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

#include "core/perf/bench_report.h"
#include "views.h"
// After imgui.h (views.h): it uses IMGUI_API.
#include <imgui_stdlib.h>

namespace scanviz {

namespace {

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

std::string SizeLabel(long long n) {
  const int k = static_cast<int>(std::lround(std::log2(static_cast<double>(n))));
  return "2^" + std::to_string(k);
}

bool Hidden(const ViewState& vs, const std::string& rung) {
  const bool variant = rung.find('.') != std::string::npos;
  const bool toggled =
      std::find(vs.bench_toggled.begin(), vs.bench_toggled.end(), rung) != vs.bench_toggled.end();
  return variant != toggled;
}

void Toggle(ViewState& vs, const std::string& rung) {
  auto it = std::find(vs.bench_toggled.begin(), vs.bench_toggled.end(), rung);
  if (it == vs.bench_toggled.end()) {
    vs.bench_toggled.push_back(rung);
  } else {
    vs.bench_toggled.erase(it);
  }
}

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

// One sentence from the data at the largest n: the fastest rung against the ceiling, and the
// textbook rungs a and b.
std::string Summary(const perf::BenchResults& res,
                    const std::vector<std::pair<std::string, const perf::BenchMeasurement*>>& at) {
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
                SizeLabel(memcpy->n).c_str(), best_name.c_str(), best->gbps, *best_pct,
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

struct Line {
  const perf::BenchRung* rung;
  scene::Rgba color;
  bool ceiling;
  std::vector<const perf::BenchMeasurement*> points;
  std::vector<std::optional<double>> pct;  // each point's % of memcpy (none: no copy at that n)
};

// The header, wrapped to the panel: where and when it was measured (the "device" line), and what
// ran (the "run" line: the commit, the toolkit, the SM clock), each as far as the file says.
void RunHeader(UiContext& ui, const perf::BenchResults& res) {
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
  device += res.all_correct ? "  ·  every output checked correct" : "  ·  some checks FAILED";
  TextWrappedColored(ui.palette.text, device);
  Record(ui, "device", device);

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
  TextWrappedColored(ui.palette.text_dim, line);
  Record(ui, "run", line);
}

void FileRow(UiContext& ui, const perf::BenchLoad& load) {
  AppState& app = ui.app;
  ImGui::TextUnformatted("results file");
  ImGui::SameLine();
  std::string path = app.BenchResultsPath();
  ImGui::SetNextItemWidth(-ui.fonts.ui_px * 5);
  const bool enter = ImGui::InputText("##benchfile", &path, ImGuiInputTextFlags_EnterReturnsTrue);
  Tip(ui, "A results file of scanviz-cli bench (JSON); Enter reads it");
  ImGui::SameLine();
  const bool open = ImGui::Button("Open");
  Tip(ui, "Read the results file named beside");
  if (open || enter) app.SetBenchResultsPath(path);
  if (!load.results) {
    TextWrappedColored(ui.palette.bad, "✗ " + load.error);
    Record(ui, "error", "✗ " + load.error);
  }
}

}  // namespace

void DrawBenchView(UiContext& ui, ViewRect rect) {
  AppState& app = ui.app;
  ViewState& vs = app.view;
  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y));
  ImGui::SetNextWindowSize(ImVec2(rect.w, rect.h));
  ImGui::Begin("##bench", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  if (ui.text != nullptr) ui.text->BeginPanel("bench", rect);
  const float px = ui.fonts.ui_px;
  const perf::BenchLoad& load = app.BenchResults();
  ImGui::PushFont(ui.fonts.large);
  const char* title = "Device-wide scan throughput against n (G: back to the rounds)";
  ImGui::TextUnformatted(title);
  Record(ui, "title", title);
  ImGui::PopFont();
  if (!load.results) {
    FileRow(ui, load);
    ImGui::End();
    return;
  }
  const perf::BenchResults& res = *load.results;
  RunHeader(ui, res);

  // Selectors.
  ImGui::TextUnformatted("type");
  ImGui::SameLine();
  if (ImGui::RadioButton("int32", !vs.bench_float)) vs.bench_float = false;
  Tip(ui, "The scans of int32 values");
  ImGui::SameLine();
  if (ImGui::RadioButton("float32", vs.bench_float)) vs.bench_float = true;
  Tip(ui, "The scans of float32 values");
  ImGui::SameLine(0, px * 2);
  ImGui::TextUnformatted("mode");
  ImGui::SameLine();
  if (ImGui::RadioButton("inclusive", !vs.bench_exclusive)) vs.bench_exclusive = false;
  Tip(ui, "Inclusive scans: result i combines values 0..i");
  ImGui::SameLine();
  if (ImGui::RadioButton("exclusive", vs.bench_exclusive)) vs.bench_exclusive = true;
  Tip(ui, "Exclusive scans: result i combines values 0..i-1");
  // The unit's group stays together: on this line if it fits, else on the next.
  {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float radio = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + style.ItemSpacing.x;
    const float w = px * 2 + ImGui::CalcTextSize("plot GB/s % of memcpy").x + 2 * radio;
    ImGui::SameLine(0, px * 2);
    if (ImGui::GetCursorPosX() + w > ImGui::GetWindowContentRegionMax().x) ImGui::NewLine();
  }
  ImGui::TextUnformatted("plot");
  ImGui::SameLine();
  if (ImGui::RadioButton("GB/s", !vs.bench_pct)) vs.bench_pct = false;
  Tip(ui, "Throughput: 2 · n · 4 bytes (read and written) over the median time");
  ImGui::SameLine();
  if (ImGui::RadioButton("% of memcpy", vs.bench_pct)) vs.bench_pct = true;
  Tip(ui,
      "Each rung's GB/s over cudaMemcpy's at the same n, type and mode in the same run: how "
      "close a scan comes to only copying its bytes");
  const bool pct = vs.bench_pct;
  const char* type = vs.bench_float ? "float32" : "int32";
  const char* mode = vs.bench_exclusive ? "exclusive" : "inclusive";

  // The lines, in the file's rung order; memcpy is the ceiling.
  // Colours go to the ladder and the libraries first, then to the tuning variants ("e.xxx",
  // hidden at first), so the lines shown together never share one.
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

  // Legend: one checkbox per rung of the ladder, wrapped to the width; hover for the rung's
  // description. The tuning variants and ablations ("e.xxx", hidden at first) sit behind one
  // button: a final run carries a dozen or more, and their checkboxes would push the chart off a
  // laptop's window.
  auto entry = [&](const Line& l) {
    const std::string label = l.ceiling ? "memcpy (ceiling)" : l.rung->name;
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
    bool on = !Hidden(vs, l.rung->name);
    if (ImGui::Checkbox(label.c_str(), &on)) Toggle(vs, l.rung->name);
    Tip(ui, l.rung->description.empty() ? "Show or hide this line" : l.rung->description.c_str());
  };
  const float legend_right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  auto next_place = [&, first = true](float w) mutable {
    if (!first) {
      ImGui::SameLine(0, px);
      if (ImGui::GetCursorScreenPos().x + w > legend_right) ImGui::NewLine();
    }
    first = false;
  };
  std::vector<const Line*> variants;
  for (const Line& l : lines) {
    if (l.rung->name.find('.') != std::string::npos) {
      variants.push_back(&l);
      continue;
    }
    const std::string label = l.ceiling ? "memcpy (ceiling)" : l.rung->name;
    next_place(px * 2.8f + ImGui::CalcTextSize(label.c_str()).x);
    entry(l);
  }
  if (!variants.empty()) {
    const long long shown = std::count_if(variants.begin(), variants.end(), [&](const Line* l) {
      return !Hidden(vs, l->rung->name);
    });
    const std::string button = "variants (" + std::to_string(shown) + " of " +
                               std::to_string(variants.size()) + " shown)...";
    next_place(ImGui::CalcTextSize(button.c_str()).x + px * 1.5f);
    if (ImGui::SmallButton(button.c_str())) ImGui::OpenPopup("bench-variants");
    Place(ui, "bench_variants");
    Tip(ui, "The run's tuning variants and ablations: show or hide each line");
    if (ImGui::BeginPopup("bench-variants")) {
      for (const Line* l : variants) entry(*l);
      ImGui::EndPopup();
    }
  }

  // The chart: x = log2 n, y = GB/s or % of memcpy from 0. A point is drawn where its unit has
  // a value (in %: where the run timed memcpy at that n).
  auto value = [&](const Line& l, size_t i) -> std::optional<double> {
    if (pct) return l.pct[i];
    return l.points[i]->gbps;
  };
  long long n_lo = 0, n_hi = 0;
  double y_hi = pct ? 100 : 1;
  for (const Line& l : lines) {
    for (size_t i = 0; i < l.points.size(); ++i) {
      const std::optional<double> v = value(l, i);
      if (!v) continue;
      n_lo = n_lo == 0 ? l.points[i]->n : std::min(n_lo, l.points[i]->n);
      n_hi = std::max(n_hi, l.points[i]->n);
      y_hi = std::max(y_hi, *v);
    }
  }
  const std::vector<double> yticks = NiceTicks(0, y_hi * 1.05, 5);
  y_hi = yticks.back();
  // Ticks closer than 1 apart (a small run's GB/s) need their decimal.
  const char* tick_format = yticks.size() > 1 && yticks[1] - yticks[0] < 1 ? "%.1f" : "%.0f";
  const double lx0 = std::log2(static_cast<double>(n_lo)),
               lx1 = std::log2(static_cast<double>(n_hi));
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const char* unit = pct ? "% of memcpy" : "GB/s";
  // The same margin in both units, so that the lines do not jump sideways on a toggle.
  const float left =
      o.x + std::max(ImGui::CalcTextSize("0000 GB/s").x, ImGui::CalcTextSize("% of memcpy").x) +
      8 * ui.scale;
  const float right = o.x + avail.x - ImGui::CalcTextSize("memcpy ").x;
  const float top = o.y + px * 1.4f;               // the unit above the top tick label
  const float bottom = o.y + avail.y - px * 8.0f;  // x labels, summary, file row
  if (bottom - top < px * 4 || lx1 <= lx0) {
    ImGui::End();
    return;
  }
  auto X = [&](double n) {
    return left + static_cast<float>((std::log2(n) - lx0) / (lx1 - lx0)) * (right - left);
  };
  auto Y = [&](double v) { return bottom - static_cast<float>(v / y_hi) * (bottom - top); };
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 axis = ToImU32(ui.palette.text_dim);
  for (double t : yticks) {
    dl->AddLine(ImVec2(left, Y(t)), ImVec2(right, Y(t)), ToImU32({0.5f, 0.5f, 0.5f, 0.25f}));
    char label[32];
    std::snprintf(label, sizeof label, tick_format, t);
    dl->AddText(ImVec2(left - ImGui::CalcTextSize(label).x - 6 * ui.scale, Y(t) - px * 0.5f), axis,
                label);
  }
  dl->AddText(ImVec2(o.x, o.y), axis, unit);
  const int k0 = static_cast<int>(std::ceil(lx0)), k1 = static_cast<int>(std::floor(lx1));
  const int every = (k1 - k0) > 12 ? 2 : 1;
  for (int k = k0; k <= k1; ++k) {
    const float x = X(std::ldexp(1.0, k));
    dl->AddLine(ImVec2(x, top), ImVec2(x, bottom), ToImU32({0.5f, 0.5f, 0.5f, 0.12f}));
    if ((k - k0) % every != 0) continue;
    const std::string label = "2^" + std::to_string(k);
    const float lw = ImGui::CalcTextSize(label.c_str()).x;
    dl->AddText(ImVec2(x - lw * 0.5f, bottom + 4 * ui.scale), axis, label.c_str());
  }
  {
    const char* xlabel =
        pct ? "n (elements, log2 scale)  ·  % of memcpy = GB/s / memcpy's GB/s at that n"
            : "n (elements, log2 scale)  ·  throughput = 2 · n · 4 bytes / median time";
    const float lw = ImGui::CalcTextSize(xlabel).x;
    dl->AddText(ImVec2((left + right - lw) * 0.5f, bottom + px * 1.5f), axis, xlabel);
  }
  dl->AddLine(ImVec2(left, bottom), ImVec2(right, bottom), axis);
  dl->AddLine(ImVec2(left, top), ImVec2(left, bottom), axis);
  std::vector<ImVec2> pts;
  std::vector<EndLabel> labels;
  std::vector<std::pair<std::string, const perf::BenchMeasurement*>> at_max;
  for (const Line& l : lines) {
    if (Hidden(vs, l.rung->name)) continue;
    pts.clear();
    const perf::BenchMeasurement* last = nullptr;
    for (size_t i = 0; i < l.points.size(); ++i) {
      const std::optional<double> v = value(l, i);
      if (!v) continue;
      pts.push_back(ImVec2(X(static_cast<double>(l.points[i]->n)), Y(*v)));
      last = l.points[i];
    }
    const ImU32 c = ToImU32(l.color);
    if (l.ceiling) {
      for (size_t i = 1; i < pts.size(); ++i)
        DashedLine(dl, pts[i - 1], pts[i], c, 2.5f * ui.scale, 6 * ui.scale);
    } else {
      dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), c, 0, 2.5f * ui.scale);
      for (const ImVec2& p : pts) dl->AddCircleFilled(p, 3.5f * ui.scale, c);
    }
    // Name at the right end, where the lines are furthest apart.
    if (!pts.empty()) {
      labels.push_back({pts.back().x + 5 * ui.scale, pts.back().y - px * 0.5f, l.rung->name, c});
      if (last->n == n_hi) at_max.push_back({l.rung->name, last});
    }
  }
  // The plot's box and its unit, for the headless tests (--dump-layout).
  if (ui.text != nullptr) ui.text->Text("plot", unit, {left, top, right - left, bottom - top});
  PlaceLabels(labels, px * 1.0f, top - px * 0.5f, bottom - px * 0.5f);
  for (const EndLabel& label : labels)
    dl->AddText(ImVec2(label.x, label.y), label.color, label.text.c_str());

  // Hover: the nearest measured n, every shown rung's GB/s and time there, best first.
  ImGui::SetCursorScreenPos(ImVec2(left, top));
  ImGui::InvisibleButton("##benchplot", ImVec2(right - left, bottom - top));
  if (ImGui::IsItemHovered() && !vs.ignore_mouse) {
    const double lx = lx0 + (ImGui::GetIO().MousePos.x - left) / (right - left) * (lx1 - lx0);
    const long long n = static_cast<long long>(std::ldexp(1.0, static_cast<int>(std::lround(lx))));
    dl->AddLine(ImVec2(X(static_cast<double>(n)), top), ImVec2(X(static_cast<double>(n)), bottom),
                ToImU32(ui.palette.text), 1.5f * ui.scale);
    struct Row {
      const Line* line;
      const perf::BenchMeasurement* m;
      std::optional<double> pct;
    };
    std::vector<Row> rows;
    for (const Line& l : lines) {
      if (Hidden(vs, l.rung->name)) continue;
      for (size_t i = 0; i < l.points.size(); ++i)
        if (l.points[i]->n == n) rows.push_back({&l, l.points[i], l.pct[i]});
    }
    std::sort(rows.begin(), rows.end(),
              [](const Row& a, const Row& b) { return a.m->gbps > b.m->gbps; });
    ImGui::BeginTooltip();
    ImGui::Text("n = %s = %s elements, %s %s", SizeLabel(n).c_str(), Grouped(n).c_str(), type,
                mode);
    for (const Row& r : rows) {
      char share[32] = "";
      if (r.pct) std::snprintf(share, sizeof share, "  %5.1f %% of memcpy", *r.pct);
      ImGui::TextColored(ImVec4(r.line->color.r, r.line->color.g, r.line->color.b, 1),
                         "%-8s %7.0f GB/s  %9.1f µs%s", r.line->rung->name.c_str(), r.m->gbps,
                         r.m->time_us_median, share);
    }
    ImGui::EndTooltip();
  }
  ImGui::SetCursorScreenPos(ImVec2(o.x, bottom + px * 3.2f));
  const std::string summary = Summary(res, at_max);
  if (!summary.empty()) {
    TextWrappedColored(ui.palette.text, summary);
    Record(ui, "summary", summary);
  }
  FileRow(ui, load);
  ImGui::End();
}

}  // namespace scanviz
