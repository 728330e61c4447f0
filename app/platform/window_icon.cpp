#include "platform/window_icon.h"

#include <stb_image.h>

#include <limits>

#include "core/file_io.h"

namespace scanviz {

namespace {

constexpr std::size_t kMaxIconBytes = 1 << 20;  // the 256-pixel PNG is about 5 KiB

}  // namespace

IconLoad LoadIconPng(const std::string& path, int size) {
  IconLoad out;
  const FileText file = ReadFileLimited(path, kMaxIconBytes);
  if (!file.Ok()) {
    out.error = path + ": " + file.error;
    return out;
  }
  if (file.text.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    out.error = path + ": too large";
    return out;
  }
  const auto* bytes = reinterpret_cast<const stbi_uc*>(file.text.data());
  const int length = static_cast<int>(file.text.size());
  int w = 0, h = 0, channels = 0;
  // The header first: a PNG that claims to be huge is refused before anything is allocated.
  if (stbi_info_from_memory(bytes, length, &w, &h, &channels) == 0) {
    out.error = path + ": not an image stb_image reads (" + stbi_failure_reason() + ")";
    return out;
  }
  if (w != size || h != size) {
    out.error = path + ": " + std::to_string(w) + "x" + std::to_string(h) + " pixels, expected " +
                std::to_string(size) + "x" + std::to_string(size);
    return out;
  }
  stbi_uc* pixels = stbi_load_from_memory(bytes, length, &w, &h, &channels, 4);
  if (pixels == nullptr) {
    out.error = path + ": cannot decode (" + stbi_failure_reason() + ")";
    return out;
  }
  IconImage image;
  image.size = size;
  image.rgba.assign(pixels, pixels + static_cast<std::size_t>(size) * size * 4);
  stbi_image_free(pixels);
  out.images.push_back(std::move(image));
  return out;
}

IconLoad LoadWindowIcons(const DataDir& dir) {
  IconLoad out;
  for (int size : kIconSizes) {
    const std::string name = "icons/scanviz-" + std::to_string(size) + ".png";
    const std::string path = dir.File(name);
    IconLoad one =
        path.empty() ? IconLoad{{}, name + ": not in the data dir"} : LoadIconPng(path, size);
    for (IconImage& image : one.images) out.images.push_back(std::move(image));
    if (out.error.empty()) out.error = one.error;
  }
  return out;
}

}  // namespace scanviz
