// Files ScanViz writes and reads: never half a file, never someone else's file replaced, never a
// read that does not end.
#include "core/file_io.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

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

// Issue #25: a link whose file did not exist yet (a dangling link: the file is made where it
// points) was replaced by a file of its own.
TEST(FileIo, ALinkToAFileNotMadeYetIsFollowed) {
  const testing::TempDir dir;
  fs::create_directory(dir.File("elsewhere"));
  const std::string link = dir.File("link.json");
  fs::create_symlink("elsewhere/made.json", link);  // relative, as `ln -s` makes them
  EXPECT_EQ(WriteFileAtomically(link, "new"), "");
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(Slurp(dir.File("elsewhere/made.json")), "new");
  // A link into a folder that is not there, or a loop of links: refused, the link kept.
  const std::string lost = dir.File("lost.json");
  fs::create_symlink(dir.File("no-such-dir/x.json"), lost);
  EXPECT_NE(WriteFileAtomically(lost, "x").find("no folder"), std::string::npos);
  EXPECT_TRUE(fs::is_symlink(lost));
  fs::create_symlink(dir.File("loop-b"), dir.File("loop-a"));
  fs::create_symlink(dir.File("loop-a"), dir.File("loop-b"));
  EXPECT_NE(WriteFileAtomically(dir.File("loop-a"), "x").find("link"), std::string::npos);
  EXPECT_TRUE(fs::is_symlink(dir.File("loop-a")));
}

// Issue #25: a writer killed during the write (SIGKILL, a full disk's SIGXFSZ) left its hidden
// temporary file beside the target. The child here is killed by SIGXFSZ half way through.
TEST(FileIo, AWriterKilledHalfWayLeavesNothing) {
  const testing::TempDir dir;
  const std::string path = dir.File("out.json");
  std::ofstream(path) << "old";
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const rlimit no_core{0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    const rlimit small{4096, 4096};
    setrlimit(RLIMIT_FSIZE, &small);
    WriteFileAtomically(path, std::string(1 << 20, 'x'));
    _exit(0);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the child was to be killed by SIGXFSZ";
  EXPECT_EQ(WTERMSIG(status), SIGXFSZ);
  EXPECT_EQ(Slurp(path), "old");
  std::vector<std::string> left;
  for (const fs::directory_entry& e : fs::directory_iterator(dir.Path()))
    left.push_back(e.path().filename().string());
  EXPECT_EQ(left, std::vector<std::string>{"out.json"});
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
  { std::ofstream made(dir.File("empty")); }
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
