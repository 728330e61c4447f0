// The benchmark panel (G): device-wide scan throughput against n from a results file
// (docs/bench/h200.json by default; --bench-results FILE or the path field for another), one line
// per rung of the ladder with the cudaMemcpy ceiling dashed, selectors for type and mode, a legend
// that switches rungs on and off, and a readout of every rung at the hovered n. It reads measured
// numbers only: running the benchmark is scanviz-cli bench's job (docs/performance.md).
#include <algorithm>
#include <cmath>
#include <cstdio>

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
std::string Summary(const std::vector<std::pair<std::string, const scene::BenchMeasurement*>>& at) {
  const scene::BenchMeasurement* memcpy = nullptr;
  const scene::BenchMeasurement* best = nullptr;
  std::string best_name;
  for (const auto& [name, m] : at) {
    if (name == "memcpy") {
      memcpy = m;
    } else if (best == nullptr || m->gbps > best->gbps) {
      best = m;
      best_name = name;
    }
  }
  if (memcpy == nullptr || best == nullptr || memcpy->gbps <= 0) return {};
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "At n = %s the fastest scan shown (%s) moves %.0f GB/s, %.0f %% of what a plain "
                "copy of the same bytes reaches (%.0f GB/s).",
                SizeLabel(memcpy->n).c_str(), best_name.c_str(), best->gbps,
                100 * best->gbps / memcpy->gbps, memcpy->gbps);
  std::string out = buf;
  const scene::BenchMeasurement *a = nullptr, *b = nullptr;
  for (const auto& [name, m] : at) {
    if (name == "a") a = m;
    if (name == "b") b = m;
  }
  if (a != nullptr && b != nullptr) {
    std::snprintf(buf, sizeof buf,
                  " The textbook scans reach %.0f %% (a, Hillis-Steele) and %.0f %% (b, Blelloch): "
                  "%s.",
                  100 * a->gbps / memcpy->gbps, 100 * b->gbps / memcpy->gbps,
                  a->gbps > b->gbps ? "at this size the one with more work is the faster"
                                    : "the work-efficient one is the faster here");
    out += buf;
  }
  return out;
}

struct Line {
  const scene::BenchRung* rung;
  scene::Rgba color;
  bool ceiling;
  std::vector<const scene::BenchMeasurement*> points;
};

