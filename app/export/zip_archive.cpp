#include "zip_archive.h"

#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <system_error>

#include "core/file_io.h"

namespace fs = std::filesystem;

namespace scanviz::exports {

namespace {

void Put16(std::string& out, std::uint32_t v) {
  out.push_back(static_cast<char>(v & 0xff));
  out.push_back(static_cast<char>((v >> 8) & 0xff));
}

void Put32(std::string& out, std::uint32_t v) {
  Put16(out, v & 0xffff);
  Put16(out, v >> 16);
}

// The fields the local header and the central directory share, from "version needed" on.
void PutCommon(std::string& out, const ZipEntry& e, std::uint32_t crc) {
  Put16(out, 20);      // version needed: 2.0
  Put16(out, 0x0800);  // flags: names in UTF-8
  Put16(out, 0);       // method: stored
  Put16(out, 0);       // time: 00:00:00
  Put16(out, 0x21);    // date: 1980-01-01 (a fixed stamp: the same figure, the same bytes)
  Put32(out, crc);
  Put32(out, static_cast<std::uint32_t>(e.data.size()));  // compressed size
  Put32(out, static_cast<std::uint32_t>(e.data.size()));  // size
  Put16(out, static_cast<std::uint32_t>(e.name.size()));
  Put16(out, 0);  // extra field's length
}

}  // namespace

std::string ZipStored(const std::vector<ZipEntry>& entries) {
  std::string out, directory;
  for (const ZipEntry& e : entries) {
    const auto crc = static_cast<std::uint32_t>(
        crc32(0L, reinterpret_cast<const Bytef*>(e.data.data()), static_cast<uInt>(e.data.size())));
    const auto offset = static_cast<std::uint32_t>(out.size());
    Put32(out, 0x04034b50);  // local file header
    PutCommon(out, e, crc);
    out += e.name;
    out += e.data;
    Put32(directory, 0x02014b50);  // central directory header
    Put16(directory, 20);          // version made by: 2.0, MS-DOS attributes
    PutCommon(directory, e, crc);
    Put16(directory, 0);  // comment's length
    Put16(directory, 0);  // disk
    Put16(directory, 0);  // internal attributes
    Put32(directory, 0);  // external attributes
    Put32(directory, offset);
    directory += e.name;
  }
  const auto directory_at = static_cast<std::uint32_t>(out.size());
  out += directory;
  Put32(out, 0x06054b50);  // end of central directory
  Put16(out, 0);
  Put16(out, 0);
  Put16(out, static_cast<std::uint32_t>(entries.size()));
  Put16(out, static_cast<std::uint32_t>(entries.size()));
  Put32(out, static_cast<std::uint32_t>(directory.size()));
  Put32(out, directory_at);
  Put16(out, 0);  // comment's length
  return out;
}

std::string ZipFolder(const std::string& folder, const std::string& zip_path) {
  std::error_code ec;
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(folder, ec))
    if (e.is_regular_file(ec)) files.push_back(e.path());
  if (ec) return "cannot read " + folder + ": " + ec.message();
  std::sort(files.begin(), files.end());
  const fs::path base = fs::path(folder).lexically_normal().parent_path();
  if (files.size() > 0xffff) return "too many files for one archive in " + folder;
  std::vector<ZipEntry> entries;
  std::size_t total = 0;
  for (const fs::path& f : files) {
    const FileText file = ReadFileLimited(f.string(), std::size_t{1} << 30);
    if (!file.error.empty()) return file.error;
    total += file.text.size();
    if (total > 0xfffe0000u) return "the files in " + folder + " are too big for one archive";
    entries.push_back({f.lexically_relative(base).generic_string(), file.text});
    if (entries.back().name.size() > 0xffff) return "a file name too long: " + f.string();
  }
  return WriteFileAtomically(zip_path, ZipStored(entries));
}

}  // namespace scanviz::exports
