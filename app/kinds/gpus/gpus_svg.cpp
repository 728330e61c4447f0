// The GPUs kind's figure as SVG (Ctrl+S writes it beside the PNG), laid out as the view draws it:
// the heading and where the times come from, the legend in words, the GPUs as rows of phase bars
// on one time axis, the all-gather's band with each GPU's total going in and the totals coming
// back, each GPU's shard, total and offset beside its row, the cursor and its caption. A GPU
// zoomed into is its shard's single-pass timeline (scene/timeline_svg.h). UI-free; the phases'
// colours are here, for the view too.
#include <algorithm>
#include <sstream>

#include "kinds/gpus/gpus_state.h"
#include "scene/svg_doc.h"
#include "scene/ticks.h"
#include "scene/timeline_svg.h"

namespace scanviz {

scene::Rgba GpuPhaseColor(GpuPhaseKind k) {
  // Okabe-Ito's colours, which colour-blind eyes tell apart; the names say it as well.
  switch (k) {
    case GpuPhaseKind::kReduce:
      return {0.835f, 0.369f, 0.000f, 1};  // vermillion
    case GpuPhaseKind::kScan:
      return {0.337f, 0.706f, 0.914f, 1};  // sky blue
    case GpuPhaseKind::kAllGather:
      return {0.902f, 0.624f, 0.000f, 1};  // orange
    case GpuPhaseKind::kOffset:
      return {0.800f, 0.475f, 0.655f, 1};  // reddish purple
    case GpuPhaseKind::kAdd:
      return {0.000f, 0.620f, 0.451f, 1};  // bluish green
  }
  return {0.5f, 0.5f, 0.5f, 1};
}

const char* StrategyWords(MultiGpuStrategy s) {
  return s == MultiGpuStrategy::kScanThenAdd ? "scan, then add" : "reduce, then scan";
}

const char* const kGpuArrowsLegend =
    "upper arrow: a GPU's total into the all-gather; lower arrow: every total back out to it";

std::string GpuTimeAxisCaption(const MultiGpuTrace& t) {
  return t.measured ? "time on one clock, " + t.clock
                    : std::string("simulated time (a model, not measured)");
}

namespace {

namespace svg = scene::svg;

constexpr float kPx = 14, kRowH = 40, kLabelW = 70, kNumbersW = 250, kPlotW = 640;
constexpr GpuPhaseKind kPhases[] = {GpuPhaseKind::kReduce, GpuPhaseKind::kScan,
                                    GpuPhaseKind::kAllGather, GpuPhaseKind::kOffset,
                                    GpuPhaseKind::kAdd};

struct Axis {
  float left = kLabelW, top = 0;
  std::int64_t span = 1;
  float X(std::int64_t t) const {
    return left + kPlotW * static_cast<float>(static_cast<double>(t) / static_cast<double>(span));
  }
  float RowY(int r) const { return top + kRowH * static_cast<float>(r); }
};

// The heading, the provenance and the legend; returns the plot's top.
float WriteHeading(std::ostream& out, const MultiGpuTrace& t, const scene::Palette& p,
                   const std::string& origin) {
  const std::string title = "The scan across GPUs: n = " + std::to_string(t.N()) + " on " +
                            std::to_string(t.Gpus()) + (t.Gpus() == 1 ? " GPU, " : " GPUs, ") +
                            StrategyWords(t.strategy);
  svg::Text(out, 0, 12, title, kPx * 1.3f, p.text, svg::Anchor::kStart, "title");
  svg::Text(out, 0, 38, (t.measured ? "measured: " : "simulated: ") + origin, kPx,
            t.measured ? p.text : p.text_dim, svg::Anchor::kStart, "origin");
  float x = 0;
  for (GpuPhaseKind k : kPhases) {
    svg::Rect(out, x, 56, kPx, kPx, svg::Fill(GpuPhaseColor(k)), "swatch");
    svg::Text(out, x + kPx * 1.4f, 63, ToString(k), kPx, p.text, svg::Anchor::kStart, "legend");
    x += kPx * 2 + svg::TextWidth(ToString(k), kPx);
  }
  svg::Text(out, x, 63, kGpuArrowsLegend, kPx, p.text, svg::Anchor::kStart, "legend");
  return 110;
}

void WriteRows(std::ostream& out, const MultiGpuTrace& t, const scene::Palette& p, const Axis& a) {
  for (const GpuRank& r : t.ranks) {
    const float y0 = a.RowY(r.rank) + kRowH * 0.15f, h = kRowH * 0.7f;
    svg::Text(out, 0, y0 + h * 0.5f, "GPU " + std::to_string(r.rank), kPx * 1.15f, p.text,
              svg::Anchor::kStart, "gpu-label");
    for (const GpuPhase& ph : r.phases) {
      const float x0 = a.X(ph.start), w = std::max(1.0f, a.X(ph.end) - x0);
      svg::Rect(out, x0, y0, w, h, svg::Fill(GpuPhaseColor(ph.kind)),
                std::string("phase ") + ToString(ph.kind));
      if (svg::TextWidth(ToString(ph.kind), kPx) + 6 <= w)
        svg::Text(out, x0 + 3, y0 + h * 0.5f, ToString(ph.kind), kPx, {0, 0, 0, 1},
                  svg::Anchor::kStart, "phase-name");
    }
    const float nx = kLabelW + kPlotW + 16;
    svg::Text(out, nx, y0 + h * 0.25f,
              "shard [" + std::to_string(r.begin) + ", " + std::to_string(r.end) + ")", kPx, p.text,
              svg::Anchor::kStart, "numbers");
    svg::Text(out, nx, y0 + h * 0.85f,
              "total " + FormatValue(t.type, r.total) + "  offset " + FormatValue(t.type, r.offset),
              kPx, p.text, svg::Anchor::kStart, "numbers");
  }
}

// The all-gather's band (under the bars: `arrows` false), or its arrows and caption (over them).
void WriteExchange(std::ostream& out, const MultiGpuTrace& t, const scene::Palette& p,
                   const Axis& a, bool arrows) {
  std::int64_t from = a.span, to = 0;
  for (const GpuRank& r : t.ranks)
    for (const GpuPhase& ph : r.phases)
      if (ph.kind == GpuPhaseKind::kAllGather) {
        from = std::min(from, ph.start);
        to = std::max(to, ph.end);
      }
  if (from > to) return;
  const float bx0 = a.X(from), bx1 = std::max(a.X(to), bx0 + 8), mid = (bx0 + bx1) * 0.5f;
  scene::Rgba band = GpuPhaseColor(GpuPhaseKind::kAllGather);
  band.a = 0.18f;
  if (!arrows) {
    svg::Rect(out, bx0, a.top, bx1 - bx0, kRowH * static_cast<float>(t.Gpus()), svg::Fill(band),
              "exchange-band");
    return;
  }
  const scene::Rgba ink{0, 0, 0, 1};  // black over the bars they cross, as the view draws them
  for (const GpuRank& r : t.ranks)
    for (const GpuPhase& ph : r.phases) {
      if (ph.kind != GpuPhaseKind::kAllGather) continue;
      const float y = a.RowY(r.rank) + kRowH * 0.5f;
      const float lift = kRowH * 0.22f;
      svg::Arrow(out, a.X(ph.start) - 22, y - lift, mid, y - lift, ink, 2, 6, "total-in");
      svg::Arrow(out, mid, y + lift, std::max(a.X(ph.end), mid) + 22, y + lift, ink, 2, 6,
                 "totals-out");
    }
  svg::Text(out, bx0, a.RowY(t.Gpus()) + 12,
            "all-gather: " + std::to_string(t.Gpus()) +
                (t.Gpus() == 1 ? " number crosses" : " numbers cross"),
            kPx, p.text, svg::Anchor::kStart, "exchange-caption");
}

void WriteAxisAndCursor(std::ostream& out, const MultiGpuTrace& t, const scene::Palette& p,
                        const Axis& a, std::int64_t now) {
  const float bottom = a.RowY(t.Gpus());
  svg::Rect(out, a.left, a.top, kPlotW, bottom - a.top, svg::Outline(p.text_dim, 1), "plot");
  for (double tick : scene::NiceTicks(0, static_cast<double>(a.span), 5)) {
    if (tick > static_cast<double>(a.span) * 1.0001) break;
    const float x = a.X(static_cast<std::int64_t>(tick));
    svg::Line(out, x, bottom, x, bottom + 4, p.text_dim, 1);
    svg::Text(out, x, bottom + 30, GpuTime(static_cast<std::int64_t>(tick)), kPx * 0.9f, p.text_dim,
              svg::Anchor::kMiddle, "tick");
  }
  svg::Text(out, a.left + kPlotW, bottom + 52, GpuTimeAxisCaption(t), kPx * 0.9f, p.text_dim,
            svg::Anchor::kEnd, "axis");
  const float cx = a.X(now);
  svg::Line(out, cx, a.top - 4, cx, bottom, p.text, 2.5f, "cursor");
  svg::Text(out, a.left, a.top - 16, GpuCaption(t, now), kPx, p.text, svg::Anchor::kStart,
            "caption");
}

}  // namespace

std::string GpusFigureSvg(const MultiGpuTrace& t, std::int64_t cursor, const std::string& origin,
                          const scene::SvgLook& look) {
  const scene::Palette p = scene::MakePalette(look.theme);
  svg::Body body;
  Axis a;
  a.top = WriteHeading(body, t, p, origin);
  a.span = std::max<std::int64_t>(1, t.Span());
  WriteExchange(body, t, p, a, false);
  WriteRows(body, t, p, a);
  WriteExchange(body, t, p, a, true);
  if (!t.ranks.empty()) WriteAxisAndCursor(body, t, p, a, GpuCursorAt(t, cursor));
  std::ostringstream out;
  svg::Document(out, kLabelW + kPlotW + 16 + kNumbersW, a.RowY(t.Gpus()) + 72, p, look.transparent,
                body);
  return out.str();
}

std::string GpuShardSvg(const GpuRank& rank, std::int64_t cursor, const scene::SvgLook& look) {
  scene::TimelineSvgOptions o;
  o.theme = look.theme;
  o.transparent = look.transparent;
  std::ostringstream out;
  scene::WriteTimelineSvg(*rank.shard, cursor, o, out);
  return out.str();
}

}  // namespace scanviz
