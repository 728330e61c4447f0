// The single-pass timeline in the centre; its Narration tab.
#include "kinds/single_pass/timeline_view.h"
#include "kinds/kind_view.h"

namespace scanviz {
namespace {

class SinglePass final : public KindView {
 public:
  void DrawCenter(KindFrame& f, ViewRect c) const override { DrawTimelineView(f.ui, c); }
  void DrawFigure(KindFrame& f, ViewRect r) const override { DrawTimelineView(f.ui, r, false); }
  FigureWidth WidthOfFigure(KindFrame& f, float) const override {
    return {TimelineFigureWidth(f.ui), true};
  }
  bool DrawTab(KindFrame& f, SidePanel tab) const override {
    if (tab != SidePanel::kNarration) return false;
    DrawSinglePassNarration(f.ui);
    return true;
  }
};

}  // namespace

const KindView& SinglePassView() {
  static const SinglePass view;
  return view;
}

}  // namespace scanviz
