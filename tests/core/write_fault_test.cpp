// The fault seam of the atomic writer (core/file_io.h, issue #38): a write that fails at byte k or
// at the rename keeps the old file and leaves nothing; several files are written all or none;
// the environment variable plants the same faults; paths are compared as files, not as text.
// Then every writer of kernels/core through the same checks (support/writer_faults.h).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/applications/application_io.h"
#include "core/applications/applications.h"
#include "core/file_io.h"
#include "core/grid/grid_io.h"
#include "core/grid/single_pass.h"
#include "core/multi_gpu/multi_gpu.h"
#include "core/multi_gpu/multi_gpu_io.h"
#include "core/perf/bench_results.h"
#include "core/perf/multi_gpu_results.h"
#include "core/simulator.h"
#include "core/trace_io.h"
#include "support/temp_dir.h"
#include "support/writer_faults.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;
using testing::Entries;
using testing::PlantedFault;
using testing::SlurpFile;

TEST(WriteFault, AtEveryByteTheOldFileIsKeptAndNothingIsLeft) {
  testing::TempDir dir;
  const std::string path = dir.File("a.json");
  const std::string contents = "0123456789abcdefghij";
  for (long long k = 0; k < static_cast<long long>(contents.size()); ++k) {
    std::ofstream(path, std::ios::trunc) << "old";
    const PlantedFault fault({k, false, {}});
    const std::string err = WriteFileAtomically(path, contents);
    EXPECT_NE(err.find("cannot write " + path + ": No space left on device"), std::string::npos)
        << "byte " << k << ": " << err;
    EXPECT_NE(err.find("SCANVIZ_FAULT_WRITE_AT"), std::string::npos) << err;
    EXPECT_EQ(SlurpFile(path), "old") << "byte " << k;
    EXPECT_EQ(Entries(dir.Path()), std::set<std::string>{"a.json"}) << "byte " << k;
  }
  fs::remove(path);  // a new file: none made
  const PlantedFault fault({3, false, {}});
  EXPECT_NE(WriteFileAtomically(path, contents), "");
  EXPECT_TRUE(Entries(dir.Path()).empty());
}

TEST(WriteFault, AFaultPastTheEndOrForAnotherPathChangesNothing) {
  testing::TempDir dir;
  const std::string path = dir.File("a.json");
  {
    const PlantedFault fault({5, false, {}});
    EXPECT_EQ(WriteFileAtomically(path, "1234"), "");  // never reaches byte 5
    EXPECT_EQ(SlurpFile(path), "1234");
  }
  const PlantedFault fault({0, true, "b.json"});
  EXPECT_EQ(WriteFileAtomically(path, "new"), "");
  EXPECT_EQ(SlurpFile(path), "new");
  EXPECT_NE(WriteFileAtomically(dir.File("b.json"), "new"), "");
  EXPECT_FALSE(fs::exists(dir.File("b.json")));
}

TEST(WriteFault, ARenameThatFailsKeepsTheOldFile) {
  testing::TempDir dir;
  const std::string path = dir.File("a.json");
  std::ofstream(path) << "old";
  const PlantedFault fault({-1, true, {}});
  const std::string err = WriteFileAtomically(path, "new contents");
  EXPECT_NE(err.find("cannot replace " + path), std::string::npos) << err;
  EXPECT_EQ(SlurpFile(path), "old");
  EXPECT_EQ(Entries(dir.Path()), std::set<std::string>{"a.json"});
}

TEST(WriteFault, TheEnvironmentVariablePlantsTheSameFaults) {
  struct Case {
    const char* value;
    long long at_byte;
    bool rename;
    const char* path_contains;
  };
  for (const Case& c :
       {Case{"0", 0, false, ""}, Case{"17", 17, false, ""}, Case{"5,figure", 5, false, "figure"},
        Case{"rename", -1, true, ""}, Case{"rename,.gif", -1, true, ".gif"}}) {
    setenv("SCANVIZ_FAULT_WRITE_AT", c.value, 1);
    const std::optional<WriteFault> f = WriteFaultFor(std::string("x/figure.gif"));
    ASSERT_TRUE(f) << c.value;
    EXPECT_EQ(f->at_byte, c.at_byte) << c.value;
    EXPECT_EQ(f->rename, c.rename) << c.value;
    EXPECT_EQ(f->path_contains, c.path_contains) << c.value;
  }
  setenv("SCANVIZ_FAULT_WRITE_AT", "5,figure", 1);
  EXPECT_FALSE(WriteFaultFor("x/other.gif"));  // not a path it names
  for (const char* junk : {"", "-1", "x", "5x", "renamed", "1e3"}) {
    setenv("SCANVIZ_FAULT_WRITE_AT", junk, 1);
    EXPECT_FALSE(WriteFaultFor("a")) << "'" << junk << "'";
  }
  setenv("SCANVIZ_FAULT_WRITE_AT", "2", 1);
  testing::TempDir dir;
  EXPECT_NE(WriteFileAtomically(dir.File("a"), "abc"), "");
  {
    const PlantedFault none({-1, false, {}});  // a test's own setting wins over the environment
    EXPECT_EQ(WriteFileAtomically(dir.File("a"), "abc"), "");
  }
  unsetenv("SCANVIZ_FAULT_WRITE_AT");
  EXPECT_FALSE(WriteFaultFor("a"));
}

