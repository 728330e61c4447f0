// The block scan: one algorithm's rounds, as the chapters draw them.
#include <string>
#include <string_view>

#include "core/registry.h"
#include "kinds/kind.h"

namespace scanviz {
namespace {

// The round as an exported figure's file names it, by the count its heading says (issue #37 item
// 15: Blelloch's "round 6 of 6" was written as ..._round7): "round2" for Hillis-Steele's "round 2
// of 3"; where the heading counts a phase's own rounds, as the Blelloch chapter numbers its sweeps,
// the phase too ("down-sweep-round1" for "down-sweep round 1 of 3"), so the sweeps' rounds of one
// number never share a file; "round0" for the first step before any round (the input, the
// staging step); another step no round counts by its phase's key ("seed").
std::string RoundFileTag(const Trace& trace, int index) {
  if (index <= 0 || index >= static_cast<int>(trace.rounds.size())) return "round0";
  const RoundSpec& s = trace.rounds[static_cast<size_t>(index)].spec;
  const AlgorithmInfo& info = Info(trace.meta.algorithm);
  if (s.phase >= info.phases.size()) return "round0";
  const PhaseInfo& phase = info.phases[s.phase];
  const ChapterRound c = ChapterRoundOf(trace, index);
  if (c.number == 0) return phase.key;
  // The same test as RoundHeading's: a title with "{round}" counts across the whole scan.
  if (std::string_view(phase.title).find("{round}") != std::string_view::npos) return "round" + std::to_string(c.number);
  return std::string(phase.key) + "-round" + std::to_string(s.phase_round);
}

class BlockScan final : public Kind {
 public:
  KindId Id() const override { return KindId::kBlockScan; }
  // The menu lists each algorithm (its view half); Tab and B step through them.
  KindEntry Entry() const override { return {.section = "Block scans (Tab: the next one)"}; }
  StepCounter Steps(AppState& app) const override {
    const Player& p = app.CurrentPlayer();
    StepCounter c = PlayerSteps(p, RoundHeading(app.Current().trace, p.Round()));
    c.file_tag = RoundFileTag(app.Current().trace, p.Round());
    return c;
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
