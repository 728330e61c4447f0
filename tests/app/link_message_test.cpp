// A link that does not open says why in the status line until the next action or a link that
// opens (issue #33): it stayed on screen after stepping and after a good link was opened.
#include <gtest/gtest.h>

#include "state/app_state.h"

namespace scanviz {
namespace {

Settings Cpu() {
  Settings s;
  s.input = "3 1 7 0 4 1 6 3";
  return s;
}

TEST(LinkMessage, ABadLinksErrorLeavesWithTheNextAction) {
  AppState app(Cpu());
  app.ReportLink(app.OpenLink("#s=%%%"));
  ASSERT_EQ(app.message.rfind("this link does not open: ", 0), 0u) << app.message;
  app.ActionTaken();
  EXPECT_EQ(app.message, "");
}

TEST(LinkMessage, ALinkThatOpensClearsTheLastOnesError) {
  AppState teacher(Cpu());
  teacher.SetBackend(BackendChoice::kCpu);
  AppState app(Cpu());
  app.SetBackend(BackendChoice::kCpu);
  app.ReportLink(app.OpenLink("#s=%%%"));
  ASSERT_FALSE(app.message.empty());
  // The link as the page hands it over ("#s=..."); appended, not "#" + ...: GCC 12's -Wrestrict
  // misreads that concatenation.
  std::string link = "#";
  link += teacher.ShareLink();
  app.ReportLink(app.OpenLink(link));
  EXPECT_EQ(app.message, "");
  EXPECT_EQ(app.notice, "opened the shared link");
}

TEST(LinkMessage, OtherMessagesStayUntilClickedAway) {
  AppState app(Cpu());
  app.message = "settings file is not valid JSON; using the defaults";
  app.ActionTaken();
  app.ReportLink("");  // a good link
  EXPECT_EQ(app.message, "settings file is not valid JSON; using the defaults");
  // A link's error replaced by another message: that one stays too.
  app.ReportLink("this link does not open: cut short");
  app.message = "a file did not open";
  app.ActionTaken();
  EXPECT_EQ(app.message, "a file did not open");
}

}  // namespace
}  // namespace scanviz
