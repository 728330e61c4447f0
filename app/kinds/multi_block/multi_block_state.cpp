// MultiBlockState (multi_block_state.h): the grid's players, its opened block, a grid trace file
// and its session fields.
#include "kinds/multi_block/multi_block_state.h"

#include <algorithm>

#include "core/registry.h"

namespace scanviz {

void MultiBlockState::KindChanged() {
  grid.CloseBlock();  // a block is opened from the grid and closes with it
  grid.selected.reset();
  grid.hovered.reset();
}

std::vector<Player*> MultiBlockState::ShownPlayers(KindHost&) {
  return {grid.Opened() ? &grid.BlockPlayer() : &grid.GridPlayer()};
}

std::vector<Algorithm> MultiBlockState::ShownAlgorithms(const KindHost&) const {
  if (grid.Opened()) return {grid.BlockAlgorithm()};
  return {};
}

std::optional<Algorithm> MultiBlockState::OpenedAlgorithm() const {
  if (grid.Opened()) return grid.BlockAlgorithm();
  return std::nullopt;
}

const TraceSlot* MultiBlockState::OpenedSlot(Algorithm a) const {
  return grid.Opened() && a == grid.BlockAlgorithm() ? &grid.BlockSlot() : nullptr;
}

Player* MultiBlockState::OpenedPlayer(Algorithm a) {
  return grid.Opened() && a == grid.BlockAlgorithm() ? &grid.BlockPlayer() : nullptr;
}

std::optional<KindFileResult> MultiBlockState::OpenTraceFile(KindHost& host, AnyTraceLoad& loaded,
                                                             const std::string& path) {
  if (!loaded.grid) return std::nullopt;
  GridTrace& g = *loaded.grid;
  if (g.depth != 0 || !IsGridBlockAlgorithm(g.block_algorithm) ||
      g.block_size < kMinGridBlockSize || g.block_size > kMaxGridBlockSize ||
      (g.block_size & (g.block_size - 1)) != 0 || g.N() < 1 || g.N() > kMaxGridElements)
    return KindFileResult{
        {}, "a grid the grid view cannot show (block scans of 4..1024 of " + AlgorithmKeys() + ")"};
  std::string origin = TraceOrigin(g.backend, path);
  host.TakeFileInput({g.type, g.op, g.converted, g.input});
  host.ShowKind(kId);
  grid.Open(std::move(g), std::move(origin));  // with its block scan and size, not traced
  return KindFileResult{"opened the grid trace " + path, {}};
}

void MultiBlockState::WriteSession(const KindHost&, bool shown, Session& s) const {
  s.multi_block = shown;
  s.block_algorithm = grid.BlockAlgorithm();
  s.block_size = grid.BlockSize();
  s.grid_step = shown ? grid.PlayerStep() : -1;
}

void MultiBlockState::ReadSession(KindHost&, const Session& s) {
  grid.SetBlockAlgorithm(s.block_algorithm);
  grid.SetBlockSize(s.block_size);
}

void MultiBlockState::ShowFromSession(KindHost&, const Session& s) {
  Player& p = grid.GridPlayer();
  p.Seek(s.grid_step < 0 ? p.RoundCount() - 1 : std::min(s.grid_step, p.RoundCount() - 1));
}

}  // namespace scanviz
