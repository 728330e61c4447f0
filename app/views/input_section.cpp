// The left panel's input section: undo and redo, sessions, the values as text, n and the seed,
// random values and presets, the operator, the element type and the conversion round.

#include <algorithm>
#include <cstdio>

#include "core/input.h"
#include "core/registry.h"
#include "state/kind_model.h"
#include "views/primitives.h"
#include "views/views.h"
// After imgui.h (views.h): it uses IMGUI_API.
#include <imgui_internal.h>  // ClearActiveID: the page's own field takes the Input box's keys
#include <imgui_stdlib.h>

namespace scanviz {

namespace {

const char* OpTip(OpKind op) {
  switch (op) {
    case OpKind::kAdd:
      return "Sums: each result adds every value up to it";
    case OpKind::kMax:
      return "The largest value so far";
    case OpKind::kMin:
      return "The smallest value so far";
    case OpKind::kLast:
      return "The last non-zero value so far: last(a, b) = b unless b is 0 (not commutative)";
  }
  return "";
}

// Undo and redo of input edits, beside the section's heading; the tooltip names the edit.
void UndoButtons(UiContext& ui) {
  AppState& app = ui.app;
  const EditHistory& history = app.History();
  // On the heading's line when they fit beside the « at its right end, else on a line of their own.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float need = ImGui::CalcTextSize("Undo").x + ImGui::CalcTextSize("Redo").x +
                     style.FramePadding.x * 4 + style.ItemSpacing.x * 2;
  ImGui::SameLine();
  if (ImGui::GetCursorPosX() + need > ImGui::GetContentRegionMax().x - ui.fonts.ui_px * 1.6f)
    ImGui::NewLine();
  ImGui::BeginDisabled(!history.CanUndo());
  if (InlineButton(ui, "Undo")) app.Undo();
  ImGui::EndDisabled();
  Place(ui, "undo");
  const std::string undo =
      history.CanUndo() ? "Undo the last edit: " + Describe(history.NextUndo()) : "Nothing to undo";
  Tip(ui, undo.c_str(), KeyAction::kUndo);
  ImGui::SameLine();
  ImGui::BeginDisabled(!history.CanRedo());
  if (InlineButton(ui, "Redo")) app.Redo();
  ImGui::EndDisabled();
  Place(ui, "redo");
  const std::string redo =
      history.CanRedo() ? "Redo: " + Describe(history.NextRedo()) : "Nothing to redo";
  Tip(ui, redo.c_str(), KeyAction::kRedo);
}

// The section's heading, with Open…, Save…, Undo and Redo beside it and « at its right end.
void InputHeading(UiContext& ui) {
  ViewState& vs = ui.app.view;
  ImGui::TextDisabled("Input");
  // Sessions and traces: beside the Input heading, where they cost the figure no room.
  ImGui::SameLine();
  if (InlineButton(ui, "Open…")) vs.file_dialog = FileDialog::kOpen;
  Place(ui, "open");
  Tip(ui, "Open a session (.scanviz) or a trace from scanviz-cli trace -o; or drop the file on "
          "the window", KeyAction::kOpenFile);
  ImGui::SameLine();
  if (InlineButton(ui, "Save…")) vs.file_dialog = FileDialog::kSave;
  Place(ui, "save_session");
  Tip(ui, "Save the session: input, algorithm, round and view, and a trace opened from a file",
      KeyAction::kSaveSession);
  UndoButtons(ui);
  // « folds the panel into a strip, giving the figure its width ([ does the same).
  ImGui::SameLine(ImGui::GetContentRegionMax().x -
                  std::max(ui.fonts.ui_px * 1.4f, InlineButtonWidth("«")));
  if (InlineButton(ui, "«")) vs.left.Hide();
  Place(ui, "hide_controls");
  Tip(ui, "Hide the controls", KeyAction::kHideControls);
}

// On the web page after a touch the box's text is typed in the page's own field over it (touch.h),
// for which a phone opens its keyboard: a tap on the box opens it, its Enter applies the text as
// the box's Enter does, Escape or leaving it keeps the array. True while it is open.
bool PageInputBox(UiContext& ui, bool activated) {
  AppState& app = ui.app;
  ViewState& vs = app.view;
  PageField& field = vs.page_field;
  if (!field.on) return false;
  bool applied = false;
  std::string text;
  if (field.TakeEnd("input", &applied, &text)) {
    if (applied) app.SetInputText(text);
    vs.input_editing = false;
    return false;
  }
  if (!activated && field.shown != "input") return false;
  if (activated) ImGui::ClearActiveID();  // ImGui's box lets go: the page's field has the keys
  const ImVec2 mn = ImGui::GetItemRectMin(), mx = ImGui::GetItemRectMax();
  field.want = "input";
  field.rect = {mn.x, mn.y, mx.x - mn.x, mx.y - mn.y};
  field.text = vs.input_draft;
  field.numeric = false;
  vs.input_editing = true;
  return true;
}

// The values as text. While the box has the keyboard it edits a draft; the edit is applied when
// it ends (Enter, a click elsewhere, Escape): a valid array replaces the trace, an invalid one
// stays in the box with its error beside it, and the trace stays the last good one.
void InputBox(UiContext& ui) {
  AppState& app = ui.app;
  ViewState& vs = app.view;
  if (!vs.input_editing) vs.input_draft = app.InputText();
  ImGui::SetNextItemWidth(-1);
  if (vs.keyboard.field_request == "input") {  // I: the keyboard into the box
    ImGui::SetKeyboardFocusHere();
    vs.keyboard.field_request.clear();
  }
  const bool enter = ImGui::InputTextMultiline(
      "##input", &vs.input_draft, ImVec2(-1, ui.fonts.ui_px * 3.2f),
      ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CtrlEnterForNewLine);
  Place(ui, "input");
  if (PageInputBox(ui, ImGui::IsItemActivated())) return;
  Tip(ui, "The input: values separated by spaces or commas; Enter applies them");
  const bool active = ImGui::IsItemActive();
  const bool escape = active && vs.text_escape;
  if (escape) {
    vs.text_escape = false;
    ImGui::SetWindowFocus(nullptr);  // leaves the box, keeping what was typed
  }
  if (enter || escape || ImGui::IsItemDeactivated()) {
    if (vs.input_draft != app.InputText() || !app.InputError().empty())
      app.SetInputText(vs.input_draft);
    vs.input_editing = false;
  } else {
    vs.input_editing = active;
  }
  // Recorded here, not by the box as it draws: the web page's own field may have taken the frame.
  Record(ui, "input", vs.input_draft);
  std::string problem = app.InputError();
  if (vs.input_editing) {
    // Checked as it is typed; applied when the edit ends.
    const ParsedValues typed = ParseValues(vs.input_draft, app.Type(), kMaxGridElements);
    problem = typed.error;
    if (typed.Ok() && vs.input_draft != app.InputText()) {
      TextDim(ui, "hint", "Enter applies it");
    }
  }
  if (!problem.empty()) {
    TextWrappedColored(ui, "error", ui.palette.bad, "✗ " + problem);
  }
}

// n and the seed, and what n = ... says when it was out of range or past one block. Returns n as
// the field holds it (Randomise draws that many).
int SizeAndSeed(UiContext& ui) {
  AppState& app = ui.app;
  ViewState& vs = app.view;
  int n = static_cast<int>(app.Values().size());
  ImGui::SetNextItemWidth(ui.fonts.ui_px * 7);
  if (vs.keyboard.field_request == "n") {  // N: the keyboard into n
    ImGui::SetKeyboardFocusHere();
    vs.keyboard.field_request.clear();
  }
  const bool n_entered = ImGui::InputInt("n", &n, 1, 8, ImGuiInputTextFlags_EnterReturnsTrue);
  // A new n on its way: the note on the last one goes (typing the n it already has returns no
  // change, and the note would stay).
  if (ImGui::IsItemActivated()) vs.n_note.clear();
  Place(ui, "n");
  Tip(ui, "How many values, 1 to 65536 (a block scan shows the first 1024; the multi-block scan "
          "all): fewer cuts the end, more adds random values from the seed");
  if (n_entered) {
    // 1..65536. Out of range is said, not silently clamped; past one block, which view scans it.
    vs.n_note.clear();
    vs.n_note_for = std::clamp(n, 1, kMaxGridElements);
    if (n > kMaxGridElements || n < 1) {
      vs.n_note = "n = " + std::to_string(n) + ": n is 1 to " + std::to_string(kMaxGridElements) +
                  " (a block scan shows the first " + std::to_string(kMaxElements) +
                  ", the multi-block scan all); n is " +
                  std::to_string(std::clamp(n, 1, kMaxGridElements));
    } else if (n > kMaxElements && !app.ShownAlgorithms().empty() &&
               !app.StateOf(app.ShownKind()).OpenedAlgorithm()) {
      vs.n_note = "n = " + std::to_string(n) + ": a block scan shows the first " +
                  std::to_string(kMaxElements) + "; Multi-block (M) scans all of them";
    }
    app.Resize(n);
  }
  int seed = static_cast<int>(app.Seed());
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ui.fonts.ui_px * 5);
  if (ImGui::InputInt("seed", &seed, 0, 0))
    app.SetSeed(static_cast<std::uint64_t>(std::max(seed, 0)));
  Tip(ui, "The seed Randomise draws from (and n, when it adds values)");
  if (!vs.n_note.empty()) {
    // Said until n changes again.
    if (static_cast<int>(app.Values().size()) != vs.n_note_for) vs.n_note.clear();
    TextWrappedColored(ui, "error", ui.palette.bad, vs.n_note);
  }
  return n;
}

// Randomise and New seed, then the presets.
void RandomAndPresets(UiContext& ui, int n) {
  AppState& app = ui.app;
  if (ImGui::Button("Randomise")) app.RandomizeAgain(n);
  Place(ui, "randomise");
  Tip(ui, "n new random values: the next seed's (a seed just typed: that seed's)");
  SameLineIfFits("New seed", false);
  if (ImGui::Button("New seed")) app.Randomize(n, app.Seed() + 1);
  Tip(ui, "The next seed, and n random values from it");
  std::vector<Preset> presets = MakePresets(app.Presets(), app.Seed());
  ImGui::SetNextItemWidth(-1);
  const bool presets_open = ImGui::BeginCombo("##presets", "Presets…");
  Place(ui, "presets");
  Tip(ui, "Ready-made inputs: the chapters' example, awkward sizes, int32 wrap, float32 rounding");
  if (presets_open) {
    for (const Preset& p : presets) {
      if (ImGui::Selectable(p.name.c_str())) app.ApplyPreset(p);
      Tip(ui, "Replace the input with this one (Ctrl+Z brings the old one back)");
    }
    ImGui::EndCombo();
  }
}

// The operator, the element type and the conversion round.
void OperatorAndType(UiContext& ui) {
  AppState& app = ui.app;
  ImGui::TextUnformatted("operator");
  for (OpKind op : kAllOps) {
    SameLineIfFits(ToString(op), true);
    if (ImGui::RadioButton(ToString(op), app.Op() == op)) app.SetOp(op);
    Place(ui, (std::string("op ") + ToString(op)).c_str());
    Tip(ui, OpTip(op));
  }
  ImGui::TextUnformatted("type");
  for (ElementType t : {ElementType::kInt32, ElementType::kFloat32}) {
    SameLineIfFits(ToString(t), true);
    if (ImGui::RadioButton(ToString(t), app.Type() == t)) app.SetType(t);
    Tip(ui, t == ElementType::kInt32 ? "32-bit integers: sums past 2³¹ − 1 wrap around"
                                     : "32-bit floats: a tree of additions rounds unlike a loop");
  }
  bool convert = app.Convert();
  if (ImGui::Checkbox(Info(app.GetAlgorithm()).inclusive ? "Conversion round (→ exclusive)"
                                                         : "Conversion round (→ inclusive)",
                      &convert)) {
    app.SetConvert(convert);
  }
  Tip(ui, "One more traced round turns an inclusive result exclusive, an exclusive one inclusive");
}

}  // namespace

void DrawInputSection(UiContext& ui) {
  InputHeading(ui);
  InputBox(ui);
  const int n = SizeAndSeed(ui);
  RandomAndPresets(ui, n);
  OperatorAndType(ui);
}

}  // namespace scanviz
