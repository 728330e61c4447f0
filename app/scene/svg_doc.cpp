#include "scene/svg_doc.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace scanviz::scene::svg {

namespace {

const char* AnchorName(Anchor a) {
  switch (a) {
    case Anchor::kStart:
      return "start";
    case Anchor::kMiddle:
      return "middle";
    case Anchor::kEnd:
      return "end";
  }
  return "start";
}

void ClassAttribute(std::ostream& out, std::string_view cls) {
  if (!cls.empty()) out << " class=\"" << cls << '"';
}

// Splits `text` at `sep` into lines no wider than `room` at `px`, then trims each line's spaces.
std::vector<std::string> Wrap(const std::string& text, const std::string& sep, float room,
                              float px) {
  std::vector<std::string> lines;
  for (size_t start = 0;;) {
    const size_t at = text.find(sep, start);
    const std::string piece =
        text.substr(start, at == std::string::npos ? std::string::npos : at - start);
    if (!lines.empty() && TextWidth(lines.back() + sep + piece, px) <= room) {
      lines.back() += sep + piece;
    } else {
      lines.push_back(piece);
    }
    if (at == std::string::npos) break;
    start = at + sep.size();
  }
  // The heading's wider "  ·  " leaves a space at a break: lines neither start nor end with one.
  for (std::string& line : lines) {
    line.erase(0, line.find_first_not_of(' '));
    line.erase(line.find_last_not_of(' ') + 1);
  }
  return lines;
}

}  // namespace

std::string Color(Rgba c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", static_cast<int>(std::lround(c.r * 255)),
                static_cast<int>(std::lround(c.g * 255)), static_cast<int>(std::lround(c.b * 255)));
  return buf;
}

std::string Escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
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

float TextWidth(std::string_view text, float px) {
  const auto chars =
      std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; });
  return static_cast<float>(chars) * 0.6f * px;
}

std::vector<std::string> WrapAtDots(const std::string& text, float room, float px) {
  return Wrap(text, " · ", room, px);
}

std::vector<std::string> WrapWords(const std::string& text, float room, float px) {
  return Wrap(text, " ", room, px);
}

namespace {

// The <svg> element for the viewBox at (x, y), width x height, and its background.
void Open(std::ostream& out, float x, float y, float width, float height, const Palette& p,
          bool transparent) {
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
      << "\" viewBox=\"" << x << ' ' << y << ' ' << width << ' ' << height
      << "\" font-family=\"DejaVu Sans, sans-serif\">\n";
  if (!transparent) {
    out << "<rect width=\"100%\" height=\"100%\"";
    if (x != 0 || y != 0) out << " x=\"" << x << "\" y=\"" << y << '"';
    out << " fill=\"" << Color(p.background) << "\"/>\n";
  }
}

}  // namespace

void Body::Grow(float x0, float y0, float x1, float y1) {
  m_box[0] = std::min(m_box[0], std::min(x0, x1));
  m_box[1] = std::min(m_box[1], std::min(y0, y1));
  m_box[2] = std::max(m_box[2], std::max(x0, x1));
  m_box[3] = std::max(m_box[3], std::max(y0, y1));
}

void Body::Append(const Body& other) {
  *this << other.str();
  if (!other.Empty()) Grow(other.X0(), other.Y0(), other.X1(), other.Y1());
}

void Grow(std::ostream& out, float x0, float y0, float x1, float y1) {
  if (auto* body = dynamic_cast<Body*>(&out)) body->Grow(x0, y0, x1, y1);
}

void Begin(std::ostream& out, float width, float height, const Palette& p, bool transparent) {
  Open(out, 0, 0, width, height, p, transparent);
}

void End(std::ostream& out) {
  out << "</svg>\n";
}

void Document(std::ostream& out, float width, float height, const Palette& p, bool transparent,
              const Body& body) {
  constexpr float kRoom = 12;  // around what reaches past the size asked for
  float x0 = 0, y0 = 0, x1 = width, y1 = height;
  if (!body.Empty()) {
    if (body.X0() < x0) x0 = std::floor(body.X0() - kRoom);
    if (body.Y0() < y0) y0 = std::floor(body.Y0() - kRoom);
    if (body.X1() > x1) x1 = std::ceil(body.X1() + kRoom);
    if (body.Y1() > y1) y1 = std::ceil(body.Y1() + kRoom);
  }
  Open(out, x0, y0, x1 - x0, y1 - y0, p, transparent);
  out << body.str();
  End(out);
}

Paint Fill(Rgba fill) {
  return {fill, true, {}, 0, {}};
}
Paint Outline(Rgba stroke, float width, std::string_view dash) {
  return {{}, false, stroke, width, dash};
}
Paint FillAndOutline(Rgba fill, Rgba stroke, float width, std::string_view dash) {
  return {fill, true, stroke, width, dash};
}

