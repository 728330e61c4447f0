// Reading and writing the files ScanViz keeps (traces, settings, results): never half a file, never
// a file replaced that was not ours, never an endless read.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace scanviz {

// Writes `contents` to `path` through a new temporary file in the same directory (a unique name,
// so a user's own `out.json.tmp` is left alone), then renames it into place: a failure leaves
// what was there. A symlink is followed to the file it names, which is replaced (the link stays).
// Anything at the path that is not a regular file (a directory, a device, a pipe) is refused, not
// replaced. Returns an empty string on success, else a one-line reason.
std::string WriteFileAtomically(const std::string& path, std::string_view contents);

// What WriteFileAtomically checks before it writes: a name, a folder that exists, nothing at the
// path but a regular file (links followed; the file they name goes to `resolved`). Empty when it
// may write there, else why not: a tool can refuse a bad -o before it runs anything.
std::string CheckWriteTarget(const std::string& path, std::filesystem::path* resolved = nullptr);

struct FileText {
  std::string text;
  std::string error;  // set when the file could not be read whole
  bool Ok() const { return error.empty(); }
};

// Reads a whole regular file of at most `max_bytes`; a device (/dev/zero), a pipe or a directory,
// or a larger file, gives an error instead of a read that never ends, and so does a file there is
// not the memory to hold ("not enough memory to read PATH (104 MB)").
FileText ReadFileLimited(const std::string& path, std::size_t max_bytes);

// Empty when JSON `text` nests at most `max_depth` arrays and objects; else why not. Run before
// parsing, so a file of a million '[' is refused in one pass rather than parsed.
std::string CheckJsonNesting(std::string_view text, int max_depth);

}  // namespace scanviz
