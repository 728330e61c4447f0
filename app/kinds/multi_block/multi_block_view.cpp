// The multi-block scan's centre: the grid, or a block opened from it under a bar that leads back
// (Esc); its own Inspector, Code and Narration tabs, the block scan's tabs for an opened block.
#include "kinds/multi_block/grid_view.h"
#include "core/registry.h"
#include "kinds/kind_view.h"
#include "kinds/multi_block/multi_block_state.h"
#include "scene/grid_scene.h"
#include "views/primitives.h"

namespace scanviz {
namespace {

// The grid's own settings: which block algorithm each block runs, and the block size.
void GridSettings(UiContext& ui) {
  AppState& app = ui.app;
  ImGui::Indent();
  ImGui::TextUnformatted("blocks");
  ImGui::PushID("blocks");  // the same names as the algorithm buttons above, other buttons
  for (const AlgorithmInfo* info : Algorithms()) {  // any of them scans a block
    SameLineIfFits(info->name, true);
    if (ImGui::RadioButton(info->name, MultiBlockOf(app).grid.BlockAlgorithm() == info->id))
      MultiBlockOf(app).grid.SetBlockAlgorithm(info->id);
    Tip(ui, "The block scan each block runs in phase 1 and phase 2");
  }
  ImGui::PopID();
  const std::string size = std::to_string(MultiBlockOf(app).grid.BlockSize());
  ImGui::SetNextItemWidth(ui.fonts.ui_px * 6);
  const bool sizes_open = ImGui::BeginCombo("block size", size.c_str());
  Place(ui, "block_size");
  Tip(ui, "Elements per block (threads per block): a power of two from 4 to 1024");
  if (sizes_open) {
    for (int b = kMinGridBlockSize; b <= kMaxGridBlockSize; b *= 2) {
      if (ImGui::Selectable(std::to_string(b).c_str(), b == MultiBlockOf(app).grid.BlockSize()))
        MultiBlockOf(app).grid.SetBlockSize(b);
      Tip(ui, "Blocks of this many elements");
    }
    ImGui::EndCombo();
  }
  ImGui::Unindent();
}

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
  // Its menu item (the default), and its radio button, with the grid's settings while shown.
  void DrawPart(UiContext& ui, const Kind& kind, KindPart part) const override {
    if (part != KindPart::kChoice) return KindView::DrawPart(ui, kind, part);
    const bool shown = ui.app.ShownKind() == kind.Id();
    if (ImGui::RadioButton("Multi-block (grid)", shown)) kind.Show(ui.app);
    Place(ui, "multi_block");
    Tip(ui, "Any n up to 65536: blocks scan their slices, one block scans their totals, every "
            "block adds its offset", KeyOfKind(kind.Id()));
    if (shown) GridSettings(ui);
  }
};

}  // namespace

const KindView& MultiBlockView() {
  static const MultiBlock view;
  return view;
}

}  // namespace scanviz
