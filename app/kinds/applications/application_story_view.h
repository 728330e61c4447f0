// The applications view's text above its figure (application_view.cpp): the heading, where it ran,
// the verdict, the pass and step, the note and the step's narration; or why it cannot run.
#pragma once

#include <string>

#include "kinds/applications/application_model.h"
#include "scene/application_scene.h"
#include "views/views.h"

namespace scanviz {

void DrawCannotRun(UiContext& ui, ApplicationKind application, const std::string& error);
void DrawStory(UiContext& ui, const ApplicationSlot& slot, const application_scene::PassLayout& l);

}  // namespace scanviz
