// The block scan: one algorithm's rounds, as the chapters draw them.
#include "kinds/kind.h"

namespace scanviz {
namespace {

class BlockScan final : public Kind {
 public:
  KindId Id() const override { return KindId::kBlockScan; }
  // The menu lists each algorithm (its view half); Tab and B step through them.
  KindEntry Entry() const override { return {.section = "Block scans (Tab: the next one)"}; }
  StepCounter Steps(AppState& app) const override {
    const Player& p = app.CurrentPlayer();
    return PlayerSteps(p, RoundHeading(app.Current().trace, p.Round()));
  }
  std::string StatusNumbers(AppState& app) const override {
    return BlockNumbers(app, app.Current(), "n");
  }
  std::string FigureStem(AppState& app) const override {
    return std::string("scanviz-") + ToString(app.GetAlgorithm());
  }
  std::string FigureSvg(AppState& app, bool transparent) const override {
    return BlockFigureSvg(app, transparent);
  }
  std::function<std::string()> FigureSvgLater(AppState& app, bool transparent) const override {
    return BlockFigureSvgLater(app, transparent);
  }
};

}  // namespace

const Kind& BlockScanKind() {
  static const BlockScan kind;
  return kind;
}

}  // namespace scanviz
