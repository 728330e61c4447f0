// Every algorithm: each block algorithm's rounds in a pane of its own, the panes in a grid (2 x 2
// for four), stepped together; the block scans' tabs describe the chosen one.
#include <algorithm>
#include <cmath>

#include "core/registry.h"
#include "kinds/kind_view.h"

namespace scanviz {
namespace {

// The panes' grid: as many columns as rows, or one more (2 x 2 for four, 3 x 2 for five).
struct Panes {
  int columns = 1;
  int rows = 1;
};
Panes PanesFor(int count) {
  const int columns = std::max(1, static_cast<int>(std::ceil(std::sqrt(count))));
  return {columns, (count + columns - 1) / columns};
}

class EveryAlgorithm final : public KindView {
 public:
  float FigureNeed(KindFrame& f) const override {
    float widest = 0;
    for (int i = 0; i < kAlgorithmCount; ++i)
      widest = std::max(widest, f.views.arrays[i].NeededWidth(f.figure));
    return widest * static_cast<float>(PanesFor(kAlgorithmCount).columns);
  }
  void DrawCenter(KindFrame& f, ViewRect c) const override {
    const Panes panes = PanesFor(kAlgorithmCount);
    const float w = c.w / static_cast<float>(panes.columns);
    const float h = c.h / static_cast<float>(panes.rows);
    int i = 0;
    for (const AlgorithmInfo* info : Algorithms()) {
      const int column = i % panes.columns, row = i / panes.columns;
      const ViewRect pane{c.x + static_cast<float>(column) * w, c.y + static_cast<float>(row) * h,
                          w, h};
      f.views.arrays[i].Draw(f.figure, info->id, pane, true);
      ++i;
    }
  }
  // Every pane as wide as the widest one's figure.
  FigureWidth WidthOfFigure(KindFrame& f, float room) const override {
    float widest = 0;
    int i = 0;
    for (const AlgorithmInfo* info : Algorithms()) {
      const float w = f.views.arrays[i++].FigureWidth(f.figure, info->id, true);
      if (w <= 0) return NaturalWidth(0, room);  // a dense figure takes what it is given
      widest = std::max(widest, w);
    }
    return NaturalWidth(widest * static_cast<float>(PanesFor(kAlgorithmCount).columns), room);
  }
  bool DrawTab(KindFrame& f, SidePanel tab) const override { return DrawBlockTab(f, tab); }
};

}  // namespace

const KindView& EveryAlgorithmView() {
  static const EveryAlgorithm view;
  return view;
}

}  // namespace scanviz
