// The benchmark chart in the centre; it offers no side-panel tab.
#include "kinds/kind_view.h"

namespace scanviz {
namespace {

class Benchmark final : public KindView {
 public:
  void DrawCenter(KindFrame& f, ViewRect c) const override { DrawBenchView(f.ui, c); }
  void DrawFigure(KindFrame& f, ViewRect r) const override { DrawBenchView(f.ui, r, false); }
  bool DrawTab(KindFrame&, SidePanel) const override { return false; }
};

}  // namespace

const KindView& BenchmarkView() {
  static const Benchmark view;
  return view;
}

}  // namespace scanviz
