#include "export/gif_writer.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "export/quantize.h"

#if SCANVIZ_HAVE_GIF
#include <gif_lib.h>
#endif

namespace scanviz::exports {

int GifDelayCentiseconds(int delay_ms) {
  return std::clamp((delay_ms + 5) / 10, 2, 65535);
}

#if SCANVIZ_HAVE_GIF

bool GifSupported() {
  return true;
}

namespace {

int AppendBytes(GifFileType* gif, const GifByteType* data, int size) {
  static_cast<std::string*>(gif->UserData)
      ->append(reinterpret_cast<const char*>(data), static_cast<size_t>(size));
  return size;
}

std::string GifError(const char* what, int code) {
  const char* text = GifErrorString(code);
  return std::string("GIF: ") + what + ": " + (text != nullptr ? text : "unknown error");
}

}  // namespace

struct GifWriter::Impl {
  std::string bytes;
  GifFileType* gif = nullptr;
  RgbaImage previous;  // the frame as shown so far, for the rectangle that changed
};

GifWriter::GifWriter(int width, int height)
    : m_impl(std::make_unique<Impl>()), m_width(width), m_height(height) {
  if (width < 1 || height < 1 || width > 65535 || height > 65535) {
    m_error = "GIF: a frame of " + std::to_string(width) + "x" + std::to_string(height) +
              " pixels (1 to 65535 each way)";
    return;
  }
  int code = 0;
  m_impl->gif = EGifOpen(&m_impl->bytes, AppendBytes, &code);
  if (m_impl->gif == nullptr) {
    m_error = GifError("cannot start", code);
    return;
  }
  EGifSetGifVersion(m_impl->gif, true);  // GIF89a: delays and looping
  // No global palette: every frame brings its own.
  if (EGifPutScreenDesc(m_impl->gif, width, height, 8, 0, nullptr) == GIF_ERROR) {
    m_error = GifError("screen", m_impl->gif->Error);
    return;
  }
  // NETSCAPE2.0: loop forever (count 0).
  static const GifByteType kLoop[3] = {1, 0, 0};
  if (EGifPutExtensionLeader(m_impl->gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
      EGifPutExtensionBlock(m_impl->gif, 11, "NETSCAPE2.0") == GIF_ERROR ||
      EGifPutExtensionBlock(m_impl->gif, 3, kLoop) == GIF_ERROR ||
      EGifPutExtensionTrailer(m_impl->gif) == GIF_ERROR) {
    m_error = GifError("loop extension", m_impl->gif->Error);
  }
}

GifWriter::~GifWriter() {
  if (m_impl->gif != nullptr) EGifCloseFile(m_impl->gif, nullptr);
}

bool GifWriter::AddFrame(const RgbaImage& frame, int delay_ms) {
  if (m_impl->gif == nullptr && m_error.empty()) m_error = "GIF: a frame after the end";
  if (!m_error.empty()) return false;
  if (frame.width != m_width || frame.height != m_height ||
      frame.pixels.size() != static_cast<size_t>(m_width) * static_cast<size_t>(m_height) * 4) {
    m_error = "GIF: a frame of " + std::to_string(frame.width) + "x" +
              std::to_string(frame.height) + " in a " + std::to_string(m_width) + "x" +
              std::to_string(m_height) + " animation";
    return false;
  }
  // The rectangle where this frame differs from what is shown (the whole frame at first).
  int x0 = 0, y0 = 0, x1 = m_width - 1, y1 = m_height - 1;
  if (m_frames > 0) {
    x0 = m_width;
    y0 = m_height;
    x1 = y1 = -1;
    for (int y = 0; y < m_height; ++y) {
      for (int x = 0; x < m_width; ++x) {
        if (frame.Rgb(x, y) == m_impl->previous.Rgb(x, y)) continue;
        x0 = std::min(x0, x);
        x1 = std::max(x1, x);
        y0 = std::min(y0, y);
        y1 = std::max(y1, y);
      }
    }
    if (x1 < 0) x0 = y0 = x1 = y1 = 0;  // the same picture: one pixel, unchanged
  }
  const int w = x1 - x0 + 1, h = y1 - y0 + 1;
  IndexedImage indexed = Quantize(frame, x0, y0, w, h);
  // giflib's palettes hold a power of two colours, at least 2.
  int bits = 1;
  while ((1 << bits) < static_cast<int>(indexed.palette.size())) ++bits;
  std::vector<GifColorType> colors(static_cast<size_t>(1) << bits, GifColorType{0, 0, 0});
  for (size_t i = 0; i < indexed.palette.size(); ++i) {
    const std::uint32_t c = indexed.palette[i];
    colors[i] = {static_cast<GifByteType>(c >> 16), static_cast<GifByteType>(c >> 8),
                 static_cast<GifByteType>(c)};
  }
  ColorMapObject* map = GifMakeMapObject(1 << bits, colors.data());
  if (map == nullptr) {
    m_error = "GIF: out of memory for a palette";
    return false;
  }
  GraphicsControlBlock gcb{};
  gcb.DisposalMode = DISPOSE_DO_NOT;  // the next frame is drawn over this one
  gcb.UserInputFlag = false;
  gcb.DelayTime = GifDelayCentiseconds(delay_ms);
  gcb.TransparentColor = NO_TRANSPARENT_COLOR;
  GifByteType extension[4];
  const size_t length = EGifGCBToExtension(&gcb, extension);
  GifFileType* gif = m_impl->gif;
  bool ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension) !=
                GIF_ERROR &&
            EGifPutImageDesc(gif, x0, y0, w, h, false, map) != GIF_ERROR;
  for (int row = 0; ok && row < h; ++row) {
    ok =
        EGifPutLine(gif, indexed.indices.data() + static_cast<size_t>(row) * static_cast<size_t>(w),
                    w) != GIF_ERROR;
  }
  GifFreeMapObject(map);
  if (!ok) {
    m_error = GifError("frame", gif->Error);
    return false;
  }
  // What is shown now, for the next frame's rectangle: where the next frame's pixel equals this
  // one's, the viewer already sees it in this frame's palette.
  m_impl->previous = frame;
  ++m_frames;
  return true;
}

std::string GifWriter::Finish() {
  if (m_error.empty() && m_frames == 0) m_error = "GIF: no frames";
  if (m_error.empty() && m_impl->gif == nullptr) m_error = "GIF: finished already";
  if (!m_error.empty()) return {};
  int code = 0;
  GifFileType* gif = m_impl->gif;
  m_impl->gif = nullptr;
  if (EGifCloseFile(gif, &code) == GIF_ERROR) {
    m_error = GifError("cannot finish", code);
    return {};
  }
  return std::move(m_impl->bytes);
}

#else  // no giflib

bool GifSupported() {
  return false;
}

struct GifWriter::Impl {};

GifWriter::GifWriter(int width, int height)
    : m_impl(std::make_unique<Impl>()), m_width(width), m_height(height) {
  m_error = "GIF export is off: this build has no giflib (install libgif-dev and rebuild)";
}
GifWriter::~GifWriter() = default;
bool GifWriter::AddFrame(const RgbaImage&, int) {
  return false;
}
std::string GifWriter::Finish() {
  return {};
}

#endif

}  // namespace scanviz::exports
