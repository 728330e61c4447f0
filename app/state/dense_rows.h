// Rows of cells narrower than a few pixels (n = 1024 in a window, a grid of 2^16): drawn as one
// box per run of pixels that look alike, never one box per cell. A pixel that several cells touch
// shows the most telling of them (a cell a thread wrote before an idle one), so that a round's
// active threads keep their colour however many cells fall into one pixel. Border patterns need
// more room than a few pixels: dense cells are drawn as their fill alone.
#pragma once

#include <vector>

#include "draw/renderer.h"

namespace scanviz {

class DenseRows {
 public:
  // `pixel`: one framebuffer pixel in the instances' units (points).
  explicit DenseRows(float pixel) : m_pixel(pixel) {}

  // A cell of the current row, left to right; look.x/w place it. A cell of another row (another
  // y or height) ends the current one into *out first. Higher `priority` wins a shared pixel.
  void Add(const BoxInstance& look, int priority, std::vector<BoxInstance>* out);
  // Ends the current row: its runs go to *out.
  void Flush(std::vector<BoxInstance>* out);

 private:
  struct Pixel {
    long index = 0;
    int priority = 0;
    BoxInstance look;
  };
  float m_pixel;
  std::vector<Pixel> m_row;
};

}  // namespace scanviz
