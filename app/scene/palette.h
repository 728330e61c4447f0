// Colours of the scene, shared by the GL renderer and the SVG writer. Cell colours come from the
// Okabe-Ito colour-blind-safe set; colour never carries meaning alone: the border style (dotted,
// dashed, solid), the value label and the legend's names carry it too.
#pragma once

#include <cstdint>
#include <string_view>

#include "scene/scene.h"

namespace scanviz::scene {

enum class Theme : std::uint8_t { kDark, kLight, kHighContrast };
const char* ToString(Theme t);  // "dark", "light", "high-contrast"
bool Parse(std::string_view s, Theme* out);

struct Rgba {
  float r = 0, g = 0, b = 0, a = 1;
};

struct Palette {
  Rgba background;
  Rgba text;
  Rgba text_dim;
  Rgba border;          // box outlines
  Rgba current_band;    // behind the current round's rows
  Rgba register_strip;  // behind a row of registers (one cell per lane)
  Rgba input;           // the global-memory input row
  Rgba undefined;       // '?'
  Rgba unchanged;       // dotted
  Rgba loaded;
  Rgba copied;    // Hillis-Steele dashed
  Rgba computed;  // Hillis-Steele solid
  Rgba added;     // Blelloch dashed
  Rgba seeded;
  Rgba swap_added;  // Blelloch solid
  Rgba padding_hatch;
  Rgba arrow;
  Rgba arrow_current;
  Rgba bracket;
  Rgba ok;
  Rgba bad;
  Rgba selection;
  Rgba hs_case[4];  // [1..3]
};

Palette MakePalette(Theme theme);

// The fill of a box: its class colour (or its Hillis-Steele case when by_case), before any
// emphasis dimming.
Rgba FillOf(const Palette& p, const Box& box, bool by_case);
// The border a box is drawn with. By case (Hillis-Steele, "Colour cases"), the chapters' case
// figures: Case 1 (full window) solid, Case 2 (partial left window) dashed, Case 3 (no left
// neighbour) dotted. Otherwise the overview figure's: by what the cell did (box.style).
BoxStyle StyleOf(const Box& box, bool by_case);
Rgba ClassColor(const Palette& p, CellClass cls);
// Dims a colour toward the background for rounds other than the current one.
Rgba Dim(const Palette& p, Rgba c, Emphasis e);
// Black or white, whichever has the higher contrast ratio on `fill` (WCAG 2's).
Rgba TextOn(Rgba fill);
// WCAG 2's relative luminance of an sRGB colour, and the contrast ratio of two (1 to 21).
float Luminance(Rgba c);
float ContrastRatio(Rgba a, Rgba b);

}  // namespace scanviz::scene
