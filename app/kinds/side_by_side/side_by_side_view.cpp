// Side by side: the two panes, each an algorithm's rounds.
#include <algorithm>

#include "core/registry.h"
#include "kinds/kind_view.h"
#include "kinds/side_by_side/side_by_side_state.h"

namespace scanviz {
namespace {

// Side by side's two panes: any two algorithms.
void PairSettings(UiContext& ui) {
  AppState& app = ui.app;
  for (int side = 0; side < 2; ++side) {
    const Algorithm shown = side == 0 ? SideBySideOf(app).Left() : SideBySideOf(app).Right();
    ImGui::SetNextItemWidth(-1);
    const bool open = ImGui::BeginCombo(side == 0 ? "##left" : "##right", DisplayName(shown));
    Tip(ui, side == 0 ? "The left pane's algorithm" : "The right pane's algorithm");
    if (!open) continue;
    for (const AlgorithmInfo* info : Algorithms()) {
      if (ImGui::Selectable(info->name, info->id == shown)) {
        side == 0 ? SideBySideOf(app).SetPair(info->id, SideBySideOf(app).Right())
                  : SideBySideOf(app).SetPair(SideBySideOf(app).Left(), info->id);
      }
      Tip(ui, info->summary);
    }
    ImGui::EndCombo();
  }
}

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
  // Its menu item (the default), and its checkbox over the kind before, with the pair's choice.
  void DrawPart(UiContext& ui, const Kind& kind, KindPart part) const override {
    if (part != KindPart::kToggle) return KindView::DrawPart(ui, kind, part);
    bool pair = ui.app.ShownKind() == kind.Id();
    if (ImGui::Checkbox("Side by side", &pair)) ui.app.ToggleKind(kind.Id());
    Tip(ui, "Two algorithms at once, stepped together", KeyOfKind(kind.Id()));
    if (pair) PairSettings(ui);
  }
};

}  // namespace

const KindView& SideBySideView() {
  static const SideBySide view;
  return view;
}

}  // namespace scanviz
