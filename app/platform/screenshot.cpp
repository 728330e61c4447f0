// --screenshot: the frame just drawn, read back from the framebuffer and written as PNG.
#include <stb_image_write.h>
#include "draw/gl.h"

#include <string>
#include <vector>

#include "platform/headless.h"

namespace scanviz {

std::string EncodeScreenshot(int w, int h, std::string* png) {
  const size_t count = static_cast<size_t>(w) * static_cast<size_t>(h);
  // RGBA: the one format WebGL 2 reads back too (GL_RGB is an invalid operation there); the PNG
  // keeps red, green and blue.
  std::vector<unsigned char> rgba(count * 4), pixels(count * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  for (size_t i = 0; i < count; ++i)
    for (size_t c = 0; c < 3; ++c) pixels[i * 3 + c] = rgba[i * 4 + c];
  stbi_flip_vertically_on_write(1);
  // Encoded in memory, then written whole with the other outputs: a failed write leaves the old
  // picture.
  png->clear();
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                               static_cast<size_t>(size));
  };
  if (!stbi_write_png_to_func(append, png, w, h, 3, pixels.data(), w * 3))
    return "cannot encode the screenshot as PNG";
  return {};
}

}  // namespace scanviz
