#include "scene/palette.h"

#include <algorithm>
#include <cmath>
#include <string_view>

namespace scanviz::scene {

namespace {

constexpr Rgba Hex(std::uint32_t rgb, float a = 1.0f) {
  return {static_cast<float>((rgb >> 16) & 0xFF) / 255.0f,
          static_cast<float>((rgb >> 8) & 0xFF) / 255.0f, static_cast<float>(rgb & 0xFF) / 255.0f,
          a};
}

// Okabe-Ito: orange E69F00, sky blue 56B4E9, bluish green 009E73, yellow F0E442, blue 0072B2,
// vermillion D55E00, reddish purple CC79A7.
void SetCellColours(Palette* p) {
  p->loaded = Hex(0x56B4E9);
  p->copied = Hex(0xE69F00);
  p->computed = Hex(0x0072B2);
  p->added = Hex(0xE69F00);
  p->seeded = Hex(0x009E73);
  p->swap_added = Hex(0x0072B2);
  p->ok = Hex(0x009E73);
  p->bad = Hex(0xD55E00);
  p->hs_case[0] = Hex(0x808080);
  p->hs_case[1] = Hex(0x0072B2);  // Case 1: full window
  p->hs_case[2] = Hex(0xCC79A7);  // Case 2: partial left window
  p->hs_case[3] = Hex(0xF0E442);  // Case 3: no left neighbour
}

}  // namespace

const char* ToString(Theme t) {
  switch (t) {
    case Theme::kDark:
      return "dark";
    case Theme::kLight:
      return "light";
    case Theme::kHighContrast:
      return "high-contrast";
  }
  return "dark";
}

bool Parse(std::string_view s, Theme* out) {
  for (Theme t : {Theme::kDark, Theme::kLight, Theme::kHighContrast}) {
    if (s == ToString(t)) {
      *out = t;
      return true;
    }
  }
  return false;
}

Palette MakePalette(Theme theme) {
  Palette p;
  SetCellColours(&p);
  switch (theme) {
    case Theme::kDark:
      p.background = Hex(0x1E2127);
      p.text = Hex(0xF0F0F0);
      p.text_dim = Hex(0xB4B8C0);  // 4.5:1 on the current round's band (0xA0A4AC was 4.05)
      // ok and bad are text colours too (checks, errors): Okabe-Ito's, lightened to 4.5:1 on
      // the panels.
      p.ok = Hex(0x2EC4A0);
      p.bad = Hex(0xFF8445);
      p.border = Hex(0xF5F5F5);
      p.current_band = Hex(0x3A4250);
      p.register_strip = Hex(0x2E2A3C);
      p.input = Hex(0x4A505C);
      p.undefined = Hex(0x2A2E35);
      p.unchanged = Hex(0x4A505C);
      p.padding_hatch = Hex(0x9AA0AA);
      p.arrow = Hex(0x8A909A);
      p.arrow_current = Hex(0xF0E442);
      p.bracket = Hex(0xF0E442);
      p.selection = Hex(0xF0E442);
      break;
    case Theme::kLight:
      p.background = Hex(0xFAFAF7);
      p.text = Hex(0x141414);
      p.text_dim = Hex(0x5A5F66);
      // Okabe-Ito's bluish green and vermillion, darkened to 4.5:1 on the light panels.
      p.ok = Hex(0x00704F);
      p.bad = Hex(0xA84400);
      p.border = Hex(0x202020);
      p.current_band = Hex(0xE4EAF2);
      p.register_strip = Hex(0xEDE6F5);
      p.input = Hex(0xD8DCE2);
      p.undefined = Hex(0xF0F0F0);
      p.unchanged = Hex(0xD8DCE2);
      p.padding_hatch = Hex(0x7A7F88);
      p.arrow = Hex(0x8A8F98);
      p.arrow_current = Hex(0xD55E00);
      p.bracket = Hex(0xD55E00);
      p.selection = Hex(0xD55E00);
      break;
    case Theme::kHighContrast:
      p.background = Hex(0x000000);
      p.text = Hex(0xFFFFFF);
      p.text_dim = Hex(0xE0E0E0);
      p.border = Hex(0xFFFFFF);
      p.current_band = Hex(0x30303A);
      p.register_strip = Hex(0x202028);
      p.input = Hex(0x505050);
      p.undefined = Hex(0x101010);
      p.unchanged = Hex(0x505050);
      p.padding_hatch = Hex(0xFFFFFF);
      p.arrow = Hex(0xC0C0C0);
      p.arrow_current = Hex(0xFFFF00);
      p.bracket = Hex(0xFFFF00);
      p.selection = Hex(0xFFFF00);
      p.loaded = Hex(0x56B4E9);
      break;
  }
  return p;
}

Rgba ClassColor(const Palette& p, CellClass cls) {
  switch (cls) {
    case CellClass::kUndefined:
      return p.undefined;
    case CellClass::kUnchanged:
      return p.unchanged;
    case CellClass::kLoaded:
      return p.loaded;
    case CellClass::kCopied:
      return p.copied;
    case CellClass::kComputed:
      return p.computed;
    case CellClass::kAdded:
      return p.added;
    case CellClass::kSeeded:
      return p.seeded;
    case CellClass::kSwapAdded:
      return p.swap_added;
  }
  return p.undefined;
}

Rgba FillOf(const Palette& p, const Box& box, bool by_case) {
  if (box.is_input) return p.input;
  if (by_case && box.hs_case >= 1 && box.hs_case <= 3) return p.hs_case[box.hs_case];
  return ClassColor(p, box.cls);
}

BoxStyle StyleOf(const Box& box, bool by_case) {
  if (!by_case || box.is_input) return box.style;
  switch (box.hs_case) {
    case 1:
      return BoxStyle::kSolid;
    case 2:
      return BoxStyle::kDashed;
    case 3:
      return BoxStyle::kDotted;
    default:
      return box.style;
  }
}

Rgba Dim(const Palette& p, Rgba c, Emphasis e) {
  if (e == Emphasis::kCurrent) return c;
  const float keep = e == Emphasis::kPast ? 0.62f : 0.3f;
  return {c.r * keep + p.background.r * (1 - keep), c.g * keep + p.background.g * (1 - keep),
          c.b * keep + p.background.b * (1 - keep), c.a};
}

float Luminance(Rgba c) {
  auto lin = [](float v) {
    return v <= 0.04045f ? v / 12.92f : std::pow((v + 0.055f) / 1.055f, 2.4f);
  };
  return 0.2126f * lin(c.r) + 0.7152f * lin(c.g) + 0.0722f * lin(c.b);
}

float ContrastRatio(Rgba a, Rgba b) {
  const float la = Luminance(a), lb = Luminance(b);
  return (std::max(la, lb) + 0.05f) / (std::min(la, lb) + 0.05f);
}

Rgba TextOn(Rgba fill) {
  const Rgba dark{0.05f, 0.05f, 0.05f, 1}, light{1, 1, 1, 1};
  return ContrastRatio(dark, fill) >= ContrastRatio(light, fill) ? dark : light;
}

}  // namespace scanviz::scene
