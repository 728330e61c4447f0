// The app's entry of each application (kinds/applications/entries/<name>_view.cpp), as core's ApplicationInfo
// is core's: what the applications mode's panels show of it that only ImGui can (the Legend's
// swatches, the controls for its parameter). application_panel_view.cpp asks these, never which
// application is chosen; the words come from the scene's entry (scene/applications/).
#pragma once

#include <string>

#include "views/views.h"

namespace scanviz {

struct UiApplication {
  void (*legend)(UiContext& ui);                             // the Legend's swatches
  void (*controls)(UiContext& ui, ApplicationModel& model);  // its parameter (--keep, --bit, ...)
};

#define SCANVIZ_UI_APPLICATION_DECLARE(id, ns) extern const UiApplication k_##ns##_ui;
SCANVIZ_FOR_EACH_APPLICATION(SCANVIZ_UI_APPLICATION_DECLARE)
#undef SCANVIZ_UI_APPLICATION_DECLARE

const UiApplication& UiOf(ApplicationKind application);

// A legend line: a filled swatch in the view's colour, then what it means.
void ApplicationSwatch(UiContext& ui, scene::Rgba colour, const std::string& meaning);
// Split's swatches, which radix sort's passes share (split.cpp).
void SplitLegend(UiContext& ui);

}  // namespace scanviz
