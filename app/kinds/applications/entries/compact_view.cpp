// Stream compaction in the applications mode's panels (kinds/applications/entries/ui_entry_view.h): the kept
// colour, and --keep's rules as radio buttons with greater:K's K.
#include "kinds/applications/application_view.h"
#include "kinds/applications/entries/ui_entry_view.h"

namespace scanviz {
namespace {

void Legend(UiContext& ui) {
  ApplicationSwatch(ui, kApplicationFlagged, "flag 1: kept (its input and scan cells lit too)");
}

void Controls(UiContext& ui, ApplicationModel& model) {
  ImGui::TextUnformatted("keep");
  const KeepRule keep = model.Keep();
  for (KeepKind k : {KeepKind::kOdd, KeepKind::kEven, KeepKind::kPositive, KeepKind::kNonzero,
                     KeepKind::kGreater}) {
    KeepRule rule{k, k == KeepKind::kGreater ? keep.threshold : 0};
    std::string label = ToString(rule, ElementType::kInt32);
    if (k == KeepKind::kGreater) label = "greater";
    SameLineIfFits(label.c_str(), true);
    if (ImGui::RadioButton(label.c_str(), keep.kind == k)) model.SetKeep(rule);
    Tip(ui, "--keep: the elements the flag step keeps (odd and even: int32 only)");
  }
  if (keep.kind == KeepKind::kGreater) {
    float k = static_cast<float>(keep.threshold);
    ImGui::SetNextItemWidth(ui.fonts.ui_px * 6);
    if (ImGui::InputFloat("K##keep", &k, 1, 10, "%g")) model.SetKeep({KeepKind::kGreater, k});
    Tip(ui, "greater:K keeps the elements above K");
  }
}

}  // namespace

const UiApplication k_compact_ui = {.legend = Legend, .controls = Controls};

}  // namespace scanviz
