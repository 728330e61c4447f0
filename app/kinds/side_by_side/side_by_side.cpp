// Side by side: any two block algorithms' rounds on the same input, stepped together (the
// shorter trace rests on its last round).
#include "core/registry.h"
#include "kinds/kind.h"
#include "kinds/side_by_side/side_by_side_state.h"

namespace scanviz {
namespace {

class SideBySide final : public Kind {
 public:
  KindId Id() const override { return KindId::kSideBySide; }
  KindEntry Entry() const override {
    return {.menu_name = "menu.side_by_side",
            .tip = "Two block scans at once, stepped together",
            .keys = {{"S", "side by side: two algorithms at once"},
                     {"W", "side by side, its right-hand pane the next algorithm"}},
            .implied_by = "--side-by-side --pair",
            .cover = 1,
            .state_flag = "side_by_side"};
  }
  // W: shown, its right-hand pane the next algorithm (never the left-hand one's).
  void OnKey(AppState& app, char key) const override {
    if (key != 'W') return Kind::OnKey(app, key);
    const auto all = Algorithms();
    std::size_t i = 0;
    SideBySideState& pair = SideBySideOf(app);
    while (i < all.size() && all[i]->id != pair.Right()) ++i;
    Algorithm next = all[(i + 1) % all.size()]->id;
    if (next == pair.Left()) next = all[(i + 2) % all.size()]->id;
    pair.SetPair(pair.Left(), next);
    Show(app);
  }
  // The longer trace's rounds: the slider reaches every round of both.
  StepCounter Steps(AppState& app) const override {
    Algorithm longer = SideBySideOf(app).Left();
    if (app.PlayerOf(SideBySideOf(app).Right()).RoundCount() > app.PlayerOf(longer).RoundCount())
      longer = SideBySideOf(app).Right();
    const Player& p = app.PlayerOf(longer);
    return PlayerSteps(p, std::string(DisplayName(longer)) + ": " +
                              RoundHeading(app.Slot(longer).trace, p.Round()));
  }
  std::string StatusNumbers(AppState& app) const override {
    std::string out = "n = " + std::to_string(app.Slot(SideBySideOf(app).Left()).trace.meta.n) +
                      "  ·  " + ToString(app.Op());
    for (Algorithm a : app.ShownAlgorithms()) {
      const TraceAnalysis& an = app.Slot(a).analysis;
      out += std::string("  ·  ") + DisplayName(a) + ": work " + std::to_string(an.work) +
             ", depth " + std::to_string(an.depth);
    }
    return out;
  }
  std::string FigureStem(AppState& app) const override {
    return std::string("scanviz-") + ToString(SideBySideOf(app).Left()) + "-vs-" +
           ToString(SideBySideOf(app).Right());
  }
  std::string FigureSvg(AppState& app, bool transparent) const override {
    return BlockFigureSvg(app, transparent);
  }
  std::function<std::string()> FigureSvgLater(AppState& app, bool transparent) const override {
    return BlockFigureSvgLater(app, transparent);
  }
};

}  // namespace

const Kind& SideBySideKind() {
  static const SideBySide kind;
  return kind;
}

// [SECTION] The kind's state, as the app holds it (side_by_side_state.h)

SideBySideState& SideBySideOf(AppState& app) {
  return static_cast<SideBySideState&>(app.StateOf(SideBySideState::kId));
}
const SideBySideState& SideBySideOf(const AppState& app) {
  return static_cast<const SideBySideState&>(app.StateOf(SideBySideState::kId));
}

}  // namespace scanviz
