// An application of the scan in the centre; its Inspector (the element's story) and Narration.
#include <utility>

#include "kinds/applications/application_view.h"
#include "core/applications/applications.h"
#include "kinds/applications/applications_state.h"
#include "kinds/kind_view.h"

namespace scanviz {
namespace {

class Application final : public KindView {
 public:
  float FigureNeed(KindFrame& f) const override {
    return f.views.applications.NeededWidth(f.figure);
  }
  FigureWidth WidthOfFigure(KindFrame& f, float room) const override {
    return NaturalWidth(f.views.applications.FigureWidth(f.ui), room);
  }
  void DrawCenter(KindFrame& f, ViewRect c) const override { f.views.applications.Draw(f.ui, c); }
  void DrawFigure(KindFrame& f, ViewRect r) const override {
    f.views.applications.Draw(f.ui, r, true);
  }
  bool DrawTab(KindFrame& f, SidePanel tab) const override {
    switch (tab) {
      case SidePanel::kInspector:
        MarkTabContent(f.ui);
        DrawApplicationInspector(f.ui);
        return true;
      case SidePanel::kNarration:
        DrawApplicationNarration(f.ui);
        return true;
      default:
        return false;
    }
  }
  // Its submenu (one item an application) and its radio button with the application's choices.
  void DrawPart(UiContext& ui, const Kind& kind, KindPart part) const override {
    if (part == KindPart::kMenu) Menu(ui, kind);
    if (part == KindPart::kChoice) DrawApplicationControls(ui, kind);
  }

 private:
  static void Menu(UiContext& ui, const Kind& kind) {
    AppState& app = ui.app;
    std::string outer;
    if (!BeginSubMenu(ui, "menu.applications", "Applications", &outer)) return;
    for (const ApplicationInfo& info : Applications()) {
      const std::string name = std::string("menu.app.") + info.key;
      if (MenuItem(ui, name.c_str(), info.name, nullptr,
                   app.ShownKind() == kind.Id() && ApplicationsOf(app).model.Application() == info.id,
                   info.summary)) {
        ApplicationsOf(app).model.SetApplication(info.id);
        kind.Show(app);
      }
    }
    EndSubMenu(ui, std::move(outer));
  }
};

}  // namespace

const KindView& ApplicationsView() {
  static const Application view;
  return view;
}

}  // namespace scanviz
