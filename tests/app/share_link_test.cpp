// "Copy link" (share_link.h): the app's view through a link and back in another app, a GPU's
// trace named when bundled and said to be left out otherwise, and links that do not open.
#include "state/share_link.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/link/share_text.h"
#include "state/app_state.h"
#include "support/trace_compare.h"

namespace scanviz {
namespace {

const std::string kDocs = std::string(SCANVIZ_SOURCE_DIR) + "/docs";
const std::string kTraces = std::string(SCANVIZ_BINARY_DIR) + "/share/scanviz/traces";

Settings Cpu(const std::string& input = "3 1 7 0 4 1 6 3") {
  Settings s;
  s.input = input;
  return s;
}

nlohmann::json SessionOf(const AppState& a) {
  return nlohmann::json::parse(SessionToJson(a.ToSession()));
}

TEST(ShareLinkApp, AViewComesBackExactlyInAnotherApp) {
  AppState teacher(Cpu("5 3 6 1 7 2"));
  teacher.SetBackend(BackendChoice::kCpu);
  teacher.SetOp(OpKind::kMax);
  teacher.SetAlgorithm(Algorithm::kBlelloch);
  teacher.CurrentPlayer().Seek(2);
  teacher.view.theme = scene::Theme::kLight;
  teacher.view.panel = SidePanel::kNarration;
  teacher.view.only_current = true;
  const std::string link = "http://127.0.0.1:8023/#" + teacher.ShareLink();
  EXPECT_LT(link.size(), 700u);  // the whole view (version 3), short enough to paste into a chat

  AppState student(Cpu("9 9"));
  student.SetBackend(BackendChoice::kCpu);
  ASSERT_EQ(student.OpenLink(link), "");
  EXPECT_EQ(SessionOf(student), SessionOf(teacher));
  EXPECT_EQ(student.Values(), teacher.Values());
  EXPECT_EQ(student.CurrentPlayer().Round(), 2);
  EXPECT_EQ(student.view.theme, scene::Theme::kLight);
  EXPECT_EQ(testing::FirstDifference(teacher.Current().trace, student.Current().trace), "");
  // OpenFile takes the same text, as `scanviz 'URL'` hands it over.
  AppState cli(Cpu());
  cli.SetBackend(BackendChoice::kCpu);
  ASSERT_EQ(cli.OpenFile(link), "");
  EXPECT_EQ(SessionOf(cli), SessionOf(teacher));
}

TEST(ShareLinkApp, ABundledGpuTraceIsNamedAndComesBack) {
  AppState teacher(Cpu());
  teacher.SetBackend(BackendChoice::kCpu);
  ASSERT_EQ(teacher.OpenFile(kDocs + "/example-blelloch-h200.json"), "");
  teacher.CurrentPlayer().Seek(3);
  const std::string fragment = teacher.ShareLink();
  EXPECT_NE(fragment.find("&t=example-blelloch-h200.json"), std::string::npos);
  EXPECT_LT(fragment.size(), 1000u);  // the trace itself is not in it

  AppState student(Cpu("9 9"));
  student.SetBackend(BackendChoice::kCpu);
  student.SetTracesDir(kTraces);
  ASSERT_EQ(student.OpenLink("#" + fragment), "");
  EXPECT_TRUE(student.ShowsFileTrace());
  EXPECT_EQ(student.BackendStatus().rfind("recorded on NVIDIA H200", 0), 0u)
      << student.BackendStatus();
  EXPECT_EQ(student.CurrentPlayer().Round(), 3);
  EXPECT_EQ(testing::FirstDifference(teacher.Current().trace, student.Current().trace), "");
}

TEST(ShareLinkApp, ATraceNotBundledIsSaidToBeLeftOut) {
  Session s;
  s.input = "1,2,3,4";
  s.algorithm = Algorithm::kBlelloch;
  AppState from(Cpu("1 2 3 4"));
  from.SetBackend(BackendChoice::kCpu);
  from.SetAlgorithm(Algorithm::kBlelloch);
  s.trace = from.Current().trace;
  s.trace_origin = "recorded on NVIDIA H200 · my-own-run.json";
  const std::string fragment = ShareFragment(s);
  EXPECT_NE(fragment.find("&t=-"), std::string::npos);
  AppState student(Cpu("9 9"));
  student.SetBackend(BackendChoice::kCpu);
  ASSERT_EQ(student.OpenLink("#" + fragment), "");
  EXPECT_FALSE(student.ShowsFileTrace());
  EXPECT_EQ(student.Values(), (std::vector<double>{1, 2, 3, 4}));
  EXPECT_NE(student.notice.find("leaves out the session's recorded trace"), std::string::npos)
      << student.notice;
}

TEST(ShareLinkApp, ABadLinkChangesNothingAndSaysWhy) {
  AppState teacher(Cpu());
  const std::string fragment = teacher.ShareLink();
  AppState app(Cpu("4 4 4"));
  app.SetBackend(BackendChoice::kCpu);
  const nlohmann::json before = SessionOf(app);
  const std::string cut = std::string("#").append(fragment, 0, fragment.size() - 7);
  const std::string not_a_session =
      "#" + link::EncodeFragment(R"({"format":"scanviz-session","version":2,"input":"x"})");
  for (const std::string& bad :
       {cut, std::string("#s=%%%"), not_a_session, std::string("https://example.org/")}) {
    const std::string err = app.OpenLink(bad);
    EXPECT_FALSE(err.empty()) << bad;
    EXPECT_EQ(err.find('\n'), std::string::npos);
    EXPECT_EQ(SessionOf(app), before);
  }
  EXPECT_EQ(app.OpenLink(cut).rfind("this link does not open: ", 0), 0u);
}

}  // namespace
}  // namespace scanviz
