// The export library without a window: the palette keeps a figure's colours, the GIF writer's file
// read back with giflib (frames, size, delays, looping, every pixel), and the export plan's names
// and checks.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "core/file_io.h"
#include "export/export_plan.h"
#include "export/gif_writer.h"
#include "export/image.h"
#include "export/quantize.h"
#include "support/temp_dir.h"

#if SCANVIZ_HAVE_GIF
#include <gif_lib.h>
#endif

namespace scanviz::exports {
namespace {

namespace fs = std::filesystem;

// A figure-like picture: a background, boxes in a few flat colours, and a ramp between two of
// them along each box's left edge (the shades antialiasing leaves), `shift` moving one box.
RgbaImage Figure(int w, int h, int shift, bool ramp) {
  RgbaImage img(w, h);
  const std::uint32_t background = 0x1E2127, fills[] = {0x56B4E9, 0xE69F00, 0x0072B2, 0x009E73};
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) img.SetRgb(x, y, background);
  for (int b = 0; b < 4; ++b) {
    const int x0 = 10 + b * 40 + (b == 2 ? shift : 0), y0 = 20;
    for (int y = y0; y < y0 + 30; ++y) {
      for (int x = x0; x < x0 + 30; ++x) img.SetRgb(x, y, fills[b]);
      if (!ramp) continue;
      // 8 shades from the background to the fill, one column each: the box's soft edge.
      for (int k = 0; k < 8; ++k) {
        auto mix = [&](int s) {
          const int a = static_cast<int>((background >> s) & 0xFF),
                    c = static_cast<int>((fills[b] >> s) & 0xFF);
          return static_cast<std::uint32_t>(a + (c - a) * (k + 1) / 9);
        };
        img.SetRgb(x0 - 8 + k, y, (mix(16) << 16) | (mix(8) << 8) | mix(0));
      }
    }
  }
  return img;
}

int ChannelError(std::uint32_t a, std::uint32_t b) {
  int worst = 0;
  for (int s : {16, 8, 0})
    worst = std::max(
        worst, std::abs(static_cast<int>((a >> s) & 0xFF) - static_cast<int>((b >> s) & 0xFF)));
  return worst;
}

// [SECTION] The palette

TEST(Quantize, FewColoursAreKeptExactly) {
  const RgbaImage img = Figure(200, 80, 0, true);  // 5 flat colours + 4 x 8 shades
  const IndexedImage q = Quantize(img, 0, 0, img.width, img.height);
  EXPECT_LE(q.palette.size(), 256u);
  EXPECT_EQ(q.palette.front(), 0x1E2127u);  // the most frequent first
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x)
      ASSERT_EQ(q.palette[q.indices[static_cast<size_t>(y) * static_cast<size_t>(img.width) +
                                    static_cast<size_t>(x)]],
                img.Rgb(x, y))
          << x << "," << y;
}

TEST(Quantize, ManyColoursKeepTheFlatOnesExactAndTheRestNear) {
  // The figure plus a band of 4096 different colours (a smooth two-channel ramp): more than a
  // palette holds.
  RgbaImage img = Figure(256, 120, 0, true);
  for (int y = 60; y < 76; ++y)
    for (int x = 0; x < 256; ++x)
      img.SetRgb(x, y,
                 (static_cast<std::uint32_t>(x) << 16) |
                     (static_cast<std::uint32_t>((y - 60) * 16) << 8) | 0x40);
  const IndexedImage q = Quantize(img, 0, 0, img.width, img.height);
  ASSERT_EQ(q.palette.size(), 256u);
  const std::set<std::uint32_t> palette(q.palette.begin(), q.palette.end());
  for (std::uint32_t flat : {0x1E2127u, 0x56B4E9u, 0xE69F00u, 0x0072B2u, 0x009E73u})
    EXPECT_TRUE(palette.count(flat)) << std::hex << flat;
  int worst = 0;
  for (int y = 0; y < img.height; ++y) {
    for (int x = 0; x < img.width; ++x) {
      const std::uint32_t got =
          q.palette[q.indices[static_cast<size_t>(y) * static_cast<size_t>(img.width) +
                              static_cast<size_t>(x)]];
      worst = std::max(worst, ChannelError(got, img.Rgb(x, y)));
      if (y < 60 && x >= 10) {  // the figure part: flat fills exact
        const std::uint32_t want = img.Rgb(x, y);
        if (palette.count(want) && want != got) ADD_FAILURE() << x << "," << y;
      }
    }
  }
  EXPECT_LE(worst, 24) << "the nearest palette colour is far off";
}

