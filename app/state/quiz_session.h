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
// Once a frame, before anything is drawn or exported: a quiz hidden with a question open hands
// it in (HandInHidden); a shown one holds its exercise, its round and the plain figure
// (ShowQuestion), whether or not its panel has room.
void HoldQuiz(AppState& app);
// The cells the figure leaves blank: the current question's, until it is graded.
std::vector<scene::CellRef> QuizBlanks(const QuizSession& session);

// [SECTION] Keeping the question's secrets (issue #37)
// While a question is open nothing the app shows or writes may hold an asked cell's value or
// class: the figures on screen and in every export, the narration, the round's table. True while
// the quiz is shown (`shown`: ViewState::quiz) with a question not yet graded.
bool QuestionOpen(const QuizSession& session, bool shown);
// True when the open question asks for classes or threads: then the asked rounds' arrows, thread
// counts and the work so far are hidden too (they count or show the answer).
bool QuestionHidesHow(const QuizSession& session, bool shown);
// A figure's options for the open question (nothing when none is open): its blank cells, how much
// is hidden, and no bracket over a cell (it would show a blank cell's window and value).
void BlankAsked(const QuizSession& session, bool shown, scene::ViewOptions* options);
// Q (or anything else) hid the quiz while a question was open, so the figure now shows its
// answer: the question is handed in as typed (graded; an empty field is wrong), and Q again shows
// it graded, with Next, instead of resuming a question whose answer the class has seen. A question
// never shown (a session that opens with the quiz hidden) stays open.
void HandInHidden(QuizSession& session, bool shown);

}  // namespace scanviz
