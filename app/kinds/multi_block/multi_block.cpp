// The multi-block scan: the grid of blocks, one step per phase; a block opened shows its rounds.
#include <nlohmann/json.hpp>
#include <sstream>

#include "kinds/kind.h"
#include "kinds/multi_block/multi_block_state.h"
#include "scene/grid_scene.h"
#include "scene/grid_svg.h"

namespace scanviz {
namespace {

class MultiBlock final : public Kind {
 public:
  KindId Id() const override { return KindId::kMultiBlock; }
  KindEntry Entry() const override {
    return {.menu_name = "menu.multi_block",
            .tip = "Any n up to 65536: blocks scan their slices, one scans their sums, all add "
                   "offsets",
            .section = "Beyond one block",
            .keys = {{"M", "multi-block scan on / off (click a block: its rounds; Esc: back)"}},
            .implied_by = "--algorithm=multi-block",
            .cover = 2,
            .largest_n = kMaxGridElements,
            .state_flag = "multi_block"};
  }
  StepCounter Steps(AppState& app) const override {
    if (MultiBlockOf(app).grid.Opened()) {
      const Player& p = app.CurrentPlayer();
      return PlayerSteps(p, RoundHeading(app.Current().trace, p.Round()));
    }
    const Player& p = MultiBlockOf(app).grid.GridPlayer();
    return PlayerSteps(
        p, "step " + std::to_string(p.Round() + 1) + " of " + std::to_string(p.RoundCount()) +
               " · " + scene::GridStepTitle(MultiBlockOf(app).grid.Traced().grid, p.Round()));
  }
  std::string StatusNumbers(AppState& app) const override {
    if (MultiBlockOf(app).grid.Opened()) return BlockNumbers(app, app.Current(), "block of n");
    const GridTrace& g = MultiBlockOf(app).grid.Traced().grid;
    return "n = " + std::to_string(g.N()) + "  ·  " + ToString(app.Op()) + "  ·  " +
           std::to_string(g.BlockCount()) + " blocks of " + std::to_string(g.block_size) + " (" +
           DisplayName(g.block_algorithm) + ")";
  }
  bool Offers(AppState& app, SidePanel tab) const override {
    return MultiBlockOf(app).grid.Opened() || tab == SidePanel::kInspector ||
           tab == SidePanel::kCode || tab == SidePanel::kNarration;
  }
  std::string NotOffered(SidePanel tab) const override {
    return std::string(DisplayName(tab)) +
           " describes a single block's rounds: click a block of the grid to open it (Esc "
           "returns to the grid).";
  }
  std::string FigureStem(AppState& app) const override {
    std::string stem = std::string("scanviz-multi-block-") +
                       ToString(MultiBlockOf(app).grid.BlockAlgorithm()) + "-b" +
                       std::to_string(MultiBlockOf(app).grid.BlockSize());
    if (MultiBlockOf(app).grid.Opened())
      stem += "-block" + std::to_string(MultiBlockOf(app).grid.Opened()->block);
    return stem;
  }
  std::string FigureSvg(AppState& app, bool transparent) const override {
    if (MultiBlockOf(app).grid.Opened()) return BlockFigureSvg(app, transparent);
    scene::GridSvgOptions o;
    o.theme = app.view.theme;
    o.transparent = transparent;
    o.selected = MultiBlockOf(app).grid.selected;
    const GridSlot& slot = MultiBlockOf(app).grid.Traced();
    const int step = MultiBlockOf(app).grid.GridPlayer().Round();
    o.verdict = GridVerdict(slot, step == MultiBlockOf(app).grid.GridPlayer().RoundCount() - 1);
    std::ostringstream svg;
    scene::WriteGridSvg(MultiBlockOf(app).grid.Traced().grid,
                        MultiBlockOf(app).grid.GridPlayer().Round(), o, svg);
    return svg.str();
  }
  // An opened block's document is written later; the grid's now (its trace is not copied).
  std::function<std::string()> FigureSvgLater(AppState& app, bool transparent) const override {
    if (MultiBlockOf(app).grid.Opened()) return BlockFigureSvgLater(app, transparent);
    return Kind::FigureSvgLater(app, transparent);
  }
  bool Back(AppState& app) const override {
    if (!MultiBlockOf(app).grid.Opened()) return false;
    MultiBlockOf(app).grid.CloseBlock();
    return true;
  }
  void StateFields(AppState& app, nlohmann::json& j) const override {
    j["algorithm"] = kMultiBlockKey;
    const Player& gp = MultiBlockOf(app).grid.GridPlayer();
    j["grid"] = {{"step", gp.Round()},
                 {"of", gp.RoundCount()},
                 {"block_algorithm", ToString(MultiBlockOf(app).grid.BlockAlgorithm())},
                 {"block_size", MultiBlockOf(app).grid.BlockSize()},
                 {"blocks", MultiBlockOf(app).grid.Traced().grid.BlockCount()},
                 {"problems", MultiBlockOf(app).grid.Traced().problems},
                 {"checked", MultiBlockOf(app).grid.Traced().checked}};
    j["opened_block"] = MultiBlockOf(app).grid.Opened()
                            ? nlohmann::json::array({MultiBlockOf(app).grid.Opened()->level,
                                                     MultiBlockOf(app).grid.Opened()->block})
                            : nlohmann::json();
  }
};

}  // namespace

const Kind& MultiBlockKind() {
  static const MultiBlock kind;
  return kind;
}

// [SECTION] The kind's state, as the app holds it (multi_block_state.h)

MultiBlockState& MultiBlockOf(AppState& app) {
  return static_cast<MultiBlockState&>(app.StateOf(MultiBlockState::kId));
}
const MultiBlockState& MultiBlockOf(const AppState& app) {
  return static_cast<const MultiBlockState&>(app.StateOf(MultiBlockState::kId));
}

bool OpenBlock(AppState& app, int level, int block) {
  return app.ShownKind() == MultiBlockState::kId && MultiBlockOf(app).grid.OpenBlock(level, block);
}

}  // namespace scanviz
