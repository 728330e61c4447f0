// Every algorithm (V): each block algorithm's rounds on the same input at once, stepped together
// (a shorter trace rests on its last round), so that a class sees how their work and depth differ
// round by round. Issue #35's proof that a kind is its folder and its registry line: its state and
// its model half here, its view half in every_algorithm_view.cpp, its line in state/kind_id.h.
#include <memory>

#include "core/registry.h"
#include "kinds/kind.h"
#include "state/kind_state.h"

namespace scanviz {
namespace {

std::vector<Algorithm> Every() {
  std::vector<Algorithm> out;
  for (const AlgorithmInfo* info : Algorithms()) out.push_back(info->id);
  return out;
}

// [SECTION] Its state: the block scans' players, all shown; nothing of its own but being shown,
// which a session says by the kind's name (Session::kind). The players' rounds travel as every
// session's do (player_rounds).
class EveryAlgorithmState final : public KindState {
 public:
  KindId Id() const override { return KindId::kEveryAlgorithm; }
  std::vector<Player*> ShownPlayers(KindHost& host) override {
    std::vector<Player*> out;
    for (Algorithm a : Every()) out.push_back(&host.BlockPlayer(a));
    return out;
  }
  std::vector<Algorithm> ShownAlgorithms(const KindHost&) const override { return Every(); }
  bool TracesNow(const KindHost&, Algorithm) const override { return true; }
  bool KeepsOnAlgorithm() const override { return true; }  // the chosen one is the tabs' subject
  void WriteSession(const KindHost&, bool shown, Session& s) const override {
    if (shown) s.kind = ToString(Id());
  }
  bool ShownIn(const Session& s) const override { return s.kind == ToString(Id()); }
};

// [SECTION] Its model half: the longest trace's rounds are its steps.
class EveryAlgorithm final : public Kind {
 public:
  KindId Id() const override { return KindId::kEveryAlgorithm; }
  KindEntry Entry() const override {
    return {.menu_name = "menu.every_algorithm",
            .tip = "Every block scan at once, stepped together: their rounds, work and depth",
            .keys = {{"V", "every block algorithm at once, stepped together"}},
            .cover = 1};
  }
  StepCounter Steps(AppState& app) const override {
    Algorithm longest = Every().front();
    for (Algorithm a : Every())
      if (app.PlayerOf(a).RoundCount() > app.PlayerOf(longest).RoundCount()) longest = a;
    const Player& p = app.PlayerOf(longest);
    return PlayerSteps(p, std::string(DisplayName(longest)) + ": " +
                              RoundHeading(app.Slot(longest).trace, p.Round()));
  }
  std::string StatusNumbers(AppState& app) const override {
    std::string out = "n = " + std::to_string(app.Slot(Every().front()).trace.meta.n) + "  ·  " +
                      ToString(app.Op());
    for (Algorithm a : Every()) {
      const TraceAnalysis& an = app.Slot(a).analysis;
      out += std::string("  ·  ") + DisplayName(a) + ": work " + std::to_string(an.work) +
             ", depth " + std::to_string(an.depth);
    }
    return out;
  }
  std::string FigureStem(AppState&) const override { return "scanviz-every-algorithm"; }
  std::string FigureSvg(AppState& app, bool transparent) const override {
    return BlockFigureSvg(app, transparent);
  }
  std::function<std::string()> FigureSvgLater(AppState& app, bool transparent) const override {
    return BlockFigureSvgLater(app, transparent);
  }
};

}  // namespace

std::unique_ptr<KindState> MakeEveryAlgorithmState(const ModelInput&, const BlockSelection&) {
  return std::make_unique<EveryAlgorithmState>();
}

const Kind& EveryAlgorithmKind() {
  static const EveryAlgorithm kind;
  return kind;
}

}  // namespace scanviz