void FileRow(UiContext& ui, const scene::BenchLoad& load) {
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
  const scene::BenchLoad& load = app.BenchResults();
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
  const scene::BenchResults& res = *load.results;
  {
    std::string label = "measured on " + res.device.name;
    if (res.device.sm_count > 0) label += " (" + std::to_string(res.device.sm_count) + " SMs)";
    label += ", " + (res.date.empty() ? std::string("date not recorded in the file") : res.date);
    label += res.all_correct ? "  ·  every output checked correct" : "  ·  some checks FAILED";
    ImGui::TextUnformatted(label.c_str());
    Record(ui, "device", label);
  }

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
  const char* type = vs.bench_float ? "float32" : "int32";
  const char* mode = vs.bench_exclusive ? "exclusive" : "inclusive";

  // The lines, in the file's rung order; memcpy is the ceiling.
  // Colours go to the ladder and the libraries first, then to the tuning variants ("e.xxx",
  // hidden at first), so the lines shown together never share one.
  std::vector<Line> lines;
  int colour = 0;
  for (const bool variants : {false, true}) {
    for (const scene::BenchRung& r : res.rungs) {
      if ((r.name.find('.') != std::string::npos) != variants) continue;
      Line l{&r, {}, r.name == "memcpy", res.Series(type, mode, r.name)};
      l.color = l.ceiling ? ui.palette.text
                          : kRungColors[colour++ % static_cast<int>(std::size(kRungColors))];
      if (!l.points.empty()) lines.push_back(std::move(l));
    }
  }

  // Legend: one checkbox per rung, wrapped to the width; hover for the rung's description.
  const float legend_right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  for (size_t i = 0; i < lines.size(); ++i) {
    const Line& l = lines[i];
    const std::string label = l.ceiling ? "memcpy (ceiling)" : l.rung->name;
    const float w = px * 2.8f + ImGui::CalcTextSize(label.c_str()).x;
    if (i > 0) {
      ImGui::SameLine(0, px);
      if (ImGui::GetCursorScreenPos().x + w > legend_right) ImGui::NewLine();
    }
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
  }

  // The chart: x = log2 n, y = GB/s from 0.
  long long n_lo = 0, n_hi = 0;
  double y_hi = 1;
  for (const Line& l : lines) {
    for (const scene::BenchMeasurement* m : l.points) {
      n_lo = n_lo == 0 ? m->n : std::min(n_lo, m->n);
      n_hi = std::max(n_hi, m->n);
      y_hi = std::max(y_hi, m->gbps);
    }
  }
  const std::vector<double> yticks = NiceTicks(0, y_hi * 1.05, 5);
  y_hi = yticks.back();
  const double lx0 = std::log2(static_cast<double>(n_lo)),
               lx1 = std::log2(static_cast<double>(n_hi));
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float left = o.x + ImGui::CalcTextSize("0000 GB/s").x + 8 * ui.scale;
  const float right = o.x + avail.x - ImGui::CalcTextSize("memcpy ").x;
  const float top = o.y + px * 0.8f;
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
    std::snprintf(label, sizeof label, "%.0f", t);
    dl->AddText(ImVec2(left - ImGui::CalcTextSize(label).x - 6 * ui.scale, Y(t) - px * 0.5f), axis,
                label);
  }
  dl->AddText(ImVec2(o.x, top - px * 0.9f), axis, "GB/s");
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
    const char* xlabel = "n (elements, log2 scale)  ·  throughput = 2 · n · 4 bytes / median time";
    const float lw = ImGui::CalcTextSize(xlabel).x;
    dl->AddText(ImVec2((left + right - lw) * 0.5f, bottom + px * 1.5f), axis, xlabel);
  }
  dl->AddLine(ImVec2(left, bottom), ImVec2(right, bottom), axis);
  dl->AddLine(ImVec2(left, top), ImVec2(left, bottom), axis);
  std::vector<ImVec2> pts;
  std::vector<EndLabel> labels;
  std::vector<std::pair<std::string, const scene::BenchMeasurement*>> at_max;
  for (const Line& l : lines) {
    if (Hidden(vs, l.rung->name)) continue;
    pts.clear();
    for (const scene::BenchMeasurement* m : l.points) {
      pts.push_back(ImVec2(X(static_cast<double>(m->n)), Y(m->gbps)));
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
      if (l.points.back()->n == n_hi) at_max.push_back({l.rung->name, l.points.back()});
    }
  }
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
    std::vector<std::pair<const Line*, const scene::BenchMeasurement*>> rows;
    for (const Line& l : lines) {
      if (Hidden(vs, l.rung->name)) continue;
      for (const scene::BenchMeasurement* m : l.points)
        if (m->n == n) rows.push_back({&l, m});
    }
    std::sort(rows.begin(), rows.end(),
              [](const auto& a, const auto& b) { return a.second->gbps > b.second->gbps; });
    ImGui::BeginTooltip();
    ImGui::Text("n = %s = %s elements, %s %s", SizeLabel(n).c_str(), Grouped(n).c_str(), type,
                mode);
    for (const auto& [l, m] : rows) {
      ImGui::TextColored(ImVec4(l->color.r, l->color.g, l->color.b, 1), "%-8s %7.0f GB/s  %9.1f µs",
                         l->rung->name.c_str(), m->gbps, m->time_us_median);
    }
    ImGui::EndTooltip();
  }
  ImGui::SetCursorScreenPos(ImVec2(o.x, bottom + px * 3.2f));
  const std::string summary = Summary(at_max);
  if (!summary.empty()) {
    TextWrappedColored(ui.palette.text, summary);
    Record(ui, "summary", summary);
  }
  FileRow(ui, load);
  ImGui::End();
}

}  // namespace scanviz