// Several files: one failing (its write, or its rename after others were placed) leaves every
// file as it was, new ones not made, old ones with their old bytes.
TEST(WriteFiles, AllOrNothing) {
  testing::TempDir dir;
  const std::string a = dir.File("a.png"), b = dir.File("b.json"), c = dir.File("c.gif");
  for (const WriteFault& f : {WriteFault{2, false, "c.gif"}, WriteFault{-1, true, "c.gif"}}) {
    std::ofstream(b, std::ios::trunc) << "old b";
    const PlantedFault fault(f);
    const std::string err = WriteFilesAtomically({{a, "new a"}, {b, "new b"}, {c, "new c"}});
    EXPECT_NE(err.find(c), std::string::npos) << err;
    EXPECT_FALSE(fs::exists(a)) << "rename " << f.rename;
    EXPECT_EQ(SlurpFile(b), "old b") << "rename " << f.rename;
    EXPECT_FALSE(fs::exists(c));
    EXPECT_EQ(Entries(dir.Path()), std::set<std::string>{"b.json"}) << "rename " << f.rename;
  }
  EXPECT_EQ(WriteFilesAtomically({{a, "new a"}, {b, "new b"}, {c, "new c"}}), "");
  EXPECT_EQ(SlurpFile(a) + SlurpFile(b) + SlurpFile(c), "new anew bnew c");
  EXPECT_EQ(Entries(dir.Path()).size(), 3u);
}

TEST(WriteFiles, ABadLastTargetWritesNothing) {
  testing::TempDir dir;
  const std::string ok = dir.File("ok.png");
  fs::create_directory(dir.File("folder"));
  for (const std::string& bad : {dir.File("missing/d.json"), dir.File("folder")}) {
    EXPECT_NE(WriteFilesAtomically({{ok, "png"}, {bad, "json"}}), "") << bad;
    EXPECT_FALSE(fs::exists(ok)) << bad;
  }
  // Two names for one file: refused, nothing written.
  const std::string err =
      WriteFilesAtomically({{ok, "png"}, {dir.File("./folder/../ok.png"), "x"}});
  EXPECT_NE(err.find("name one file"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(ok));
}

TEST(SamePath, ComparesFilesNotText) {
  testing::TempDir dir;
  const fs::path cwd = fs::current_path();
  fs::current_path(dir.Path());
  std::ofstream("same.png") << "x";
  fs::create_directory("sub");
  fs::create_symlink("same.png", "link.png");
  fs::create_hard_link("same.png", "hard.png");
  fs::create_symlink("not-made-yet.png", "dangling.png");
  EXPECT_TRUE(SamePath("same.png", "./same.png"));
  EXPECT_TRUE(SamePath("same.png", "sub/../same.png"));
  EXPECT_TRUE(SamePath("same.png", dir.File("same.png")));
  EXPECT_TRUE(SamePath("same.png", "link.png"));
  EXPECT_TRUE(SamePath("same.png", "hard.png"));
  EXPECT_TRUE(SamePath("new.gif", "./new.gif"));  // neither made yet
  EXPECT_TRUE(SamePath("dangling.png", "./not-made-yet.png"));
  EXPECT_FALSE(SamePath("same.png", "same.gif"));
  EXPECT_FALSE(SamePath("same.png", "sub/same.png"));
  const auto same = FindSamePaths({"a.png", "b.png", "./a.png"});
  ASSERT_TRUE(same);
  EXPECT_EQ(same->first, 0u);
  EXPECT_EQ(same->second, 2u);
  EXPECT_FALSE(FindSamePaths({"a.png", "b.png", "sub/a.png"}));
  fs::current_path(cwd);
}

// Every writer of the core library, through the same checks. A new writer gets a row here.
TEST(Writers, EveryCoreWriterReportsFaultsAndKeepsTheOldFile) {
  ScanRequest request;
  request.input = {3, 1, 7, 0, 4, 1, 6, 3};
  const Trace trace = Simulate(request);
  GridRequest grid_request;
  grid_request.input.assign(40, 1);
  grid_request.block_size = 8;
  const GridTrace grid = MakeGridTrace(grid_request, BackendInfo{});
  ApplicationRequest app_request;
  app_request.input = {5, -2, 7, 0, 3};
  const ApplicationTrace application = MakeApplicationTrace(app_request, BackendInfo{});
  SinglePassRequest sp_request;
  sp_request.input.assign(40, 2);
  const SinglePassTrace single_pass = SimulateSinglePass(sp_request);
  MultiGpuRequest mg_request;
  mg_request.gpus = 2;
  mg_request.input.assign(64, 1);
  const MultiGpuTrace multi_gpu = SimulateMultiGpu(mg_request);
  perf::BenchResults bench;
  bench.schema = "scanviz-perf/2";
  const perf::MultiGpuBenchResults gpus_bench;
  const struct {
    const char* name;
    testing::Writer write;
  } rows[] = {
      {"SaveTraceFile (trace -o)", [&](const std::string& p) { return SaveTraceFile(trace, p); }},
      {"SaveGridFile (trace -a multi-block -o)",
       [&](const std::string& p) { return SaveGridFile(grid, p); }},
      {"SaveApplicationFile (trace -a compact -o)",
       [&](const std::string& p) { return SaveApplicationFile(application, p); }},
      {"SaveSinglePassFile (trace -a single-pass -o)",
       [&](const std::string& p) { return SaveSinglePassFile(single_pass, p); }},
      {"SaveMultiGpuFile (trace -a multi-gpu -o)",
       [&](const std::string& p) { return SaveMultiGpuFile(multi_gpu, p); }},
      {"SaveBenchResults (bench --json)",
       [&](const std::string& p) { return perf::SaveBenchResults(bench, p); }},
      {"SaveMultiGpuBenchResults (bench --gpus --json)",
       [&](const std::string& p) { return perf::SaveMultiGpuBenchResults(gpus_bench, p); }},
      {"WriteFileAtomically", [](const std::string& p) { return WriteFileAtomically(p, "{}\n"); }},
  };
  for (const auto& row : rows) testing::ExpectWriterSurvivesFaults(row.name, row.write);
}

}  // namespace
}  // namespace scanviz
