// Radix sort in the applications mode's panels (kinds/applications/entries/ui_entry_view.h): split's colours,
// and --bits as a slider whose 0 is "as many as the keys need".
#include "kinds/applications/application_view.h"
#include "kinds/applications/entries/ui_entry_view.h"

namespace scanviz {
namespace {

void Controls(UiContext& ui, ApplicationModel& model) {
  int bits = model.RadixBits();
  ImGui::SetNextItemWidth(-ui.fonts.ui_px * 3);
  if (ImGui::SliderInt("bits", &bits, 0, 32, bits == 0 ? "as needed" : "%d"))
    model.SetRadixBits(bits);
  Place(ui, "radix_bits");
  Tip(ui,
      "--bits K: one split per bit, lowest first (0: as many as the keys need; 32 with "
      "a negative key)");
}

}  // namespace

const UiApplication k_radix_sort_ui = {.legend = SplitLegend, .controls = Controls};

}  // namespace scanviz
