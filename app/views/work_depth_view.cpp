// Work and depth: for the shown trace, what each round cost (operator applications, active
// threads, barriers) against the sequential loop's n - 1; then every algorithm against
// n = 1..1024, measured on real traces (teach::WorkDepthSeries, computed once in the background),
// with the current n marked and a caption, worked out from the series, on which corner of the
// trade-off (teach::Corners) is ahead at which n for p operators at a time.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/registry.h"
#include "views/views.h"

namespace scanviz {

namespace {

// Okabe-Ito orange, sky blue, bluish green, reddish purple: one per algorithm in the registry.
constexpr scene::Rgba kAlgorithmColors[] = {{0.902f, 0.624f, 0.0f, 1},
                                            {0.337f, 0.706f, 0.914f, 1},
                                            {0.0f, 0.620f, 0.451f, 1},
                                            {0.800f, 0.475f, 0.655f, 1}};

scene::Rgba AlgorithmColor(Algorithm a) {
  return kAlgorithmColors[static_cast<size_t>(a) % std::size(kAlgorithmColors)];
}

// "up-sweep, stride 2": the phase's key and its stride.
std::string ShortRoundName(Algorithm algorithm, const RoundSpec& s) {
  std::string name = PhaseName(algorithm, s.phase);
  if (s.stride > 0) name += ", stride " + std::to_string(s.stride);
  return name;
}

// [SECTION] This trace, round by round
void RoundBars(UiContext& ui, const std::vector<teach::RoundWork>& rows, int current) {
  const float h = ui.fonts.ui_px * 3.5f;
  const float w = ImGui::GetContentRegionAvail().x;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  int most = 1;
  for (const teach::RoundWork& r : rows) most = std::max(most, r.operator_applications);
  const float slot = w / static_cast<float>(std::max<size_t>(1, rows.size()));
  for (size_t i = 0; i < rows.size(); ++i) {
    const float bh = h * static_cast<float>(rows[i].operator_applications) / most;
    const float x = p.x + slot * static_cast<float>(i);
    const bool on = static_cast<int>(i) == current;
    scene::Rgba c = on ? ui.palette.arrow_current : ui.palette.text_dim;
    dl->AddRectFilled(ImVec2(x + slot * 0.15f, p.y + h - std::max(bh, 1.0f)),
                      ImVec2(x + slot * 0.85f, p.y + h), ToImU32(c));
  }
  dl->AddLine(ImVec2(p.x, p.y + h), ImVec2(p.x + w, p.y + h), ToImU32(ui.palette.text_dim));
  ImGui::Dummy(ImVec2(w, h + 2 * ui.scale));
  ImGui::TextDisabled("operator applications per round (current round lit)");
}

void RoundTable(UiContext& ui, Algorithm algorithm, const Trace& trace,
                const std::vector<teach::RoundWork>& rows, int current) {
  const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_PadOuterX;
  const float row_h = ImGui::GetTextLineHeightWithSpacing() + 2 * ui.scale;
  const float height =
      std::min(row_h * static_cast<float>(rows.size() + 1) + 4 * ui.scale, row_h * 12.5f);
  if (!ImGui::BeginTable("##rounds", 7, flags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("round", ImGuiTableColumnFlags_WidthStretch);
  for (const char* name : {"ops", "active", "work", "depth", "barriers", "cycles"})
    ImGui::TableSetupColumn(name);
  ImGui::TableHeadersRow();
  for (size_t i = 0; i < rows.size(); ++i) {
    const teach::RoundWork& r = rows[i];
    ImGui::TableNextRow();
    if (static_cast<int>(i) == current) {
      const scene::Rgba b = ui.palette.current_band;
      ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, ToImU32({b.r, b.g, b.b, 1}));
      ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, ToImU32({b.r, b.g, b.b, 1}));
    }
    ImGui::TableNextColumn();
    ImGui::Text("%zu  %s", i, ShortRoundName(algorithm, r.spec).c_str());
    for (int v :
         {r.operator_applications, r.active_threads, r.cumulative_work, r.depth, r.barriers}) {
      ImGui::TableNextColumn();
      ImGui::Text("%s", Grouped(v).c_str());
    }
    // Measured on a GPU (scanviz-cli trace --cycles), else not measured: never an estimate.
    ImGui::TableNextColumn();
    const double cycles = i < trace.rounds.size() ? trace.rounds[i].cycles : -1;
    if (cycles >= 0) {
      ImGui::Text("%s", Grouped(static_cast<int>(cycles)).c_str());
    } else {
      ImGui::TextDisabled("-");
    }
    if (static_cast<int>(i) == current) ImGui::SetScrollHereY(0.5f);
  }
  ImGui::EndTable();
  ImGui::TextDisabled("ops: this round · work, depth, barriers: so far");
  bool measured = false;
  for (const Round& r : trace.rounds) measured = measured || r.cycles >= 0;
  ImGui::PushTextWrapPos(0);
  if (measured) {
    ImGui::TextDisabled(
        "cycles: clock cycles of each round on %s, the median of a timing run "
        "without snapshots",
        DescribeBackend(trace.meta.backend).c_str());
  } else {
    ImGui::TextDisabled(
        "cycles: not measured (a simulator trace); record a trace with "
        "scanviz-cli trace --backend cuda --cycles 101 -o FILE and open it");
  }
  ImGui::PopTextWrapPos();
}

// [SECTION] Against n
struct Series {
  const char* name;
  scene::Rgba color;
  bool dashed;
  int algorithm;  // an Algorithm, or -1: the sequential loop
  bool depth;     // depth, else work
  int value(const teach::WorkDepthPoint& p) const {
    if (algorithm < 0) return p.sequential;
    const teach::WorkDepth& wd = p.algorithms[static_cast<size_t>(algorithm)];
    return depth ? wd.depth : wd.work;
  }
};

// Where a chart's values land: n on a log2 axis (the classroom's n = 8 sits left of the middle,
// not squeezed against the axis), y linear or log10 up to y_max.
struct ChartFrame {
  float left, right, top, bottom;
  double lmax;  // log2 of the largest n
  double y_max;
  bool log_y;
  float X(double n) const {
    return left + static_cast<float>(std::log2(n) / lmax) * (right - left);
  }
  float Y(double v) const {
    const double t = log_y ? std::log10(std::max(v, 1.0)) / std::log10(y_max) : v / y_max;
    return bottom - static_cast<float>(t) * (bottom - top);  // the clip rect cuts what leaves
  }
};

// The grid and the axes: y's ticks (the powers of ten on a log axis) and n's powers of two,
// labelled.
void DrawAxes(UiContext& ui, ImDrawList* dl, const ChartFrame& f, int n_max) {
  const float px = ui.fonts.ui_px;
  const ImU32 axis = ToImU32(ui.palette.text_dim);
  std::vector<double> yticks;
  if (f.log_y) {
    for (double t = 1; t <= f.y_max * 1.0001; t *= 10) yticks.push_back(t);
  } else {
    yticks = NiceTicks(0, f.y_max, 4);
  }
  for (double t : yticks) {
    const float y = f.Y(t);
    dl->AddLine(ImVec2(f.left, y), ImVec2(f.right, y), ToImU32({0.5f, 0.5f, 0.5f, 0.25f}));
    const std::string label = Grouped(static_cast<long long>(t));
    dl->AddText(ImVec2(f.left - ImGui::CalcTextSize(label.c_str()).x - 4 * ui.scale, y - px * 0.5f),
                axis, label.c_str());
  }
  for (int n = 1; n <= n_max; n *= 2) {
    const std::string label = std::to_string(n);
    const float x = f.X(n);
    dl->AddLine(ImVec2(x, f.top), ImVec2(x, f.bottom), ToImU32({0.5f, 0.5f, 0.5f, 0.12f}));
    const float lw = ImGui::CalcTextSize(label.c_str()).x;
    dl->AddText(ImVec2(x - lw * 0.5f, f.bottom + 3 * ui.scale), axis, label.c_str());
  }
  dl->AddLine(ImVec2(f.left, f.bottom), ImVec2(f.right, f.bottom), axis);
  dl->AddLine(ImVec2(f.left, f.top), ImVec2(f.left, f.bottom), axis);
}

// Each series as a line over n; a dashed one (the sequential loop) in dashes of even length on
// the log axis.
void DrawSeries(UiContext& ui, ImDrawList* dl, const ChartFrame& f,
                const std::vector<teach::WorkDepthPoint>& pts, const Series* series, int count) {
  std::vector<ImVec2> line;
  for (int s = 0; s < count; ++s) {
    line.clear();
    const ImU32 c = ToImU32(series[s].color);
    if (series[s].dashed) {
      // Sample n log-uniformly, draw every other piece.
      for (int k = 0; k <= 80; ++k) {
        const double n = std::pow(2.0, f.lmax * k / 80);
        const size_t i = static_cast<size_t>(std::clamp<long>(std::lround(n), 1, pts.back().n) - 1);
        line.push_back(ImVec2(f.X(n), f.Y(series[s].value(pts[i]))));
      }
      for (size_t i = 1; i < line.size(); i += 2)
        dl->AddLine(line[i - 1], line[i], c, 2 * ui.scale);
    } else {
      for (const teach::WorkDepthPoint& q : pts)
        line.push_back(ImVec2(f.X(q.n), f.Y(series[s].value(q))));
      dl->AddPolyline(line.data(), static_cast<int>(line.size()), c, 0, 2.5f * ui.scale);
    }
  }
}

// The current n: a vertical line, and a dot on each series where it is on the chart.
void DrawCurrentN(UiContext& ui, ImDrawList* dl, const ChartFrame& f,
                  const std::vector<teach::WorkDepthPoint>& pts, const Series* series, int count,
                  int current_n) {
  const float cx = f.X(current_n);
  dl->AddLine(ImVec2(cx, f.top), ImVec2(cx, f.bottom), ToImU32(ui.palette.arrow_current),
              2 * ui.scale);
  for (int s = 0; s < count; ++s) {
    const double v = series[s].value(pts[static_cast<size_t>(current_n - 1)]);
    if (v <= f.y_max)
      dl->AddCircleFilled(ImVec2(cx, f.Y(v)), 4.5f * ui.scale, ToImU32(series[s].color));
  }
}

// Hovering: a line at the n under the pointer, and every series' value there in a tooltip.
void HoverValues(UiContext& ui, ImDrawList* dl, const ChartFrame& f,
                 const std::vector<teach::WorkDepthPoint>& pts, const Series* series, int count) {
  const double t = (ImGui::GetIO().MousePos.x - f.left) / (f.right - f.left);
  const int n =
      std::clamp(static_cast<int>(std::lround(std::pow(2.0, t * f.lmax))), 1, pts.back().n);
  dl->AddLine(ImVec2(f.X(n), f.top), ImVec2(f.X(n), f.bottom), ToImU32(ui.palette.text), 1);
  ImGui::BeginTooltip();
  ImGui::Text("n = %d", n);
  for (int s = 0; s < count; ++s) {
    ImGui::TextColored(ImVec4(series[s].color.r, series[s].color.g, series[s].color.b, 1), "%s: %s",
                       series[s].name,
                       Grouped(series[s].value(pts[static_cast<size_t>(n - 1)])).c_str());
  }
  ImGui::EndTooltip();
}

// One chart: the series over n = 1..N on a log2 axis, y linear or log10, clipped to y_max (the
// legend says when a series leaves the chart); the current n as a vertical line; hovering shows
// the values.
void Chart(UiContext& ui, const char* id, const std::vector<teach::WorkDepthPoint>& pts,
           const Series* series, int count, double y_max, bool log_y, int current_n) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float px = ui.fonts.ui_px;
  const float w = ImGui::GetContentRegionAvail().x;
  const float h = px * 9;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ChartFrame f{.left = o.x + ImGui::CalcTextSize("10,000").x + 6 * ui.scale,
                     .right = o.x + w - px * 1.2f,
                     .top = o.y + px * 0.5f,
                     .bottom = o.y + h - px * 1.4f,
                     .lmax = std::log2(static_cast<double>(pts.back().n)),
                     .y_max = y_max,
                     .log_y = log_y};
  DrawAxes(ui, dl, f, pts.back().n);
  dl->PushClipRect(ImVec2(f.left, f.top - 2), ImVec2(f.right + 2, f.bottom + 1), true);
  DrawSeries(ui, dl, f, pts, series, count);
  DrawCurrentN(ui, dl, f, pts, series, count, current_n);
  dl->PopClipRect();
  ImGui::InvisibleButton(id, ImVec2(w, h));
  if (ImGui::IsItemHovered() && !ui.app.view.ignore_mouse)
    HoverValues(ui, dl, f, pts, series, count);
}

void Legend(UiContext& ui, const Series* series, int count, const teach::WorkDepthPoint& at,
            double y_max) {
  for (int s = 0; s < count; ++s) {
    if (s > 0) ImGui::SameLine(0, ui.fonts.ui_px);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float px = ui.fonts.ui_px;
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + px * 0.35f),
                                              ImVec2(p.x + px * 1.2f, p.y + px * 0.7f),
                                              ToImU32(series[s].color));
    ImGui::Dummy(ImVec2(px * 1.3f, px));
    ImGui::SameLine();
    const int v = series[s].value(at);
    ImGui::Text("%s %s%s", series[s].name, Grouped(v).c_str(), v > y_max ? " (off the chart)" : "");
  }
}

}  // namespace

