// A kind of view: what the centre of the window shows (kind_id.h lists them). Each kind is a
// module behind one interface, found in a registry (KindOf, kinds/kind.h), as an algorithm is
// (docs/architecture.md, "Kinds of view"). The player, the shortcuts, the status bar, the state
// file, the exports and the side panel ask the shown kind; none of them tests which kind it is.
//
// A kind has two halves, on Tracy's line between the model and the view: this UI-free one (its
// steps and how they are named, what its numbers are, its file stem and SVG, what Escape does),
// in kinds/<name>/<name>.cpp, tested without a window; and the drawing one (kinds/kind_view.h),
// in kinds/<name>/<name>_view.cpp. What a kind keeps (its model, settings and view state) is its
// state's (kind_state.h), which AppState holds and loops over; its model traces when first asked.
//
// This interface stands beside AppState, below the views that ask the shown kind (the player's
// controls, the menu bar, the status bar); the kinds, whose drawing halves draw with the views,
// stand above them, and the views reach the shown kind through their context (UiContext), to
// which the frame hands the registry. kind_model.cpp holds the interface's defaults.
#pragma once

#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "state/kind_entry.h"
#include "state/kind_id.h"
#include "state/app_state.h"
#include "state/settings.h"

namespace scanviz {

// Where the player stands, in the one wording the slider, the header and the status bar share:
// "round 2 of 3 · stride 2", "step 3 of 8 · phase 2: the block sums' scan".
struct StepCounter {
  int step = 0;   // 0-based
  int count = 1;  // at least 1
  std::string caption;
  // How an exported figure's file names this step ("round6", as its heading counts; core's
  // RoundFileTag); empty: "round" and the step.
  std::string file_tag;
};

class Kind {
 public:
  virtual ~Kind() = default;
  virtual KindId Id() const = 0;

  // [SECTION] The player: its steps, and what a step is called.
  virtual StepCounter Steps(AppState& app) const = 0;
  // → and ← (a clicker's page keys), the slider, Home and End: by default every shown player
  // (AppState::ShownPlayers); a kind without players (the timeline) moves its own cursor.
  virtual void Step(AppState& app, int direction) const;
  virtual void Seek(AppState& app, int step) const;

  // [SECTION] What it says: the status bar's numbers ("n = 13 · add · 4 blocks of 4"), and why
  // a side-panel tab it does not offer is empty, with where to look instead.
  virtual std::string StatusNumbers(AppState& app) const = 0;
  // Whether the side panel's `tab` says something about what is shown (every tab of a block
  // scan's rounds does); else NotOffered says why it is empty and where to look.
  virtual bool Offers(AppState&, SidePanel) const { return true; }
  virtual std::string NotOffered(SidePanel tab) const;

  // [SECTION] Export: the file stem ("scanviz-multi-block-blelloch-b4"), and the figure at the
  // current step as an SVG document (empty: a picture only, written as PNG).
  virtual std::string FigureStem(AppState& app) const = 0;
  virtual std::string FigureSvg(AppState& app, bool transparent) const = 0;
  // The same SVG written later, on another thread (an export beside the app, export_runner.h):
  // what it needs copied now, the writing (the long part: 100 ms at n = 1024) left to the
  // function. Empty for a picture only. By default the document is written now.
  virtual std::function<std::string()> FigureSvgLater(AppState& app, bool transparent) const;

  // [SECTION] Escape with nothing else open: true when the kind took it (an opened block of the
  // grid closes); else it drops the selection.
  virtual bool Back(AppState&) const { return false; }

  // [SECTION] The state file (--state-file, StateJson in headless.h): the kind's own fields
  // ("grid", "application"), beside those every kind has.
  virtual void StateFields(AppState&, nlohmann::json&) const {}

  // [SECTION] How a person reaches it (kind_entry.h): its menu line, its keys and their help
  // lines, the names older command lines and state files gave it; the menu, the shortcuts, the
  // key help, the command line and the state file read them here and name no kind. Show: chosen
  // in the menu (by default it is shown); OnKey: one of its keys pressed (by default it is shown,
  // or, shown already, the kind before it comes back).
  virtual KindEntry Entry() const = 0;
  virtual void Show(AppState& app) const;
  virtual void OnKey(AppState& app, char key) const;
};

// The registry: each kind's entry, in KindId's order (app/kinds/registry.cpp defines it, from the
// list in kind_id.h). Declared with the interface, so that what stands below the kinds (the views'
// panels, the key table) can ask the shown kind without including the kinds.
const Kind& KindOf(KindId id);
inline const Kind& ShownKindOf(const AppState& app) {
  return KindOf(app.ShownKind());
}

}  // namespace scanviz
