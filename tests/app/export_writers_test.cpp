// The exports' writers through the checks of support/writer_faults.h (issue #38): one figure as
// PNG, SVG or GIF, the zip of a folder; and a multi-file export (a PNG, a GIF and a numbered
// sequence) whose last file fails writes none of them, keeping the old ones.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "export/export_job.h"
#include "export/export_plan.h"
#include "export/gif_writer.h"
#include "export/zip_archive.h"
#include "support/temp_dir.h"
#include "support/writer_faults.h"

namespace scanviz::exports {
namespace {

namespace fs = std::filesystem;

RgbaImage Picture(int round) {
  RgbaImage img(32, 24);
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) img.SetRgb(x, y, x < 4 * (round + 1) ? 0x0072B2 : 0x1E2127);
  return img;
}

// A request for the given outputs (empty: not asked for).
ExportRequest Request(std::string png, std::string svg = {}, std::string gif = {}) {
  ExportRequest r;
  r.png = std::move(png);
  r.svg = std::move(svg);
  r.gif = std::move(gif);
  return r;
}

// The job without a thread, every round delivered as the UI thread would; its error, or "".
std::string RunJob(const ExportRequest& request, int rounds = 3) {
  auto png = [](const RgbaImage& image, bool, std::string* out) {
    *out = "PNG " + std::to_string(image.width) + "x" + std::to_string(image.height);
    return std::string();
  };
  ExportJob job(PlanExports(request, "fig", rounds), false, 500, png, /*threaded=*/false);
  while (const std::optional<int> r = job.NextRound()) {
    const RoundNeeds needs = job.Needs(*r);
    RoundCapture c;
    if (needs.gif) c.gif = Picture(*r);
    if (needs.png) c.png = Picture(*r);
    if (needs.svg) c.svg = [r = *r] { return "<svg>" + std::to_string(r) + "</svg>"; };
    job.Deliver(*r, std::move(c));
  }
  const JobStatus s = job.Status();
  if (s.state == JobStatus::State::kDone) return {};
  return s.error.empty() ? "failed, and said nothing" : s.error;
}

// A new writer of exported files gets a row here.
TEST(Writers, EveryExportWriterReportsFaultsAndKeepsTheOldFile) {
  testing::TempDir zipped;  // what the zip holds
  std::ofstream(zipped.File("a.svg")) << "<svg/>";
  const struct {
    const char* name;
    testing::Writer write;
    const char* file;
  } rows[] = {
      {"--export-png, Ctrl+S's PNG", [](const std::string& p) { return RunJob(Request(p)); },
       "fig.png"},
      {"--export-svg, Ctrl+S's SVG", [](const std::string& p) { return RunJob(Request({}, p)); },
       "fig.svg"},
      {"ZipFolder (the web's download of a sequence)",
       [&](const std::string& p) { return ZipFolder(zipped.Path().string(), p); }, "rounds.zip"},
  };
  for (const auto& row : rows) testing::ExpectWriterSurvivesFaults(row.name, row.write, row.file);
  if (GifSupported()) {
    testing::ExpectWriterSurvivesFaults(
        "--export-gif, All rounds' GIF",
        [](const std::string& p) { return RunJob(Request({}, {}, p)); }, "fig.gif");
  }
}

// One failing file of several (the sequence's last SVG, or its rename) leaves every file as it
// was: the PNG's and the GIF's old bytes, no sequence folder, no temporary file.
TEST(Writers, AMultiFileExportWritesAllOrNothing) {
  testing::TempDir dir;
  ExportRequest request;
  request.png = dir.File("fig.png");
  if (GifSupported()) request.gif = dir.File("fig.gif");
  request.sequence_dir = dir.File("fig-rounds");
  std::ofstream(request.png) << "old png";
  if (GifSupported()) std::ofstream(request.gif) << "old gif";
  const std::set<std::string> before = testing::Entries(dir.Path());
  for (const WriteFault& f :
       {WriteFault{3, false, "fig-02.svg"}, WriteFault{-1, true, "fig-02.svg"},
        WriteFault{0, false, "fig.png"}}) {
    const testing::PlantedFault fault(f);
    const std::string err = RunJob(request);
    EXPECT_NE(err.find(f.path_contains), std::string::npos) << err;
    EXPECT_EQ(testing::Entries(dir.Path()), before) << f.path_contains << " rename " << f.rename;
    EXPECT_EQ(testing::SlurpFile(request.png), "old png");
  }
  EXPECT_EQ(RunJob(request), "");
  EXPECT_EQ(testing::SlurpFile(request.png), "PNG 32x24");
  EXPECT_TRUE(fs::exists(dir.File("fig-rounds/fig-02.svg")));
}

// `same.png` and `./same.png` are one file: refused when the plan is made, nothing written.
TEST(ExportPlan, PathsAreComparedAsFiles) {
  testing::TempDir dir;
  const std::string same = dir.File("same.png");
  const std::string dotted = (dir.Path() / "." / "same.png").string();
  ExportPlan plan = PlanExports(Request(same, {}, dotted), "fig", 3);
  EXPECT_NE(plan.error.find("are one file, named for two exports"), std::string::npos)
      << plan.error;
  plan = PlanExports(Request(same, (dir.Path() / "sub" / ".." / "same.png").string()), "fig", 3);
  EXPECT_NE(plan.error, "");
  std::ofstream(same) << "x";
  fs::create_symlink(same, dir.File("link.svg"));
  plan = PlanExports(Request(same, dir.File("link.svg")), "fig", 3);
  EXPECT_NE(plan.error, "");
  plan = PlanExports(Request(same, dir.File("same.svg")), "fig", 3);
  EXPECT_EQ(plan.error, "");
}

}  // namespace
}  // namespace scanviz::exports
