// The multi-block scan's centre: the grid, or a block opened from it under a bar that leads back
// (Esc); its own Inspector, Code and Narration tabs, the block scan's tabs for an opened block.
#include "kinds/kind_view.h"
#include "kinds/multi_block/multi_block_state.h"
#include "scene/grid_scene.h"
#include "views/primitives.h"

namespace scanviz {
namespace {

void DrawBlockBar(UiContext& ui, ViewRect rect) {
  AppState& st = ui.app;
  BeginPanelWindow("##block_bar", rect);
  if (ImGui::Button("← Back to the grid")) MultiBlockOf(st).grid.CloseBlock();
  Place(ui, "grid_back");
  Tip(ui, "Return to the multi-block scan's grid (Esc)");
  const GridTrace* level = MultiBlockOf(st).grid.Opened()
                               ? scene::GridLevel(MultiBlockOf(st).grid.Traced().grid,
                                                  MultiBlockOf(st).grid.Opened()->level)
                               : nullptr;
  if (level != nullptr && MultiBlockOf(st).grid.Opened()->block < level->BlockCount()) {
    const OpenedBlock b = *MultiBlockOf(st).grid.Opened();
    ImGui::SameLine();
    const std::string what =
        "block " + std::to_string(b.block) + " of " + std::to_string(level->BlockCount()) +
        (b.level > 0 ? " (level " + std::to_string(b.level) + ": the sums scan)" : "") +
        " · elements " + std::to_string(level->BlockBegin(b.block)) + ".." +
        std::to_string(level->BlockBegin(b.block) + level->BlockCount(b.block) - 1) +
        " · phase 1 of the multi-block scan";
    Text(ui, "block", what);
  }
  ImGui::End();
}

class MultiBlock final : public KindView {
 public:
  float FigureNeed(KindFrame& f) const override {
    return MultiBlockOf(f.ui.app).grid.Opened() ? f.views.arrays[0].NeededWidth(f.figure)
                                                : f.views.grid.NeededWidth(f.figure);
  }
  void DrawCenter(KindFrame& f, ViewRect c) const override {
    if (MultiBlockOf(f.ui.app).grid.Opened()) {
      const float bar = f.ui.fonts.ui_px * 2.2f;
      DrawBlockBar(f.ui, {c.x, c.y, c.w, bar});
      c = {c.x, c.y + bar, c.w, c.h - bar};
    }
    DrawFigure(f, c);
  }
  void DrawFigure(KindFrame& f, ViewRect r) const override {
    AppState& st = f.ui.app;
    if (MultiBlockOf(st).grid.Opened()) {
      f.views.arrays[0].Draw(f.figure, MultiBlockOf(st).grid.BlockAlgorithm(), r, true);
    } else {
      f.views.grid.Draw(f.figure, r);
    }
  }
  FigureWidth WidthOfFigure(KindFrame& f, float room) const override {
    AppState& st = f.ui.app;
    return NaturalWidth(
        MultiBlockOf(st).grid.Opened()
            ? f.views.arrays[0].FigureWidth(f.figure, MultiBlockOf(st).grid.BlockAlgorithm(), true)
            : f.views.grid.FigureWidth(f.figure),
        room);
  }
  bool DrawTab(KindFrame& f, SidePanel tab) const override {
    if (MultiBlockOf(f.ui.app).grid.Opened())
      return DrawBlockTab(f, tab);  // the opened block's rounds
    switch (tab) {
      case SidePanel::kInspector:
        MarkTabContent(f.ui);
        DrawGridInspector(f.ui, f.views.grid.Scene());
        return true;
      case SidePanel::kCode:
        DrawGridCode(f.ui);
        return true;
      case SidePanel::kNarration:
        DrawGridNarration(f.ui);
        return true;
      default:
        return false;
    }
  }
};

}  // namespace

const KindView& MultiBlockView() {
  static const MultiBlock view;
  return view;
}

}  // namespace scanviz
