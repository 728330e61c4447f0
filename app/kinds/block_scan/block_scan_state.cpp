// The block scan's state: none of its own (its traces and players are the block scans' own,
// AppState's, which other kinds show too); what it shows and traces with an edit.
#include <memory>

#include "state/kind_state.h"

namespace scanviz {
namespace {

class BlockScanState final : public KindState {
 public:
  KindId Id() const override { return KindId::kBlockScan; }
  std::vector<Player*> ShownPlayers(KindHost& host) override { return {&host.ShownBlockPlayer()}; }
  std::vector<Algorithm> ShownAlgorithms(const KindHost& host) const override {
    return {host.ShownBlockAlgorithm()};
  }
  bool TracesNow(const KindHost& host, Algorithm a) const override {
    return a == host.ChosenAlgorithm() || a == host.SelectedAlgorithm();
  }
};

}  // namespace

std::unique_ptr<KindState> MakeBlockScanState() {
  return std::make_unique<BlockScanState>();
}

}  // namespace scanviz
