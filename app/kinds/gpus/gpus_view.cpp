// The GPUs kind's drawing half: the GPUs as rows and their phases on one time axis, each phase a
// bar in its colour with its name in it where it fits (and the legend in words), the exchange of
// the P totals as arrows (each GPU's total into the all-gather, the gathered totals back out),
// each GPU's shard, total and offset beside its row, the cursor at the moment shown (click or drag;
// ← → step), and whether the times were measured or simulated. A GPU's row clicked (or K) opens
// its shard's single-pass timeline, drawn by the single-pass kind's view; Esc comes back.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "kinds/gpus/gpus_state.h"
#include "kinds/kind_view.h"
#include "kinds/single_pass/timeline_view.h"
#include "teach/multi_gpu_teach.h"
#include "views/primitives.h"

namespace scanviz {
namespace {

constexpr GpuPhaseKind kPhases[] = {GpuPhaseKind::kReduce, GpuPhaseKind::kScan,
                                    GpuPhaseKind::kAllGather, GpuPhaseKind::kOffset,
                                    GpuPhaseKind::kAdd};

scene::Rgba PhaseColor(GpuPhaseKind k) {
  return GpuPhaseColor(k);
}

std::string Value(const MultiGpuTrace& t, double v) {
  return FormatValue(t.type, v);
}

// [SECTION] Title, controls, legend

void DrawTitle(UiContext& ui, const MultiGpuTrace& t, const GpusState& g) {
  ImGui::PushFont(ui.fonts.large);
  const std::string title = "The scan across GPUs: n = " + std::to_string(t.N()) + " on " +
                            std::to_string(t.Gpus()) + (t.Gpus() == 1 ? " GPU, " : " GPUs, ") +
                            StrategyWords(t.strategy);
  TextWrapped(ui, "title", title);
  ImGui::PopFont();
  TextWrappedColored(ui, "origin", t.measured ? ui.palette.text : ui.palette.text_dim, g.Origin());
}

// P and the strategy of the simulator's run (a file's trace has its own, and says so).
void Controls(UiContext& ui, GpusState& g) {
  if (g.ShowsFile()) {
    // Wrapped: a long path cuts none of it off.
    Paragraph(ui, "controls",
              "GPUs and strategy as recorded in " + g.FilePath() +
                  " (an edit of the input goes back to the simulator)",
              true);
    return;
  }
  Text(ui, {}, "GPUs");
  for (int p : {1, 2, 4, 8}) {
    const std::string label = std::to_string(p) + "##gpus";
    SameLineIfFits(label.c_str(), true);
    if (RadioButton(ui, label.c_str(), g.gpus == p, {"control", "GPUs " + std::to_string(p)})) {
      g.gpus = p;
      g.cursor = -1;
      g.zoom = -1;
    }
    Tip(ui, "Simulate this many GPUs, each with a shard of the input");
  }
  for (MultiGpuStrategy s : {MultiGpuStrategy::kScanThenAdd, MultiGpuStrategy::kReduceThenScan}) {
    const std::string label = StrategyWords(s);
    SameLineIfFits(label.c_str(), true);
    if (RadioButton(ui, label.c_str(), g.strategy == s, {"control", label})) {
      g.strategy = s;
      g.cursor = -1;
      g.zoom = -1;
    }
    Tip(ui, s == MultiGpuStrategy::kScanThenAdd
                ? "Each GPU scans its shard, the totals are gathered, each adds its offset "
                  "(4 n/P words moved a GPU)"
                : "Each GPU reduces its shard, the totals are gathered, each scans its shard "
                  "with its offset carried in (3 n/P words)");
  }
}

// Each phase's swatch and name, then the arrows'; an entry on the line while it fits.
void DrawLegend(UiContext& ui) {
  const float px = ui.fonts.ui_px, sw = px * 0.9f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  bool first = true;
  auto place = [&](float w) {
    if (!first) {
      ImGui::SameLine(0, px);
      if (ImGui::GetCursorPosX() + w > ImGui::GetWindowContentRegionMax().x) ImGui::NewLine();
    }
    first = false;
  };
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  for (GpuPhaseKind k : kPhases) {
    place(sw + spacing + ImGui::CalcTextSize(ToString(k)).x);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    dl->AddRectFilled(ImVec2(p.x, p.y + px * 0.15f), ImVec2(p.x + sw, p.y + px * 0.15f + sw),
                      ToImU32(PhaseColor(k)));
    ImGui::Dummy(ImVec2(sw, sw));
    ImGui::SameLine();
    Text(ui, "legend", ToString(k));
  }
  // Wrapped: a phone's narrow figure cuts none of it off.
  const char* arrows = kGpuArrowsLegend;
  place(ImGui::CalcTextSize(arrows).x);
  TextWrapped(ui, "legend", arrows);
}

// [SECTION] The rows

// Each GPU's numbers beside its row: its shard, total and offset, as lines of text.
std::vector<std::string> NumberLines(const MultiGpuTrace& t, const GpuRank& r, bool three) {
  // Appended, not "[" + ...: GCC 12 warns falsely (-Wrestrict) on a one-character literal.
  std::string shard = "shard [";
  shard.append(std::to_string(r.begin)).append(", ").append(std::to_string(r.end)).append(")");
  const std::string total = "total " + Value(t, r.total), offset = "offset " + Value(t, r.offset);
  if (three) return {shard, total, offset};
  return {shard, total + "  " + offset};
}

// How the numbers are set: the large font on two lines where it fits (a projector), else on
// three, else the panels' font; never wider than a third of the figure (a phone).
struct Numbers {
  ImFont* font = nullptr;
  float px = 1, width = 0;
  bool three = false;
};
Numbers PlaceNumbers(const UiContext& ui, float room, float row_h, const MultiGpuTrace& t) {
  Numbers out;
  for (ImFont* font : {ui.fonts.large, ui.fonts.ui})
    for (bool three : {false, true}) {
      const float px = font == ui.fonts.large ? ui.fonts.large_px : ui.fonts.ui_px;
      float width = 0;
      for (const GpuRank& r : t.ranks)
        for (const std::string& line : NumberLines(t, r, three))
          width = std::max(width, font->CalcTextSizeA(px, FLT_MAX, 0, line.c_str()).x);
      out = {font, px, width, three};
      if (width <= room && px * (three ? 3.1f : 2.1f) <= row_h) return out;
    }
  return out;
}

struct Plot {
  float label_x = 0, left = 0, width = 1, top = 0, row_h = 1, numbers_x = 0, px = 1;
  Numbers numbers;
  std::int64_t span = 1;
  int rows = 1;
  float X(std::int64_t t) const {
    return left + width * static_cast<float>(static_cast<double>(t) / static_cast<double>(span));
  }
  float RowY(int r) const { return top + row_h * static_cast<float>(r); }
  float Bottom() const { return RowY(rows); }
};

Plot PlacePlot(const UiContext& ui, ViewRect rect, const MultiGpuTrace& t) {
  Plot p;
  p.px = ui.fonts.ui_px;
  ImGui::Dummy(ImVec2(1, p.px * 1.5f));  // room for the cursor's caption
  const ImVec2 at = ImGui::GetCursorScreenPos();
  p.top = at.y + p.px * 0.3f;
  p.span = std::max<std::int64_t>(1, t.Span());
  p.rows = std::max(1, t.Gpus());
  const float height = std::max(10.0f, rect.y + rect.h - p.top - p.px * 3.8f);  // the axis
  // Rows share the height, each at most a third of it (one GPU's bar is not a wall) but never
  // capped below four large lines: on a 4K screen the rows grow with the window instead of
  // leaving the lower part of the figure empty.
  const float most = std::max(ui.fonts.large_px * 4, height / 3);
  p.row_h = std::min(height / static_cast<float>(p.rows), most);
  p.numbers = PlaceNumbers(ui, rect.w / 3, p.row_h, t);
  p.label_x = at.x;
  p.left = at.x + ImGui::CalcTextSize("GPU 15").x + p.px;
  p.numbers_x = rect.x + rect.w - p.numbers.width - p.px * 0.5f;
  p.width = std::max(10.0f, p.numbers_x - p.px - p.left);
  return p;
}

// A GPU's phases as bars, each named inside where its name fits.
void DrawPhases(UiContext& ui, const Plot& p, const GpuRank& r) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // The large font where the rows are tall enough: read from the back of a room.
  ImGui::PushFont(p.row_h >= ui.fonts.large_px * 2.5f ? ui.fonts.large : ui.fonts.ui);
  const float px = ImGui::GetFontSize();
  const float y0 = p.RowY(r.rank) + p.row_h * 0.18f, y1 = p.RowY(r.rank + 1) - p.row_h * 0.18f;
  for (const GpuPhase& ph : r.phases) {
    const float x0 = p.X(ph.start), x1 = std::max(p.X(ph.end), x0 + 1);
    dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), ToImU32(PhaseColor(ph.kind)));
    const std::string what = "GPU " + std::to_string(r.rank) + ": " + ToString(ph.kind) + " " +
                             GpuTime(ph.start) + " .. " + GpuTime(ph.end);
    const ViewRect bar{x0, y0, x1 - x0, y1 - y0};
    const char* name = ToString(ph.kind);
    if (ImGui::CalcTextSize(name).x + px * 0.4f <= x1 - x0 && y1 - y0 >= px)
      DrawFigureText(
          ui, {nullptr, 0, ImVec2(x0 + px * 0.2f, (y0 + y1 - px) * 0.5f), IM_COL32(0, 0, 0, 255)},
          name, {"phase", what}, &bar);
    else
      DumpLine(ui, {"phase", what}, bar);
  }
  ImGui::PopFont();
}

