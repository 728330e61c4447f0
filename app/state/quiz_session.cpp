#include "state/quiz_session.h"

namespace scanviz {

std::vector<scene::CellRef> QuizBlanks(const QuizSession& s) {
  std::vector<scene::CellRef> out;
  if (!s.quiz || s.quiz->Finished() || s.quiz->Graded()) return out;
  const teach::Question& q = s.quiz->Current();
  for (const teach::QuizCell& c : q.cells) out.push_back({q.round, c.array, c.pos});
  if (q.mode == teach::QuizMode::kThreads) {
    // Which cells change would give the threads away: every cell of each array the round
    // writes is blank (and, with blank_how, its arrows and thread count are hidden).
    const teach::BuiltExercise& b = s.quiz->CurrentExercise();
    const RoundInfo& info = b.analysis.rounds[static_cast<size_t>(q.round)];
    for (size_t a = 0; a < info.cells.size(); ++a) {
      bool written = false;
      for (const CellInfo& c : info.cells[a]) written = written || c.writer >= 0;
      if (!written) continue;
      for (size_t p = 0; p < info.cells[a].size(); ++p)
        out.push_back({q.round, static_cast<int>(a), static_cast<int>(p)});
    }
  }
  return out;
}

bool QuestionOpen(const QuizSession& s, bool shown) {
  return shown && s.quiz && !s.quiz->Finished() && !s.quiz->Graded();
}

bool QuestionHidesHow(const QuizSession& s, bool shown) {
  return QuestionOpen(s, shown) && s.quiz->Current().mode != teach::QuizMode::kValues;
}

void BlankAsked(const QuizSession& s, bool shown, scene::ViewOptions* o) {
  if (!QuestionOpen(s, shown)) return;
  o->blanks = QuizBlanks(s);
  o->blank_how = QuestionHidesHow(s, shown);
  o->selected.reset();
}

void HandInHidden(QuizSession& s, bool shown) {
  // Only a question the figure has shown (applied): a session that opens with the quiz hidden
  // has shown nothing of it, and Q then asks it afresh.
  if (!shown && s.quiz && !s.quiz->Finished() && !s.quiz->Graded() &&
      s.applied == s.quiz->QuestionIndex())
    s.quiz->Submit();
}

}  // namespace scanviz
