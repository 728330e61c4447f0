#include "state/data_dir.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace scanviz {

namespace fs = std::filesystem;

namespace {

bool IsDirectory(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

// `p` made absolute with its links and dot-dots resolved as far as it exists, without a trailing
// separator, so that paths can be compared component by component.
fs::path Resolved(const fs::path& p) {
  std::error_code ec;
  fs::path r = fs::weakly_canonical(fs::absolute(p, ec), ec);
  if (ec) r = fs::absolute(p, ec).lexically_normal();
  if (!r.has_filename() && r.has_parent_path() && r != r.root_path()) r = r.parent_path();
  return r;
}

// `p` as its user spelled it, made absolute and without dot-dots or a trailing separator, its
// links kept: a data dir named by the variable is shown under the name it was given.
fs::path Spelled(const fs::path& p) {
  std::error_code ec;
  fs::path r = fs::absolute(p, ec).lexically_normal();
  if (!r.has_filename() && r.has_parent_path() && r != r.root_path()) r = r.parent_path();
  return r;
}

// Whether `inner` is `outer` or lies below it.
bool IsInside(const fs::path& inner, const fs::path& outer) {
  const fs::path a = Resolved(inner), b = Resolved(outer);
  auto ai = a.begin();
  for (auto bi = b.begin(); bi != b.end(); ++bi, ++ai) {
    if (ai == a.end() || *ai != *bi) return false;
  }
  return true;
}

}  // namespace

std::string DataDir::File(std::string_view relative) const {
  if (path.empty()) return {};
  const fs::path p = fs::path(path) / fs::path(relative);
  std::error_code ec;
  return fs::exists(p, ec) ? p.string() : std::string();
}

DataDir FindDataDir(const DataDirSearch& search) {
  DataDir out;
  auto refused = [&](const std::string& why) { out.note += (out.note.empty() ? "" : "; ") + why; };
  if (!search.env.empty()) {
    if (IsDirectory(search.env)) {
      out.path = Spelled(search.env).string();
      out.found_by = kDataDirEnv;
      return out;
    }
    refused(std::string(kDataDirEnv) + "=" + search.env + " is not a directory; ignored");
  }
  if (!search.executable.empty()) {
    const fs::path installed =
        fs::path(search.executable).parent_path() / ".." / "share" / "scanviz";
    if (IsDirectory(installed)) {
      out.path = Resolved(installed).string();
      out.found_by = "beside the executable (../share/scanviz)";
      return out;
    }
  }
  if (!search.build_dir.empty() && !search.executable.empty() &&
      IsInside(search.executable, search.build_dir)) {
    const fs::path tree = fs::path(search.build_dir) / "share" / "scanviz";
    if (IsDirectory(tree)) {
      out.path = Resolved(tree).string();
      out.found_by = "the build tree (a development run)";
      return out;
    }
  }
  refused("no data dir: set " + std::string(kDataDirEnv) + " or install ScanViz (" +
          (search.executable.empty() ? std::string("the executable's path is unknown")
                                     : "looked in " + (fs::path(search.executable).parent_path() /
                                                       ".." / "share" / "scanviz")
                                                          .lexically_normal()
                                                          .string()) +
          ")");
  return out;
}

DataDirSearch CurrentDataDirSearch(std::string build_dir) {
  DataDirSearch s;
  const char* env = std::getenv(kDataDirEnv);
  if (env != nullptr) s.env = env;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) s.executable = exe.string();
  s.build_dir = std::move(build_dir);
  return s;
}

std::string DataDirReport(const DataDir& dir) {
  std::string r;
  if (dir.path.empty()) {
    r += "data dir: none\nnote: " + dir.note + "\n";
    return r;
  }
  r += "data dir: " + dir.path + "\n";
  r += "found by: " + dir.found_by + "\n";
  if (!dir.note.empty()) r += "note: " + dir.note + "\n";
  for (const char* file : {"presets.json", "bench/h200.json", "icons", "shaders"}) {
    const std::string p = dir.File(file);
    r += std::string(file) + ": " + (p.empty() ? "missing" : p) + "\n";
  }
  return r;
}

}  // namespace scanviz
