// An RGBA picture in memory, rows top to bottom: what the app renders a figure into, and what the
// GIF and PNG writers take. No GL: the renderer fills it, the writers and tests read it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace scanviz::exports {

struct RgbaImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> pixels;  // width * height * 4 bytes: R, G, B, A

  RgbaImage() = default;
  RgbaImage(int w, int h)
      : width(w), height(h), pixels(static_cast<size_t>(w) * static_cast<size_t>(h) * 4, 0) {}
  size_t Offset(int x, int y) const {
    return (static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x)) * 4;
  }
  // The pixel's colour as 0xRRGGBB (alpha left out).
  std::uint32_t Rgb(int x, int y) const {
    const size_t i = Offset(x, y);
    return (std::uint32_t{pixels[i]} << 16) | (std::uint32_t{pixels[i + 1]} << 8) | pixels[i + 2];
  }
  void SetRgb(int x, int y, std::uint32_t rgb, std::uint8_t alpha = 255) {
    const size_t i = Offset(x, y);
    pixels[i] = static_cast<std::uint8_t>(rgb >> 16);
    pixels[i + 1] = static_cast<std::uint8_t>(rgb >> 8);
    pixels[i + 2] = static_cast<std::uint8_t>(rgb);
    pixels[i + 3] = alpha;
  }
};

}  // namespace scanviz::exports
