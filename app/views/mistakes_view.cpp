// The Mistakes tab (the mistakes lab, docs/mistakes.md): the shown algorithm's classic mistakes
// beside its correct kernel, the simulator's thread order, what each mistake takes away and why it
// matters, and the broken run against the correct one (teach/mistake_report.h): how many result
// cells are wrong, where the runs first part (a click selects that cell), and the first hazard.
// The figure rings the cells that differ in red (array_view.cpp).
#include <string>

#include "core/simulator.h"
#include "views/primitives.h"
#include "views/views.h"

namespace scanviz {

namespace {

void ThreadOrderControls(UiContext& ui) {
  AppState& app = ui.app;
  SimulatorOptions order = app.ThreadOrder();
  Heading("Thread order (the simulator)");
  struct Choice {
    ThreadOrder order;
    const char* label;
    const char* tip;
  };
  static const Choice kChoices[] = {
      {ThreadOrder::kAscending, "in-order", "Each round runs thread 0, then 1, 2, ..."},
      {ThreadOrder::kDescending, "reverse", "Each round runs the highest thread first"},
      {ThreadOrder::kShuffled, "random", "A fresh random order every round, from the seed"},
      {ThreadOrder::kWarpByWarp, "warp-by-warp",
       "Warp 0, then warp 1, ...; the 32 lanes of a warp in lockstep, as the hardware runs them"},
  };
  for (const Choice& c : kChoices) {
    SameLineIfFits(c.label, true);
    if (ImGui::RadioButton(c.label, order.order == c.order)) {
      order.order = c.order;
      app.SetThreadOrder(order);
    }
    Tip(ui, c.tip);
  }
  if (order.order == ThreadOrder::kShuffled) {
    int seed = static_cast<int>(order.seed);
    ImGui::SetNextItemWidth(120 * ui.scale);
    if (ImGui::InputInt("seed##order", &seed) && seed >= 0) {
      order.seed = static_cast<std::uint64_t>(seed);
      app.SetThreadOrder(order);
    }
    Tip(ui, "The random order's seed: the same seed, the same order, the same failure");
  }
}

// What a real GPU made of the same kernel, from the shipped results file (recorded by
// scripts/mistakes_device.sh; never simulated): how often each size came out right, and what
// racecheck, synccheck and memcheck said.
void GpuResults(UiContext& ui, Algorithm a, Mistake m) {
  const teach::LabLoad& lab = ui.app.lab;
  if (!lab.Ok()) {
    Heading("On a GPU");
    ImGui::TextWrapped("No GPU results: %s", lab.error.c_str());
    return;
  }
  const teach::LabResults& r = lab.results;
  Heading(("On an " + r.device + " (" + r.date + ")").c_str());
  const auto kernels = r.KernelsOf(a, m);
  if (kernels.empty()) {
    ImGui::TextWrapped("Not run on the GPU.");
    return;
  }
  ImGui::TextWrapped(
      "The kernel run %d times at each size on a random input (seed 5), without "
      "instrumentation (scripts/mistakes_device.sh):",
      kernels.front()->runs);
  for (const teach::LabKernel* k : kernels) {
    const std::string line = teach::DescribeKernel(*k);
    ImGui::Bullet();
    TextWrapped(ui, "gpu", line);
  }
  for (const teach::LabSanitizer* s : r.SanitizersOf(a, m)) {
    const std::string line = "compute-sanitizer " + s->tool + " at n = " + std::to_string(s->n) +
                             ": " +
                             (s->errors == 0 ? "clean" : std::to_string(s->errors) + " errors") +
                             " (" + s->summary + ")";
    ImGui::Bullet();
    TextWrapped(ui, "gpu", line);
  }
  const auto correct = r.KernelsOf(a, Mistake::kNone);
  if (!correct.empty()) {
    bool always = true;
    for (const teach::LabKernel* k : correct) always = always && k->right == k->runs;
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("The chapters' kernel, the same runs: %s",
                        always ? "right every time at every size" : "NOT always right");
    ImGui::PopTextWrapPos();
  }
}

void Comparison(UiContext& ui, const TraceSlot& slot) {
  const teach::MistakeReport& r = slot.mistake;
  const scene::Palette& pal = ui.palette;
  Heading("Against the correct kernel (same input)");
  const std::string result = "result: " + teach::ResultLine(slot.trace, r);
  TextWrappedColored(ui, "mistake", r.wrong > 0 ? pal.bad : pal.ok, result);
  if (r.wrong == 0) {
    ImGui::TextWrapped("Right by luck in this order: try another.");
    return;
  }
  if (r.diff_round >= 0) {
    const std::string diff = "first difference: " + teach::DifferenceLine(slot.trace, r);
    TextWrapped(ui, "mistake", diff);
    if (ImGui::IsItemHovered() && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
      AppState& app = ui.app;
      app.view.selected = scene::CellRef{r.diff_round, r.diff_array, r.diff_cell};
      app.view.selected_algorithm = slot.trace.meta.algorithm;
      app.PlayerOf(slot.trace.meta.algorithm).Seek(r.diff_round);
    }
    Tip(ui, "Click: select that cell and go to its round");
  }
  if (!r.hazard.empty()) {
    const std::string hazard = "hazard: " + r.hazard;
    TextWrappedColored(ui, "mistake", pal.bad, hazard);
  }
  if (const MistakeInfo* m = FindMistake(slot.trace.meta.mistake); m && m->no_barrier) {
    ImGui::TextWrapped(
        "Without barriers each round's snapshot is memory as the last %s to run it "
        "left it: the ones before had already run ahead.",
        slot.trace.meta.thread_order == "warp-by-warp" ? "warp" : "thread");
  }
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("The figure rings the cells that differ from the correct run in red.");
  ImGui::PopTextWrapPos();
}

}  // namespace

void DrawMistakesView(UiContext& ui) {
  AppState& app = ui.app;
  const Algorithm a = app.GetAlgorithm();
  Heading((std::string("Mistakes of ") + DisplayName(a)).c_str());
  const Mistake chosen = app.MistakeOf(a);
  bool any = false;
  if (ImGui::RadioButton("none: the chapters' kernel", chosen == Mistake::kNone))
    app.SetMistake(Mistake::kNone);
  Tip(ui, "Run the algorithm as the chapters write it");
  for (const MistakeInfo& m : Mistakes()) {
    if (m.algorithm != a) continue;
    any = true;
    // The key on the button, its name wrapped beside it: a narrow panel clips no words.
    if (ImGui::RadioButton(m.key, chosen == m.id)) app.SetMistake(m.id);
    Tip(ui, m.removed);
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", m.name);
    ImGui::PopTextWrapPos();
  }
  if (!any) {
    ImGui::TextWrapped("The lab has no mistakes of %s yet.", DisplayName(a));
    return;
  }
  ThreadOrderControls(ui);
  const MistakeInfo* m = FindMistake(chosen);
  if (m == nullptr) {
    ImGui::TextWrapped(
        "Pick a mistake to run it beside the correct kernel, in the thread order "
        "above.");
    return;
  }
  Heading("Taken away");
  TextWrapped(ui, "mistake", m->removed);
  if (m->step) {  // a line of the step changed: the two lines, one above the other
    const scene::Palette& pal = ui.palette;
    TextWrappedColored(pal.ok, std::string("chapters: ") + m->chapter_line);
    TextWrappedColored(ui, {"mistake", std::string("mistake: ") + m->mistaken_line}, pal.bad,
                       std::string("mistake:  ") + m->mistaken_line);
  }
  Heading("Why it matters");
  TextWrapped(ui, "mistake", m->why);
  const TraceSlot& slot = app.Slot(a);
  if (!slot.correct) {
    ImGui::TextWrapped("This trace was not made with the mistake (a file, or the GPU).");
  } else {
    Comparison(ui, slot);
  }
  GpuResults(ui, a, chosen);
}

}  // namespace scanviz
