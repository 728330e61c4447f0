// Split in the applications mode's panels (kinds/applications/entries/ui_entry_view.h): the zeros' and the
// ones' colours (radix sort's passes share them), and --bit as a slider.
#include "kinds/applications/application_view.h"
#include "kinds/applications/entries/ui_entry_view.h"

namespace scanviz {

void SplitLegend(UiContext& ui) {
  ApplicationSwatch(ui, kApplicationZeros, "bit 0: goes with the zeros, first");
  ApplicationSwatch(ui, kApplicationOnes, "bit 1: goes with the ones, after");
  ApplicationSwatch(ui, kApplicationFlagged, "flag 1: a zero (the scan counts the zeros)");
}

namespace {

void Controls(UiContext& ui, ApplicationModel& model) {
  int bit = model.SplitBit();
  ImGui::SetNextItemWidth(-ui.fonts.ui_px * 3);
  if (ImGui::SliderInt("bit", &bit, 0, 31)) model.SetSplitBit(bit);
  Place(ui, "split_bit");
  Tip(ui, "--bit K: the elements whose bit K is 0 go first, then those with a 1");
}

}  // namespace

const UiApplication k_split_ui = {.legend = SplitLegend, .controls = Controls};

}  // namespace scanviz
