// Side by side's state: the two algorithms shown, left and right (by default the chapters' two),
// stepped together; its session fields (the pair and both panes' rounds).
#pragma once

#include "state/kind_state.h"

namespace scanviz {

class AppState;

class SideBySideState final : public KindState {
 public:
  static constexpr KindId kId = KindId::kSideBySide;
  KindId Id() const override { return kId; }
  void SetPair(Algorithm left, Algorithm right) {
    m_pair[0] = left;
    m_pair[1] = right;
  }
  Algorithm Left() const { return m_pair[0]; }
  Algorithm Right() const { return m_pair[1]; }

  std::vector<Player*> ShownPlayers(KindHost& host) override;
  std::vector<Algorithm> ShownAlgorithms(const KindHost&) const override;
  bool TracesNow(const KindHost& host, Algorithm a) const override;
  bool KeepsOnAlgorithm() const override { return true; }
  void WriteSession(const KindHost& host, bool shown, Session& s) const override;
  void ReadSessionEarly(const Session& s) override { SetPair(s.left, s.right); }
  bool ShownIn(const Session& s) const override { return s.side_by_side; }
  void ShowFromSession(KindHost& host, const Session& s) override;

 private:
  Algorithm m_pair[2] = {Algorithm::kHillisSteele, Algorithm::kBlelloch};
};

// The app's side by side (kinds/side_by_side/side_by_side.cpp).
SideBySideState& SideBySideOf(AppState& app);
const SideBySideState& SideBySideOf(const AppState& app);

}  // namespace scanviz
