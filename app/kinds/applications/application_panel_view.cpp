// The panels in the applications mode: the controls' choice of application and its rule (--keep,
// --bit, --bits), and the side panel's Inspector (the view's colours, then the story of the
// element under the pointer or clicked, its invariant checked against the trace) and Narration
// (what the application is for, its three steps, why it is right). The block scans' legend and
// invariant windows say nothing about an application's rows, so they give way.
#include "kinds/applications/applications_state.h"
#include "kinds/kind_model.h"
#include "scene/application_scene.h"
#include "views/views.h"

namespace scanviz {
namespace {

// A legend line: a filled swatch in the view's colour, then what it means.
void Swatch(UiContext& ui, scene::Rgba colour, const std::string& meaning) {
  const float h = ImGui::GetTextLineHeight();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddRectFilled(
      ImVec2(at.x, at.y + h * 0.1f), ImVec2(at.x + h * 1.6f, at.y + h * 0.95f), ToImU32(colour));
  ImGui::Dummy(ImVec2(h * 1.6f, h));
  ImGui::SameLine();
  ImGui::TextWrapped("%s", meaning.c_str());
  Record(ui, "legend", meaning);
}

}  // namespace

void DrawApplicationInspector(UiContext& ui) {
  AppState& app = ui.app;
  const ApplicationSlot& slot = ApplicationsOf(app).model.Traced();
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("Legend");
  if (slot.trace) {
    switch (slot.trace->application) {
      case ApplicationKind::kCompact:
        Swatch(ui, kApplicationFlagged, "flag 1: kept (its input and scan cells lit too)");
        break;
      case ApplicationKind::kSplit:
      case ApplicationKind::kRadixSort:
        Swatch(ui, kApplicationZeros, "bit 0: goes with the zeros, first");
        Swatch(ui, kApplicationOnes, "bit 1: goes with the ones, after");
        Swatch(ui, kApplicationFlagged, "flag 1: a zero (the scan counts the zeros)");
        break;
      case ApplicationKind::kAllocate:
        Swatch(ui, kApplicationFlagged, "a thread's size and offset; its slice of the pool");
        break;
    }
    Swatch(ui, kApplicationKept, "written by the scatter");
  }
  ImGui::Separator();
  ImGui::TextDisabled("Inspector");
  const ApplicationsState& kind = ApplicationsOf(app);
  const std::optional<int> i = kind.hovered ? kind.hovered : kind.selected;
  if (!slot.trace || !i) {
    ImGui::TextWrapped("Hover or click an element for its flag, scan value and destination.");
    ImGui::PopTextWrapPos();
    return;
  }
  const application_scene::ElementStory story = application_scene::StoryOf(
      *slot.trace, ApplicationsOf(app).model.ApplicationPlayer().Round(), *i);
  ImGui::TextUnformatted(story.title.c_str());
  Record(ui, "line", story.title);
  for (const std::string& line : story.lines) {
    ImGui::Bullet();
    ImGui::TextWrapped("%s", line.c_str());
    Record(ui, "line", line);
  }
  if (!story.check.empty()) {
    TextWrappedColored(story.ok ? ui.palette.ok : ui.palette.bad, story.check);
    Record(ui, "check", story.check);
  }
  ImGui::PopTextWrapPos();
}

void DrawApplicationNarration(UiContext& ui) {
  const ApplicationInfo& info = Info(ApplicationsOf(ui.app).model.Application());
  const std::string title = std::string(info.name) + ": " + info.summary;
  const std::string steps = std::string("Each pass: step 1 writes the ") + info.flags_name +
                            ", one per element; step 2 scans them (exclusive), giving the " +
                            info.scan_name + "; step 3 scatters each element by them into the " +
                            "output (" + info.output_name + ").";
  DrawLargeParagraphs(ui, title, {steps, std::string("Why it is right: ") + info.invariant});
}

// [SECTION] The controls panel's entry

void DrawApplicationControls(UiContext& ui, const Kind& kind) {
  ApplicationModel& model = ApplicationsOf(ui.app).model;
  const bool shown = ui.app.ShownKind() == kind.Id();
  if (ImGui::RadioButton("Applications", shown)) kind.Show(ui.app);
  Place(ui, "apps");
  Tip(ui,
      "What a scan is for: compaction, split, radix sort and allocation on this input, each "
      "pass stepped through flag, scan and scatter");
  if (!shown) return;
  ImGui::Indent();
  ImGui::SetNextItemWidth(-1);
  const bool open = ImGui::BeginCombo("##app", Info(model.Application()).name);
  Place(ui, "application_kind");
  Tip(ui, "The application of the scan to run on the input");
  if (open) {
    for (const ApplicationInfo& info : Applications()) {
      if (ImGui::Selectable(info.name, info.id == model.Application()))
        model.SetApplication(info.id);
      Tip(ui, info.summary);
    }
    ImGui::EndCombo();
  }
  switch (model.Application()) {
    case ApplicationKind::kCompact: {
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
      break;
    }
    case ApplicationKind::kSplit: {
      int bit = model.SplitBit();
      ImGui::SetNextItemWidth(-ui.fonts.ui_px * 3);
      if (ImGui::SliderInt("bit", &bit, 0, 31)) model.SetSplitBit(bit);
      Place(ui, "split_bit");
      Tip(ui, "--bit K: the elements whose bit K is 0 go first, then those with a 1");
      break;
    }
    case ApplicationKind::kRadixSort: {
      int bits = model.RadixBits();
      ImGui::SetNextItemWidth(-ui.fonts.ui_px * 3);
      if (ImGui::SliderInt("bits", &bits, 0, 32, bits == 0 ? "as needed" : "%d"))
        model.SetRadixBits(bits);
      Place(ui, "radix_bits");
      Tip(ui,
          "--bits K: one split per bit, lowest first (0: as many as the keys need; 32 with "
          "a negative key)");
      break;
    }
    case ApplicationKind::kAllocate:
      ImGui::TextWrapped("the input is each thread's size (>= 0)");
      break;
  }
  ImGui::Unindent();
}

}  // namespace scanviz
