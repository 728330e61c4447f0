#include "figures/figure_render.h"

#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <stb_image_write.h>
#include "draw/gl.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "scene/palette.h"

namespace scanviz {

// [SECTION] An offscreen framebuffer of the export's size

Offscreen::Offscreen(int w, int h) : m_w(w), m_h(h) {
  GLint max_rb = 0, max_vp[2] = {0, 0};
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_rb);
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, max_vp);
  const int most = std::min({max_rb, max_vp[0], max_vp[1]});
  if (w > most || h > most) {
    m_error = "the OpenGL driver draws pictures of at most " + std::to_string(most) + "x" +
              std::to_string(most) + " pixels";
    return;
  }
  glGenFramebuffers(1, &m_fbo);
  glGenRenderbuffers(1, &m_rb);
  glBindRenderbuffer(GL_RENDERBUFFER, m_rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
  glBindFramebuffer(GL_FRAMEBUFFER, m_fbo);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, m_rb);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    m_error = "the OpenGL driver cannot draw a " + std::to_string(w) + "x" + std::to_string(h) +
              " picture offscreen";
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

Offscreen::~Offscreen() {
  if (m_fbo != 0) glDeleteFramebuffers(1, &m_fbo);
  if (m_rb != 0) glDeleteRenderbuffers(1, &m_rb);
}

// [SECTION] One figure frame: the figure alone (figure_fit.h's frame) at its fit, our renderer
// under ImGui's text, read back
std::string RenderInto(FigureSource& src, const FigureScale& scale, const FigureFit& fit,
                       Offscreen& target, bool transparent, exports::RgbaImage* out) {
  const int w = target.Width(), h = target.Height();
  // Errors left by earlier calls are not this figure's.
  for (int i = 0; i < 16 && glGetError() != GL_NO_ERROR; ++i) continue;
  BuildFigureFrame(src, scale, w, h, fit.rect, false, true);
  glBindFramebuffer(GL_FRAMEBUFFER, target.Fbo());
  glViewport(0, 0, w, h);
  const scene::Rgba bg = scene::MakePalette(src.app.view.theme).background;
  if (transparent) {
    glClearColor(0, 0, 0, 0);
  } else {
    glClearColor(bg.r, bg.g, bg.b, 1);
  }
  glClear(GL_COLOR_BUFFER_BIT);
  src.renderer.Flush(w, h);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  *out = exports::RgbaImage(w, h);
  std::vector<std::uint8_t> rows(out->pixels.size());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rows.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  const GLenum gl_error = glGetError();
  if (gl_error != GL_NO_ERROR)
    return "OpenGL error " + std::to_string(gl_error) + " drawing the figure";
  // GL's rows run bottom up. On a transparent background the blending left colours multiplied by
  // their coverage (an edge pixel half covered holds half its colour): divided back out, so that
  // a viewer blending the PNG over a slide gets the colour the screen shows.
  const size_t stride = static_cast<size_t>(w) * 4;
  for (int y = 0; y < h; ++y) {
    std::copy_n(rows.data() + static_cast<size_t>(h - 1 - y) * stride, stride,
                out->pixels.data() + static_cast<size_t>(y) * stride);
  }
  if (transparent) {
    for (size_t i = 0; i < out->pixels.size(); i += 4) {
      const unsigned a = out->pixels[i + 3];
      if (a == 0 || a == 255) continue;
      for (size_t c = 0; c < 3; ++c)
        out->pixels[i + c] =
            static_cast<std::uint8_t>(std::min(255u, (out->pixels[i + c] * 255u + a / 2) / a));
    }
  }
  return {};
}

std::string EncodePng(const exports::RgbaImage& image, bool alpha, std::string* png) {
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                               static_cast<size_t>(size));
  };
  png->clear();
  stbi_flip_vertically_on_write(0);  // the rows are top down already (a screenshot flips)
  if (alpha) {
    if (stbi_write_png_to_func(append, png, image.width, image.height, 4, image.pixels.data(),
                               image.width * 4))
      return {};
  } else {
    std::vector<std::uint8_t> rgb(static_cast<size_t>(image.width) *
                                  static_cast<size_t>(image.height) * 3);
    for (size_t i = 0, j = 0; i < image.pixels.size(); i += 4, j += 3)
      std::copy_n(image.pixels.data() + i, 3, rgb.data() + j);
    if (stbi_write_png_to_func(append, png, image.width, image.height, 3, rgb.data(),
                               image.width * 3))
      return {};
  }
  return "cannot encode the PNG";
}

}  // namespace scanviz
