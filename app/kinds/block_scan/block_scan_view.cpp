// The block scan's centre: the shown algorithm's rounds; an input longer than a block shows its
// first block, under a bar that says so and leads to the multi-block grid.
#include "core/registry.h"
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
  const char* grid_key = KeyOfKind(KindId::kMultiBlock);
  const std::string grid = std::string("Multi-block (") + grid_key + ")";
  if (ImGui::Button(grid.c_str())) KindOf(KindId::kMultiBlock).Show(st);
  Tip(ui, "Scan the whole input with a grid of blocks", grid_key);
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
  // Its menu lines and radio buttons: one for each algorithm.
  void DrawPart(UiContext& ui, const Kind& kind, KindPart part) const override {
    if (part == KindPart::kMenu) Menu(ui, kind);
    if (part == KindPart::kChoice) Choice(ui, kind);
  }

 private:
  static void Menu(UiContext& ui, const Kind& kind) {
    AppState& app = ui.app;
    const bool shown = app.ShownKind() == kind.Id();
    for (const AlgorithmInfo* info : Algorithms()) {
      const std::string name = std::string("menu.") + info->key;
      if (MenuItem(ui, name.c_str(), info->name, nullptr, shown && app.GetAlgorithm() == info->id,
                   info->summary)) {
        app.SetAlgorithm(info->id);
        kind.Show(app);
      }
    }
  }
  static void Choice(UiContext& ui, const Kind& kind) {
    AppState& app = ui.app;
    const bool shown = app.ShownKind() == kind.Id();
    // Side by side where they fit: the list grows with the registry, the panel must still show
    // its Export buttons at 900 pixels.
    for (const AlgorithmInfo* info : Algorithms()) {
      if (info != Algorithms().front()) SameLineIfFits(info->name, true);
      if (ImGui::RadioButton(info->name, shown && app.GetAlgorithm() == info->id)) {
        app.SetAlgorithm(info->id);
        kind.Show(app);
      }
      Tip(ui, info->summary);
    }
  }
};

}  // namespace

const KindView& BlockScanView() {
  static const BlockScan view;
  return view;
}

}  // namespace scanviz
