// The multi-block kind's state: its grid (grid_model.h, with the grid's selection) and a block of
// it opened in the single-block view, which stands in for that block algorithm's trace and player;
// its session fields (the block scan and size, the grid's step); a grid trace file opened.
#pragma once

#include "state/kind_state.h"
#include "kinds/multi_block/grid_model.h"

namespace scanviz {

class AppState;

class MultiBlockState final : public KindState {
 public:
  static constexpr KindId kId = KindId::kMultiBlock;
  MultiBlockState(const ModelInput& input, const BlockSelection& block) : grid(input, block) {}
  KindId Id() const override { return kId; }

  void MarkStale() override { grid.MarkStale(); }
  void Poll() override { grid.Poll(); }
  void AfterFrame() override { grid.AfterFrame(); }
  bool BackgroundPending() const override { return grid.CheckRunning(); }
  void KindChanged() override;

  std::vector<Player*> ShownPlayers(KindHost&) override;
  std::vector<Algorithm> ShownAlgorithms(const KindHost&) const override;
  std::optional<Algorithm> OpenedAlgorithm() const override;
  const TraceSlot* OpenedSlot(Algorithm a) const override;
  Player* OpenedPlayer(Algorithm a) override;
  bool InTabCycle() const override { return true; }
  bool KeepsBlockTrace() const override { return false; }

  std::optional<KindFileResult> OpenTraceFile(KindHost& host, AnyTraceLoad& loaded,
                                              const std::string& path) override;
  void WriteSession(const KindHost&, bool shown, Session& s) const override;
  void ReadSession(KindHost&, const Session& s) override;
  bool ShownIn(const Session& s) const override { return s.multi_block; }
  void ShowFromSession(KindHost&, const Session& s) override;

  GridModel grid;
};

// The app's multi-block kind (kinds/multi_block/multi_block.cpp).
MultiBlockState& MultiBlockOf(AppState& app);
const MultiBlockState& MultiBlockOf(const AppState& app);
// Opens block `block` of level `level` of the grid in the single-block view (false: the grid is
// not shown, or no such block); grid.CloseBlock() returns to the grid.
bool OpenBlock(AppState& app, int level, int block);

}  // namespace scanviz
