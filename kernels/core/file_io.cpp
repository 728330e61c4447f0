#include "core/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <new>

namespace scanviz {
namespace {

std::string Errno() {
  return std::strerror(errno);
}

// Reads `in` into `text`: `size` bytes, as measured, and one more to notice a file that grew since
// (it is then read again up to `max_bytes` + 1, never past it).
void ReadUpTo(std::ifstream& in, size_t size, size_t max_bytes, std::string* text) {
  text->resize(size + 1);
  in.read(text->data(), static_cast<std::streamsize>(text->size()));
  text->resize(static_cast<size_t>(in.gcount()));
  while (text->size() > size && text->size() <= max_bytes && in) {
    const size_t have = text->size();
    text->resize(std::min(max_bytes + 1, have * 2));
    in.read(text->data() + have, static_cast<std::streamsize>(text->size() - have));
    text->resize(have + static_cast<size_t>(in.gcount()));
  }
}

}  // namespace

std::string CheckWriteTarget(const std::string& path, std::filesystem::path* resolved) {
  namespace fs = std::filesystem;
  if (path.empty()) return "no file name given";
  std::error_code ec;
  fs::path target(path);
  // A symlinked file (a settings file kept elsewhere) is written where the link points, even
  // when that file is not made yet: link by link, since a dangling link has no canonical form.
  for (int hops = 0; fs::is_symlink(fs::symlink_status(target, ec)); ++hops) {
    if (hops == 40) return "cannot follow the link " + path + ": too many levels of links";
    const fs::path to = fs::read_symlink(target, ec);
    if (ec) return "cannot follow the link " + path + ": " + ec.message();
    target = to.is_absolute() ? to : target.parent_path() / to;
  }
  const fs::file_status status = fs::status(target, ec);
  if (fs::exists(status) && !fs::is_regular_file(status)) {
    std::string out = path;
    out += fs::is_directory(status) ? " is a directory" : " is not a regular file";
    out += "; not replaced";
    return out;
  }
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  if (!fs::is_directory(dir, ec)) return "cannot write " + path + ": no folder " + dir.string();
  if (resolved != nullptr) *resolved = target;
  return {};
}

namespace {

// The new contents are written to a file with no name (O_TMPFILE), which a writer killed half way
// (SIGKILL, a full disk) leaves nowhere; it is named only once whole, then renamed over the
// target. Where the file system has no O_TMPFILE, a hidden named file as before. Returns the open
// descriptor (-1 on failure) and sets *named when the file already has the name *tmp.
int OpenTemporary([[maybe_unused]] const std::filesystem::path& dir, std::string* tmp,
                  bool* named) {
  // Not on the web: emscripten's in-memory file system takes the flag but has no /proc to name
  // the file by.
#if defined(O_TMPFILE) && !defined(__EMSCRIPTEN__)
  const int fd = open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
  if (fd >= 0) {
    *named = false;
    return fd;
  }
#endif
  *named = true;
  return mkstemp(tmp->data());
}

// Gives the unnamed file of fd the name *tmp (a fresh one like mkstemp's). Returns false with
// errno set when it cannot.
bool NameTemporary(int fd, std::string* tmp) {
  const std::string proc = "/proc/self/fd/" + std::to_string(fd);
  const std::string pattern = *tmp;
  for (int attempt = 0; attempt < 100; ++attempt) {
    *tmp = pattern;
    const int reserved = mkstemp(tmp->data());  // a fresh name...
    if (reserved < 0) return false;
    close(reserved);
    unlink(tmp->c_str());  // ...which the link then takes
    if (linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, tmp->c_str(), AT_SYMLINK_FOLLOW) == 0) return true;
    if (errno != EEXIST) return false;
  }
  return false;
}

}  // namespace

std::string WriteFileAtomically(const std::string& path, std::string_view contents) {
  namespace fs = std::filesystem;
  fs::path target;
  if (std::string error = CheckWriteTarget(path, &target); !error.empty()) return error;
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string name = ".";  // appended: GCC 12 misreports "." + std::string&& as an overlap
  name += target.filename().string();
  name += ".XXXXXX";
  std::string tmp = (dir / name).string();
  bool named = false;
  const int fd = OpenTemporary(dir, &tmp, &named);
  if (fd < 0) return "cannot create a temporary file in " + dir.string() + ": " + Errno();
  // The new file gets the old one's permissions, or the usual ones (mkstemp makes it 0600).
  struct stat old {};
  mode_t mode = 0666;
  if (stat(target.c_str(), &old) == 0) {
    mode = old.st_mode & 07777;
  } else {
    const mode_t mask = umask(0);
    umask(mask);
    mode &= ~mask;
  }
#ifdef __EMSCRIPTEN__
  mode |= 0600;  // emscripten's umask reports 0777: the file would be unreadable
#endif
  fchmod(fd, mode);
  std::string error;
  size_t done = 0;
  while (done < contents.size() && error.empty()) {
    const ssize_t n = write(fd, contents.data() + done, contents.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      error = "cannot write " + path + ": " + Errno();
    else
      done += static_cast<size_t>(n);
  }
  if (error.empty() && fsync(fd) != 0) error = "cannot write " + path + ": " + Errno();
  if (error.empty() && !named) {
    named = NameTemporary(fd, &tmp);
    if (!named) error = "cannot name a temporary file in " + dir.string() + ": " + Errno();
  }
  if (close(fd) != 0 && error.empty()) error = "cannot write " + path + ": " + Errno();
  if (error.empty() && std::rename(tmp.c_str(), target.c_str()) != 0)
    error = "cannot replace " + path + ": " + Errno();
  if (!error.empty() && named) unlink(tmp.c_str());
  return error;
}

FileText ReadFileLimited(const std::string& path, std::size_t max_bytes) {
  namespace fs = std::filesystem;
  FileText out;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (!fs::exists(status)) {
    out.error = "cannot open " + path + ": " + (ec ? ec.message() : "no such file");
    return out;
  }
  if (!fs::is_regular_file(status)) {
    out.error = path + " is not a regular file";
    return out;
  }
  const auto size = fs::file_size(path, ec);
  if (ec) {
    out.error = "cannot read " + path + ": " + ec.message();
    return out;
  }
  if (size > max_bytes) {
    out.error = path + " is " + std::to_string(size) + " bytes, more than the " +
                std::to_string(max_bytes) + " this reads";
    return out;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    out.error = "cannot open " + path + ": " + Errno();
    return out;
  }
  try {
    ReadUpTo(in, static_cast<size_t>(size), max_bytes, &out.text);
  } catch (const std::bad_alloc&) {
    out.text = std::string();
    out.error = "not enough memory to read " + path + " (" +
                std::to_string((static_cast<size_t>(size) + 999999) / 1000000) + " MB)";
    return out;
  }
  if (out.text.size() > max_bytes) {
    out.error = path + " is larger than the " + std::to_string(max_bytes) + " bytes this reads";
    out.text.clear();
  }
  return out;
}

std::string CheckJsonNesting(std::string_view text, int max_depth) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth)
        return "nested more than " + std::to_string(max_depth) + " levels deep (at byte " +
               std::to_string(i) + ")";
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return {};
}

}  // namespace scanviz
