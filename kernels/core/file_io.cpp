#include "core/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
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

// [SECTION] The fault seam (file_io.h)

namespace {

std::optional<WriteFault>& TestFault() {
  static std::optional<WriteFault> fault;
  return fault;
}

// SCANVIZ_FAULT_WRITE_AT=K[,TEXT] or rename[,TEXT]; anything else plants nothing.
std::optional<WriteFault> EnvironmentFault() {
  const char* env = std::getenv("SCANVIZ_FAULT_WRITE_AT");
  if (env == nullptr || *env == '\0') return std::nullopt;
  const std::string_view text(env);
  const size_t comma = text.find(',');
  const std::string_view at = text.substr(0, comma);
  WriteFault fault;
  if (comma != std::string_view::npos) fault.path_contains = std::string(text.substr(comma + 1));
  if (at == "rename") {
    fault.rename = true;
    return fault;
  }
  const auto [end, ec] = std::from_chars(at.data(), at.data() + at.size(), fault.at_byte);
  if (ec != std::errc() || end != at.data() + at.size() || fault.at_byte < 0) return std::nullopt;
  return fault;
}

const char* const kPlanted = " (a fault planted by SCANVIZ_FAULT_WRITE_AT)";

}  // namespace

void SetWriteFaultForTesting(std::optional<WriteFault> fault) {
  TestFault() = std::move(fault);
}

std::optional<WriteFault> WriteFaultFor(const std::string& path) {
  std::optional<WriteFault> fault = TestFault() ? TestFault() : EnvironmentFault();
  if (fault && path.find(fault->path_contains) == std::string::npos) return std::nullopt;
  return fault;
}

// [SECTION] Writing

