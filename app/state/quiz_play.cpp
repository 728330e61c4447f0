// The quiz played on the app (quiz_session.h declares them): a set started, and the current
// question's exercise shown in the figure. They act on AppState, which holds the session, so they
// live above it; quiz_session.cpp, below AppState, knows the session alone.
#include "state/app_state.h"
#include "state/quiz_session.h"

namespace scanviz {

bool StartQuiz(AppState& app, const std::string& path) {
  QuizSession& s = app.quiz;
  teach::QuizSetLoad load = teach::LoadQuizSet(path);
  if (!load.Ok()) {
    s.error = load.error;
    return false;
  }
  s.error.clear();
  s.quiz.emplace(std::move(load.set));
  s.path = path;
  s.applied = -1;
  s.focus_first = true;
  app.view.quiz = true;
  return true;
}

void ShowQuestion(AppState& app) {
  QuizSession& s = app.quiz;
  if (!s.quiz || s.quiz->Finished()) return;
  const teach::Question& q = s.quiz->Current();
  // The exercise replaces the input as one edit would (Ctrl+Z after the quiz brings the
  // student's own input back). It is held every frame, as the round is below: Tab, B or an edit
  // while answering would otherwise show another algorithm or input than the one graded.
  const ScanRequest& r = s.quiz->CurrentExercise().exercise.request;
  if (app.Type() != r.type) app.SetType(r.type);
  if (app.Op() != r.op) app.SetOp(r.op);
  if (app.Convert() != r.convert) app.SetConvert(r.convert);
  if (app.Values() != r.input) app.SetValues(r.input);
  if (app.GetAlgorithm() != r.algorithm) app.SetAlgorithm(r.algorithm);
  // A mistake exercise shows the broken kernel in its thread order; any other the chapters'.
  const SimulatorOptions& order = s.quiz->CurrentExercise().exercise.order;
  if (app.GetMistake() != r.mistake) app.SetMistake(r.mistake);
  if (ToString(app.ThreadOrder()) != ToString(order)) app.SetThreadOrder(order);
  // While the question is open the figure stays the plain single one: side by side or every
  // algorithm would show another algorithm's rounds, and warp shuffle's round 1 is Hillis-Steele's
  // answer (issue #37, item 3). Once graded, any kind may be looked at.
  if (!s.quiz->Graded() && app.ShownKind() != kHomeKind) app.SetKind(kHomeKind);
  if (s.applied != s.quiz->QuestionIndex()) {
    // The views it needs are the plain single figure.
    app.SetKind(kHomeKind);
    app.view.only_current = false;
    app.view.selected.reset();
    s.applied = s.quiz->QuestionIndex();
    s.focus_first = true;
  }
  // Stepping past the asked round would show the answer: the player stays on it.
  Player& p = app.CurrentPlayer();
  p.Pause();
  if (p.Round() != q.round) p.Seek(q.round);
}

void HoldQuiz(AppState& app) {
  HandInHidden(app.quiz, app.view.quiz);
  if (app.view.quiz) ShowQuestion(app);
}

}  // namespace scanviz
