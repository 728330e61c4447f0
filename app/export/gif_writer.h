// Animated GIF from RGBA frames (giflib): every frame is kept whole in the screen's size, each
// with its own palette (Quantize: a figure's colours exact), its delay, and looping forever.
// A frame is stored as the rectangle where it differs from the one before (drawn over it), so
// ten rounds of a figure cost little more than one. Alpha is ignored: a GIF frame is opaque.
// Built without giflib (libgif-dev), GifSupported() is false and Finish() says why.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "export/image.h"

namespace scanviz::exports {

bool GifSupported();

// GIF keeps delays in hundredths of a second; browsers treat less than 2 as 10, so at least 2.
int GifDelayCentiseconds(int delay_ms);

class GifWriter {
 public:
  GifWriter(int width, int height);
  ~GifWriter();
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  // Appends a frame of the writer's size, shown for `delay_ms`. False (and Error() says why) when
  // the frame has another size or giflib failed; later calls then do nothing.
  bool AddFrame(const RgbaImage& frame, int delay_ms);
  // Ends the file; the bytes of the whole GIF, or empty with Error() set.
  std::string Finish();
  const std::string& Error() const { return m_error; }

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
  int m_width, m_height;
  int m_frames = 0;
  std::string m_error;
};

}  // namespace scanviz::exports
