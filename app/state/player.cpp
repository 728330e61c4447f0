#include "state/player.h"

#include <algorithm>

namespace scanviz {

int MatchRound(const std::vector<RoundSpec>& before, int round, const std::vector<RoundSpec>& after) {
  const int last = static_cast<int>(after.size()) - 1;
  if (last < 0) return 0;
  if (round < 0 || round >= static_cast<int>(before.size())) return std::min(std::max(round, 0), last);
  if (round == static_cast<int>(before.size()) - 1) return last;
  const RoundSpec& was = before[static_cast<size_t>(round)];
  for (size_t r = 0; r < after.size(); ++r) {
    if (after[r].phase == was.phase && after[r].stride == was.stride && after[r].level == was.level)
      return static_cast<int>(r);
  }
  for (size_t r = 0; r < after.size(); ++r) {
    if (after[r].phase == was.phase && after[r].phase_round == was.phase_round) return static_cast<int>(r);
  }
  return last;
}

void Player::SetRoundCount(int count) {
  m_count = std::max(count, 1);
  m_round = std::clamp(m_round, 0, m_count - 1);
  if (AtLast()) m_state = State::kPaused;
}

void Player::StepForward() {
  Seek(m_round + 1);
}
void Player::StepBack() {
  Seek(m_round - 1);
}
void Player::First() {
  Seek(0);
}
void Player::Last() {
  Seek(m_count - 1);
}

void Player::Seek(int round) {
  m_round = std::clamp(round, 0, m_count - 1);
  m_elapsed = 0;
  if (m_state == State::kPlaying && AtLast()) m_state = State::kPaused;
}

void Player::Play() {
  if (m_count <= 1) return;
  if (AtLast()) m_round = 0;
  m_state = State::kPlaying;
  m_elapsed = 0;
}

void Player::Pause() {
  m_state = State::kPaused;
}

void Player::TogglePlay() {
  if (Playing()) {
    Pause();
  } else {
    Play();
  }
}

void Player::SetSpeed(double rounds_per_second) {
  m_speed = std::clamp(rounds_per_second, kMinSpeed, kMaxSpeed);
}

bool Player::Tick(double dt) {
  if (m_state != State::kPlaying || dt <= 0) return false;
  m_elapsed += dt;
  const double interval = 1.0 / m_speed;
  bool changed = false;
  while (m_elapsed >= interval && m_state == State::kPlaying) {
    m_elapsed -= interval;
    ++m_round;
    changed = true;
    if (AtLast()) m_state = State::kPaused;
  }
  return changed;
}

}  // namespace scanviz
