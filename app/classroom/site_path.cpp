#include "classroom/site_path.h"

#include <algorithm>
#include <optional>
#include <system_error>
#include <vector>

namespace scanviz::classroom {

namespace {

namespace fs = std::filesystem;

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// One segment, percent-decoded; nullopt when it is bad: a broken escape, or a byte that decoding
// must not produce in a file name here (NUL, '/', '\\', control bytes).
std::optional<std::string> DecodeSegment(std::string_view raw) {
  std::string out;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (c == '%') {
      if (i + 2 >= raw.size()) return std::nullopt;
      const int hi = HexDigit(raw[i + 1]), lo = HexDigit(raw[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      c = static_cast<char>(hi * 16 + lo);
      i += 2;
    }
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f || c == '/' || c == '\\') return std::nullopt;
    out += c;
  }
  return out;
}

// The decoded segments of the path, or nullopt for a path that is refused as malformed.
std::optional<std::vector<std::string>> Segments(std::string_view path) {
  if (path.empty() || path.front() != '/') return std::nullopt;
  std::vector<std::string> segments;
  std::size_t start = 1;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    const std::string_view raw = path.substr(start, end - start);
    const bool last = end == path.size();
    if (raw.empty() && !last) return std::nullopt;  // "//x", "/a//b": no empty segments
    if (!raw.empty()) {
      std::optional<std::string> segment = DecodeSegment(raw);
      if (!segment || *segment == "." || *segment == "..") return std::nullopt;
      segments.push_back(std::move(*segment));
    }
    start = end + 1;
  }
  return segments;
}

bool Inside(const fs::path& root, const fs::path& file) {
  const auto mismatch = std::mismatch(root.begin(), root.end(), file.begin(), file.end());
  return mismatch.first == root.end();
}

}  // namespace

SiteFile ResolveSitePath(const fs::path& site_root, std::string_view target) {
  const std::string_view path = target.substr(0, target.find_first_of("?#"));
  const std::optional<std::vector<std::string>> segments = Segments(path);
  if (!segments) return {400, {}};
  fs::path file = site_root;
  for (const std::string& segment : *segments) file /= segment;
  std::error_code error;
  fs::path real = fs::canonical(file, error);
  if (error) return {404, {}};
  // canonical() follows every symlink: a link inside the site that leads out of it lands here.
  if (!Inside(site_root, real)) return {403, {}};
  if (fs::is_directory(real, error)) {
    real = fs::canonical(real / "index.html", error);
    if (error) return {404, {}};
    if (!Inside(site_root, real)) return {403, {}};
  }
  if (!fs::is_regular_file(real, error)) return {404, {}};
  return {200, real};
}

std::string MimeType(const fs::path& file) {
  static const std::pair<const char*, const char*> kTypes[] = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".wasm", "application/wasm"},
      {".data", "application/octet-stream"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".gif", "image/gif"},
      {".ico", "image/x-icon"},
      {".txt", "text/plain; charset=utf-8"},
      {".webmanifest", "application/manifest+json"},
  };
  const std::string ext = file.extension().string();
  for (const auto& [known, type] : kTypes)
    if (ext == known) return type;
  return "application/octet-stream";
}

}  // namespace scanviz::classroom
