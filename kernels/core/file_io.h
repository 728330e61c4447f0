// Reading and writing the files ScanViz keeps (traces, settings, results): never half a file, never
// a file replaced that was not ours, never an endless read.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace scanviz {

// Writes `contents` to `path` through a new temporary file in the same directory (a unique name,
// so a user's own `out.json.tmp` is left alone), then renames it into place: a failure leaves
// what was there. A symlink is followed to the file it names, which is replaced (the link stays).
// Anything at the path that is not a regular file (a directory, a device, a pipe) is refused, not
// replaced. Returns an empty string on success, else a one-line reason.
std::string WriteFileAtomically(const std::string& path, std::string_view contents);

// Several files, all or none (an export's PNG and GIF, a sequence, a screenshot and its layout):
// every target is checked, then each file written whole to its temporary file, and only when all
// are, renamed into place one by one. A rename that fails puts back what the earlier ones replaced
// (the old files are kept as hard links until the end) and removes the files that were new.
// Returns an empty string on success, else the first reason, naming its path.
// Two names for one file are refused ("X and Y name one file"), as SamePath tells them.
using FileContents = std::pair<std::string, std::string_view>;  // path, bytes
std::string WriteFilesAtomically(const std::vector<FileContents>& files);

// Whether two paths name one file by identity, not by text: `same.png` and `./same.png`, a path
// through a link and the link's target, `a/../b` and `b`, two hard links to one file.
bool SamePath(const std::string& a, const std::string& b);
// What SamePath compares, for many paths at once: a file that exists by its device and inode,
// else its path with links followed and ".", ".." resolved.
std::string PathIdentity(const std::string& path);
// The first two of `paths` that name one file (their indices), if any.
std::optional<std::pair<size_t, size_t>> FindSamePaths(const std::vector<std::string>& paths);

// The fault seam: makes the writers above fail as a full disk or a failing rename would, so that
// tests can watch every writer report it, exit 2 and keep the old file. Set by a unit test, or by
// the environment variable SCANVIZ_FAULT_WRITE_AT=K[,TEXT] (read at each write, so a process
// started by a test has it): K bytes are written, then the write fails with "No space left on
// device"; K = "rename" fails the final rename instead. With TEXT, only a path containing it
// fails. The reason says where the fault came from. Nothing else reads it, and unset (as it is
// for a user) it changes nothing: it can only make a write fail, never write somewhere else.
struct WriteFault {
  long long at_byte = -1;     // a write stops after this many bytes; -1: it does not
  bool rename = false;        // the rename into place fails
  std::string path_contains;  // empty: every path
};
// Replaces the environment's fault while set; nullopt goes back to the environment.
void SetWriteFaultForTesting(std::optional<WriteFault> fault);
// The fault in force for `path` (the test's, else the environment's), if any.
std::optional<WriteFault> WriteFaultFor(const std::string& path);

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