void DrawWorkDepthView(UiContext& ui) {
  AppState& app = ui.app;
  const Algorithm algorithm = TeachAlgorithm(app);
  const TraceSlot& slot = app.Slot(algorithm);
  const int round = app.PlayerOf(algorithm).Round();
  const std::vector<teach::RoundWork>& rows = slot.teach.round_work;
  const int n = slot.trace.meta.n;
  ImGui::BeginChild("##workdepth", ImVec2(0, 0), false);

  Heading("This trace, round by round");
  ImGui::PushTextWrapPos(0);
  if (!rows.empty()) {
    const teach::RoundWork& last = rows.back();
    ImGui::Text("%s, n = %d: work %s, depth %d, barriers %d", DisplayName(algorithm), n,
                Grouped(last.cumulative_work).c_str(), last.depth, last.barriers);
    ImGui::Text(
        "Sequential loop: n - 1 = %s applications, one after another (depth %s), no "
        "barriers",
        Grouped(std::max(0, n - 1)).c_str(), Grouped(std::max(0, n - 1)).c_str());
  }
  ImGui::PopTextWrapPos();
  ImGui::Spacing();
  RoundBars(ui, rows, round);
  RoundTable(ui, algorithm, slot.trace, rows, round);

  ImGui::Spacing();
  ImGui::Separator();
  Heading("Against n = 1..1024 (log2 axis), every algorithm, counted on simulated traces");
  const std::vector<teach::WorkDepthPoint>* pts = app.WorkDepthSeries();
  if (pts == nullptr || pts->empty()) {
    ImGui::TextUnformatted("computing work and depth for every n from 1 to 1024…");
    ImGui::EndChild();
    return;
  }
  const teach::WorkDepthPoint& at = (*pts)[static_cast<size_t>(std::clamp(n, 1, 1024) - 1)];
  const scene::Rgba seq = ui.palette.text_dim;
  std::vector<Series> work, depth;
  for (const AlgorithmInfo* info : Algorithms()) {
    const int id = static_cast<int>(info->id);
    work.push_back({info->name, AlgorithmColor(info->id), false, id, false});
    depth.push_back({info->name, AlgorithmColor(info->id), false, id, true});
  }
  work.push_back({"sequential", seq, true, -1, false});
  depth.push_back({"sequential", seq, true, -1, true});
  double work_max = 0, depth_max = 0;
  for (const teach::WorkDepthPoint& q : *pts) {
    for (const teach::WorkDepth& wd : q.algorithms) {
      work_max = std::max(work_max, static_cast<double>(wd.work));
      depth_max = std::max(depth_max, static_cast<double>(wd.depth));
    }
  }
  work_max = std::pow(10.0, std::ceil(std::log10(std::max(work_max, 10.0))));
  depth_max = NiceTicks(0, depth_max * 1.2, 4).back();

  ImGui::Text("Work (operator applications, log scale) at n = %d:", n);
  const int count = static_cast<int>(work.size());
  Legend(ui, work.data(), count, at, work_max);
  Chart(ui, "##work", *pts, work.data(), count, work_max, true, n);
  ImGui::Text("Depth (rounds that apply the operator) at n = %d:", n);
  Legend(ui, depth.data(), count, at, depth_max);
  Chart(ui, "##depth", *pts, depth.data(), count, depth_max, false, n);

  int k = app.view.lanes_log2;
  ImGui::Text("p = %d operators at a time", 1 << k);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##lanes", &k, 0, 10, "")) app.view.lanes_log2 = k;
  Tip(ui, "p: operator applications at once, for Brent's count (work / p + depth steps)");
  ImGui::Spacing();
  TextWrappedColored(ui.palette.text, teach::BrentCaption(*pts, std::clamp(n, 1, 1024), 1 << k));
  ImGui::EndChild();
}

}  // namespace scanviz
