// The single-pass scan with decoupled look-back, as a timeline of tiles: the simulator's schedule
// or a GPU's recording. Its steps are the moments something was published; ← and → move the
// cursor from one to the next.
#include <algorithm>
#include <sstream>

#include "kinds/kind.h"
#include "kinds/single_pass/single_pass_state.h"
#include "scene/timeline.h"
#include "scene/timeline_svg.h"

namespace scanviz {
namespace {

std::int64_t Cursor(const AppState& app, const SinglePassTrace& t) {
  const std::int64_t span = t.Span();
  return SinglePassOf(app).timeline_cursor < 0 ? span
                                               : std::min(SinglePassOf(app).timeline_cursor, span);
}

class SinglePass final : public Kind {
 public:
  KindId Id() const override { return KindId::kSinglePass; }
  KindEntry Entry() const override {
    return {.menu_name = "menu.single_pass",
            .tip = "One pass with decoupled look-back: tiles down, time across",
            .keys = {{"L", "single-pass timeline (again: back)"}},
            .implied_by = "--panel=timeline",
            .cover = 4,
            .state_flag = "timeline"};
  }
  // Shown from the start, so that → steps through the publications.
  void Show(AppState& app) const override {
    app.SetKind(Id());
    SinglePassOf(app).timeline_cursor = 0;
  }
  void OnKey(AppState& app, char key) const override {
    Kind::OnKey(app, key);
    if (app.ShownKind() == Id()) SinglePassOf(app).timeline_cursor = 0;
  }
  StepCounter Steps(AppState& app) const override {
    const SinglePassTrace& t = SinglePassOf(app).model.Traced();
    const std::vector<std::int64_t> moments = timeline::Moments(t);
    const std::int64_t now = Cursor(app, t);
    StepCounter c;
    c.count = std::max<int>(1, static_cast<int>(moments.size()));
    const auto at = std::upper_bound(moments.begin(), moments.end(), now);
    c.step = std::clamp(static_cast<int>(at - moments.begin()) - 1, 0, c.count - 1);
    c.caption = "moment " + std::to_string(c.step + 1) + " of " + std::to_string(c.count) + " · " +
                timeline::Caption(t, now);
    return c;
  }
  void Step(AppState& app, int direction) const override {
    const SinglePassTrace& t = SinglePassOf(app).model.Traced();
    const std::vector<std::int64_t> moments = timeline::Moments(t);
    if (moments.empty()) return;
    const std::int64_t now = Cursor(app, t);
    std::int64_t to = now;
    if (direction > 0) {
      auto it = std::upper_bound(moments.begin(), moments.end(), now);
      to = it == moments.end() ? moments.back() : *it;
    } else {
      auto it = std::lower_bound(moments.begin(), moments.end(), now);
      to = it == moments.begin() ? moments.front() : *std::prev(it);
    }
    SinglePassOf(app).timeline_cursor = to;
  }
  void Seek(AppState& app, int step) const override {
    const std::vector<std::int64_t> moments = timeline::Moments(SinglePassOf(app).model.Traced());
    if (moments.empty()) return;
    const int last = static_cast<int>(moments.size()) - 1;
    SinglePassOf(app).timeline_cursor = moments[static_cast<size_t>(std::clamp(step, 0, last))];
  }
  std::string StatusNumbers(AppState& app) const override {
    const SinglePassTrace& t = SinglePassOf(app).model.Traced();
    const SinglePassSummary s = Summarize(t);
    return "single pass  ·  n = " + std::to_string(t.N()) + "  ·  " + std::to_string(s.tiles) +
           (s.tiles == 1 ? " tile of " : " tiles of ") + std::to_string(t.tile_size) + "  ·  " +
           std::to_string(s.tiles_that_waited) + " waited  ·  " +
           (t.measured ? "measured" : "simulated");
  }
  bool Offers(AppState&, SidePanel tab) const override { return tab == SidePanel::kNarration; }
  std::string NotOffered(SidePanel tab) const override {
    return std::string(DisplayName(tab)) +
           " describes a block scan's rounds; each tile of the single-pass scan runs one (the "
           "Block scan kind shows its rounds). The timeline's legend and the status words at "
           "the cursor are beside it; the Narration tab tells it in words.";
  }
  std::string FigureStem(AppState& app) const override {
    return "scanviz-single-pass-t" + std::to_string(SinglePassOf(app).model.Traced().tile_size);
  }
  std::string FigureSvg(AppState& app, bool transparent) const override {
    scene::TimelineSvgOptions o;
    o.theme = app.view.theme;
    o.transparent = transparent;
    o.origin = SinglePassOf(app).model.Origin();  // the view's words (issue #37 item 13)
    std::ostringstream svg;
    scene::WriteTimelineSvg(SinglePassOf(app).model.Traced(), SinglePassOf(app).timeline_cursor, o,
                            svg);
    return svg.str();
  }
};

}  // namespace

const Kind& SinglePassKind() {
  static const SinglePass kind;
  return kind;
}

// [SECTION] The kind's state, as the app holds it (single_pass_state.h)

SinglePassState& SinglePassOf(AppState& app) {
  return static_cast<SinglePassState&>(app.StateOf(SinglePassState::kId));
}
const SinglePassState& SinglePassOf(const AppState& app) {
  return static_cast<const SinglePassState&>(app.StateOf(SinglePassState::kId));
}

}  // namespace scanviz
