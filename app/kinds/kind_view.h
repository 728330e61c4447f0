// The drawing half of a kind of view (kind_model.h): the figure in the centre of the window, the
// bars around it on screen, the width its text needs, and the side-panel tabs it offers. One file
// per kind, kinds/<name>_view.cpp, found through KindViewOf.
#pragma once

#include "kinds/applications/application_view.h"
#include "kinds/multi_block/grid_view.h"
#include "kinds/kind.h"
#include "views/views.h"

namespace scanviz {

// The views that keep a cache between frames, one of each, owned by main; the kinds draw with
// them.
struct ViewSet {
  // [0] the shown algorithm (or the left pane), [1] the right pane; one for each algorithm where
  // a kind shows them all at once.
  ArrayView arrays[kAlgorithmCount > 2 ? kAlgorithmCount : 2];
  CodeView code;
  GridView grid;
  ApplicationView applications;
};

// The figure's width at the frame's scale, for an export: `natural`, what it fills when nothing
// squeezes it (its cells at their widest, its heading on one line); or, when it `stretches` to
// any width it is given (the timeline, the benchmark chart, a dense row of cells), the width from
// which its text needs no wrapping (the export then scales it no further than that allows).
struct FigureWidth {
  float natural = 0;
  bool stretches = false;
};
// A view's natural width, or 0 for one that stretches to `room`.
inline FigureWidth NaturalWidth(float natural, float room) {
  return natural > 0 ? FigureWidth{natural, false} : FigureWidth{room, true};
}

// What a frame gives a kind to draw with: the panels' context and the figure's (at its own zoom,
// Ctrl + / -), and the views.
struct KindFrame {
  UiContext& ui;
  UiContext& figure;
  ViewSet& views;
};

class KindView {
 public:
  virtual ~KindView() = default;
  // The width the figure's text needs (the layout gives way to it); 0: any width will do.
  virtual float FigureNeed(KindFrame&) const { return 0; }
  // The centre on screen: the figure and the bars around it.
  virtual void DrawCenter(KindFrame& frame, ViewRect rect) const = 0;
  // The figure alone, for an export (no bars, no buttons); by default the centre.
  virtual void DrawFigure(KindFrame& frame, ViewRect rect) const { DrawCenter(frame, rect); }
  // How wide the figure is for an export, which draws it that wide, measures how tall it is and
  // scales the two together to its picture (figure_fit.h). By default it stretches to `room`.
  virtual FigureWidth WidthOfFigure(KindFrame&, float room) const { return {room, true}; }
  // A side-panel tab: drawn (true), or not offered here (false; Kind::NotOffered says why).
  virtual bool DrawTab(KindFrame& frame, SidePanel tab) const = 0;
  // Its parts outside the centre (KindPart): its line in the Show menu, by default an item (its
  // name, its first key, checked while shown; chosen: Kind::Show); its controls in the left
  // panel, by default none.
  virtual void DrawPart(UiContext& ui, const Kind& kind, KindPart part) const;
};

const KindView& KindViewOf(KindId id);
// The kind's part, from the registry (UiContext::draw_kind_part, handed to the views).
void DrawKindPart(UiContext& ui, KindId id, KindPart part);

// [SECTION] Shared by the kinds' views
// The block scans' tabs, whichever kind shows block rounds (one, side by side, a grid's block).
bool DrawBlockTab(KindFrame& frame, SidePanel tab);
// The side panel's tab area from the cursor to the window's corner, for --dump-layout.
void MarkTabContent(UiContext& ui);

}  // namespace scanviz