namespace {

// One file written whole under a temporary name beside its target, not yet renamed into place.
struct Staged {
  std::string path;  // as the caller named it, for messages
  std::filesystem::path target;
  std::string tmp;       // the temporary file, named
  std::string backup;    // a hard link to the file it replaces, while others may fail
  bool existed = false;  // a file was there before
  bool placed = false;
};

// The new file gets the old one's permissions, or the usual ones (mkstemp makes it 0600).
void SetMode(int fd, const std::filesystem::path& target) {
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
}

// All of `contents` to fd, or why not; a planted fault stops it after its byte count.
std::string WriteAll(int fd, std::string_view contents, const std::string& path) {
  const std::optional<WriteFault> fault = WriteFaultFor(path);
  size_t limit = contents.size();
  if (fault && fault->at_byte >= 0 && static_cast<size_t>(fault->at_byte) < limit)
    limit = static_cast<size_t>(fault->at_byte);
  size_t done = 0;
  while (done < limit) {
    const ssize_t n = write(fd, contents.data() + done, limit - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return "cannot write " + path + ": " + Errno();
    done += static_cast<size_t>(n);
  }
  if (limit < contents.size())
    return "cannot write " + path + ": " + std::strerror(ENOSPC) + kPlanted;
  return {};
}

// Writes `contents` to a new temporary file beside `path`'s target and names it (*out).
std::string Stage(const std::string& path, std::string_view contents, Staged* out) {
  namespace fs = std::filesystem;
  out->path = path;
  if (std::string error = CheckWriteTarget(path, &out->target); !error.empty()) return error;
  const fs::path dir = out->target.has_parent_path() ? out->target.parent_path() : fs::path(".");
  std::string name = ".";  // appended: GCC 12 misreports "." + std::string&& as an overlap
  name += out->target.filename().string();
  name += ".XXXXXX";
  std::string tmp = (dir / name).string();
  bool named = false;
  const int fd = OpenTemporary(dir, &tmp, &named);
  if (fd < 0) {
    const std::string why = Errno();  // before any allocation can change errno
    return "cannot write " + path + ": cannot create a temporary file in " + dir.string() + ": " +
           why;
  }
  SetMode(fd, out->target);
  std::string error = WriteAll(fd, contents, path);
  if (error.empty() && fsync(fd) != 0) error = "cannot write " + path + ": " + Errno();
  if (error.empty() && !named) {
    named = NameTemporary(fd, &tmp);
    if (!named) error = "cannot name a temporary file in " + dir.string() + ": " + Errno();
  }
  if (close(fd) != 0 && error.empty()) error = "cannot write " + path + ": " + Errno();
  if (!error.empty() && named) unlink(tmp.c_str());
  if (error.empty()) out->tmp = tmp;
  return error;
}

// A hard link to the file `s` is about to replace, so that it can be put back. None where there
// is no file, or the file system has no hard links (the old file then cannot come back).
void KeepOld(Staged* s) {
  std::string name = s->tmp + ".old";
  for (int attempt = 0; attempt < 100; ++attempt) {
    if (link(s->target.c_str(), name.c_str()) == 0) {
      s->backup = name;
      return;
    }
    if (errno != EEXIST) return;
    name = s->tmp + ".old" + std::to_string(attempt);
  }
}

// Renames every staged file into place, or none: see WriteFilesAtomically.
std::string Place(std::vector<Staged>& staged) {
  std::string error;
  for (Staged& s : staged) {
    s.existed = access(s.target.c_str(), F_OK) == 0;
    if (staged.size() > 1 && s.existed) KeepOld(&s);
    const std::optional<WriteFault> fault = WriteFaultFor(s.path);
    if (fault && fault->rename) {
      error = "cannot replace " + s.path + ": " + std::strerror(EIO) + kPlanted;
      break;
    }
    if (std::rename(s.tmp.c_str(), s.target.c_str()) != 0) {
      error = "cannot replace " + s.path + ": " + Errno();
      break;
    }
    s.placed = true;
  }
  for (auto it = staged.rbegin(); it != staged.rend(); ++it) {
    if (!it->placed) unlink(it->tmp.c_str());
    if (it->placed && !error.empty()) {
      // What was there back, or the new file removed where there was none. A file that could
      // not be kept (no hard links) stays new; one that cannot be put back keeps its backup.
      if (!it->existed) unlink(it->target.c_str());
      if (!it->backup.empty() && std::rename(it->backup.c_str(), it->target.c_str()) != 0) continue;
    }
    if (!it->backup.empty()) unlink(it->backup.c_str());
  }
  return error;
}

}  // namespace

std::string PathIdentity(const std::string& path) {
  namespace fs = std::filesystem;
  fs::path resolved(path);  // where a link leads, even to a file not made yet
  if (!CheckWriteTarget(path, &resolved).empty()) resolved = path;
  struct stat st {};
  if (stat(resolved.c_str(), &st) == 0)  // one inode, by whatever name (hard links too)
    return "inode " + std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino);
  std::error_code ec;
  const fs::path absolute = fs::absolute(resolved, ec);
  const fs::path canonical = fs::weakly_canonical(absolute, ec);
  return "path " + (ec ? absolute.lexically_normal() : canonical).string();
}

bool SamePath(const std::string& a, const std::string& b) {
  return a == b || PathIdentity(a) == PathIdentity(b);
}

std::optional<std::pair<size_t, size_t>> FindSamePaths(const std::vector<std::string>& paths) {
  std::map<std::string, size_t> seen;
  for (size_t i = 0; i < paths.size(); ++i) {
    const auto [at, fresh] = seen.emplace(PathIdentity(paths[i]), i);
    if (!fresh) return std::make_pair(at->second, i);
  }
  return std::nullopt;
}

std::string WriteFilesAtomically(const std::vector<FileContents>& files) {
  // Every target checked before anything is written: a bad last name writes nothing.
  std::vector<std::string> paths;
  for (const FileContents& f : files) {
    if (std::string error = CheckWriteTarget(f.first); !error.empty()) return error;
    paths.push_back(f.first);
  }
  if (const auto same = FindSamePaths(paths))
    return paths[same->first] + " and " + paths[same->second] + " name one file";
  std::vector<Staged> staged(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    if (std::string error = Stage(files[i].first, files[i].second, &staged[i]); !error.empty()) {
      for (size_t j = 0; j < i; ++j) unlink(staged[j].tmp.c_str());
      return error;
    }
  }
  return Place(staged);
}

std::string WriteFileAtomically(const std::string& path, std::string_view contents) {
  return WriteFilesAtomically({{path, contents}});
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
