#include "classroom/site_path.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

namespace scanviz::classroom {
namespace {

namespace fs = std::filesystem;

// A scratch tree: <tmp>/site (the site) beside <tmp>/secret.txt (outside it), with a symlink in
// the site to the secret and one to a folder outside.
class SitePath : public ::testing::Test {
 protected:
  void SetUp() override {
    m_tmp = fs::temp_directory_path() / ("scanviz_site_path_" + std::to_string(getpid()));
    fs::remove_all(m_tmp);
    fs::create_directories(m_tmp / "site" / "sub");
    fs::create_directories(m_tmp / "outside");
    Write(m_tmp / "site" / "index.html", "<p>home</p>");
    Write(m_tmp / "site" / "scanviz.wasm", "wasm");
    Write(m_tmp / "site" / "sub" / "index.html", "<p>sub</p>");
    Write(m_tmp / "site" / "a b.txt", "space");
    Write(m_tmp / "secret.txt", "secret");
    Write(m_tmp / "outside" / "x.txt", "x");
    fs::create_symlink(m_tmp / "secret.txt", m_tmp / "site" / "leak.txt");
    fs::create_symlink(m_tmp / "outside", m_tmp / "site" / "out");
    fs::create_symlink("index.html", m_tmp / "site" / "home.html");  // stays inside: allowed
    m_root = fs::canonical(m_tmp / "site");
  }
  void TearDown() override { fs::remove_all(m_tmp); }
  static void Write(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }
  SiteFile Resolve(std::string_view target) { return ResolveSitePath(m_root, target); }

  fs::path m_tmp, m_root;
};

TEST_F(SitePath, ServesTheSitesFiles) {
  EXPECT_EQ(Resolve("/").path, m_root / "index.html");
  EXPECT_EQ(Resolve("/index.html").path, m_root / "index.html");
  EXPECT_EQ(Resolve("/index.html?x=1&y=/../..").path, m_root / "index.html");
  EXPECT_EQ(Resolve("/scanviz.wasm").status, 200);
  EXPECT_EQ(Resolve("/sub/").path, m_root / "sub" / "index.html");
  EXPECT_EQ(Resolve("/sub").path, m_root / "sub" / "index.html");
  EXPECT_EQ(Resolve("/a%20b.txt").path, m_root / "a b.txt");
  EXPECT_EQ(Resolve("/home.html").path, m_root / "index.html");
  EXPECT_EQ(Resolve("/missing.js").status, 404);
}

TEST_F(SitePath, RefusesDotSegmentsPlainOrEncoded) {
  for (const char* target : {"/../secret.txt", "/sub/../../secret.txt", "/%2e%2e/secret.txt",
                             "/%2E%2E/secret.txt", "/.%2e/secret.txt", "/%2e./secret.txt",
                             "/./index.html", "/%2e/index.html", "/..", "/sub/.."}) {
    const SiteFile file = Resolve(target);
    EXPECT_EQ(file.status, 400) << target;
    EXPECT_TRUE(file.path.empty()) << target;
  }
}

TEST_F(SitePath, RefusesEncodedSlashesBackslashesNulAndEmptySegments) {
  for (const char* target :
       {"/..%2fsecret.txt", "/..%2Fsecret.txt", "/sub%2f..%2f..%2fsecret.txt", "/..\\secret.txt",
        "/..%5csecret.txt", "/index.html%00.png", "/%00", "//etc/passwd", "/sub//index.html", "/%",
        "/%2", "/%zz", "/a\x01", "", "index.html", "http://x/index.html"}) {
    EXPECT_EQ(Resolve(target).status, 400) << target;
  }
}

TEST_F(SitePath, RefusesSymlinksThatLeadOutOfTheSite) {
  EXPECT_EQ(Resolve("/leak.txt").status, 403);
  EXPECT_EQ(Resolve("/out/x.txt").status, 403);
  EXPECT_EQ(Resolve("/out/").status, 403);
}

TEST(MimeType, NamesTheSitesTypes) {
  EXPECT_EQ(MimeType("a/scanviz.wasm"), "application/wasm");
  EXPECT_EQ(MimeType("index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(MimeType("scanviz.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(MimeType("scanviz.data"), "application/octet-stream");
  EXPECT_EQ(MimeType("icon.png"), "image/png");
  EXPECT_EQ(MimeType("no_extension"), "application/octet-stream");
}

}  // namespace
}  // namespace scanviz::classroom