TEST(Quantize, ARectangleOnlyAndAPaletteAsSmallAsAsked) {
  const RgbaImage img = Figure(200, 80, 0, false);
  const IndexedImage q = Quantize(img, 50, 20, 30, 30);  // inside the second box
  EXPECT_EQ(q.width, 30);
  EXPECT_EQ(q.indices.size(), 900u);
  EXPECT_EQ(q.palette, std::vector<std::uint32_t>({0xE69F00}));
  const IndexedImage two = Quantize(Figure(200, 80, 0, true), 0, 0, 200, 80, 2);
  EXPECT_EQ(two.palette.size(), 2u);
}

// [SECTION] The GIF writer, read back with giflib

TEST(Gif, DelaysInHundredths) {
  EXPECT_EQ(GifDelayCentiseconds(1200), 120);
  EXPECT_EQ(GifDelayCentiseconds(1234), 123);
  EXPECT_EQ(GifDelayCentiseconds(0), 2);  // browsers show less than 2 as 10
  EXPECT_EQ(GifDelayCentiseconds(10'000'000), 65535);
}

#if SCANVIZ_HAVE_GIF

struct Decoded {
  int width = 0, height = 0;
  std::vector<RgbaImage> frames;  // as a viewer shows them, each drawn over the one before
  std::vector<int> delays_cs;
  std::vector<int> disposal;
  bool loops = false;
  std::string error;
};

Decoded Decode(const std::string& path) {
  Decoded d;
  int code = 0;
  GifFileType* gif = DGifOpenFileName(path.c_str(), &code);
  if (gif == nullptr) {
    d.error = GifErrorString(code);
    return d;
  }
  if (DGifSlurp(gif) == GIF_ERROR) {
    d.error = GifErrorString(gif->Error);
    DGifCloseFile(gif, &code);
    return d;
  }
  d.width = gif->SWidth;
  d.height = gif->SHeight;
  RgbaImage canvas(d.width, d.height);
  for (int i = 0; i < gif->ImageCount; ++i) {
    const SavedImage& img = gif->SavedImages[i];
    GraphicsControlBlock gcb;
    if (DGifSavedExtensionToGCB(gif, i, &gcb) == GIF_OK) {
      d.delays_cs.push_back(gcb.DelayTime);
      d.disposal.push_back(gcb.DisposalMode);
    }
    for (int k = 0; k < img.ExtensionBlockCount; ++k) {
      const ExtensionBlock& e = img.ExtensionBlocks[k];
      if (e.Function == APPLICATION_EXT_FUNC_CODE && e.ByteCount == 11 &&
          std::memcmp(e.Bytes, "NETSCAPE2.0", 11) == 0)
        d.loops = true;
    }
    const ColorMapObject* map = img.ImageDesc.ColorMap ? img.ImageDesc.ColorMap : gif->SColorMap;
    const GifImageDesc& desc = img.ImageDesc;
    for (int y = 0; y < desc.Height; ++y) {
      for (int x = 0; x < desc.Width; ++x) {
        const GifColorType c = map->Colors[img.RasterBits[y * desc.Width + x]];
        canvas.SetRgb(desc.Left + x, desc.Top + y,
                      (std::uint32_t{c.Red} << 16) | (std::uint32_t{c.Green} << 8) | c.Blue);
      }
    }
    d.frames.push_back(canvas);
  }
  // The loop block may also come before the first image, outside it (giflib keeps it there).
  for (int k = 0; k < gif->ExtensionBlockCount; ++k) {
    const ExtensionBlock& e = gif->ExtensionBlocks[k];
    if (e.Function == APPLICATION_EXT_FUNC_CODE && e.ByteCount == 11 &&
        std::memcmp(e.Bytes, "NETSCAPE2.0", 11) == 0)
      d.loops = true;
  }
  DGifCloseFile(gif, &code);
  return d;
}