// The all-gather's span over every GPU (from the first to start to the last to end), if any.
bool GatherSpan(const MultiGpuTrace& t, std::int64_t* from, std::int64_t* to) {
  *from = INT64_MAX;
  *to = 0;
  for (const GpuRank& r : t.ranks)
    for (const GpuPhase& ph : r.phases)
      if (ph.kind == GpuPhaseKind::kAllGather) {
        *from = std::min(*from, ph.start);
        *to = std::max(*to, ph.end);
      }
  return *from <= *to;
}

// The exchange's band across every row, under the bars.
void DrawBand(const Plot& p, const MultiGpuTrace& t) {
  std::int64_t from = 0, to = 0;
  if (!GatherSpan(t, &from, &to)) return;
  const float bx0 = p.X(from), bx1 = std::max(p.X(to), bx0 + p.px * 0.6f);
  scene::Rgba band = PhaseColor(GpuPhaseKind::kAllGather);
  band.a = 0.18f;
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(bx0, p.top), ImVec2(bx1, p.Bottom()),
                                            ToImU32(band));
}

// The exchange: each GPU's total goes into the all-gather where its all-gather starts (an arrow
// to the band's middle), and the gathered totals come back where it ends (an arrow out of it).
void DrawExchange(UiContext& ui, const Plot& p, const MultiGpuTrace& t) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  std::int64_t from = 0, to = 0;
  if (!GatherSpan(t, &from, &to)) return;
  const float bx0 = p.X(from), bx1 = std::max(p.X(to), bx0 + p.px * 0.6f);
  // Black over the bars they cross (sky blue, orange, purple): above and below the bar's name.
  const ImU32 ink = IM_COL32(0, 0, 0, 255);
  const float head = std::max(4.0f, p.px * 0.35f), mid = (bx0 + bx1) * 0.5f;
  for (const GpuRank& r : t.ranks) {
    const float y = p.RowY(r.rank) + p.row_h * 0.5f, lift = p.row_h * 0.22f;
    for (const GpuPhase& ph : r.phases) {
      if (ph.kind != GpuPhaseKind::kAllGather) continue;
      const float in = p.X(ph.start) - p.px * 1.6f, out = std::max(p.X(ph.end), mid) + p.px * 1.6f;
      const float yi = y - lift, yo = y + lift;
      dl->AddLine(ImVec2(in, yi), ImVec2(mid - head, yi), ink, 2.5f);
      dl->AddTriangleFilled(ImVec2(mid, yi), ImVec2(mid - head * 1.6f, yi - head),
                            ImVec2(mid - head * 1.6f, yi + head), ink);
      dl->AddLine(ImVec2(mid, yo), ImVec2(out - head, yo), ink, 2.5f);
      dl->AddTriangleFilled(ImVec2(out, yo), ImVec2(out - head * 1.6f, yo - head),
                            ImVec2(out - head * 1.6f, yo + head), ink);
      DumpLine(ui,
               {"exchange", "GPU " + std::to_string(r.rank) + " sends " + Value(t, r.total) +
                                ", gets " + std::to_string(r.gathered.size()) + " totals"},
               {in, yi - head, out - in, yo - yi + head * 2});
    }
  }
  const std::string words = "all-gather: " + std::to_string(t.Gpus()) +
                            (t.Gpus() == 1 ? " number crosses" : " numbers cross");
  const ImVec2 at(bx0, p.Bottom() + p.px * 0.2f);
  DrawFigureText(ui, {nullptr, 0, at, ToImU32(ui.palette.text)}, words, "exchange_caption");
}

