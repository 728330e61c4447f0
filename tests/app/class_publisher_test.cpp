// The desktop teacher's publisher (class_publisher.h; issue #34): a burst of views is coalesced to
// its last, no answer is retried with backoff, and the current view goes again to a server that
// came back or restarted empty. The network is a fake here; the classroom's browser test
// (tests/web/classroom_test.js) drives the real one against `scanviz-cli serve`.
#include "state/class_publisher.h"

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace scanviz {
namespace {

using namespace std::chrono_literals;

// A server in memory: its current view, whether it answers, and every send it saw.
struct FakeServer {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::string> seen;
  std::string current;
  bool up = true;
  bool hold = false;  // a send waits while set (a slow network)
  int entered = 0;    // sends begun

  int Send(const std::string& view) {
    std::unique_lock<std::mutex> lock(mutex);
    ++entered;
    changed.notify_all();
    changed.wait(lock, [&] { return !hold; });
    seen.push_back(view);
    if (!up) {
      changed.notify_all();
      return 0;
    }
    current = view;
    changed.notify_all();
    return 204;
  }
  // Waits (at most 10 s: a hang fails, no duration is asserted) until pred holds.
  template <class Pred>
  bool WaitFor(Pred pred) {
    std::unique_lock<std::mutex> lock(mutex);
    return changed.wait_for(lock, 10s, pred);
  }
  void Set(bool FakeServer::*field, bool value) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      this->*field = value;
    }
    changed.notify_all();
  }
};

// The publisher's status once pred holds (at most 10 s: a hang fails; no duration is asserted).
// The fake server sees a send before the publisher has read its answer: wait for the latter.
template <class Pred>
ClassPublisher::Status WaitStatus(const ClassPublisher& pub, Pred pred) {
  for (int i = 0; i < 10000; ++i) {
    const ClassPublisher::Status s = pub.GetStatus();
    if (pred(s)) return s;
    std::this_thread::sleep_for(1ms);
  }
  return pub.GetStatus();
}

ClassPublisher::Options Fast(std::chrono::milliseconds resend = 1h) {
  ClassPublisher::Options o;
  o.min_gap = 1ms;
  o.backoff_first = 1ms;
  o.backoff_max = 4ms;
  o.resend_every = resend;
  return o;
}

TEST(ClassPublisher, ABurstOfViewsSendsItsLastOneAndNeverBlocksTheOffer) {
  FakeServer server;
  server.hold = true;
  ClassPublisher pub([&](const std::string& v) { return server.Send(v); }, Fast());
  pub.Offer("s=a");
  // The first send is under way and held: these offers return at once, and only the last counts.
  ASSERT_TRUE(server.WaitFor([&] { return server.entered == 1; }));
  for (const char* v : {"s=b", "s=c", "s=d"}) pub.Offer(v);
  server.Set(&FakeServer::hold, false);
  ASSERT_TRUE(server.WaitFor([&] { return server.current == "s=d"; }));
  std::lock_guard<std::mutex> lock(server.mutex);
  EXPECT_EQ(server.seen, (std::vector<std::string>{"s=a", "s=d"}));  // b and c never go
}

TEST(ClassPublisher, TheSameViewTwiceIsSentOnce) {
  FakeServer server;
  ClassPublisher pub([&](const std::string& v) { return server.Send(v); }, Fast());
  pub.Offer("s=a");
  ASSERT_TRUE(server.WaitFor([&] { return server.current == "s=a"; }));
  pub.Offer("s=a");
  pub.Offer("s=b");
  ASSERT_TRUE(server.WaitFor([&] { return server.current == "s=b"; }));
  std::lock_guard<std::mutex> lock(server.mutex);
  EXPECT_EQ(server.seen, (std::vector<std::string>{"s=a", "s=b"}));
}