TEST(Gif, FramesSizeDelaysAndEveryPixelSurvive) {
  ASSERT_TRUE(GifSupported());
  testing::TempDir dir;
  std::vector<RgbaImage> frames;
  for (int k = 0; k < 5; ++k) frames.push_back(Figure(200, 80, k * 3, true));
  frames.push_back(frames.back());  // unchanged: still a frame of its own
  const std::vector<int> delays = FrameDelays(static_cast<int>(frames.size()), 700);
  GifWriter writer(200, 80);
  for (size_t i = 0; i < frames.size(); ++i) ASSERT_TRUE(writer.AddFrame(frames[i], delays[i]));
  const std::string bytes = writer.Finish();
  ASSERT_FALSE(bytes.empty()) << writer.Error();
  ASSERT_EQ(WriteFileAtomically(dir.File("out.gif"), bytes), "");

  const Decoded d = Decode(dir.File("out.gif"));
  ASSERT_EQ(d.error, "");
  EXPECT_EQ(d.width, 200);
  EXPECT_EQ(d.height, 80);
  ASSERT_EQ(d.frames.size(), frames.size());
  EXPECT_EQ(d.delays_cs, std::vector<int>({70, 70, 70, 70, 70, 210}));
  EXPECT_EQ(d.disposal, std::vector<int>(6, DISPOSE_DO_NOT));
  EXPECT_TRUE(d.loops);
  for (size_t i = 0; i < frames.size(); ++i) {
    for (int y = 0; y < 80; ++y)
      for (int x = 0; x < 200; ++x)
        ASSERT_EQ(d.frames[i].Rgb(x, y), frames[i].Rgb(x, y))
            << "frame " << i << " " << x << "," << y;
  }
  // Later frames hold only what changed: the file is far smaller than six whole frames.
  {
    GifWriter one(200, 80);
    ASSERT_TRUE(one.AddFrame(frames[0], 100));
    EXPECT_LT(bytes.size(), one.Finish().size() * 3);
  }
}

TEST(Gif, AWrongSizeOrNoFrameIsAnErrorNotAFile) {
  GifWriter writer(200, 80);
  EXPECT_FALSE(writer.AddFrame(Figure(100, 80, 0, false), 100));
  EXPECT_NE(writer.Error().find("100x80"), std::string::npos) << writer.Error();
  EXPECT_TRUE(writer.Finish().empty());
  GifWriter empty(200, 80);
  EXPECT_TRUE(empty.Finish().empty());
  EXPECT_EQ(empty.Error(), "GIF: no frames");
  GifWriter done(200, 80);
  ASSERT_TRUE(done.AddFrame(Figure(200, 80, 0, false), 100));
  EXPECT_FALSE(done.Finish().empty());
  EXPECT_FALSE(done.AddFrame(Figure(200, 80, 0, false), 100));
}

#else

TEST(Gif, OffWithoutGiflibAndSaysSo) {
  EXPECT_FALSE(GifSupported());
  GifWriter writer(200, 80);
  EXPECT_FALSE(writer.AddFrame(Figure(200, 80, 0, false), 100));
  EXPECT_TRUE(writer.Finish().empty());
  EXPECT_NE(writer.Error().find("libgif-dev"), std::string::npos);
  GTEST_SKIP() << "built without giflib: the GIF file itself is not tested";
}

#endif

// [SECTION] The export plan

TEST(ExportPlan, NamesSortInRoundOrder) {
  EXPECT_EQ(FigureStem({"blelloch"}), "scanviz-blelloch");
  EXPECT_EQ(FigureStem({"hillis-steele", "warp-shuffle"}), "scanviz-hillis-steele-vs-warp-shuffle");
  EXPECT_EQ(RoundStem("scanviz-blelloch", 4), "scanviz-blelloch-round4");
  EXPECT_EQ(SequenceStem("s", 0, 7), "s-00");
  EXPECT_EQ(SequenceStem("s", 6, 7), "s-06");
  EXPECT_EQ(SequenceStem("s", 7, 101), "s-007");  // rounds 0..100: three digits
  EXPECT_EQ(SequenceStem("s", 99, 100), "s-99");
  EXPECT_EQ(FrameDelays(3, 1200), std::vector<int>({1200, 1200, 3600}));
  EXPECT_TRUE(FrameDelays(0, 1200).empty());
}

TEST(ExportPlan, SizesAreWxHInRange) {
  EXPECT_EQ(ParseSize("1920x1080"), (Size{1920, 1080}));
  EXPECT_EQ(ParseSize("320x240"), (Size{320, 240}));
  EXPECT_EQ(ParseSize("8192x8192"), (Size{8192, 8192}));
  for (const char* bad : {"", "1920", "1920x", "x1080", "1920X1080", "319x240", "8193x100",
                          "-1920x1080", "+1920x1080", "1920x1080 ", "19.5x1080", "1920x1080x3"})
    EXPECT_FALSE(ParseSize(bad)) << bad;
}