// "GPU r" beside each row, a button: its shard's timeline.
void DrawRowLabels(UiContext& ui, const Plot& p, const MultiGpuTrace& t, GpusState& g) {
  ImGui::PushFont(p.row_h >= ui.fonts.large_px * 1.2f ? ui.fonts.large : ui.fonts.ui);
  for (const GpuRank& r : t.ranks) {
    const std::string label = "GPU " + std::to_string(r.rank);
    const float y = p.RowY(r.rank) + (p.row_h - ImGui::GetFontSize()) * 0.5f;
    ImGui::SetCursorScreenPos(ImVec2(p.label_x, y));
    ImGui::PushID(r.rank);
    if (ImGui::InvisibleButton("##gpu-row", ImVec2(p.left - p.label_x, ImGui::GetFontSize()))) {
      g.zoom = r.rank;
      g.shard_cursor = -1;
    }
    ImGui::PopID();
    Place(ui, ("gpu-row-" + std::to_string(r.rank)).c_str());
    Tip(ui, "This GPU's shard: its own single-pass timeline (Esc: back)", "");
    const ViewRect box{p.label_x, y, p.left - p.label_x, ImGui::GetFontSize()};
    DrawFigureText(ui, {nullptr, 0, ImVec2(p.label_x, y), ToImU32(ui.palette.text)}, label,
                   {"gpu", label + ": " + r.device}, &box);
  }
  ImGui::PopFont();
}

