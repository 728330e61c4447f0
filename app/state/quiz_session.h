// The Quiz mode's state between frames (Q): the sets on offer, the quiz being taken, and what
// the app shows for its current question. The engine (teach/quiz.h) grades; this applies the
// current exercise to the app (its input, algorithm, operator, type, conversion) so the figure is
// the exercise's trace, and names the cells the figure leaves blank. No ImGui: tested without a
// window.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scene/scene.h"
#include "teach/quiz.h"

namespace scanviz {

class AppState;

struct QuizSession {
  std::vector<std::string> sets;  // the shipped sets (the data dir's quizzes/*.json)
  std::string open_path;          // the panel's Open… field: a teacher's own file
  std::string error;              // why the last set did not load
  std::optional<teach::Quiz> quiz;
  std::string path;          // the file `quiz` was loaded from (a session names it)
  int applied = -1;          // the question whose exercise the app shows (-1: none yet)
  bool focus_first = false;  // the panel puts the keyboard in the first answer field once
};

// The session's actions on the app (quiz_play.cpp, above AppState, which holds the session: so
// this header needs AppState declared only, and AppState includes it).
// Loads a set and starts it (the quiz mode on); false (with session.error set) when it does not
// load, the previous quiz kept.
bool StartQuiz(AppState& app, const std::string& path);
// Called every frame while quizzing: shows the current question's exercise at the asked round
// (applied once per question, as one undoable edit), paused there.
void ShowQuestion(AppState& app);
// The cells the figure leaves blank: the current question's, until it is graded.
std::vector<scene::CellRef> QuizBlanks(const QuizSession& session);

}  // namespace scanviz
