// Parallel allocation in the applications mode's panels (views/applications/ui_entry.h): a
// thread's colour, and no parameter: the input is the sizes.
#include "views/applications/ui_entry.h"

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
