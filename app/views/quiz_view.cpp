// The Quiz panel (Q), in place of the right-hand tabs: the set picker, then the current question:
// one field per blank cell (Tab moves between them, Enter submits), each graded with ✓ or ✗, the
// right answer and the hint after a wrong one, the score, and Next. The engine (teach/quiz.h)
// grades; quiz_session.h shows the question's exercise in the figure.
#include <filesystem>

#include "core/registry.h"
#include "views/primitives.h"
#include "views/views.h"
// After imgui.h (views.h): it uses IMGUI_API.
#include <imgui_stdlib.h>

namespace scanviz {

namespace {

const char* AskLine(teach::QuizMode mode) {
  switch (mode) {
    case teach::QuizMode::kValues:
      return "Type the value each blank cell holds after this round.";
    case teach::QuizMode::kClass:
      return "Pick how each blank cell is written in this round.";
    case teach::QuizMode::kThreads:
      return "Type the threads active in this round (numbers, spaces between).";
  }
  return "";
}

void DrawPicker(UiContext& ui) {
  QuizSession& s = ui.app.quiz;
  TextWrapped(ui, "title", "Quiz: predict the next round");
  for (size_t i = 0; i < s.sets.size(); ++i) {
    const std::string name = std::filesystem::path(s.sets[i]).stem().string();
    ImGui::PushID(static_cast<int>(i));
    const bool start = Button(ui, name.c_str(), "button");
    Tip(ui, s.sets[i].c_str());
    Place(ui, ("quiz_set_" + std::to_string(i)).c_str());
    if (start) StartQuiz(ui.app, s.sets[i]);
    ImGui::PopID();
  }
  if (s.sets.empty())
    TextWrapped(ui, "line", "No shipped sets found (the data dir has no quizzes/).");
  ImGui::PushTextWrapPos(0);  // a narrow panel wraps it rather than cut it
  ImGui::TextUnformatted("Open a set (a JSON file, docs/quizzes.md):");
  ImGui::PopTextWrapPos();
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Open").x - ImGui::GetStyle().FramePadding.x * 4);
  const bool enter =
      ImGui::InputText("##quiz_path", &s.open_path, ImGuiInputTextFlags_EnterReturnsTrue);
  Tip(ui, "The path of a set you wrote (docs/quizzes.md); Enter opens it");
  Place(ui, "quiz_path");
  ImGui::SameLine();
  const bool open = Button(ui, "Open", "button");
  Tip(ui, "Open the set at this path");
  if (open || enter) StartQuiz(ui.app, s.open_path);
  if (!s.error.empty()) {
    ImGui::PushStyleColor(
        ImGuiCol_Text,
        ImGui::ColorConvertFloat4ToU32({ui.palette.bad.r, ui.palette.bad.g, ui.palette.bad.b, 1}));
    TextWrapped(ui, "error", s.error);
    ImGui::PopStyleColor();
  }
}

ImU32 Opaque(scene::Rgba c) {
  return ImGui::ColorConvertFloat4ToU32({c.r, c.g, c.b, 1});
}

// Which question of how many, the trace and the round it is about, and what to do.
void DrawQuestionHeader(UiContext& ui, const teach::Quiz& quiz) {
  const teach::Question& q = quiz.Current();
  const teach::BuiltExercise& b = quiz.CurrentExercise();
  TextWrapped(ui, "line",
              "Question " + std::to_string(quiz.QuestionIndex() + 1) + " of " +
                  std::to_string(quiz.QuestionCount()) + " · " + b.exercise.title);
  TextWrapped(ui, "line",
              std::string(DisplayName(b.trace.meta.algorithm)) + " · " + ToString(b.trace.meta.op) +
                  " · n = " + std::to_string(b.trace.meta.n) + " · " +
                  RoundHeading(b.trace, q.round));
  if (!b.exercise.note.empty()) TextWrapped(ui, "paragraph", b.exercise.note);
  TextWrapped(ui, "paragraph", AskLine(q.mode));
  ImGui::Separator();
}

// A class question's answer: one of the box classes, picked from a combo.
void ClassCombo(UiContext& ui, const teach::Quiz& quiz, std::string& answer) {
  const bool open = ImGui::BeginCombo("##class", answer.empty() ? "pick" : answer.c_str());
  Tip(ui, "How this cell is written in this round: its box class");
  if (!open) return;
  for (CellClass c : teach::AnswerClasses(quiz.CurrentExercise().analysis)) {
    const bool picked = ImGui::Selectable(ToString(c), answer == ToString(c));
    Tip(ui, "This class (the legend shows its box)");
    if (picked && !quiz.Graded()) answer = ToString(c);
  }
  ImGui::EndCombo();
}

// After Submit: ✓, or ✗ with the expected answer and the hint on a line of its own.
void DrawGrade(UiContext& ui, const teach::Grade& g, const std::string& name) {
  const std::string verdict = g.right ? "✓" : "✗ " + g.expected;
  // Beside the field where it fits, else under it: a narrow panel (1024x768) clipped "✗ computed".
  ImGui::SameLine();
  if (ImGui::CalcTextSize(verdict.c_str()).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();
  ImGui::PushStyleColor(ImGuiCol_Text, Opaque(g.right ? ui.palette.ok : ui.palette.bad));
  Text(ui, {"check", name + " " + verdict}, verdict);
  if (!g.right) {
    // Broken at the hint's phrases, never inside "x1 + x2 [1..2]" (issue #37, item 5).
    std::string lines;
    for (const std::string& line :
         teach::WrapHint("hint: " + g.hint, ImGui::GetContentRegionAvail().x,
                         [](const std::string& t) { return ImGui::CalcTextSize(t.c_str()).x; }))
      lines += (lines.empty() ? "" : "\n") + line;
    Paragraph(ui, {"hint", g.hint}, lines);
  }
  ImGui::PopStyleColor();
}

// The i-th asked cell: its name, its field (or combo), its grade once submitted. Returns whether
// Enter was pressed in its field.
bool DrawAnswer(UiContext& ui, teach::Quiz& quiz, int i, float label_w) {
  const teach::Question& q = quiz.Current();
  const teach::BuiltExercise& b = quiz.CurrentExercise();
  bool enter = false;
  ImGui::PushID(i);
  const std::string name =
      q.mode == teach::QuizMode::kThreads ? "threads" : teach::CellName(b.trace, q.cells[i]);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(name.c_str());
  ImGui::SameLine(label_w);
  // Asked again every frame until the field has the keyboard: a request made in a frame where
  // ImGui cannot honour it (the Enter that moved on still being handled, a slow first frame)
  // must not be lost, or the student types into nothing.
  const bool want_focus = ui.app.quiz.focus_first && i == 0 && !quiz.Graded();
  if (want_focus) ImGui::SetKeyboardFocusHere();
  std::string& answer = quiz.Answers()[static_cast<size_t>(i)];
  ImGui::SetNextItemWidth(ImGui::CalcTextSize(q.mode == teach::QuizMode::kThreads
                                                  ? "00 00 00 00 00 00 00 00"
                                                  : "-2147483648 ")
                              .x);
  const ImGuiInputTextFlags flags =
      ImGuiInputTextFlags_EnterReturnsTrue | (quiz.Graded() ? ImGuiInputTextFlags_ReadOnly : 0);
  if (q.mode == teach::QuizMode::kClass) {
    ClassCombo(ui, quiz, answer);
    if (want_focus) ui.app.quiz.focus_first = false;  // a combo takes no keyboard focus
  } else {
    enter = ImGui::InputText("##answer", &answer, flags);
    if (ImGui::IsItemActive()) ui.app.view.tab_between_fields = true;  // Tab: the next answer
    if (want_focus && ImGui::IsItemActive()) {
      ui.app.quiz.focus_first = false;
    } else if (want_focus) {
      ui.app.view.focus_pending = true;
    }
    Tip(ui, "Your answer; Tab: the next cell, Enter: submit");
  }
  Place(ui, ("quiz_answer_" + std::to_string(i)).c_str());
  if (quiz.Graded()) DrawGrade(ui, quiz.Grades()[static_cast<size_t>(i)], name);
  ImGui::PopID();
  return enter;
}

// Submit (or Enter in a field) grades the answers; once graded, Next (or Enter) moves on.
void SubmitOrNext(UiContext& ui, teach::Quiz& quiz, bool submit, bool graded_before) {
  if (!quiz.Graded()) {
    if (Button(ui, "Submit (Enter)", "button")) submit = true;
    Tip(ui, "Grade these answers against the trace");
    Place(ui, "quiz_submit");
    if (submit) quiz.Submit();
    return;
  }
  // Enter after the grades moves on: a frame after the Enter that submitted, not the same one.
  const bool enter = graded_before && !ImGui::GetIO().WantTextInput &&
                     ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false);
  const bool next = Button(
      ui, quiz.QuestionIndex() + 1 < quiz.QuestionCount() ? "Next (Enter)" : "Finish (Enter)",
      "button");
  Tip(ui, "The next question");
  Place(ui, "quiz_next");
  if (next || enter) quiz.Next();
}

// The question and its answers; returns whether Enter was pressed in a field.
bool DrawQuestion(UiContext& ui) {
  teach::Quiz& quiz = *ui.app.quiz.quiz;
  DrawQuestionHeader(ui, quiz);
  bool submit = false;
  const float label_w = ImGui::CalcTextSize("buf[0][000]  ").x;
  for (int i = 0; i < quiz.Current().Asked(); ++i)
    submit = DrawAnswer(ui, quiz, i, label_w) || submit;
  return submit;
}

// The set's title, its score and the question (or the set's end), over the buttons' row.
bool DrawQuizBody(UiContext& ui, const teach::Quiz& quiz) {
  TextWrapped(ui, "title", quiz.Set().title);
  const teach::Score total = quiz.SetScore();
  TextWrapped(
      ui, "score",
      "Score: " + std::to_string(total.right) + " of " + std::to_string(total.asked) + " right");
  if (!quiz.Finished()) {
    const teach::Score ex = quiz.ExerciseScore(quiz.Current().exercise);
    if (ex.asked > 0)
      TextWrapped(ui, "line",
                  "This exercise: " + std::to_string(ex.right) + " of " + std::to_string(ex.asked));
  }
  ImGui::Separator();
  if (!quiz.Finished()) return DrawQuestion(ui);
  TextWrapped(ui, "paragraph", "Done. Every question of the set is answered.");
  return false;
}

}  // namespace

void DrawQuizView(UiContext& ui) {
  QuizSession& s = ui.app.quiz;
  DumpWindowPanel(ui, "side", "Quiz");
  ShowQuestion(ui.app);
  if (!s.quiz) {
    DrawPicker(ui);
    return;
  }
  teach::Quiz& quiz = *s.quiz;
  const bool graded_before = quiz.Graded();
  // The buttons keep a row at the panel's foot and the question above it scrolls: at 192 dpi in
  // a 1920x1080 window eight answers pushed Other set out of the window (issue #37, item 6).
  const ImGuiStyle& style = ImGui::GetStyle();
  const float row = InlineButtonWidth("Submit (Enter)") + style.ItemSpacing.x +
                    InlineButtonWidth("Other set");  // SameLineIfFits's test, the widest pair
  const float rows = row > ImGui::GetContentRegionAvail().x ? 2.0f : 1.0f;
  const float foot = ImGui::GetFrameHeightWithSpacing() * rows + style.ItemSpacing.y;
  ImGui::BeginChild("##quiz_body", ImVec2(0, -foot), false, ImGuiWindowFlags_NavFlattened);
  const bool submit = DrawQuizBody(ui, quiz);
  ImGui::EndChild();
  ImGui::Separator();
  if (quiz.Finished()) {
    const bool again = Button(ui, "Again", "button");
    Tip(ui, "Take the set again from its first question");
    if (again) {
      s.quiz->Restart();
      s.applied = -1;
    }
  } else {
    SubmitOrNext(ui, quiz, submit, graded_before);
  }
  // A Next (or Again) above moved the question: the figure, drawn after this panel, shows the new
  // one in this same frame.
  ShowQuestion(ui.app);
  SameLineIfFits("Other set", false);
  const bool other = Button(ui, "Other set", "button");
  Tip(ui, "Back to the list of sets (the score is dropped)");
  Place(ui, "quiz_other");
  if (other) {
    s.quiz.reset();
    s.applied = -1;
  }
}

}  // namespace scanviz
