// Files ScanViz writes and reads: never half a file, never someone else's file replaced, never a
// read that does not end.
#include "core/file_io.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "support/temp_dir.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(FileIo, WritesAndReplacesWholeFiles) {
  const testing::TempDir dir;
  const std::string path = dir.File("out.json");
  EXPECT_EQ(WriteFileAtomically(path, "first"), "");
  EXPECT_EQ(Slurp(path), "first");
  EXPECT_EQ(WriteFileAtomically(path, "second, longer"), "");
  EXPECT_EQ(Slurp(path), "second, longer");
  // Only the file: the temporary it was written through is gone.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.Path()), fs::directory_iterator()), 1);
}

TEST(FileIo, AUsersOwnTmpFileIsLeftAlone) {
  const testing::TempDir dir;
  const std::string path = dir.File("out.json");
  std::ofstream(path + ".tmp") << "mine";
  EXPECT_EQ(WriteFileAtomically(path, "x"), "");
  EXPECT_EQ(Slurp(path + ".tmp"), "mine");
}

TEST(FileIo, KeepsTheFilesPermissions) {
  const testing::TempDir dir;
  const std::string path = dir.File("out.json");
  std::ofstream(path) << "old";
  ASSERT_EQ(chmod(path.c_str(), 0640), 0);
  EXPECT_EQ(WriteFileAtomically(path, "new"), "");
  struct stat st {};
  ASSERT_EQ(stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0640u);
}

TEST(FileIo, FollowsALinkAndKeepsIt) {
  const testing::TempDir dir;
  const std::string real = dir.File("real.json");
  const std::string link = dir.File("link.json");
  std::ofstream(real) << "old";
  fs::create_symlink(real, link);
  EXPECT_EQ(WriteFileAtomically(link, "new"), "");
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(Slurp(real), "new");
}

TEST(FileIo, RefusesWhatIsNotAFile) {
  const testing::TempDir dir;
  EXPECT_NE(WriteFileAtomically(dir.Path().string(), "x").find("is a directory; not replaced"),
            std::string::npos);
  EXPECT_TRUE(fs::is_directory(dir.Path()));
  EXPECT_NE(CheckWriteTarget("/dev/null").find("not a regular file"), std::string::npos);
  EXPECT_EQ(WriteFileAtomically("", "x"), "no file name given");
  EXPECT_NE(CheckWriteTarget(dir.File("no-such-dir/x.json")).find("no folder"), std::string::npos);
  EXPECT_EQ(CheckWriteTarget(dir.File("new.json")), "");
  EXPECT_FALSE(fs::exists(dir.File("new.json")));  // checking writes nothing
}

TEST(FileIo, ReadsWithALimit) {
  const testing::TempDir dir;
  const std::string path = dir.File("in.json");
  std::ofstream(path) << std::string(100, 'x');
  EXPECT_EQ(ReadFileLimited(path, 100).text, std::string(100, 'x'));
  const FileText big = ReadFileLimited(path, 99);
  EXPECT_FALSE(big.Ok());
  EXPECT_NE(big.error.find("100 bytes"), std::string::npos) << big.error;
  EXPECT_TRUE(big.text.empty());
  EXPECT_NE(ReadFileLimited("/dev/zero", 1000).error.find("not a regular file"), std::string::npos);
  EXPECT_NE(ReadFileLimited(dir.Path().string(), 1000).error.find("not a regular file"),
            std::string::npos);
  EXPECT_NE(ReadFileLimited(dir.File("nope"), 1000).error.find("cannot open"), std::string::npos);
  // An empty file is a file.
  std::ofstream(dir.File("empty"));
  const FileText empty = ReadFileLimited(dir.File("empty"), 1000);
  EXPECT_TRUE(empty.Ok()) << empty.error;
  EXPECT_TRUE(empty.text.empty());
}

TEST(FileIo, NestingIsCountedOutsideStrings) {
  EXPECT_EQ(CheckJsonNesting(R"({"a": [[1], {"b": 2}]})", 3), "");
  EXPECT_NE(CheckJsonNesting(R"({"a": [[1], {"b": [2]}]})", 3), "");
  // Brackets inside strings (and escaped quotes) do not count.
  EXPECT_EQ(CheckJsonNesting(R"({"a": "[[[[[[\"[[[["})", 1), "");
  EXPECT_NE(CheckJsonNesting(std::string(1000000, '['), 16), "");
}

}  // namespace
}  // namespace scanviz
