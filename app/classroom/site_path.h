// Which file of the web site a request names, from the request's raw target (before any
// decoding), refusing everything outside the site: ".." or "." segments written plainly or
// percent-encoded (%2e%2e), encoded slashes (%2f) and backslashes (raw or %5c), NUL, empty
// segments ("//etc/passwd"), bad escapes, and a file or folder that is a symlink leading out of
// the site. A folder means its index.html. Also the MIME type of a site file by its extension.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace scanviz::classroom {

struct SiteFile {
  int status = 404;            // 200: `path` is a regular file inside the site; else 400/403/404
  std::filesystem::path path;  // canonical, when status is 200
};

// `site_root` must be canonical (std::filesystem::canonical); `target` is the request's
// path and query as sent, "/index.html?x=1". The query is ignored.
SiteFile ResolveSitePath(const std::filesystem::path& site_root, std::string_view target);

// "application/wasm" for ".wasm", ...; "application/octet-stream" for what it does not know.
std::string MimeType(const std::filesystem::path& file);

}  // namespace scanviz::classroom
