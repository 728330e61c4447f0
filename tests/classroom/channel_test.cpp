#include "classroom/channel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "classroom/limits.h"

namespace scanviz::classroom {
namespace {

using namespace std::chrono_literals;

ClassView NextView(Follower& f) {
  ClassView view;
  EXPECT_EQ(f.Next(1s, &view), Follower::Wake::kView);
  return view;
}

TEST(Channel, StartsEmptyAndCountsPublishes) {
  Channel channel(8);
  EXPECT_EQ(channel.Current().seq, 0u);
  EXPECT_EQ(StateJson(channel.Current()), R"({"seq":0,"link":""})");
  EXPECT_EQ(channel.Publish("s=a").seq, 1u);
  EXPECT_EQ(channel.Publish("s=b").seq, 2u);
  EXPECT_EQ(channel.Current().link, "s=b");
  EXPECT_EQ(StateJson(channel.Current()), R"({"seq":2,"link":"s=b"})");
}

TEST(Channel, TheSameLinkTwiceIsNotBroadcast) {
  Channel channel(8);
  auto follower = channel.Join(10);
  EXPECT_TRUE(channel.Publish("s=a").broadcast);
  const PublishResult again = channel.Publish("s=a");
  EXPECT_FALSE(again.broadcast);
  EXPECT_EQ(again.seq, 1u);
  EXPECT_EQ(NextView(*follower).link, "s=a");
  ClassView none;
  EXPECT_EQ(follower->Next(20ms, &none), Follower::Wake::kTimeout);
}

TEST(Channel, EveryFollowerGetsEveryViewInOrder) {
  Channel channel(64);
  auto a = channel.Join(10), b = channel.Join(10);
  for (int i = 1; i <= 5; ++i) channel.Publish("s=" + std::to_string(i));
  for (auto* f : {a.get(), b.get()})
    for (int i = 1; i <= 5; ++i) {
      const ClassView v = NextView(*f);
      EXPECT_EQ(v.seq, static_cast<unsigned>(i));
      EXPECT_EQ(v.link, "s=" + std::to_string(i));
    }
}

TEST(Channel, ALateFollowerGetsTheCurrentViewAtOnce) {
  Channel channel(8);
  channel.Publish("s=a");
  channel.Publish("s=b");
  auto late = channel.Join(10);
  const ClassView v = NextView(*late);
  EXPECT_EQ(v.seq, 2u);
  EXPECT_EQ(v.link, "s=b");
  ClassView none;
  EXPECT_EQ(late->Next(20ms, &none), Follower::Wake::kTimeout);
}

TEST(Channel, AFollowerThatFallsBehindIsDroppedAndTheOthersKeepUp) {
  Channel channel(4);
  auto slow = channel.Join(10), fast = channel.Join(10);
  for (int i = 1; i <= 10; ++i) {
    channel.Publish("s=" + std::to_string(i));
    EXPECT_EQ(NextView(*fast).seq, static_cast<unsigned>(i));
  }
  EXPECT_TRUE(slow->Dropped());
  ClassView v;
  EXPECT_EQ(slow->Next(1s, &v), Follower::Wake::kClosed);
  EXPECT_EQ(channel.FollowerCount(), 1u);
}

TEST(Channel, JoinIsCappedAndLeaveFreesAPlace) {
  Channel channel(8);
  auto a = channel.Join(2), b = channel.Join(2);
  EXPECT_EQ(channel.Join(2), nullptr);
  channel.Leave(a);
  EXPECT_NE(channel.Join(2), nullptr);
}

TEST(Channel, CloseWakesAWaitingFollowerAndRefusesNewOnes) {
  Channel channel(8);
  auto follower = channel.Join(10);
  std::atomic<bool> closed{false};
  std::thread waiter([&] {
    ClassView v;
    closed = follower->Next(10s, &v) == Follower::Wake::kClosed;
  });
  std::this_thread::sleep_for(20ms);
  channel.Close();
  waiter.join();
  EXPECT_TRUE(closed);
  EXPECT_EQ(channel.Join(10), nullptr);
}

TEST(Channel, PublishesFromManyThreadsEachGetOneSeq) {
  Channel channel(kFollowerQueue);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 100; ++i)
        channel.Publish("s=" + std::to_string(t) + "_" + std::to_string(i));
    });
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(channel.Current().seq, 400u);
}

TEST(EventText, IsOneServerSentEvent) {
  EXPECT_EQ(EventText({7, "s=abc&t=-"}),
            "id: 7\nevent: view\ndata: {\"seq\":7,\"link\":\"s=abc&t=-\"}\n\n");
}

TEST(EventText, EscapesWhatCouldBreakTheJsonOrTheEvent) {
  const std::string text = EventText({1, "s=\"\\\n"});
  EXPECT_NE(text.find(R"("link":"s=\"\\\u000a")"), std::string::npos) << text;
  EXPECT_EQ(text.find('\n'), text.find("\nevent:"));  // no newline inside the data line
}

TEST(IsFragment, TakesShareFragmentsOnly) {
  EXPECT_TRUE(IsFragment("s=eJyrVkrOz0vPTE1RslIqLkksSS0GAD4mBqQ"));
  EXPECT_TRUE(IsFragment("s=abc-_&t=hs_8.json"));
  EXPECT_FALSE(IsFragment(""));
  EXPECT_FALSE(IsFragment("s="));
  EXPECT_FALSE(IsFragment("t=abc"));
  EXPECT_FALSE(IsFragment("#s=abc"));
  EXPECT_FALSE(IsFragment("s=abc\n"));
  EXPECT_FALSE(IsFragment("s=a\"b"));
  EXPECT_FALSE(IsFragment("s=a<script>"));
  EXPECT_FALSE(IsFragment("s=" + std::string(kMaxPublishBytes, 'a')));
}

}  // namespace
}  // namespace scanviz::classroom
