// The registry of the kinds' views, and what they share: the block scans' tabs.
#include "kinds/kind_view.h"
#include "views/primitives.h"

namespace scanviz {

const KindView& BlockScanView();
const KindView& SideBySideView();
const KindView& MultiBlockView();
const KindView& SinglePassView();
const KindView& ApplicationsView();
const KindView& BenchmarkView();

const KindView& KindViewOf(KindId id) {
  static const KindView* const kViews[kKindCount] = {&BlockScanView(),    &SideBySideView(),
                                                     &MultiBlockView(),   &SinglePassView(),
                                                     &ApplicationsView(), &BenchmarkView()};
  return *kViews[static_cast<int>(id)];
}

void MarkTabContent(UiContext& ui) {
  DumpContentFromCursor(ui);
}

bool DrawBlockTab(KindFrame& frame, SidePanel tab) {
  UiContext& ui = frame.ui;
  switch (tab) {
    case SidePanel::kInspector:
      DrawLegendView(ui);
      ImGui::Separator();
      MarkTabContent(ui);
      DrawInspectorView(ui);
      return true;
    case SidePanel::kCode:
      frame.views.code.Draw(ui);
      return true;
    case SidePanel::kNarration:
      DrawNarrationView(ui);
      return true;
    case SidePanel::kWorkDepth:
      DrawWorkDepthView(ui);
      return true;
    case SidePanel::kNumerics:
      DrawNumericsView(ui);
      return true;
    case SidePanel::kWarpsBanks:
      DrawWarpsBanksView(ui);
      return true;
    case SidePanel::kMistakes:
      DrawMistakesView(ui);
      return true;
  }
  return false;
}

}  // namespace scanviz
