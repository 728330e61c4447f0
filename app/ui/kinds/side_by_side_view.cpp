// Side by side: the two panes, each an algorithm's rounds.
#include "kinds/kind_view.h"

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
    f.views.arrays[0].Draw(f.figure, st.Left(), {c.x, c.y, half, c.h}, true);
    f.views.arrays[1].Draw(f.figure, st.Right(), {c.x + half, c.y, half, c.h}, true);
  }
  bool DrawTab(KindFrame& f, SidePanel tab) const override { return DrawBlockTab(f, tab); }
};

}  // namespace

const KindView& SideBySideView() {
  static const SideBySide view;
  return view;
}

}  // namespace scanviz
