// The player: which round of a trace is shown, and whether it advances on its own. A small state
// machine with no drawing; views call it, main's loop calls Tick(dt).
//
//   kPaused  --Play-->  kPlaying  --Tick reaches the last round-->  kPaused (at the last round)
//   kPlaying --Pause--> kPaused;  Play at the last round restarts from round 0.
//   Any step or seek keeps the state but restarts the interval toward the next advance.
#pragma once

#include <vector>

#include "core/round_spec.h"

namespace scanviz {

// Where the player goes when an edit replaces the trace (another n, other values, another
// operator): the last round stays the last; otherwise the round doing the same thing (same phase
// and stride: Blelloch's down-sweep stride 2 stays down-sweep stride 2 when n grows), else the same
// phase and step, else the last round.
int MatchRound(const std::vector<RoundSpec>& before, int round, const std::vector<RoundSpec>& after);

class Player {
 public:
  enum class State { kPaused, kPlaying };

  static constexpr double kMinSpeed = 0.25;  // rounds per second
  static constexpr double kMaxSpeed = 8.0;

  // A new trace: keeps the current round where it still exists, else the last one.
  void SetRoundCount(int count);
  int RoundCount() const { return m_count; }
  int Round() const { return m_round; }
  bool AtLast() const { return m_round >= m_count - 1; }

  void StepForward();
  void StepBack();
  void First();
  void Last();
  void Seek(int round);  // clamped to [0, count - 1]

  void Play();
  void Pause();
  void TogglePlay();
  State GetState() const { return m_state; }
  bool Playing() const { return m_state == State::kPlaying; }

  void SetSpeed(double rounds_per_second);  // clamped to [kMinSpeed, kMaxSpeed]
  double Speed() const { return m_speed; }

  // Advances time by dt seconds; returns true if the round changed.
  bool Tick(double dt);

 private:
  int m_count = 1;
  int m_round = 0;
  State m_state = State::kPaused;
  double m_speed = 1.0;
  double m_elapsed = 0;  // seconds since the last advance (playing only)
};

}  // namespace scanviz
