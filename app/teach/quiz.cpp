#include "quiz.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <set>
#include <sstream>

#include "core/input.h"
#include "core/simulator.h"

namespace scanviz::teach {

namespace {

const CellInfo& InfoOf(const BuiltExercise& b, int round, const QuizCell& c) {
  return b.analysis.rounds[static_cast<size_t>(round)]
      .cells[static_cast<size_t>(c.array)][static_cast<size_t>(c.pos)];
}

std::set<int> ActiveThreads(const Trace& trace, int round) {
  std::set<int> out;
  const Round& r = trace.rounds[static_cast<size_t>(round)];
  for (size_t t = 0; t < r.actions.size(); ++t)
    if (r.actions[t].kind != ActionKind::kIdle) out.insert(static_cast<int>(t));
  return out;
}

// Reads "1 3 5" or "1, 3, 5" into *out; false when a token is not a thread below `threads`.
bool ParseThreads(const std::string& text, int threads, std::set<int>* out) {
  std::string spaced = text;
  std::replace(spaced.begin(), spaced.end(), ',', ' ');
  std::istringstream in(spaced);
  std::string token;
  while (in >> token) {
    if (token.empty() || token.size() > 5 ||
        !std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return false;
    const int t = std::stoi(token);
    if (t >= threads) return false;
    out->insert(t);
  }
  return true;
}

// The answer without the blanks around it.
std::string Trimmed(const std::string& s) {
  const size_t first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

// x2 + x3 + x4, max(x2, x3, x4), ... shortened with … past six terms.
std::string WindowInWords(const TraceMeta& meta, const Window& w) {
  std::vector<std::string> terms;
  const int len = w.hi - w.lo + 1;
  for (int i = w.lo; i <= w.hi; ++i) {
    if (len > 6 && i == w.lo + 2) {
      terms.push_back("…");
      i = w.hi - 1;
    }
    std::string term = "x";
    term += std::to_string(i);
    terms.push_back(std::move(term));
  }
  auto join = [&](const char* sep) {
    std::string s;
    for (size_t i = 0; i < terms.size(); ++i) {
      if (i) s += sep;
      s += terms[i];
    }
    return s;
  };
  if (len == 1) return terms[0];
  switch (meta.op) {
    case OpKind::kAdd:
      return join(" + ");
    case OpKind::kMax:
      return "max(" + join(", ") + ")";
    case OpKind::kMin:
      return "min(" + join(", ") + ")";
    case OpKind::kLast:
      return terms.back() + " (the last of " + terms.front() + ".." + terms.back() + ")";
  }
  return join(" . ");
}

}  // namespace

BuiltExercise BuildExercise(const Exercise& exercise) {
  BuiltExercise b{exercise, Simulate(exercise.request, exercise.order), {}};
  b.analysis = Analyze(b.trace);
  return b;
}

std::vector<Question> MakeQuestions(const BuiltExercise& built, int exercise_index) {
  std::vector<Question> out;
  for (int r : built.exercise.rounds) {
    if (r < 0 || r >= static_cast<int>(built.trace.rounds.size())) continue;
    Question q{exercise_index, r, built.exercise.mode, {}};
    const RoundInfo& info = built.analysis.rounds[static_cast<size_t>(r)];
    for (size_t a = 0; a < info.cells.size(); ++a)
      for (size_t p = 0; p < info.cells[a].size(); ++p)
        if (info.cells[a][p].writer >= 0)
          q.cells.push_back({static_cast<int>(a), static_cast<int>(p)});
    if (q.mode == QuizMode::kThreads || !q.cells.empty()) out.push_back(std::move(q));
  }
  return out;
}

std::vector<CellClass> AnswerClasses() {
  return {CellClass::kLoaded, CellClass::kCopied, CellClass::kComputed,
          CellClass::kAdded,  CellClass::kSeeded, CellClass::kSwapAdded};
}

std::vector<CellClass> AnswerClasses(const TraceAnalysis& analysis) {
  std::vector<CellClass> out;
  for (CellClass c : AnswerClasses()) {
    bool drawn = false;
    for (const RoundInfo& r : analysis.rounds)
      for (const std::vector<CellInfo>& array : r.cells)
        for (const CellInfo& cell : array) drawn = drawn || (cell.writer >= 0 && cell.cls == c);
    if (drawn) out.push_back(c);
  }
  return out;
}

std::string CellName(const Trace& trace, const QuizCell& cell) {
  const ArrayDesc& a = trace.arrays[static_cast<size_t>(cell.array)];
  return a.name + "[" + std::to_string(cell.pos) + "]";
}

std::string RightAnswer(const BuiltExercise& b, const Question& q, int cell) {
  if (q.mode == QuizMode::kThreads) {
    std::string s;
    for (int t : ActiveThreads(b.trace, q.round)) {
      if (!s.empty()) s += ' ';
      s += std::to_string(t);
    }
    return s.empty() ? "none" : s;
  }
  const QuizCell& c = q.cells[static_cast<size_t>(cell)];
  if (q.mode == QuizMode::kClass) return ToString(InfoOf(b, q.round, c).cls);
  const double v = b.trace.rounds[static_cast<size_t>(q.round)]
                       .buffers[static_cast<size_t>(c.array)][static_cast<size_t>(c.pos)];
  return FormatValue(b.trace.meta.type, v);
}

std::string Hint(const BuiltExercise& b, const Question& q, int cell) {
  const TraceMeta& meta = b.trace.meta;
  if (q.mode == QuizMode::kThreads) {
    return std::to_string(ActiveThreads(b.trace, q.round).size()) + " of " +
           std::to_string(meta.block_size) +
           " threads are active: a thread is active when it writes a cell in this round";
  }
  const QuizCell& c = q.cells[static_cast<size_t>(cell)];
  const CellInfo& info = InfoOf(b, q.round, c);
  const Window& w = info.window;
  // A mistake's cell holds what the race left there, not its window: the window is what the
  // chapters' kernel would have, and the hint says so.
  const bool mistake = meta.mistake != Mistake::kNone;
  std::string hint =
      CellName(b.trace, c) + (mistake ? " in the correct kernel holds " : " must hold ");
  if (q.mode == QuizMode::kClass) {
    hint = ClassReason(b, q.round, c);  // a box style is explained by how it was written
  } else if (w.Empty()) {
    hint += "the identity (" + FormatValue(meta.type, meta.identity) + ")";
  } else {
    hint +=
        WindowInWords(meta, w) + " [" + std::to_string(w.lo) + ".." + std::to_string(w.hi) + "]";
    if (w.hi >= meta.n) hint += "; x" + std::to_string(meta.n) + " on are padding: the identity";
  }
  if (mistake)
    hint += "; with the mistake, which values did the threads read? (" +
            std::string(FindMistake(meta.mistake)->removed) + ")";
  return hint;
}

namespace {

// An infinity as a student writes it: inf, infinity or the sign, in any case, with a sign or none
// (+1 or -1; 0 when the answer is not one). The input box takes only finite numbers, but the
// identity of a float32 max or min is one: the cells that hold it must be answerable.
int InfinityIn(std::string a) {
  a.erase(0, a.find_first_not_of(' '));
  a.erase(a.find_last_not_of(' ') + 1);
  int sign = 1;
  if (!a.empty() && (a[0] == '-' || a[0] == '+')) {
    sign = a[0] == '-' ? -1 : 1;
    a.erase(0, 1);
  }
  for (char& c : a) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return a == "inf" || a == "infinity" || a == "\u221e" ? sign : 0;
}

// The value an answer gives, as the cell shows values (FormatValue), or empty when it is not
// exactly one value of the type.
std::string AnswerValue(const std::string& answer, ElementType type) {
  if (type == ElementType::kFloat32) {
    if (const int inf = InfinityIn(answer); inf != 0)
      return FormatValue(type, inf * std::numeric_limits<double>::infinity());
  }
  const ParsedValues parsed = ParseValues(answer, type);
  if (!parsed.Ok() || parsed.values.size() != 1) return {};
  return FormatValue(type, parsed.values[0]);
}

}  // namespace

Grade GradeAnswer(const BuiltExercise& b, const Question& q, int cell, const std::string& answer) {
  Grade g;
  g.expected = RightAnswer(b, q, cell);
  const std::string given = Trimmed(answer);
  switch (q.mode) {
    case QuizMode::kValues: {
      // The value as the question shows it is right (nan too: a sum of inf and -inf), and any
      // way of writing that value: 7.0 for 7, -Infinity or -\u221e for -inf.
      const std::string value = AnswerValue(answer, b.trace.meta.type);
      g.right = given == g.expected || (!value.empty() && value == g.expected);
      break;
    }
    case QuizMode::kClass:
      g.right = given == g.expected;
      break;
    case QuizMode::kThreads: {
      // "none" when no thread is active (a mistake can idle a round); an answer of no thread
      // (nothing, a lone comma) is no answer.
      const std::set<int> active = ActiveThreads(b.trace, q.round);
      std::set<int> threads;
      g.right = given == "none" ? active.empty()
                                : ParseThreads(given, b.trace.meta.block_size, &threads) &&
                                      !threads.empty() && threads == active;
      break;
    }
  }
  if (!g.right) g.hint = Hint(b, q, cell);
  return g;
}

Quiz::Quiz(QuizSet set) : m_set(std::move(set)) {
  for (size_t i = 0; i < m_set.exercises.size(); ++i) {
    m_built.push_back(BuildExercise(m_set.exercises[i]));
    for (Question& q : MakeQuestions(m_built.back(), static_cast<int>(i)))
      m_questions.push_back(std::move(q));
  }
  m_scores.resize(m_set.exercises.size());
  Open();
}

const BuiltExercise& Quiz::CurrentExercise() const {
  return m_built[static_cast<size_t>(Current().exercise)];
}

void Quiz::Open() {
  m_graded = false;
  m_grades.clear();
  m_answers.assign(Finished() ? 0 : static_cast<size_t>(Current().Asked()), std::string());
}

const std::vector<Grade>& Quiz::Submit() {
  if (m_graded || Finished()) return m_grades;
  const Question& q = Current();
  Score& s = m_scores[static_cast<size_t>(q.exercise)];
  for (int i = 0; i < q.Asked(); ++i) {
    m_grades.push_back(GradeAnswer(CurrentExercise(), q, i, m_answers[static_cast<size_t>(i)]));
    s.right += m_grades.back().right ? 1 : 0;
    s.asked += 1;
  }
  m_graded = true;
  return m_grades;
}

bool Quiz::Next() {
  if (!m_graded || Finished()) return false;
  ++m_index;
  Open();
  return !Finished();
}

void Quiz::Restart() {
  m_index = 0;
  std::fill(m_scores.begin(), m_scores.end(), Score{});
  Open();
}

void Quiz::GoTo(int index) {
  m_index = std::clamp(index, 0, QuestionCount());
  Open();
}

Score Quiz::SetScore() const {
  Score total;
  for (const Score& s : m_scores) {
    total.right += s.right;
    total.asked += s.asked;
  }
  return total;
}

Score Quiz::ExerciseScore(int exercise) const {
  return m_scores[static_cast<size_t>(exercise)];
}

}  // namespace scanviz::teach
