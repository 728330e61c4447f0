// The scene as a standalone SVG document: the same boxes, borders, arrows and brackets as the app
// draws, in the light theme so it prints well.
#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>

#include "scene/palette.h"
#include "scene/scene.h"

namespace scanviz::scene {

namespace {

constexpr float kUnit = 48.0f;     // SVG user units per layout unit
constexpr float kGutter = 300.0f;  // left column for row titles and tags
constexpr float kMargin = 16.0f;

std::string Color(Rgba c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", static_cast<int>(std::lround(c.r * 255)),
                static_cast<int>(std::lround(c.g * 255)), static_cast<int>(std::lround(c.b * 255)));
  return buf;
}

std::string Escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

float X(float u) {
  return kGutter + u * kUnit;
}
float Y(float u) {
  return kMargin + u * kUnit;
}

const char* DashArray(BoxStyle s) {
  switch (s) {
    case BoxStyle::kDotted:
      return " stroke-dasharray=\"2 4\"";
    case BoxStyle::kDashed:
      return " stroke-dasharray=\"8 5\"";
    default:
      return "";
  }
}

}  // namespace

void WriteSvg(const Scene& scene, std::ostream& out) {
  const Palette p = MakePalette(Theme::kLight);
  const float width = kGutter + scene.width * kUnit + kMargin;
  const float height = 2 * kMargin + scene.height * kUnit;
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"0 0 " << width << ' ' << height
      << "\" font-family=\"DejaVu Sans, sans-serif\">\n";
  out << "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
         "patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\""
      << Color(p.padding_hatch) << "\" stroke-width=\"1.5\"/></pattern>\n"
      << "<marker id=\"head\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" "
         "markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\""
      << Color(p.arrow) << "\"/></marker></defs>\n";
  out << "<rect width=\"100%\" height=\"100%\" fill=\"" << Color(p.background) << "\"/>\n";

  for (const Row& row : scene.rows) {
    if (row.emphasis != Emphasis::kCurrent) continue;
    out << "<rect x=\"" << X(0) - 8 << "\" y=\"" << Y(row.y) << "\" width=\""
        << scene.width * kUnit + 16 << "\" height=\"" << kCellH * kUnit << "\" fill=\""
        << Color(p.current_band) << "\"/>\n";
  }
  for (const Arrow& a : scene.arrows) {
    out << "<line x1=\"" << X(a.x0) << "\" y1=\"" << Y(a.y0) << "\" x2=\"" << X(a.x1) << "\" y2=\""
        << Y(a.y1) - 1 << "\" stroke=\"" << Color(Dim(p, p.arrow, a.emphasis))
        << "\" stroke-width=\"1.5\" marker-end=\"url(#head)\" class=\"arrow\" data-round=\""
        << a.round << "\"/>\n";
  }
  for (const Box& b : scene.boxes) {
    const Rgba fill = Dim(p, FillOf(p, b, false), b.emphasis);
    const float x = X(b.rect.x), y = Y(b.rect.y), w = b.rect.w * kUnit, h = b.rect.h * kUnit;
    out << "<g class=\"cell " << (b.is_input ? "input" : ToString(b.cls)) << "\" data-round=\""
        << b.cell.round << "\" data-buffer=\"" << b.cell.buffer << "\" data-pos=\"" << b.cell.pos
        << "\">";
    out << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << w << "\" height=\"" << h
        << "\" fill=\"" << Color(fill) << "\" stroke=\"" << Color(p.border) << "\" stroke-width=\""
        << (b.style == BoxStyle::kNone ? 1 : 2) << "\"" << DashArray(b.style) << "/>";
    if (b.padding) {
      out << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << w << "\" height=\"" << h
          << "\" fill=\"url(#hatch)\" opacity=\"0.6\"/>";
    }
    out << "<text x=\"" << x + w / 2 << "\" y=\"" << y + h / 2 << "\" font-size=\"" << 0.42f * kUnit
        << "\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"" << Color(TextOn(fill))
        << "\">" << Escape(b.text) << "</text></g>\n";
  }
  for (const Bracket& br : scene.brackets) {
    const float y = Y(br.y) - 6, x0 = X(br.x0) + 2, x1 = X(br.x1) - 2;
    out << "<path d=\"M" << x0 << ',' << y + 4 << " L" << x0 << ',' << y - 8 << " L" << x1 << ','
        << y - 8 << " L" << x1 << ',' << y + 4 << "\" fill=\"none\" stroke=\"" << Color(p.bracket)
        << "\" stroke-width=\"3\" class=\"bracket\"/>\n";
  }
  for (const Label& l : scene.labels) {
    const bool in_gutter = l.role == LabelRole::kRowTag || l.role == LabelRole::kRowTitle;
    const float x = in_gutter ? kGutter - 12 : X(l.x);
    Rgba color = l.role == LabelRole::kBracket ? (l.ok ? p.ok : p.bad) : p.text;
    if (l.role == LabelRole::kRowTitle) color = p.text_dim;
    out << "<text x=\"" << x << "\" y=\"" << Y(l.y) << "\" font-size=\""
        << (l.role == LabelRole::kRowTag ? 17 : 15) << "\" text-anchor=\""
        << (in_gutter ? "end" : "start") << "\" dominant-baseline=\"central\" fill=\""
        << Color(Dim(p, color, l.emphasis)) << "\">" << Escape(l.text) << "</text>\n";
  }
  out << "</svg>\n";
}

}  // namespace scanviz::scene
