// A value's text in its cell, never wider than the cell's inside: as large as the cell holds it,
// then a shorter form, then smaller, down to a legible size. Shared by the app's figures (the
// rounds, the grid, the applications); no ImGui: the caller says how wide a text is at a size.
#pragma once

#include <functional>
#include <string>

namespace scanviz::scene {

// "3e38", "-2e9", "0.3": the value `text` writes, to one significant digit with a bare exponent;
// empty when `text` is no number (a "?") or this is no shorter.
std::string TightValue(const std::string& text);

// What a cell shows and how large; an empty text when not even "…" fits at min_px (a cell too
// small for any text).
struct FittedText {
  std::string text;
  float px = 0;
  float width = 0;  // measured at px: at most the room's width
};

// The width of a text at a font size (pixels).
using MeasureText = std::function<float(const std::string& text, float px)>;

// Fits a value into a cell's inside (room_w x room_h) at `px` (at most room_h): its full text
// where it fits at px, else its short form (`compact`, scene.h's CompactValue; may be empty) at
// px; else the shorter of the two, smaller, down to min_px; else TightValue down to min_px; else
// "…" (the hover's Inspector says the value).
FittedText FitCellText(const std::string& text, const std::string& compact, float room_w,
                       float room_h, float px, float min_px, const MeasureText& measure);

}  // namespace scanviz::scene
