// An exported figure fitted to its picture (issue #26: "fitted to the picture", not the screen's
// figure anchored at the top of an empty page): drawn at k times the frame's scale, its fonts
// rebuilt at that size (crisp, not magnified) and ImGui's style scaled with them, in a rectangle
// centred in the picture that it fills. The kind says how wide it is at its natural size
// (kind_view.h's WidthOfFigure); a frame drawn at that width, not shown, says how tall (what it
// drew: ImGui's draw data and the renderer's pieces); k grows both until one side meets the
// picture's margin. figure_export.cpp draws and reads back the frame this builds.
#pragma once

#include <imgui.h>

#include <functional>
#include <vector>

#include "figures/figure_source.h"
#include "kinds/kind_view.h"

namespace scanviz {

struct FigureFit {
  float k = 1;  // the figure's scale over the frame's
  // Where it is drawn, pixels of the picture: the rectangle it was measured in, placed so that
  // what it draws is centred (its empty foot may reach past the picture's bottom).
  ViewRect rect;
};

// The fonts and ImGui's style at k times the frame's while it lives (the fonts rebuilt only when k
// changes); the frame's own given back at the end. Between ImGui frames only.
class FigureScale {
 public:
  explicit FigureScale(FigureSource& src);
  ~FigureScale();
  FigureScale(const FigureScale&) = delete;
  FigureScale& operator=(const FigureScale&) = delete;
  void Set(float k);
  float K() const { return m_k; }

 private:
  FigureSource& m_src;
  ImGuiStyle m_style;
  float m_figure_scale;
  float m_k = 1;
};

// One ImGui frame of a w x h picture holding the shown kind's figure alone (no panels, no hover,
// the whole figure at zoom 1) at the scale's k in `rect`: built, not drawn (ImGui's draw data and
// the renderer's pieces wait for the caller's framebuffer). `measure`: `rect` only bounds it, and
// the figure is drawn as wide as the kind says (kind_view.h's WidthOfFigure); the frame says
// where it was drawn and that width. `record`: its text goes to FigureSource::text
// (--dump-layout).
struct FigureFrame {
  ViewRect rect;
  FigureWidth width;
};
FigureFrame BuildFigureFrame(FigureSource& src, const FigureScale& scale, int w, int h,
                             ViewRect rect, bool measure, bool record);

// The fit in a w x h picture of the figure at each of `steps` (`seek` moves the kind to one; null:
// the step shown), one for them all so that a GIF's frames do not move: the largest k at which
// each fits the picture within its margin, and the rectangle of the largest, centred. Leaves
// `scale` at that k.
FigureFit FitFigure(FigureSource& src, FigureScale& scale, int w, int h,
                    const std::vector<int>& steps, const std::function<void(int)>& seek);

// FitFigure a figure frame at a time, so that an export beside the app (export_runner.h) spreads
// the measuring over the app's frames: Next measures one step (at most a few passes over them
// all, each at a larger or smaller k) and says whether the fit is known.
class FigureFitter {
 public:
  FigureFitter(int w, int h, std::vector<int> steps);
  bool Next(FigureSource& src, FigureScale& scale, const std::function<void(int)>& seek);
  bool Done() const { return m_done; }
  FigureFit Result() const { return m_fit; }

 private:
  struct Extent {
    FigureWidth width{1, false};
    float top = 0, bottom = 1;  // what was drawn, from the measuring rectangle's top
  };
  bool EndPass();  // after the last step of a pass: another pass, or the fit

  float m_w, m_h;
  ViewRect m_room;
  std::vector<int> m_steps;
  float m_k = 1, m_tall = 0;
  size_t m_index = 0;  // the next step of this pass
  int m_passes = 0;    // passes after the first
  Extent m_most;       // this pass's widest and tallest so far
  bool m_done = false;
  FigureFit m_fit;
};

}  // namespace scanviz
