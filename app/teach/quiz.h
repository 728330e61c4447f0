// "Predict the next round": the quiz engine. Each exercise of a set (quiz_set.h) is simulated;
// each asked round becomes a question about the cells that round writes (the analysis' writer)
// or about its active threads. Answers are graded against the trace itself, a wrong one gets the
// invariant window as a hint, and the score counts right cells over asked cells. The app drives
// the Quiz state machine; nothing here draws.
//
//   question open --Submit--> graded --Next--> next question open ... --Next--> finished
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/analysis.h"
#include "core/trace.h"
#include "teach/quiz_set.h"

namespace scanviz::teach {

// A cell of the trace asked about: array `array` at `pos` after the question's round.
struct QuizCell {
  int array = 0;
  int pos = 0;
  bool operator==(const QuizCell&) const = default;
};

struct Question {
  int exercise = 0;  // index into the set
  int round = 0;     // the round whose writes are asked
  QuizMode mode = QuizMode::kValues;
  // kValues, kClass: the cells the round writes, one answer each. kThreads: none; one answer.
  std::vector<QuizCell> cells;
  int Asked() const { return mode == QuizMode::kThreads ? 1 : static_cast<int>(cells.size()); }
};

struct BuiltExercise {
  Exercise exercise;
  Trace trace;
  TraceAnalysis analysis;
};

BuiltExercise BuildExercise(const Exercise& exercise);
// The questions of an exercise, one per asked round, in order.
std::vector<Question> MakeQuestions(const BuiltExercise& built, int exercise_index);

// The classes a student can pick for a written cell (the chapters' box classes).
std::vector<CellClass> AnswerClasses();
// Those the exercise's trace draws anywhere, in any round: what this algorithm can answer (a
// Hillis-Steele question offers no Blelloch class), without telling which round drew which.
std::vector<CellClass> AnswerClasses(const TraceAnalysis& analysis);

// "buf[1][5]", or "v[3] (registers)": how a question names a cell.
std::string CellName(const Trace& trace, const QuizCell& cell);
// The right answer as the student would type it: the value as the trace's type formats it, the
// class's name, or the active threads ("1 3 5 7").
std::string RightAnswer(const BuiltExercise& built, const Question& q, int cell);
// The invariant window in words: "buf[1][5] must hold x2 + x3 + x4 + x5 (inputs 2..5)".
std::string Hint(const BuiltExercise& built, const Question& q, int cell);

// A class question's hint: why the cell has its class, from the thread that wrote it ("buf[1][1]
// is copied: thread 1 has no cell 2 to its left (1 < stride 2), so it combines nothing and copies
// buf[0][1] unchanged"); the value's window would not explain a box style (quiz_hint.cpp).
std::string ClassReason(const BuiltExercise& built, int round, const QuizCell& cell);

// A hint in lines of at most `width` (by `measure`), broken only at spaces between phrases: never
// inside a sum or its bracket ("x1 + x2 [1..2]"), which ImGui's own wrapping breaks after a '.'.
// A phrase wider than a line gets a line to itself.
std::vector<std::string> WrapHint(const std::string& text, float width,
                                  const std::function<float(const std::string&)>& measure);

struct Grade {
  bool right = false;
  std::string expected;  // RightAnswer
  std::string hint;      // empty when right
};
// Grades one answer (`cell` is ignored for kThreads). Values compare as the trace's type formats
// them ("07" and "7" agree for int32; "0.1" is float32's 0.1); classes by name; threads as a set
// of numbers separated by spaces or commas.
Grade GradeAnswer(const BuiltExercise& built, const Question& q, int cell,
                  const std::string& answer);

struct Score {
  int right = 0;
  int asked = 0;
};

class Quiz {
 public:
  explicit Quiz(QuizSet set);

  const QuizSet& Set() const { return m_set; }
  int QuestionCount() const { return static_cast<int>(m_questions.size()); }
  int QuestionIndex() const { return m_index; }
  bool Finished() const { return m_index >= QuestionCount(); }
  // Valid while !Finished().
  const Question& Current() const { return m_questions[static_cast<size_t>(m_index)]; }
  const BuiltExercise& CurrentExercise() const;
  const BuiltExercise& ExerciseAt(int i) const { return m_built[static_cast<size_t>(i)]; }

  // The answers being typed: one per asked cell (one for a threads question).
  std::vector<std::string>& Answers() { return m_answers; }
  const std::vector<std::string>& Answers() const { return m_answers; }
  // Grades the answers (once: a second Submit changes nothing) and adds them to the score.
  const std::vector<Grade>& Submit();
  bool Graded() const { return m_graded; }
  const std::vector<Grade>& Grades() const { return m_grades; }
  // To the next question (only once graded); false when that was the last one.
  bool Next();
  void Restart();
  // Opens question `index` (clamped to 0..QuestionCount()) with no answers typed, as a shared
  // link resumes a quiz at its question; the score so far is not carried.
  void GoTo(int index);

  Score SetScore() const;
  Score ExerciseScore(int exercise) const;

 private:
  void Open();

  QuizSet m_set;
  std::vector<BuiltExercise> m_built;
  std::vector<Question> m_questions;
  std::vector<Score> m_scores;  // [exercise]
  int m_index = 0;
  std::vector<std::string> m_answers;
  std::vector<Grade> m_grades;
  bool m_graded = false;
};

}  // namespace scanviz::teach
