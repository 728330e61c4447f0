// The .zip a folder of exports becomes on the web page (export/zip_archive.h), read back by an
// independent reader: Python's zipfile (testzip() checks every entry's CRC-32).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/file_io.h"
#include "export/zip_archive.h"
#include "support/temp_dir.h"

namespace scanviz::exports {
namespace {

namespace fs = std::filesystem;

// What Python's zipfile makes of the archive: "ok" when every CRC holds, then each entry as
// "name size first-four-bytes-in-hex", a line each.
std::string ReadWithPython(const std::string& zip) {
  const std::string command =
      "python3 -c \"import sys, zipfile\n"
      "z = zipfile.ZipFile(sys.argv[1])\n"
      "print('ok' if z.testzip() is None else 'bad crc')\n"
      "for i in z.infolist(): print(i.filename, i.file_size, z.read(i)[:4].hex())\" '" +
      zip + "' 2>&1";
  std::string out;
  FILE* p = popen(command.c_str(), "r");
  if (p == nullptr) return "popen failed";
  char buffer[512];
  while (fgets(buffer, sizeof buffer, p) != nullptr) out += buffer;
  pclose(p);
  return out;
}

TEST(ZipArchive, AFolderOfExportsReadsBackWholeInAnotherReader) {
  testing::TempDir dir;
  const fs::path folder = fs::path(dir.Path()) / "scanviz-blelloch-rounds";
  fs::create_directories(folder / "sub");
  std::string png = "\x89PNG\r\n";
  png.append(70000, '\x01');  // past a 16-bit size
  ASSERT_EQ(WriteFileAtomically((folder / "scanviz-blelloch-01.png").string(), png), "");
  ASSERT_EQ(WriteFileAtomically((folder / "scanviz-blelloch-00.svg").string(), "<svg/>"), "");
  ASSERT_EQ(WriteFileAtomically((folder / "sub" / "empty").string(), ""), "");
  const std::string zip = (fs::path(dir.Path()) / "rounds.zip").string();
  ASSERT_EQ(ZipFolder(folder.string(), zip), "");
  EXPECT_EQ(ReadWithPython(zip),
            "ok\n"
            "scanviz-blelloch-rounds/scanviz-blelloch-00.svg 6 3c737667\n"
            "scanviz-blelloch-rounds/scanviz-blelloch-01.png 70006 89504e47\n"
            "scanviz-blelloch-rounds/sub/empty 0 \n");
}

TEST(ZipArchive, AnEmptyArchiveIsValid) {
  testing::TempDir dir;
  const std::string zip = (fs::path(dir.Path()) / "none.zip").string();
  ASSERT_EQ(WriteFileAtomically(zip, ZipStored({})), "");
  EXPECT_EQ(ReadWithPython(zip), "ok\n");
}

TEST(ZipArchive, AFolderThatIsNotThereWritesNothingAndSaysWhy) {
  testing::TempDir dir;
  const std::string zip = (fs::path(dir.Path()) / "x.zip").string();
  const std::string err = ZipFolder((fs::path(dir.Path()) / "missing").string(), zip);
  EXPECT_NE(err.find("cannot read"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(zip));
}

TEST(ZipArchive, AnUnwritableTargetIsReportedNotSaidWritten) {
  testing::TempDir dir;
  const fs::path folder = fs::path(dir.Path()) / "f";
  fs::create_directories(folder);
  ASSERT_EQ(WriteFileAtomically((folder / "a.svg").string(), "<svg/>"), "");
  // The target's folder does not exist: the write fails and says so.
  const std::string err =
      ZipFolder(folder.string(), (fs::path(dir.Path()) / "no" / "x.zip").string());
  EXPECT_FALSE(err.empty());
}

}  // namespace
}  // namespace scanviz::exports
