// The scene as a standalone SVG document: the same boxes, borders, arrows and brackets as the app
// draws, in the light theme so it prints well, or in the app's theme, on its background or on
// none (an exported figure); one pane, or two side by side, each under its heading.
#include "scene/svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "scene/cell_text.h"
#include "scene/palette.h"
#include "scene/scene.h"
#include "scene/stroke.h"
#include "scene/svg_doc.h"

namespace scanviz::scene {

namespace {

using svg::Color;
using svg::TextWidth;
using svg::WrapAtDots;

constexpr float kUnit = 48.0f;        // SVG user units per layout unit
constexpr float kMinGutter = 300.0f;  // left column for row titles and tags, at least
constexpr float kMaxGutter = 640.0f;
constexpr float kMargin = 16.0f;
constexpr float kTagPx = 17, kTitlePx = 15, kHeadingPx = 20;
constexpr float kMinValuePx = 9;  // a value smaller than this takes a shorter form

// The left column: wide enough for the longest row tag (the round titles wrap to it).
float Gutter(const Scene& scene) {
  float widest = 0;
  for (const Label& l : scene.labels)
    if (l.role == LabelRole::kRowTag) widest = std::max(widest, TextWidth(l.text, kTagPx));
  return std::clamp(widest + 24, kMinGutter, kMaxGutter);
}

float PaneWidth(const Scene& scene) {
  return Gutter(scene) + scene.width * kUnit + kMargin;
}
float PaneHeight(const Scene& scene) {
  return 2 * kMargin + scene.height * kUnit;
}

// Layout units to SVG user units, for a pane whose top left corner is at (dx, dy).
struct Pane {
  float dx = 0, dy = 0;
  float gutter = kMinGutter;
  float X(float u) const { return dx + gutter + u * kUnit; }
  float Y(float u) const { return dy + kMargin + u * kUnit; }
};

// The stroke's pattern (scene/stroke.h), in the SVG's units at a width of 2.
const char* DashArray(StrokePattern s) {
  switch (s) {
    case StrokePattern::kDotted:
      return " stroke-dasharray=\"2 4\"";
    case StrokePattern::kDashed:
      return " stroke-dasharray=\"8 5\"";
    case StrokePattern::kDashDot:
      return " stroke-dasharray=\"8 3 2 3\"";
    default:
      return "";
  }
}

// A cell's rectangle with its class's stroke (scene/stroke.h); a double line is the stroke with
// the fill's colour down its middle.
void WriteBoxRect(std::ostream& out, Rect r, Rgba fill, const Palette& p, const Box& b,
                  BoxStyle style) {
  const Stroke stroke =
      b.is_input ? Stroke{static_cast<StrokePattern>(style)} : StrokeOf(b.cls, style);
  const float stroke_w = style == BoxStyle::kNone ? 1 : 2 * stroke.weight;
  out << "<rect x=\"" << r.x << "\" y=\"" << r.y << "\" width=\"" << r.w << "\" height=\"" << r.h
      << "\" fill=\"" << Color(fill) << "\" stroke=\"" << Color(p.border) << "\" stroke-width=\""
      << stroke_w << "\"" << DashArray(stroke.pattern) << "/>";
  if (stroke.pattern == StrokePattern::kDouble) {
    out << "<rect x=\"" << r.x << "\" y=\"" << r.y << "\" width=\"" << r.w << "\" height=\"" << r.h
        << "\" fill=\"none\" stroke=\"" << Color(fill) << "\" stroke-width=\"" << stroke_w / 3
        << "\"/>";
  }
}

void WriteDefs(const Palette& p, std::ostream& out) {
  out << "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
         "patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\""
      << Color(p.padding_hatch) << "\" stroke-width=\"1.5\"/></pattern>\n"
      << "<marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" "
         "markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\""
      << Color(p.arrow)
      << "\"/></marker>\n"
      // The current round's arrows in their own colour, as the app draws them (issue #37 item 13).
      << "<marker id=\"head-current\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
         "markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" "
         "fill=\""
      << Color(p.arrow_current) << "\"/></marker></defs>\n";
}

// The current round's arrows as the app draws them: its own colour (yellow on the dark theme), a
// little wider; the others dimmed with their rounds.
void WriteArrow(const Arrow& a, const Palette& p, const Pane& at, std::ostream& out) {
  auto X = [&](float u) { return at.X(u); };
  auto Y = [&](float u) { return at.Y(u); };
  // The marker's head: 6 of the stroke's widths at the end.
  svg::Grow(out, std::min(X(a.x0), X(a.x1)) - 5, std::min(Y(a.y0), Y(a.y1) - 1) - 5,
            std::max(X(a.x0), X(a.x1)) + 5, std::max(Y(a.y0), Y(a.y1) - 1) + 5);
  const bool current = a.emphasis == Emphasis::kCurrent;
  out << "<line x1=\"" << X(a.x0) << "\" y1=\"" << Y(a.y0) << "\" x2=\"" << X(a.x1) << "\" y2=\""
      << Y(a.y1) - 1 << "\" stroke=\""
      << Color(current ? p.arrow_current : Dim(p, p.arrow, a.emphasis)) << "\" stroke-width=\""
      << (current ? "1.95" : "1.5") << "\" marker-end=\"url(#"
      << (current ? "head-current" : "head") << ")\" class=\"arrow" << (current ? " current" : "")
      << "\" data-round=\"" << a.round << "\"/>\n";
}

void WriteBody(const Scene& scene, const std::optional<CellRef>& selected, const Palette& p,
               const SvgOptions& options, const Pane& at, std::ostream& out) {
  auto X = [&](float u) { return at.X(u); };
  auto Y = [&](float u) { return at.Y(u); };
  for (const Row& row : scene.rows) {
    if (row.emphasis != Emphasis::kCurrent) continue;
    svg::Rect(out, X(0) - 8, Y(row.y), scene.width * kUnit + 16, kCellH * kUnit,
              svg::Fill(p.current_band));
  }
  for (const Arrow& a : scene.arrows) WriteArrow(a, p, at, out);
  for (const Box& b : scene.boxes) {
    const Rgba fill = Dim(p, FillOf(p, b, options.color_by_case), b.emphasis);
    const float x = X(b.rect.x), y = Y(b.rect.y), w = b.rect.w * kUnit, h = b.rect.h * kUnit;
    const float ring = selected && *selected == b.cell ? 4.5f : 1;
    svg::Grow(out, x - ring, y - ring, x + w + ring, y + h + ring);
    out << "<g class=\"cell " << (b.is_input ? "input" : ToString(b.cls)) << "\" data-round=\""
        << b.cell.round << "\" data-buffer=\"" << b.cell.buffer << "\" data-pos=\"" << b.cell.pos
        << "\">";
    WriteBoxRect(out, {x, y, w, h}, fill, p, b, StyleOf(b, options.color_by_case));
    if (selected && *selected == b.cell) {  // the app's ring around the selected cell
      out << "<rect class=\"selection\" x=\"" << x - 3 << "\" y=\"" << y - 3 << "\" width=\""
          << w + 6 << "\" height=\"" << h + 6 << "\" fill=\"none\" stroke=\"" << Color(p.selection)
          << "\" stroke-width=\"3\"/>";
    }
    if (b.padding) {
      out << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << w << "\" height=\"" << h
          << "\" fill=\"url(#hatch)\" opacity=\"0.6\"/>";
    }
    // Inside the border (2) and a unit clear of it, as the app fits it (cell_text.h).
    const FittedText t =
        FitCellText(b.text, b.compact, w - 6, h, 0.42f * kUnit, kMinValuePx,
                    [](const std::string& text, float px) { return TextWidth(text, px); });
    // The screen's "C2" corner tag, at the titles' size: the value moves down clear of it.
    const bool tagged = options.color_by_case && b.hs_case > 0 && !b.is_input;
    if (!t.text.empty()) {
      svg::Text(out, x + w / 2, y + h * (tagged ? 0.64f : 0.5f), t.text, t.px, TextOn(fill),
                svg::Anchor::kMiddle);
    }
    if (tagged) {
      char tag[16];
      std::snprintf(tag, sizeof tag, "C%d", b.hs_case);
      svg::Text(out, x + 3, y + 3 + kTitlePx / 2, tag, kTitlePx, TextOn(fill), svg::Anchor::kStart);
    }
    out << "</g>\n";
  }
  for (const Bracket& br : scene.brackets) {
    const float y = Y(br.y) - 6, x0 = X(br.x0) + 2, x1 = X(br.x1) - 2;
    svg::Grow(out, x0 - 1.5f, y - 9.5f, x1 + 1.5f, y + 4);
    out << "<path d=\"M" << x0 << ',' << y + 4 << " L" << x0 << ',' << y - 8 << " L" << x1 << ','
        << y - 8 << " L" << x1 << ',' << y + 4 << "\" fill=\"none\" stroke=\"" << Color(p.bracket)
        << "\" stroke-width=\"3\" class=\"bracket\"/>\n";
  }
  for (const Label& l : scene.labels) {
    const bool in_gutter = l.role == LabelRole::kRowTag || l.role == LabelRole::kRowTitle;
    const float x = in_gutter ? at.dx + at.gutter - 12 : X(l.x);
    Rgba color = l.role == LabelRole::kBracket ? (l.ok ? p.ok : p.bad) : p.text;
    if (l.role == LabelRole::kRowTitle) color = p.text_dim;
    const float px = l.role == LabelRole::kRowTag ? kTagPx : kTitlePx;
    // A round title wraps to the gutter, its lines centred on the gap between the rows.
    const std::vector<std::string> lines = l.role == LabelRole::kRowTitle
                                               ? WrapAtDots(l.text, at.gutter - 24, px)
                                               : std::vector<std::string>{l.text};
    const float line_h = px * 1.15f;
    svg::Lines(
        out, x, Y(l.y) - line_h * static_cast<float>(lines.size() - 1) / 2, lines, px, line_h,
        in_gutter && l.emphasis != Emphasis::kCurrent ? p.text_dim : Dim(p, color, l.emphasis),
        in_gutter ? svg::Anchor::kEnd : svg::Anchor::kStart);
  }
}

}  // namespace

void WriteSvg(const std::vector<SvgPane>& panes, const SvgOptions& options, std::ostream& out) {
  const Palette p = MakePalette(options.theme);
  // Each pane's heading wraps (at " · ") to the pane's width; the tallest sets the room above.
  std::vector<std::vector<std::string>> headings;
  size_t heading_lines = 0;
  float width = 0, height = 0;
  for (const SvgPane& pane : panes) {
    const float pane_w = PaneWidth(*pane.scene);
    headings.push_back(pane.title.empty()
                           ? std::vector<std::string>{}
                           : WrapAtDots(pane.title, pane_w - 2 * kMargin, kHeadingPx));
    heading_lines = std::max(heading_lines, headings.back().size());
    width += pane_w;
    height = std::max(height, PaneHeight(*pane.scene));
  }
  const float line_h = kHeadingPx * 1.3f;
  const float top = heading_lines > 0 ? kMargin + line_h * static_cast<float>(heading_lines) : 0;
  height += top;
  svg::Body body;
  WriteDefs(p, body);
  float dx = 0;
  for (size_t i = 0; i < panes.size(); ++i) {
    for (size_t k = 0; k < headings[i].size(); ++k) {
      svg::Text(body, dx + kMargin, kMargin + line_h * (static_cast<float>(k) + 0.5f),
                headings[i][k], kHeadingPx, p.text, svg::Anchor::kStart, "title");
    }
    const Scene& scene = *panes[i].scene;
    WriteBody(scene, panes[i].selected, p, options, Pane{dx, top, Gutter(scene)}, body);
    dx += PaneWidth(scene);
  }
  svg::Document(out, width, height, p, options.transparent, body);
}

void WriteSvg(const Scene& scene, std::ostream& out) {
  WriteSvg({SvgPane{&scene, {}, std::nullopt}}, SvgOptions{}, out);
}

}  // namespace scanviz::scene
