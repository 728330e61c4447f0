#include "scene/cell_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace scanviz::scene {

namespace {

// Counted in characters, not bytes (−, ² and ∞ are several bytes of UTF-8).
std::size_t Chars(const std::string& s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// 3e+38 -> 3e38, 1e-05 -> 1e-5: the exponent without its + and leading zeros.
std::string BareExponent(const std::string& s) {
  const std::size_t e = s.find('e');
  if (e == std::string::npos) return s;
  std::string exponent = s.substr(e + 1);
  const bool negative = !exponent.empty() && exponent[0] == '-';
  exponent.erase(0, exponent.find_first_not_of("+-0"));
  return s.substr(0, e + 1) + (negative ? "-" : "") + (exponent.empty() ? "0" : exponent);
}

}  // namespace

std::string TightValue(const std::string& text) {
  if (text.empty()) return {};
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(v)) return {};
  // The shorter of %g's and %e's one digit: 0.3 for 0.333, 1e-4 for 0.000123.
  std::string out;
  for (const char* format : {"%.1g", "%.0e"}) {
    char buf[32];
    std::snprintf(buf, sizeof buf, format, v);
    const std::string form = BareExponent(buf);
    if (out.empty() || form.size() < out.size()) out = form;
  }
  return Chars(out) < Chars(text) ? out : std::string();
}

FittedText FitCellText(const std::string& text, const std::string& compact, float room_w,
                       float room_h, float px, float min_px, const MeasureText& measure) {
  px = std::min(px, room_h);
  if (room_w <= 0 || px < min_px) return {};
  // At px: the full text, else the short form.
  for (const std::string* s : {&text, &compact}) {
    if (s->empty()) continue;
    const float w = measure(*s, px);
    if (w <= room_w) return {*s, px, w};
  }
  // Smaller, down to min_px: the shorter of the two, then the tight form, then "…".
  const std::string shorter = compact.empty() ? text : compact;
  for (const std::string& s : {shorter, TightValue(text), std::string("…")}) {
    if (s.empty()) continue;
    const float w = measure(s, px);
    if (w <= 0) continue;
    float at = std::min(px, px * room_w / w);
    float fitted = measure(s, at);
    if (fitted > room_w) {  // a measure that is not quite linear (rounding): a hair smaller
      at *= room_w / fitted * 0.999f;
      fitted = measure(s, at);
    }
    if (at >= min_px && fitted <= room_w) return {s, at, fitted};
  }
  return {};
}

}  // namespace scanviz::scene
