// A directory of the test's own for the files it writes, removed with its contents when the test
// ends. The name is made unique by mkdtemp, so tests running at the same time (ctest -j, two build
// trees, two users on one machine) never share a file, and a crashed run leaves nothing that a
// later run would read.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

namespace scanviz::testing {

class TempDir {
 public:
  TempDir() {
    std::string name = (std::filesystem::temp_directory_path() / "scanviz-test-XXXXXX").string();
    if (mkdtemp(name.data()) == nullptr) {
      ADD_FAILURE() << "mkdtemp " << name << " failed";
      return;
    }
    m_path = name;
  }
  ~TempDir() {
    std::error_code ec;
    if (!m_path.empty()) std::filesystem::remove_all(m_path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& Path() const { return m_path; }
  // A path inside the directory (nothing is created).
  std::string File(const std::string& name) const { return (m_path / name).string(); }

 private:
  std::filesystem::path m_path;
};

}  // namespace scanviz::testing
