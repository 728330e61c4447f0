// The kind interface's defaults (kind_model.h): a kind steps and seeks every shown player, and a
// tab it does not offer sends the reader to a block scan; and the applications' step caption.
#include "state/kind_model.h"

#include <string>


namespace scanviz {

void Kind::Step(AppState& app, int direction) const {
  for (Player* p : app.ShownPlayers()) {
    if (direction > 0) {
      p->StepForward();
    } else {
      p->StepBack();
    }
  }
}

void Kind::Seek(AppState& app, int step) const {
  for (Player* p : app.ShownPlayers()) p->Seek(step);
}

std::function<std::string()> Kind::FigureSvgLater(AppState& app, bool transparent) const {
  std::string svg = FigureSvg(app, transparent);
  if (svg.empty()) return {};
  return [svg = std::move(svg)] { return svg; };
}

std::string Kind::NotOffered(SidePanel tab) const {
  return std::string(DisplayName(tab)) +
         " describes a block scan's rounds: choose a block scan in the Show menu (or press Tab).";
}

void Kind::Show(AppState& app) const {
  app.SetKind(Id());
}

void Kind::OnKey(AppState& app, char) const {
  app.ToggleKind(Id());
}

}  // namespace scanviz
