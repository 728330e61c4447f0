// Files as one .zip archive: what the web page hands the browser for a folder of exports (All
// rounds' numbered PNGs and SVGs), since a download a file is throttled or refused by browsers
// past a handful (Chromium kept 10 of 19 in the browser test) and asks the reader each time.
// Entries are stored, not compressed: PNG and GIF are compressed already, and an SVG is small;
// the CRC-32 is zlib's. UI-free; tested in tests/app/zip_archive_test.cpp.
#pragma once

#include <string>
#include <vector>

namespace scanviz::exports {

struct ZipEntry {
  std::string name;  // a relative path inside the archive, '/' between folders
  std::string data;
};

// The archive's bytes (PKZIP 2.0, method 0). Names and sizes must fit the format's 16 and 32 bits.
std::string ZipStored(const std::vector<ZipEntry>& entries);

// Every regular file under `folder`, named "<folder's name>/<path inside>" in sorted order,
// written atomically to `zip_path`. Empty, or the one-line reason nothing was written.
std::string ZipFolder(const std::string& folder, const std::string& zip_path);

}  // namespace scanviz::exports