// Each GPU's shard, total and offset beside its row.
void DrawNumbers(UiContext& ui, const Plot& p, const MultiGpuTrace& t) {
  const float line = p.numbers.px * 1.02f;
  const ImU32 ink = ToImU32(ui.palette.text);
  for (const GpuRank& r : t.ranks) {
    const std::vector<std::string> lines = NumberLines(t, r, p.numbers.three);
    float y = p.RowY(r.rank) + (p.row_h - line * static_cast<float>(lines.size())) * 0.5f;
    std::string dump = "GPU " + std::to_string(r.rank) + ":";
    for (const std::string& l : lines) dump += " " + l;
    for (size_t i = 0; i < lines.size(); ++i, y += line)
      DrawFigureText(ui, {p.numbers.font, p.numbers.px, ImVec2(p.numbers_x, y), ink}, lines[i],
                     i == 0 ? Dump{"numbers", dump} : Dump{});
  }
}

void DrawTimeAxis(UiContext& ui, const Plot& p, const MultiGpuTrace& t) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float y = p.Bottom() + p.px * 1.3f;
  // As many ticks as their labels have room for (a phone's plot is narrow).
  const int ticks = std::clamp(static_cast<int>(p.width / (p.px * 5)), 2, 5);
  for (double tick : NiceTicks(0, static_cast<double>(p.span), ticks)) {
    if (tick > static_cast<double>(p.span) * 1.0001) break;
    const float x = p.X(static_cast<std::int64_t>(tick));
    dl->AddLine(ImVec2(x, p.Bottom()), ImVec2(x, p.Bottom() + p.px * 0.3f),
                ToImU32(ui.palette.text_dim));
    dl->AddText(ImVec2(x - p.px, y), ToImU32(ui.palette.text_dim),
                GpuTime(static_cast<std::int64_t>(tick)).c_str());
  }
  const std::string unit = GpuTimeAxisCaption(t);
  const ImVec2 at(std::max(p.label_x, p.left + p.width - ImGui::CalcTextSize(unit.c_str()).x),
                  y + p.px * 1.2f);
  DrawFigureText(ui, {nullptr, 0, at, ToImU32(ui.palette.text_dim)}, unit, "axis");
}

// The cursor: click or drag in the plot moves it; its caption names the moment.
void DrawCursor(UiContext& ui, const Plot& p, const MultiGpuTrace& t, GpusState& g, ViewRect rect) {
  ImGui::SetCursorScreenPos(ImVec2(p.left, p.top));
  ImGui::InvisibleButton("##gpus-plot", ImVec2(p.width, std::max(1.0f, p.Bottom() - p.top)));
  Place(ui, "gpus-plot");
  if (ImGui::IsItemActive() && !ui.app.view.ignore_mouse) {
    const float f = (ImGui::GetIO().MousePos.x - p.left) / p.width;
    g.cursor = static_cast<std::int64_t>(std::clamp(f, 0.0f, 1.0f) * static_cast<float>(p.span));
  }
  const std::int64_t now = GpuCursorAt(t, g.cursor);
  const float cx = p.X(now);
  ImGui::GetWindowDrawList()->AddLine(ImVec2(cx, p.top - p.px * 0.2f), ImVec2(cx, p.Bottom()),
                                      ToImU32(ui.palette.text), 2.5f);
  DumpLine(ui, {"cursor", GpuCaption(t, now)}, {cx, p.top, 1, p.Bottom() - p.top});
  const std::string caption = GpuCaption(t, now);
  const float w = ImGui::CalcTextSize(caption.c_str()).x;
  const ImVec2 at(std::clamp(cx - w * 0.5f, rect.x + p.px * 0.3f,
                             std::max(rect.x, rect.x + rect.w - w - p.px * 0.3f)),
                  p.top - p.px * 1.5f);
  DrawFigureText(ui, {nullptr, 0, at, ToImU32(ui.palette.text)}, caption, "caption");
}

