// Parallel allocation in the applications mode's panels (kinds/applications/entries/ui_entry_view.h): a
// thread's colour, and no parameter: the input is the sizes.
#include "kinds/applications/application_view.h"
#include "kinds/applications/entries/ui_entry_view.h"

namespace scanviz {
namespace {

void Legend(UiContext& ui) {
  ApplicationSwatch(ui, kApplicationFlagged, "a thread's size and offset; its slice of the pool");
}

void Controls(UiContext&, ApplicationModel&) {
  ImGui::TextWrapped("the input is each thread's size (>= 0)");
}

}  // namespace

const UiApplication k_allocate_ui = {.legend = Legend, .controls = Controls};

}  // namespace scanviz
