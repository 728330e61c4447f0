// What every SVG writer of the scene shares (svg.h's rounds, grid_svg.h, application_svg.h,
// timeline_svg.h): the document's frame (header, the theme's background or none, footer), colours,
// escaped text, text widths estimated without a font, line wrapping, and the few shapes the
// figures are made of. Layout stays with each writer; this only writes elements.
#pragma once

#include <cstdint>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "scene/palette.h"

namespace scanviz::scene {

// How an exported figure looks: the app's theme (light, the default, prints well), on the theme's
// background or on none (a slide's own shows through).
struct SvgLook {
  Theme theme = Theme::kLight;
  bool transparent = false;
};

namespace svg {

std::string Color(Rgba c);  // "#rrggbb" (the alpha goes in an opacity attribute)
std::string Escape(std::string_view s);

// The width of `text` at `px`, estimated: 0.6 em a character (DejaVu Sans averages about 0.55),
// counting UTF-8 characters, not bytes.
float TextWidth(std::string_view text, float px);

// Splits `text` at " · " into lines no wider than `room` at `px` (a piece wider than the room
// keeps a line of its own), as the app wraps its round titles; no line starts or ends with a space.
std::vector<std::string> WrapAtDots(const std::string& text, float room, float px);
// Splits `text` at spaces into lines no wider than `room` at `px` (a narration paragraph).
std::vector<std::string> WrapWords(const std::string& text, float room, float px);

// A document's elements written before its size is known, and the box they cover: what Rect,
// Line, Arrow and the text functions below write into it grows the box (a text as wide as
// TextWidth estimates), and a writer's own elements say what they cover through Grow. Document
// sizes the viewBox to hold it all: nothing drawn is cut off.
class Body : public std::ostringstream {
 public:
  void Grow(float x0, float y0, float x1, float y1);
  // `other`'s elements after these, and its box.
  void Append(const Body& other);
  bool Empty() const { return m_box[2] < m_box[0]; }
  float X0() const { return m_box[0]; }
  float Y0() const { return m_box[1]; }
  float X1() const { return m_box[2]; }
  float Y1() const { return m_box[3]; }

 private:
  float m_box[4] = {1e30f, 1e30f, -1e30f, -1e30f};
};
// Grows the box of `out` when it is a Body; nothing otherwise.
void Grow(std::ostream& out, float x0, float y0, float x1, float y1);

// The <svg> element with the figure's font, then the theme's background unless transparent.
void Begin(std::ostream& out, float width, float height, const Palette& p, bool transparent);
void End(std::ostream& out);  // </svg>
// Begin, `body` (written before the figure's size was known), End: the document is width x
// height, or larger where the body's elements reach further (with a margin of 12 around them; past
// the left or the top, the viewBox starts there).
void Document(std::ostream& out, float width, float height, const Palette& p, bool transparent,
              const Body& body);

// A shape's paint: its fill (alpha < 1: fill-opacity), and a stroke when stroke_width > 0.
struct Paint {
  Rgba fill;
  bool filled = true;  // false: fill="none"
  Rgba stroke;
  float stroke_width = 0;
  std::string_view dash;  // stroke-dasharray, or empty
};
Paint Fill(Rgba fill);
Paint Outline(Rgba stroke, float width, std::string_view dash = {});
Paint FillAndOutline(Rgba fill, Rgba stroke, float width, std::string_view dash = {});

// `cls`, when not empty, becomes the element's class (what the tests and a stylesheet select).
void Rect(std::ostream& out, float x, float y, float w, float h, const Paint& paint,
          std::string_view cls = {});
void Line(std::ostream& out, float x0, float y0, float x1, float y1, Rgba color, float width,
          std::string_view cls = {});
// A line with a filled head of `head` units at (x1, y1), as the app's views draw arrows (a
// polygon, not a marker: its colour is the line's in every renderer).
void Arrow(std::ostream& out, float x0, float y0, float x1, float y1, Rgba color, float width,
           float head, std::string_view cls = {});

enum class Anchor : std::uint8_t { kStart, kMiddle, kEnd };
// `text` at `px`, its anchor at x, centred vertically on y.
void Text(std::ostream& out, float x, float y, std::string_view text, float px, Rgba color,
          Anchor anchor = Anchor::kStart, std::string_view cls = {});
// Lines of text, the first centred on y, each `line_h` under the one before (one <text>, a
// <tspan> a line when there are several).
void Lines(std::ostream& out, float x, float y, const std::vector<std::string>& lines, float px,
           float line_h, Rgba color, Anchor anchor = Anchor::kStart, std::string_view cls = {});

// `text` wrapped at spaces to `room`, its first line's top at `top`, a line every 1.35 px; returns
// the height it took.
float Paragraph(std::ostream& out, float x, float top, const std::string& text, float room,
                float px, Rgba color, std::string_view cls = {});

}  // namespace svg
}  // namespace scanviz::scene
