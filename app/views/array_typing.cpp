// Click and type (issue #37 item 10): a value typed while a cell of this pane is selected opens the
// in-place editor of its column's input cell holding what was typed, as a spreadsheet does (typing
// replaces the value, Enter applies, Escape cancels). The keys reach it through ViewState's
// CellTyping (shortcuts.cpp) until the editor has the keyboard; after that they are the field's.
#include "state/cell_edit.h"
#include "views/views.h"

namespace scanviz {

namespace {

bool TypingEnded(const ViewState& vs) {
  return vs.cell_typing && (vs.cell_typing->enter || vs.cell_typing->escape);
}

}  // namespace

void ArrayView::TakeCellTyping(ViewState& vs, Algorithm algorithm) {
  if (!vs.cell_typing || vs.cell_typing->algorithm != algorithm) return;
  ViewState::CellTyping& t = *vs.cell_typing;
  t.unseen_frames = 0;
  if (m_editing != t.pos) m_focus_editor = kFocusFrames;
  m_editing = t.pos;
  m_edit_text = t.text;
  m_typed = true;
  m_caret_to_end = true;
}

// The typed value's Enter or Escape, come before the editor had the keyboard; and once it has it,
// the keys are the field's: the typing is over. True: `enter` or `escape` is the typing's.
bool ArrayView::EndCellTyping(ViewState& vs, bool active, bool* enter, bool* escape) {
  if (!m_typed || !vs.cell_typing) return false;
  *enter = *enter || vs.cell_typing->enter;
  *escape = *escape || vs.cell_typing->escape;
  if (active || *enter || *escape) {
    vs.cell_typing.reset();
    m_typed = false;
  }
  return *enter || *escape;
}

// Enter or Escape typed before the editor ever had the keyboard ends the value at once, before the
// editor would ask for the keyboard again: a request left behind by a closed editor gave it to
// another field (the Input box). True: the editor closed (applied or cancelled).
bool ArrayView::EndTypedEarly(AppState& app) {
  if (!m_typed || !TypingEnded(app.view)) return false;
  bool enter = false, escape = false;
  EndCellTyping(app.view, false, &enter, &escape);
  const CellEditText typed = ParseCellEdit(m_edit_text, app.Type());
  const CellEditOutcome outcome = DecideCellEdit(typed, escape, enter, false);
  if (outcome == CellEditOutcome::kApply) app.SetCell(*m_editing, *typed.value);
  if (outcome == CellEditOutcome::kRetry) return false;  // the editor stays, with why
  m_editing.reset();
  return true;
}

// ImGui selects a field's text when it takes the keyboard; typed into, the editor's caret goes
// after what was typed instead, so that the next digit adds to the value (user data: the flag).
int ArrayView::CaretToEnd(ImGuiInputTextCallbackData* data) {
  bool* once = static_cast<bool*>(data->UserData);
  if (*once) {
    data->CursorPos = data->SelectionStart = data->SelectionEnd = data->BufTextLen;
    *once = false;
  }
  return 0;
}

}  // namespace scanviz
