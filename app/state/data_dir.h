// Where the app's data are: presets.json, bench/h200.json (the benchmark panel's default file),
// icons/ (the window icon), quizzes/ (the Quiz mode's sets) and shaders/ (installed for reading;
// the app uses its embedded copy). No GL, no ImGui.
//
// Looked for in this order:
//   1. $SCANVIZ_DATA_DIR, when set and a directory;
//   2. beside the executable: <bin>/../share/scanviz, the install (`cmake --install`, the .deb);
//   3. the build tree's share/scanviz (links into the source tree that CMake makes when it
//      configures), but only for a program that is itself inside that build tree: an installed
//      copy never reads the tree it was built from.
#pragma once

#include <string>
#include <string_view>

namespace scanviz {

inline constexpr const char* kDataDirEnv = "SCANVIZ_DATA_DIR";

struct DataDirSearch {
  std::string env;         // $SCANVIZ_DATA_DIR, empty when unset
  std::string executable;  // the running program, "/usr/bin/scanviz"; empty when unknown
  std::string build_dir;   // the build tree the program was built in; empty: none
};

struct DataDir {
  std::string path;      // absolute; empty when none was found
  std::string found_by;  // "SCANVIZ_DATA_DIR", "beside the executable (../share/scanviz)", ...
  std::string note;      // a place that was refused on the way, or why none was found; else empty

  // path/relative when that exists, else empty.
  std::string File(std::string_view relative) const;
};

DataDir FindDataDir(const DataDirSearch& search);

// This process's search: $SCANVIZ_DATA_DIR and /proc/self/exe, with the given build tree.
DataDirSearch CurrentDataDirSearch(std::string build_dir);

// What `scanviz --data-dir` prints: the directory, how it was found, and which of its files exist.
std::string DataDirReport(const DataDir& dir);

}  // namespace scanviz
