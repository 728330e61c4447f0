// The benchmark chart in the centre; it offers no side-panel tab.
#include "kinds/benchmark/bench_view.h"
#include "kinds/benchmark/gpus_chart_view.h"
#include "kinds/kind_view.h"

namespace scanviz {
namespace {

class Benchmark final : public KindView {
 public:
  void DrawCenter(KindFrame& f, ViewRect c) const override { DrawBenchView(f.ui, c); }
  void DrawFigure(KindFrame& f, ViewRect r) const override { DrawBenchView(f.ui, r, false); }
  // The one-GPU chart has a size of its own in text sizes (kBenchFigureEms wide, its plot
  // kBenchPlotEms tall in a figure), so that an export grows its text with the picture as it
  // grows the rounds' (figure_fit.h), not a chart stretched to 1920 px under 17 px labels.
  FigureWidth WidthOfFigure(KindFrame& f, float room) const override {
    if (GpusBenchShown(f.ui)) return {room, true};
    return NaturalWidth(f.ui.fonts.ui_px * kBenchFigureEms, room);
  }
  bool DrawTab(KindFrame&, SidePanel) const override { return false; }
  // Its menu item (the default), and its button in the view options' row, named by its own key.
  void DrawPart(UiContext& ui, const Kind& kind, KindPart part) const override {
    if (part != KindPart::kViewRow) return KindView::DrawPart(ui, kind, part);
    const bool shown = ui.app.ShownKind() == kind.Id();
    const char* key = KeyOfKind(kind.Id());
    const std::string label = std::string(shown ? "Rounds (" : "Benchmark (") + key + ")";
    SameLineIfFits(label.c_str(), false);
    if (ImGui::Button(label.c_str())) ui.app.ToggleKind(kind.Id());
    const std::string back = std::string("Back to ") + DisplayName(ui.app.WayBack());
    Tip(ui, shown ? back.c_str() : "The H200 benchmark chart in place of the rounds", key);
  }
};

}  // namespace

const KindView& BenchmarkView() {
  static const Benchmark view;
  return view;
}

}  // namespace scanviz
