// The window icon: the PNGs of assets/icons (16 to 256 pixels, rendered from scanviz.svg),
// installed as share/scanviz/icons/scanviz-<size>.png and found through the data dir. Decoded with
// stb_image into the RGBA rows glfwSetWindowIcon takes; the window manager picks the size it shows.
// No GL, no GLFW.
#pragma once

#include <string>
#include <vector>

#include "state/data_dir.h"

namespace scanviz {

inline constexpr int kIconSizes[] = {16, 32, 48, 64, 128, 256};

struct IconImage {
  int size = 0;                     // width and height, in pixels
  std::vector<unsigned char> rgba;  // size * size * 4 bytes, rows top to bottom
};

struct IconLoad {
  std::vector<IconImage> images;  // the sizes that loaded, smallest first
  std::string error;              // the first that did not (missing, not a PNG, wrong size); or ""
};

// One PNG that must be `size` x `size` pixels.
IconLoad LoadIconPng(const std::string& path, int size);
// Every size of kIconSizes from the data dir's icons/; those that load are kept.
IconLoad LoadWindowIcons(const DataDir& dir);

}  // namespace scanviz
