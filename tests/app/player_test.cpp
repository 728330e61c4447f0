#include "state/player.h"

#include <gtest/gtest.h>

namespace scanviz {
namespace {

TEST(Player, StepsAreClamped) {
  Player p;
  p.SetRoundCount(4);
  EXPECT_EQ(p.Round(), 0);
  p.StepBack();
  EXPECT_EQ(p.Round(), 0);
  p.StepForward();
  p.StepForward();
  EXPECT_EQ(p.Round(), 2);
  p.Last();
  EXPECT_EQ(p.Round(), 3);
  p.StepForward();
  EXPECT_EQ(p.Round(), 3);
  p.First();
  EXPECT_EQ(p.Round(), 0);
  p.Seek(17);
  EXPECT_EQ(p.Round(), 3);
  p.Seek(-5);
  EXPECT_EQ(p.Round(), 0);
}

// One step each way is one round, from anywhere between the ends.
TEST(Player, StepsMoveOneRound) {
  Player p;
  p.SetRoundCount(8);
  p.Seek(5);
  p.StepBack();
  EXPECT_EQ(p.Round(), 4);
  p.StepBack();
  EXPECT_EQ(p.Round(), 3);
  p.StepForward();
  EXPECT_EQ(p.Round(), 4);
  p.Seek(1);
  p.StepBack();
  EXPECT_EQ(p.Round(), 0);
}

TEST(Player, TickAdvancesAtSpeedAndStopsAtTheEnd) {
  Player p;
  p.SetRoundCount(4);
  p.SetSpeed(2.0);            // a round every 0.5 s
  EXPECT_FALSE(p.Tick(1.0));  // paused: nothing moves
  p.Play();
  EXPECT_TRUE(p.Playing());
  EXPECT_FALSE(p.Tick(0.4));
  EXPECT_EQ(p.Round(), 0);
  EXPECT_TRUE(p.Tick(0.1));
  EXPECT_EQ(p.Round(), 1);
  EXPECT_TRUE(p.Tick(1.0));
  EXPECT_EQ(p.Round(), 3);
  EXPECT_FALSE(p.Playing());
  EXPECT_EQ(p.GetState(), Player::State::kPaused);
  EXPECT_FALSE(p.Tick(5.0));
  EXPECT_EQ(p.Round(), 3);
}

TEST(Player, PlayAtTheEndRestartsAndToggle) {
  Player p;
  p.SetRoundCount(3);
  p.Last();
  p.TogglePlay();
  EXPECT_TRUE(p.Playing());
  EXPECT_EQ(p.Round(), 0);
  p.TogglePlay();
  EXPECT_FALSE(p.Playing());
}

TEST(Player, SpeedIsClamped) {
  Player p;
  p.SetSpeed(100);
  EXPECT_DOUBLE_EQ(p.Speed(), Player::kMaxSpeed);
  p.SetSpeed(0);
  EXPECT_DOUBLE_EQ(p.Speed(), Player::kMinSpeed);
}

TEST(Player, NewTraceKeepsTheRoundWhereItExists) {
  Player p;
  p.SetRoundCount(8);
  p.Seek(5);
  p.SetRoundCount(11);
  EXPECT_EQ(p.Round(), 5);
  p.SetRoundCount(4);
  EXPECT_EQ(p.Round(), 3);
  p.SetRoundCount(0);  // degenerate: one round
  EXPECT_EQ(p.RoundCount(), 1);
  EXPECT_EQ(p.Round(), 0);
}

TEST(Player, SeekRestartsTheInterval) {
  Player p;
  p.SetRoundCount(5);
  p.SetSpeed(1.0);
  p.Play();
  EXPECT_FALSE(p.Tick(0.9));
  p.Seek(2);
  EXPECT_FALSE(p.Tick(0.5));  // 0.9 s were forgotten
  EXPECT_EQ(p.Round(), 2);
  EXPECT_TRUE(p.Tick(0.5));
  EXPECT_EQ(p.Round(), 3);
}

}  // namespace
}  // namespace scanviz
