// The registry of the kinds' views, and what they share: the block scans' tabs.
#include "kinds/kind_view.h"
#include "views/primitives.h"

namespace scanviz {

#define SCANVIZ_KIND_DECLARE(id, name, key, display) const KindView& name##View();
SCANVIZ_FOR_EACH_KIND(SCANVIZ_KIND_DECLARE)
#undef SCANVIZ_KIND_DECLARE

const KindView& KindViewOf(KindId id) {
  // In KindId's order: the same list.
#define SCANVIZ_KIND_ENTRY(id, name, key, display) &name##View(),
  static const KindView* const kViews[kKindCount] = {SCANVIZ_FOR_EACH_KIND(SCANVIZ_KIND_ENTRY)};
#undef SCANVIZ_KIND_ENTRY
  return *kViews[static_cast<int>(id)];
}

void KindView::DrawPart(UiContext& ui, const Kind& kind, KindPart part) const {
  if (part != KindPart::kMenu) return;
  const KindEntry entry = kind.Entry();
  const char* keys = entry.keys.empty() ? nullptr : entry.keys.front().key;
  if (MenuItem(ui, entry.menu_name, DisplayName(kind.Id()), keys, ui.app.ShownKind() == kind.Id(),
               entry.tip))
    kind.Show(ui.app);
}

void DrawKindPart(UiContext& ui, KindId id, KindPart part) {
  KindViewOf(id).DrawPart(ui, KindOf(id), part);
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
