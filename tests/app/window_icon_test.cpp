#include "platform/window_icon.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include "support/temp_dir.h"

namespace scanviz {
namespace {

const std::string kIcons = SCANVIZ_SOURCE_DIR "/assets/icons/";

// RGBA of pixel (x, y).
std::array<int, 4> Pixel(const IconImage& image, int x, int y) {
  const size_t at = (static_cast<size_t>(y) * image.size + x) * 4;
  return {image.rgba[at], image.rgba[at + 1], image.rgba[at + 2], image.rgba[at + 3]};
}

bool Near(std::array<int, 4> got, std::array<int, 4> want, int tol = 8) {
  for (int i = 0; i < 4; ++i)
    if (std::abs(got[i] - want[i]) > tol) return false;
  return true;
}

TEST(WindowIcon, EveryShippedSizeLoads) {
  DataDir assets;
  assets.path = SCANVIZ_SOURCE_DIR "/assets";  // the same layout as share/scanviz: icons/
  const IconLoad l = LoadWindowIcons(assets);
  EXPECT_EQ(l.error, "");
  ASSERT_EQ(l.images.size(), std::size(kIconSizes));
  for (size_t i = 0; i < l.images.size(); ++i) {
    EXPECT_EQ(l.images[i].size, kIconSizes[i]);
    EXPECT_EQ(l.images[i].rgba.size(), static_cast<size_t>(kIconSizes[i] * kIconSizes[i] * 4));
  }
}

TEST(WindowIcon, TheLargestShowsTheStaircase) {
  // scanviz.svg: a transparent margin, the dark background, the bottom-left cell orange (the
  // first prefix), the cell right of it sky blue, the top-left corner of the grid empty.
  const IconLoad l = LoadIconPng(kIcons + "scanviz-256.png", 256);
  ASSERT_EQ(l.error, "");
  const IconImage& icon = l.images.at(0);
  EXPECT_EQ(Pixel(icon, 2, 2)[3], 0);
  EXPECT_TRUE(Near(Pixel(icon, 53, 203), {0xE6, 0x9F, 0x00, 255}));
  EXPECT_TRUE(Near(Pixel(icon, 103, 203), {0x56, 0xB4, 0xE9, 255}));
  EXPECT_TRUE(Near(Pixel(icon, 53, 53), {0x1E, 0x21, 0x27, 255}));
  EXPECT_TRUE(Near(Pixel(icon, 203, 53), {0xE6, 0x9F, 0x00, 255}));
}

TEST(WindowIcon, BadFilesAreRefusedWithTheReason) {
  testing::TempDir dir;
  IconLoad l = LoadIconPng(kIcons + "scanviz-32.png", 48);
  EXPECT_EQ(l.error, kIcons + "scanviz-32.png: 32x32 pixels, expected 48x48");
  EXPECT_TRUE(l.images.empty());
  std::ofstream(dir.File("text.png")) << "not a picture";
  l = LoadIconPng(dir.File("text.png"), 16);
  EXPECT_EQ(l.error.rfind(dir.File("text.png") + ": not an image", 0), 0u) << l.error;
  l = LoadIconPng(dir.File("absent.png"), 16);
  EXPECT_EQ(l.error.rfind(dir.File("absent.png") + ": ", 0), 0u) << l.error;
  l = LoadIconPng(dir.Path().string(), 16);  // a directory
  EXPECT_FALSE(l.error.empty());
  // A PNG header claiming 10000 x 10000 pixels: refused before anything is decoded.
  std::ifstream in(kIcons + "scanviz-16.png", std::ios::binary);
  std::string png((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_GT(png.size(), 24u);
  for (int at : {16, 20}) {  // IHDR width, height: big-endian
    png[at] = 0, png[at + 1] = 0, png[at + 2] = 0x27, png[at + 3] = 0x10;
  }
  std::ofstream(dir.File("huge.png"), std::ios::binary) << png;
  l = LoadIconPng(dir.File("huge.png"), 16);
  EXPECT_EQ(l.error, dir.File("huge.png") + ": 10000x10000 pixels, expected 16x16");
}

TEST(WindowIcon, NoDataDirNoIcon) {
  const IconLoad l = LoadWindowIcons(DataDir{});
  EXPECT_TRUE(l.images.empty());
  EXPECT_EQ(l.error, "icons/scanviz-16.png: not in the data dir");
}

}  // namespace
}  // namespace scanviz
