// SideBySideState (side_by_side_state.h): both panes' players, and its session fields.
#include "kinds/side_by_side/side_by_side_state.h"

#include <algorithm>

namespace scanviz {

std::vector<Player*> SideBySideState::ShownPlayers(KindHost& host) {
  if (m_pair[0] == m_pair[1]) return {&host.BlockPlayer(m_pair[0])};
  return {&host.BlockPlayer(m_pair[0]), &host.BlockPlayer(m_pair[1])};
}

std::vector<Algorithm> SideBySideState::ShownAlgorithms(const KindHost&) const {
  if (m_pair[0] == m_pair[1]) return {m_pair[0]};
  return {m_pair[0], m_pair[1]};
}

bool SideBySideState::TracesNow(const KindHost& host, Algorithm a) const {
  return a == m_pair[0] || a == m_pair[1] || a == host.SelectedAlgorithm();
}

void SideBySideState::WriteSession(const KindHost& host, bool shown, Session& s) const {
  s.left = m_pair[0];
  s.right = m_pair[1];
  s.side_by_side = shown;
  s.left_round = host.PlayerRound(m_pair[0]);
  s.right_round = host.PlayerRound(m_pair[1]);
}

void SideBySideState::ShowFromSession(KindHost& host, const Session& s) {
  auto seek = [](Player& p, int round) {
    p.Seek(round < 0 ? p.RoundCount() - 1 : std::min(round, p.RoundCount() - 1));
  };
  seek(host.BlockPlayer(m_pair[0]), s.left_round);
  if (m_pair[1] != m_pair[0]) seek(host.BlockPlayer(m_pair[1]), s.right_round);
}

}  // namespace scanviz
