#include "core/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace scanviz {
namespace {

std::string Errno() {
  return std::strerror(errno);
}

}  // namespace

std::string CheckWriteTarget(const std::string& path, std::filesystem::path* resolved) {
  namespace fs = std::filesystem;
  if (path.empty()) return "no file name given";
  std::error_code ec;
  fs::path target(path);
  // A symlinked file (a settings file kept elsewhere) is written where the link points.
  if (fs::is_symlink(fs::symlink_status(target, ec))) {
    const fs::path followed = fs::weakly_canonical(target, ec);
    if (ec) return "cannot follow the link " + path + ": " + ec.message();
    target = followed;
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

std::string WriteFileAtomically(const std::string& path, std::string_view contents) {
  namespace fs = std::filesystem;
  fs::path target;
  if (std::string error = CheckWriteTarget(path, &target); !error.empty()) return error;
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string name = ".";  // appended: GCC 12 misreports "." + std::string&& as an overlap
  name += target.filename().string();
  name += ".XXXXXX";
  std::string tmp = (dir / name).string();
  const int fd = mkstemp(tmp.data());
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
  fchmod(fd, mode);
  std::string error;
  size_t done = 0;
  while (done < contents.size() && error.empty()) {
    const ssize_t n = write(fd, contents.data() + done, contents.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) error = "cannot write " + path + ": " + Errno();
    else done += static_cast<size_t>(n);
  }
  if (error.empty() && fsync(fd) != 0) error = "cannot write " + path + ": " + Errno();
  if (close(fd) != 0 && error.empty()) error = "cannot write " + path + ": " + Errno();
  if (error.empty() && std::rename(tmp.c_str(), target.c_str()) != 0)
    error = "cannot replace " + path + ": " + Errno();
  if (!error.empty()) unlink(tmp.c_str());
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
  // Read one byte more than measured, to notice a file that grew since (it is then read again
  // up to the limit, never past it).
  out.text.resize(static_cast<size_t>(size) + 1);
  in.read(out.text.data(), static_cast<std::streamsize>(out.text.size()));
  out.text.resize(static_cast<size_t>(in.gcount()));
  while (out.text.size() > size && out.text.size() <= max_bytes && in) {
    const size_t have = out.text.size();
    out.text.resize(std::min(max_bytes + 1, have * 2));
    in.read(out.text.data() + have, static_cast<std::streamsize>(out.text.size() - have));
    out.text.resize(have + static_cast<size_t>(in.gcount()));
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
