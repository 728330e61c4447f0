// The web page's downloads (platform_web_downloads.h).
#include "platform/platform_web_downloads.h"

#include <emscripten.h>

#include <filesystem>
#include <string>
#include <system_error>

#include "export/zip_archive.h"
#include "platform/app_window.h"

namespace fs = std::filesystem;

// clang-format off
EM_JS(void, scanviz_js_download, (const char* path, const char* name), {
  var data = FS.readFile(UTF8ToString(path));
  var a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([data]));
  a.download = UTF8ToString(name);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(
      function() { URL.revokeObjectURL(a.href); }, 10000);
});
// clang-format on

namespace scanviz::platform {

// Every file written under /downloads (an export, a saved session) goes to the browser as a
// download, then leaves the in-memory file system. A folder (All rounds' numbered PNGs and SVGs)
// goes as one .zip: a download a file would be 2 x rounds of them, which browsers throttle (the
// browser test's Chromium kept 10 of 19) or ask the reader about each time.
void DeliverDownloads(App& app) {
  std::error_code ec;
  if (!fs::is_directory(kDownloads, ec)) return;
  bool any = false;
  for (const auto& e : fs::directory_iterator(kDownloads, ec)) {
    const fs::path& path = e.path();
    any = true;
    if (e.is_regular_file(ec)) {
      scanviz_js_download(path.c_str(), path.filename().c_str());
    } else if (e.is_directory(ec)) {
      const std::string zip = "/" + path.filename().string() + ".zip";
      const std::string err = exports::ZipFolder(path.string(), zip);
      if (!err.empty()) {
        app.state->message = "not downloaded: " + err;
        continue;
      }
      scanviz_js_download(zip.c_str(), (path.filename().string() + ".zip").c_str());
      fs::remove(zip, ec);
    }
  }
  if (!any) return;
  fs::remove_all(kDownloads, ec);
  fs::create_directories(kDownloads, ec);
}

}  // namespace scanviz::platform