// [SECTION] The GPUs, or one GPU's shard

void DrawGpus(UiContext& ui, ViewRect rect, bool controls) {
  GpusState& g = GpusOf(ui.app);
  const MultiGpuTrace& t = g.Traced();
  BeginPanelWindow(ui, "##gpus", rect, "gpus");
  DrawTitle(ui, t, g);
  if (controls) Controls(ui, g);
  DrawLegend(ui);
  if (t.ranks.empty()) {
    ImGui::End();
    return;
  }
  const Plot p = PlacePlot(ui, rect, t);
  DrawBand(p, t);
  for (const GpuRank& r : t.ranks) DrawPhases(ui, p, r);
  DrawExchange(ui, p, t);
  ImGui::GetWindowDrawList()->AddRect(ImVec2(p.left, p.top), ImVec2(p.left + p.width, p.Bottom()),
                                      ToImU32(ui.palette.text_dim));
  DrawNumbers(ui, p, t);
  DrawTimeAxis(ui, p, t);
  DrawCursor(ui, p, t, g, rect);
  if (controls)
    DrawRowLabels(ui, p, t, g);
  else {
    for (const GpuRank& r : t.ranks)
      ImGui::GetWindowDrawList()->AddText(
          ImVec2(p.label_x, p.RowY(r.rank) + (p.row_h - p.px) * 0.5f), ToImU32(ui.palette.text),
          ("GPU " + std::to_string(r.rank)).c_str());
  }
  ImGui::End();
}

void DrawShard(UiContext& ui, ViewRect rect, bool controls) {
  GpusState& g = GpusOf(ui.app);
  const MultiGpuTrace& t = g.Traced();
  const GpuRank& r = t.ranks[static_cast<size_t>(g.zoom)];
  const std::string title = "GPU " + std::to_string(r.rank) + "'s shard [" +
                            std::to_string(r.begin) + ", " + std::to_string(r.end) + "): ";
  if (!r.shard) {
    BeginPanelWindow(ui, "##gpus", rect, "gpus");
    TextWrapped(ui, "title", title + "its timeline was not recorded (too large to trace)");
    if (controls) {
      if (Button(ui, "Back to the GPUs (Esc)", "back")) g.zoom = -1;
      Tip(ui, "The GPUs as rows again", "Escape");
    }
    ImGui::End();
    return;
  }
  TimelineSource src{&*r.shard,   &g.shard_cursor,
                     g.Version(), r.device + (t.measured ? " (measured)" : " (simulated)"),
                     title,       {}};
  if (controls)
    src.above = [&ui, &g] {
      if (Button(ui, "Back to the GPUs (Esc)", "back")) g.zoom = -1;
      Tip(ui, "The GPUs as rows again", "Escape");
    };
  DrawSinglePassTimeline(ui, rect, src);
}

void DrawCentre(UiContext& ui, ViewRect rect, bool controls) {
  GpusState& g = GpusOf(ui.app);
  if (g.zoom >= g.Traced().Gpus()) g.zoom = -1;
  if (g.zoom >= 0)
    DrawShard(ui, rect, controls);
  else
    DrawGpus(ui, rect, controls);
}

class Gpus final : public KindView {
 public:
  void DrawCenter(KindFrame& f, ViewRect c) const override { DrawCentre(f.ui, c, true); }
  void DrawFigure(KindFrame& f, ViewRect r) const override { DrawCentre(f.ui, r, false); }
  FigureWidth WidthOfFigure(KindFrame& f, float room) const override {
    return {std::max(room, f.ui.fonts.ui_px * 60), true};
  }
  bool DrawTab(KindFrame& f, SidePanel tab) const override {
    if (tab != SidePanel::kNarration) return false;
    GpusState& g = GpusOf(f.ui.app);
    const teach::MultiGpuNarration n =
        teach::NarrateMultiGpu(g.Traced(), GpuCursorAt(g.Traced(), g.cursor));
    DrawLargeParagraphs(f.ui, n.title, n.paragraphs);
    return true;
  }
};

}  // namespace

const KindView& GpusView() {
  static const Gpus view;
  return view;
}

}  // namespace scanviz
