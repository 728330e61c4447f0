// The block scan's centre: the shown algorithm's rounds; an input longer than a block shows its
// first block, under a bar that says so and leads to the multi-block grid.
#include "kinds/kind_view.h"
#include "views/primitives.h"

namespace scanviz {
namespace {

void DrawTruncatedBar(UiContext& ui, ViewRect rect) {
  AppState& st = ui.app;
  BeginPanelWindow("##truncated_bar", rect);
  const std::string what = "n = " + std::to_string(st.Values().size()) +
                           ": a block scan holds one block of at most 1024 elements, so it "
                           "shows the first 1024. The multi-block scan (M) scans them all.";
  if (ImGui::Button("Multi-block (M)")) st.SetKind(KindId::kMultiBlock);
  Tip(ui, "Scan the whole input with a grid of blocks", KeyAction::kMultiBlock);
  ImGui::SameLine();
  TextWrappedColored(ui, "truncated", ui.palette.bad, what);
  ImGui::End();
}

class BlockScan final : public KindView {
 public:
  float FigureNeed(KindFrame& f) const override { return f.views.arrays[0].NeededWidth(f.figure); }
  void DrawCenter(KindFrame& f, ViewRect c) const override {
    if (f.ui.app.BlockScansTruncated()) {
      const float bar = f.ui.fonts.ui_px * 2.2f;
      DrawTruncatedBar(f.ui, {c.x, c.y, c.w, bar});
      c = {c.x, c.y + bar, c.w, c.h - bar};
    }
    DrawFigure(f, c);
  }
  void DrawFigure(KindFrame& f, ViewRect r) const override {
    f.views.arrays[0].Draw(f.figure, f.ui.app.GetAlgorithm(), r, true);
  }
  FigureWidth WidthOfFigure(KindFrame& f, float room) const override {
    return NaturalWidth(f.views.arrays[0].FigureWidth(f.figure, f.ui.app.GetAlgorithm(), true),
                        room);
  }
  bool DrawTab(KindFrame& f, SidePanel tab) const override { return DrawBlockTab(f, tab); }
};

}  // namespace

const KindView& BlockScanView() {
  static const BlockScan view;
  return view;
}

}  // namespace scanviz