void Rect(std::ostream& out, float x, float y, float w, float h, const Paint& paint,
          std::string_view cls) {
  const float half = paint.stroke_width * 0.5f;
  Grow(out, x - half, y - half, x + w + half, y + h + half);
  out << "<rect";
  ClassAttribute(out, cls);
  out << " x=\"" << x << "\" y=\"" << y << "\" width=\"" << w << "\" height=\"" << h << "\" fill=\""
      << (paint.filled ? Color(paint.fill) : "none") << '"';
  if (paint.filled && paint.fill.a < 1) out << " fill-opacity=\"" << paint.fill.a << '"';
  if (paint.stroke_width > 0) {
    out << " stroke=\"" << Color(paint.stroke) << "\" stroke-width=\"" << paint.stroke_width << '"';
    if (!paint.dash.empty()) out << " stroke-dasharray=\"" << paint.dash << '"';
  }
  out << "/>\n";
}

void Line(std::ostream& out, float x0, float y0, float x1, float y1, Rgba color, float width,
          std::string_view cls) {
  Grow(out, std::min(x0, x1) - width * 0.5f, std::min(y0, y1) - width * 0.5f,
       std::max(x0, x1) + width * 0.5f, std::max(y0, y1) + width * 0.5f);
  out << "<line";
  ClassAttribute(out, cls);
  out << " x1=\"" << x0 << "\" y1=\"" << y0 << "\" x2=\"" << x1 << "\" y2=\"" << y1
      << "\" stroke=\"" << Color(color) << "\" stroke-width=\"" << width << '"';
  if (color.a < 1) out << " stroke-opacity=\"" << color.a << '"';
  out << "/>\n";
}

void Arrow(std::ostream& out, float x0, float y0, float x1, float y1, Rgba color, float width,
           float head, std::string_view cls) {
  const float dx = x1 - x0, dy = y1 - y0;
  const float len = std::max(1e-3f, std::sqrt(dx * dx + dy * dy));
  const float ux = dx / len, uy = dy / len;
  // The shaft stops where the head begins, so a thick line does not poke through its point.
  const float bx = x1 - ux * head, by = y1 - uy * head;
  Grow(out, bx - head * 0.5f, by - head * 0.5f, bx + head * 0.5f, by + head * 0.5f);
  Grow(out, x1, y1, x1, y1);
  out << "<g";
  ClassAttribute(out, cls);
  out << ">";
  Line(out, x0, y0, bx, by, color, width);
  out << "<polygon points=\"" << x1 << ',' << y1 << ' ' << bx - uy * head * 0.5f << ','
      << by + ux * head * 0.5f << ' ' << bx + uy * head * 0.5f << ',' << by - ux * head * 0.5f
      << "\" fill=\"" << Color(color) << "\"/></g>\n";
}

void Text(std::ostream& out, float x, float y, std::string_view text, float px, Rgba color,
          Anchor anchor, std::string_view cls) {
  Lines(out, x, y, {std::string(text)}, px, px, color, anchor, cls);
}

void Lines(std::ostream& out, float x, float y, const std::vector<std::string>& lines, float px,
           float line_h, Rgba color, Anchor anchor, std::string_view cls) {
  out << "<text";
  ClassAttribute(out, cls);
  // The baseline sits 0.36 em under the centre (half a digit's height in DejaVu Sans), rather
  // than dominant-baseline="central", which librsvg (ImageMagick's convert) and some slide tools
  // ignore, drawing every value above its box's centre.
  out << " x=\"" << x << "\" y=\"" << y + 0.36f * px << "\" font-size=\"" << px;
  if (anchor != Anchor::kStart) out << "\" text-anchor=\"" << AnchorName(anchor);
  out << "\" fill=\"" << Color(color) << "\">";
  for (size_t i = 0; i < lines.size(); ++i) {  // the glyphs' box: 0.45 em over the centre
    const float w = TextWidth(lines[i], px), cy = y + static_cast<float>(i) * line_h;
    const float left = anchor == Anchor::kStart ? x : anchor == Anchor::kMiddle ? x - w / 2 : x - w;
    Grow(out, left, cy - 0.45f * px, left + w, cy + 0.6f * px);
  }
  if (lines.size() == 1) {
    out << Escape(lines[0]);
  } else {
    for (size_t i = 0; i < lines.size(); ++i) {
      out << "<tspan x=\"" << x << "\" dy=\"" << (i == 0 ? 0 : line_h) << "\">" << Escape(lines[i])
          << "</tspan>";
    }
  }
  out << "</text>\n";
}

float Paragraph(std::ostream& out, float x, float top, const std::string& text, float room,
                float px, Rgba color, std::string_view cls) {
  if (text.empty()) return 0;
  const std::vector<std::string> lines = WrapWords(text, room, px);
  Lines(out, x, top + px * 0.6f, lines, px, px * 1.35f, color, Anchor::kStart, cls);
  return px * 1.35f * static_cast<float>(lines.size());
}

}  // namespace scanviz::scene::svg
