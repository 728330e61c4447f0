// The web page's downloads: what the app writes under /downloads (Ctrl+S, the exports, Save
// session) is handed to the browser as downloads after each frame (platform_web.cpp).
#pragma once

namespace scanviz {

struct App;

namespace platform {

inline constexpr const char* kDownloads =
    "/downloads";  // exports are written here, then handed over

// Every file under kDownloads as a download, a folder as one .zip; then kDownloads is emptied. A
// folder that cannot be zipped says why in the status line.
void DeliverDownloads(App& app);

}  // namespace platform
}  // namespace scanviz
