// A palette of at most 256 colours for a GIF frame, chosen so that a figure's colours stay exact.
// A figure is a dozen flat colours (the theme's background and text, the box classes, borders)
// plus the shades that antialiasing puts between them. When a picture has at most 256 colours they
// are all kept as they are. Otherwise the most frequent colours come first (the flat fills: every
// one of them exact), and the rest of the palette goes to the shades in between, spread out (a
// colour joins only if it is far enough from those already in); each pixel then takes its nearest
// palette colour, so an edge pixel becomes one of the shades next to it.
#pragma once

#include <cstdint>
#include <vector>

#include "export/image.h"

namespace scanviz::exports {

struct IndexedImage {
  int width = 0, height = 0;
  std::vector<std::uint32_t> palette;  // 0xRRGGBB, most frequent first; at most max_colors
  std::vector<std::uint8_t> indices;   // width * height, rows top to bottom
};

// The rectangle (x, y, w, h) of `image`, alpha ignored, in at most `max_colors` (2..256) colours.
IndexedImage Quantize(const RgbaImage& image, int x, int y, int w, int h, int max_colors = 256);

}  // namespace scanviz::exports
