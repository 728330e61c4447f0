// Side by side: the two panes, each an algorithm's rounds.
#include <algorithm>

#include "kinds/kind_view.h"
#include "kinds/side_by_side/side_by_side_state.h"

namespace scanviz {
namespace {

class SideBySide final : public KindView {
 public:
  float FigureNeed(KindFrame& f) const override {
    return f.views.arrays[0].NeededWidth(f.figure) + f.views.arrays[1].NeededWidth(f.figure);
  }
  void DrawCenter(KindFrame& f, ViewRect c) const override {
    AppState& st = f.ui.app;
    const float half = c.w * 0.5f;
    f.views.arrays[0].Draw(f.figure, SideBySideOf(st).Left(), {c.x, c.y, half, c.h}, true);
    f.views.arrays[1].Draw(f.figure, SideBySideOf(st).Right(), {c.x + half, c.y, half, c.h}, true);
  }
  // Two panes of one width: twice the wider one's.
  FigureWidth WidthOfFigure(KindFrame& f, float room) const override {
    AppState& st = f.ui.app;
    const float left = f.views.arrays[0].FigureWidth(f.figure, SideBySideOf(st).Left(), true);
    const float right = f.views.arrays[1].FigureWidth(f.figure, SideBySideOf(st).Right(), true);
    return NaturalWidth(left > 0 && right > 0 ? 2 * std::max(left, right) : 0, room);
  }
  bool DrawTab(KindFrame& f, SidePanel tab) const override { return DrawBlockTab(f, tab); }
};

}  // namespace

const KindView& SideBySideView() {
  static const SideBySide view;
  return view;
}

}  // namespace scanviz
