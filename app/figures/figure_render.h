// A figure drawn offscreen and read back (figure_export.h's pictures, export_runner.h's rounds):
// a framebuffer of the picture's size (any size the driver allows, however small the window),
// one figure frame (figure_fit.h) drawn into it with our renderer under ImGui's text, its pixels
// read back top down, and PNG bytes of them (stb). Needs the GL context, between ImGui frames.
#pragma once

#include <string>

#include "export/image.h"
#include "figures/figure_fit.h"
#include "figures/figure_source.h"

namespace scanviz {

class Offscreen {
 public:
  Offscreen(int w, int h);
  ~Offscreen();
  Offscreen(const Offscreen&) = delete;
  Offscreen& operator=(const Offscreen&) = delete;

  const std::string& Error() const { return m_error; }  // why there is none; empty: made
  int Width() const { return m_w; }
  int Height() const { return m_h; }
  unsigned Fbo() const { return m_fbo; }

 private:
  int m_w, m_h;
  unsigned m_fbo = 0, m_rb = 0;
  std::string m_error;
};

// One figure frame (the figure alone at the fit) drawn into `target` and read back into `out`:
// on the theme's background, or on a transparent one (colours divided back out of the coverage
// the blending left). Empty, or why not.
std::string RenderInto(FigureSource& src, const FigureScale& scale, const FigureFit& fit,
                       Offscreen& target, bool transparent, exports::RgbaImage* out);

// PNG bytes: RGBA when `alpha`, else RGB (a third smaller, the same picture). Empty, or why not.
std::string EncodePng(const exports::RgbaImage& image, bool alpha, std::string* png);

}  // namespace scanviz