TEST(ExportPlan, OneFigureAtARoundEveryRoundForTheGifAndTheSequence) {
  ExportRequest r;
  r.png = "a.png";
  r.svg = "a.svg";
  r.gif = "a.gif";
  r.sequence_dir = "seq";
  ExportPlan plan = PlanExports(r, "scanviz-blelloch", 7);
  ASSERT_EQ(plan.error, "");
  EXPECT_EQ(plan.round_count, 7);
  ASSERT_EQ(plan.files.size(), 3u + 14u);
  EXPECT_EQ(plan.files[0], (ExportFile{"a.png", Format::kPng, 6}));  // the last round
  EXPECT_EQ(plan.files[1], (ExportFile{"a.svg", Format::kSvg, 6}));
  EXPECT_EQ(plan.files[2], (ExportFile{"a.gif", Format::kGif, kEveryRound}));
  EXPECT_EQ(plan.files[3], (ExportFile{"seq/scanviz-blelloch-00.png", Format::kPng, 0, true}));
  EXPECT_EQ(plan.files[16], (ExportFile{"seq/scanviz-blelloch-06.svg", Format::kSvg, 6, true}));
  EXPECT_EQ(plan.sequence_dir, "seq");

  r.round = 2;
  plan = PlanExports(r, "scanviz-blelloch", 7);
  EXPECT_EQ(plan.files[0].round, 2);
  EXPECT_EQ(plan.files[1].round, 2);
  r.round = 7;
  plan = PlanExports(r, "scanviz-blelloch", 7);
  EXPECT_EQ(plan.error, "--round 7: the figure has rounds 0 to 6");
  EXPECT_TRUE(plan.files.empty());

  ExportRequest twice;
  twice.png = "same";
  twice.svg = "same";
  EXPECT_EQ(PlanExports(twice, "s", 3).error, "same is named for two exports");
}

TEST(ExportPlan, TargetsThatCannotBeWrittenAreRefusedBeforeAnything) {
  testing::TempDir dir;
  ExportRequest r;
  r.png = dir.File("fig.png");
  r.sequence_dir = dir.File("new-folder");
  EXPECT_EQ(CheckTargets(PlanExports(r, "s", 3)), "");  // the folder is made later
  EXPECT_FALSE(fs::exists(dir.File("new-folder")));     // checking makes nothing

  ExportRequest into_dir;
  fs::create_directory(dir.File("a-folder"));
  into_dir.svg = dir.File("a-folder");
  EXPECT_NE(CheckTargets(PlanExports(into_dir, "s", 3)).find("is a directory; not replaced"),
            std::string::npos);

  ExportRequest fifo;
  ASSERT_EQ(mkfifo(dir.File("pipe.gif").c_str(), 0600), 0);
  fifo.gif = dir.File("pipe.gif");
  EXPECT_NE(CheckTargets(PlanExports(fifo, "s", 3)).find("not a regular file"), std::string::npos);

  ExportRequest missing;
  missing.png = dir.File("no-such-folder/fig.png");
  EXPECT_NE(CheckTargets(PlanExports(missing, "s", 3)), "");

  ExportRequest seq_file;
  std::ofstream(dir.File("plain")) << "x";
  seq_file.sequence_dir = dir.File("plain");
  EXPECT_EQ(CheckTargets(PlanExports(seq_file, "s", 3)),
            dir.File("plain") + " is not a folder; not replaced");

  // A sequence into a folder that exists: each of its files is checked.
  ExportRequest seq;
  fs::create_directory(dir.File("seq"));
  fs::create_directory(dir.File("seq/s-01.svg"));
  seq.sequence_dir = dir.File("seq");
  EXPECT_NE(CheckTargets(PlanExports(seq, "s", 3)).find("s-01.svg is a directory"),
            std::string::npos);

  ExportRequest slash;  // "figures/": the folder figures, made in the test's folder
  slash.sequence_dir = dir.File("figures") + "/";
  EXPECT_EQ(CheckTargets(PlanExports(slash, "s", 3)), "");

  ExportRequest orphan;
  orphan.sequence_dir = dir.File("no-such-folder/seq");
  EXPECT_NE(CheckTargets(PlanExports(orphan, "s", 3)).find("cannot make"), std::string::npos);
}

TEST(ExportPlan, AFreeNameKeepsAFiguresFilesTogether) {
  testing::TempDir dir;
  const std::vector<std::string> both = {".png", ".svg"};
  EXPECT_EQ(FreeStem(dir.Path(), "fig", both), "fig");
  std::ofstream(dir.File("fig.svg")) << "x";  // only the SVG is there: the pair moves on
  EXPECT_EQ(FreeStem(dir.Path(), "fig", both), "fig-2");
  std::ofstream(dir.File("fig-2.png")) << "x";
  EXPECT_EQ(FreeStem(dir.Path(), "fig", both), "fig-3");
  fs::create_directory(dir.File("all-rounds"));  // a folder counts as taken too
  EXPECT_EQ(FreeStem(dir.Path(), "all", {".gif", "-rounds"}), "all-2");
}

}  // namespace
}  // namespace scanviz::exports
