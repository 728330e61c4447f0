// The checks every writer of a file passes (issue #38): a write that fails part way (the fault
// seam of core/file_io.h, at byte 0, 1, half way and the last byte) or at the final rename, and a
// target that cannot be written (a missing folder, a folder that is a file, a folder at the path,
// /proc/version). Each time the failure is reported naming the path, the old file is kept byte
// for byte, and nothing else is left in the folder (no temporary file, no half file).
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/file_io.h"
#include "support/temp_dir.h"

namespace scanviz::testing {

// A fault planted for the guard's life (the environment's back after).
class PlantedFault {
 public:
  explicit PlantedFault(WriteFault fault) { SetWriteFaultForTesting(std::move(fault)); }
  ~PlantedFault() { SetWriteFaultForTesting(std::nullopt); }
  PlantedFault(const PlantedFault&) = delete;
  PlantedFault& operator=(const PlantedFault&) = delete;
};

inline std::string SlurpFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Every name under `dir`, folders too, relative to it.
inline std::set<std::string> Entries(const std::filesystem::path& dir) {
  std::set<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir, ec))
    out.insert(std::filesystem::relative(e.path(), dir).string());
  return out;
}

using Writer = std::function<std::string(const std::string& path)>;

// `name` says which writer failed; `file` is the name it writes (its extension may matter).
// `makes_its_folder`: a writer that makes a missing folder (the settings' config folder) is not
// refused one.
inline void ExpectWriterSurvivesFaults(const std::string& name, const Writer& write,
                                       const std::string& file = "out.json",
                                       bool makes_its_folder = false) {
  namespace fs = std::filesystem;
  TempDir dir;
  const std::string path = dir.File(file);
  ASSERT_EQ(write(path), "") << name << ": the write with no fault failed";
  const std::string good = SlurpFile(path);
  ASSERT_GT(good.size(), 2u) << name;
  const std::string old = "the user's old file, kept byte for byte\n";
  std::ofstream(path, std::ios::binary | std::ios::trunc) << old;
  const std::set<std::string> before = Entries(dir.Path());
  auto expect_kept = [&](const std::string& fault, const std::string& err) {
    EXPECT_NE(err, "") << name << ", " << fault << ": the failure was not reported";
    EXPECT_NE(err.find(path), std::string::npos) << name << ", " << fault << ": " << err;
    EXPECT_EQ(SlurpFile(path), old) << name << ", " << fault << ": the old file was not kept";
    EXPECT_EQ(Entries(dir.Path()), before) << name << ", " << fault << ": something was left";
  };
  for (const size_t k : {size_t{0}, size_t{1}, good.size() / 2, good.size() - 1}) {
    const PlantedFault fault({static_cast<long long>(k), false, {}});
    expect_kept("a write failing at byte " + std::to_string(k), write(path));
  }
  {
    const PlantedFault fault({-1, true, {}});
    expect_kept("the rename failing", write(path));
  }
  {
    const PlantedFault fault({0, true, "some-other-file"});  // a fault for another path only
    EXPECT_EQ(write(path), "") << name << ": a fault for another path stopped this one";
    EXPECT_EQ(SlurpFile(path), good) << name;
  }
  // Targets that cannot be written: nothing made, the reason said.
  std::ofstream(dir.File("a-file")) << "x";
  fs::create_directory(dir.File("a-folder"));
  const std::set<std::string> around = Entries(dir.Path());
  const std::string proc_version = SlurpFile("/proc/version");
  std::vector<std::string> bad_targets = {dir.File("a-file/" + file), dir.File("a-folder"),
                                          "/proc/version"};
  if (!makes_its_folder) bad_targets.push_back(dir.File("missing/" + file));
  for (const std::string& bad : bad_targets) {
    EXPECT_NE(write(bad), "") << name << ": writing " << bad << " was not refused";
    EXPECT_EQ(Entries(dir.Path()), around) << name << ": writing " << bad << " left something";
  }
  EXPECT_EQ(SlurpFile("/proc/version"), proc_version) << name;
}

}  // namespace scanviz::testing
