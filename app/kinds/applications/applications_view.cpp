// An application of the scan in the centre; its Inspector (the element's story) and Narration.
#include "kinds/kind_view.h"

namespace scanviz {
namespace {

class Application final : public KindView {
 public:
  float FigureNeed(KindFrame& f) const override {
    return f.views.applications.NeededWidth(f.figure);
  }
  FigureWidth WidthOfFigure(KindFrame& f, float room) const override {
    return NaturalWidth(f.views.applications.FigureWidth(f.ui), room);
  }
  void DrawCenter(KindFrame& f, ViewRect c) const override { f.views.applications.Draw(f.ui, c); }
  void DrawFigure(KindFrame& f, ViewRect r) const override {
    f.views.applications.Draw(f.ui, r, true);
  }
  bool DrawTab(KindFrame& f, SidePanel tab) const override {
    switch (tab) {
      case SidePanel::kInspector:
        MarkTabContent(f.ui);
        DrawApplicationInspector(f.ui);
        return true;
      case SidePanel::kNarration:
        DrawApplicationNarration(f.ui);
        return true;
      default:
        return false;
    }
  }
};

}  // namespace

const KindView& ApplicationsView() {
  static const Application view;
  return view;
}

}  // namespace scanviz