TEST(ClassPublisher, NoAnswerIsRetriedUntilTheServerTakesTheView) {
  FakeServer server;
  server.up = false;
  ClassPublisher pub([&](const std::string& v) { return server.Send(v); }, Fast());
  pub.Offer("s=a");
  ASSERT_TRUE(server.WaitFor([&] { return server.seen.size() >= 3; }));
  EXPECT_EQ(WaitStatus(pub, [](const auto& s) { return s.attempts >= 3; }).health,
            ClassPublisher::Health::kDown);
  pub.Offer("s=b");  // the view changed while the server was down: the latest goes
  server.Set(&FakeServer::up, true);
  ASSERT_TRUE(server.WaitFor([&] { return server.current == "s=b"; }));
  const ClassPublisher::Status s = WaitStatus(pub, [](const auto& x) { return x.accepted == 1; });
  EXPECT_EQ(s.health, ClassPublisher::Health::kOk);
  EXPECT_GE(s.attempts, 4);
  EXPECT_EQ(s.accepted, 1);
}

TEST(ClassPublisher, ARestartedServerGetsTheCurrentViewAgain) {
  FakeServer server;
  ClassPublisher pub([&](const std::string& v) { return server.Send(v); }, Fast(5ms));
  pub.Offer("s=a");
  ASSERT_TRUE(server.WaitFor([&] { return server.current == "s=a"; }));
  {
    std::lock_guard<std::mutex> lock(server.mutex);
    server.current.clear();  // restarted: no view, and nothing new was offered
  }
  EXPECT_TRUE(server.WaitFor([&] { return server.current == "s=a"; }));
}

TEST(ClassPublisher, ARefusedViewSaysSo) {
  ClassPublisher pub([](const std::string&) { return 403; }, Fast());
  pub.Offer("s=a");
  const ClassPublisher::Status s = WaitStatus(pub, [](const auto& x) { return x.attempts > 0; });
  EXPECT_EQ(s.health, ClassPublisher::Health::kRefused);
  EXPECT_EQ(s.last_http, 403);
  EXPECT_EQ(s.accepted, 0);
}

TEST(TeachUrl, ReadsWhatServePrints) {
  std::string err;
  const auto t = ParseTeachUrl("http://192.168.1.20:8023/#class&key=0123abcd", &err);
  ASSERT_TRUE(t) << err;
  EXPECT_EQ(t->host, "192.168.1.20");
  EXPECT_EQ(t->port, 8023);
  EXPECT_EQ(t->key, "0123abcd");
  EXPECT_EQ(t->students, "http://192.168.1.20:8023/#class");
  const auto no_port = ParseTeachUrl("http://teacher.local/#class&key=k", &err);
  ASSERT_TRUE(no_port) << err;
  EXPECT_EQ(no_port->port, 80);
}

TEST(TeachUrl, RefusesWhatIsNotATeachersAddress) {
  for (const char* bad : {"https://h:1/#class&key=k", "http://h:1/#class", "http://h:1/",
                          "http://h:1/#class&key=", "http://h:x/#class&key=k",
                          "http://h:70000/#class&key=k", "http://:1/#class&key=k"}) {
    std::string err;
    EXPECT_FALSE(ParseTeachUrl(bad, &err)) << bad;
    EXPECT_NE(err.find("--teach"), std::string::npos) << bad;
  }
}

TEST(TeachUrl, TheFlagLeavesTheOtherArgumentsInOrder) {
  std::string a0 = "scanviz", a1 = "--theme", a2 = "light", a3 = "--teach",
              a4 = "http://h:1/#class&key=k", a5 = "lecture.scanviz";
  char* argv[] = {a0.data(), a1.data(), a2.data(), a3.data(), a4.data(), a5.data(), nullptr};
  int argc = 6;
  std::string err;
  EXPECT_EQ(TakeTeachFlag(&argc, argv, &err), "http://h:1/#class&key=k");
  EXPECT_TRUE(err.empty());
  ASSERT_EQ(argc, 4);
  EXPECT_EQ(std::string(argv[3]), "lecture.scanviz");
  EXPECT_EQ(argv[4], nullptr);
  std::string b0 = "scanviz", b1 = "--teach";
  char* bare[] = {b0.data(), b1.data(), nullptr};
  argc = 2;
  EXPECT_EQ(TakeTeachFlag(&argc, bare, &err), "");
  EXPECT_NE(err.find("--teach needs"), std::string::npos);
}

}  // namespace
}  // namespace scanviz
