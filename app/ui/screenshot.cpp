// --screenshot: the frame just drawn, read back from the framebuffer and written as PNG.
#include <glad/gl.h>
#include <stb_image_write.h>

#include <string>
#include <vector>

#include "core/file_io.h"
#include "headless.h"

namespace scanviz {

std::string WriteScreenshot(const std::string& path, int w, int h) {
  std::vector<unsigned char> pixels(static_cast<size_t>(w) * static_cast<size_t>(h) * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  stbi_flip_vertically_on_write(1);
  // Encoded in memory, then written whole: a failed write leaves the old picture.
  std::string png;
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                               static_cast<size_t>(size));
  };
  if (!stbi_write_png_to_func(append, &png, w, h, 3, pixels.data(), w * 3))
    return "cannot encode the PNG for " + path;
  return WriteFileAtomically(path, png);
}

}  // namespace scanviz
