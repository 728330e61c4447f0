// Fuzz target: a teacher's quiz file (app/teach/quiz_set.cpp's ParseQuizSet, which the app's quiz
// picker reads through LoadQuizSet), then the quiz on what it loads (quiz.h: the exercises built
// with the simulator, the questions, the grading).
//
// Beyond "no crash": a rejected file has an error message naming it. An accepted set has 1..200
// exercises, each a valid request of 1..1024 values with at least one round asked, and plays as
// the app plays it (Quiz): every exercise builds (its trace has the rounds the loader counted,
// every asked round is one of them) and asks at least one question, each about cells the round
// writes; the right answer (RightAnswer, from the trace) grades right, in every cell, and the
// scores count them; an answer of the wrong shape (nothing, two numbers in one cell, a word, inf,
// nan, a number past the type) grades wrong with a hint, unless it is the right answer's text; one
// value of the type grades right exactly when it reads as the right one.
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "core/input.h"
#include "core/schedule.h"
#include "fuzz/fuzz_check.h"
#include "teach/quiz.h"

namespace scanviz::fuzz {
namespace {

constexpr const char* kTarget = "fuzz_quiz";
constexpr const char* kName = "fuzz.json";

// The wrong shapes a student types, and the numbers at the edges of what the parsers read.
constexpr const char* kOddAnswers[] = {
    // nothing, a separator, words, two numbers, hexadecimal
    "", " ", ",", "x", "none", "1 2", "0x10", "-1",
    // not finite, past float32, past int32, 2^32, 2^53 + 1, 2^62, 2^64 - 1
    "inf", "-inf", "nan", "1e308", "1e400", "-1e400", "3.4028236e+38", "2147483648", "-2147483649",
    "4294967296", "9007199254740993", "4611686018427387904", "18446744073709551615"};

void CheckLoaded(const teach::QuizSet& set) {
  const size_t count = set.exercises.size();
  if (count < 1 || count > static_cast<size_t>(teach::kMaxExercises))
    Fail(kTarget, "accepted " + std::to_string(count) + " exercises");
  for (size_t e = 0; e < count; ++e) {
    const teach::Exercise& ex = set.exercises[e];
    const std::string where = "exercises[" + std::to_string(e) + "]";
    if (ex.title.empty()) Fail(kTarget, where + ": no title");
    if (!ValidateRequest(ex.request).empty())
      Fail(kTarget, where + ": the request does not validate: " + ValidateRequest(ex.request));
    const int n = static_cast<int>(ex.request.input.size());
    if (n < 1 || n > kMaxElements) Fail(kTarget, where + ": n = " + std::to_string(n));
    if (ex.rounds.empty() || ex.rounds.size() > 1024) Fail(kTarget, where + ": no rounds asked");
  }
}

// One cell's grading: the right answer right, the odd ones (and the right one twice) wrong.
void CheckGrading(const teach::BuiltExercise& b, const teach::Question& q, int cell,
                  const std::string& where) {
  const std::string right = teach::RightAnswer(b, q, cell);
  if (right.empty()) Fail(kTarget, where + ": an empty right answer");
  const teach::Grade g = teach::GradeAnswer(b, q, cell, right);
  if (!g.right || g.expected != right || !g.hint.empty())
    Fail(kTarget, where + ": the right answer '" + right + "' grades wrong");
  std::vector<std::string> wrong(std::begin(kOddAnswers), std::end(kOddAnswers));
  if (q.mode != teach::QuizMode::kThreads) {
    wrong.push_back(right + " " + right);
    wrong.push_back(right + "," + right);
    wrong.push_back(right + " x");
  }
  const ElementType type = b.trace.meta.type;
  for (const std::string& answer : wrong) {
    if (answer == right) continue;
    // A value question compares values as the type reads them: "-2147483649" is float32's
    // -2147483648, "07" int32's 7. One value of the type is right when it is the right one.
    const ParsedValues one = ParseValues(answer, type);
    const bool same_value = q.mode == teach::QuizMode::kValues && one.Ok() &&
                            one.values.size() == 1 && FormatValue(type, one.values[0]) == right;
    const teach::Grade odd = teach::GradeAnswer(b, q, cell, answer);
    if (odd.right != same_value)
      Fail(kTarget, where + ": '" + answer + "' grades " + (odd.right ? "right" : "wrong") +
                        "; the right answer is '" + right + "'");
    if (!odd.right && odd.hint.empty())
      Fail(kTarget, where + ": '" + answer + "' graded wrong without a hint");
  }
}

// A question: about cells the round writes, in range; graded right from the trace.
void CheckQuestion(const teach::BuiltExercise& b, const teach::Question& q,
                   const std::string& where) {
  if (q.round < 0 || q.round >= static_cast<int>(b.trace.rounds.size()))
    Fail(kTarget, where + ": round " + std::to_string(q.round) + " is not in the trace");
  if (q.mode != b.exercise.mode) Fail(kTarget, where + ": not the exercise's mode");
  if (q.Asked() < 1) Fail(kTarget, where + ": asks nothing");
  const RoundInfo& info = b.analysis.rounds[static_cast<size_t>(q.round)];
  for (const teach::QuizCell& c : q.cells) {
    if (c.array < 0 || static_cast<size_t>(c.array) >= info.cells.size() || c.pos < 0 ||
        static_cast<size_t>(c.pos) >= info.cells[static_cast<size_t>(c.array)].size() ||
        info.cells[static_cast<size_t>(c.array)][static_cast<size_t>(c.pos)].writer < 0)
      Fail(kTarget, where + ": asks " + teach::CellName(b.trace, c) + ", which it does not write");
  }
  // The odd answers on the first, a middle and the last cell: every cell would be slow.
  const int asked = q.Asked();
  for (int cell : {0, asked / 2, asked - 1})
    CheckGrading(b, q, cell, where + ", cell " + std::to_string(cell));
}

// The set played as the app plays it: each question answered right, then scored.
void Play(const teach::QuizSet& set) {
  teach::Quiz quiz(set);
  std::vector<int> asked(set.exercises.size(), 0);
  for (size_t e = 0; e < set.exercises.size(); ++e) {
    const teach::BuiltExercise& b = quiz.ExerciseAt(static_cast<int>(e));
    const std::string where = "exercises[" + std::to_string(e) + "]";
    const teach::Exercise& ex = set.exercises[e];
    const size_t rounds =
        RoundSchedule(ex.request.algorithm, static_cast<int>(ex.request.input.size()),
                      ex.request.convert)
            .size();
    if (b.trace.rounds.size() != rounds)
      Fail(kTarget, where + ": the trace has " + std::to_string(b.trace.rounds.size()) +
                        " rounds, the loader counted " + std::to_string(rounds));
    for (int r : ex.rounds)
      if (r < 0 || static_cast<size_t>(r) >= rounds)
        Fail(kTarget,
             where + ": round " + std::to_string(r) + " asked, of " + std::to_string(rounds));
  }
  while (!quiz.Finished()) {
    const teach::Question& q = quiz.Current();
    const teach::BuiltExercise& b = quiz.CurrentExercise();
    const std::string where =
        "exercises[" + std::to_string(q.exercise) + "], round " + std::to_string(q.round);
    CheckQuestion(b, q, where);
    asked[static_cast<size_t>(q.exercise)] += q.Asked();
    for (int i = 0; i < q.Asked(); ++i)
      quiz.Answers()[static_cast<size_t>(i)] = teach::RightAnswer(b, q, i);
    for (const teach::Grade& g : quiz.Submit())
      if (!g.right) Fail(kTarget, where + ": the right answer '" + g.expected + "' grades wrong");
    quiz.Next();
  }
  for (size_t e = 0; e < asked.size(); ++e) {
    if (asked[e] == 0) Fail(kTarget, "exercises[" + std::to_string(e) + "] asks nothing");
    const teach::Score s = quiz.ExerciseScore(static_cast<int>(e));
    if (s.right != asked[e] || s.asked != asked[e])
      Fail(kTarget, "exercises[" + std::to_string(e) + "] scores " + std::to_string(s.right) +
                        " of " + std::to_string(s.asked) + ", all " + std::to_string(asked[e]) +
                        " were right");
  }
}

}  // namespace
}  // namespace scanviz::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace scanviz;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const teach::QuizSetLoad load = teach::ParseQuizSet(text, fuzz::kName);
  if (!load.Ok()) {
    if (load.error.rfind(std::string(fuzz::kName) + ": ", 0) != 0)
      fuzz::Fail(fuzz::kTarget, "a refusal that does not name the file: " + load.error);
    return 0;
  }
  fuzz::CheckLoaded(load.set);
  // Starting a quiz simulates every exercise (about 10 ms for 1024 values on this project's
  // machine, several times that under the sanitizers), and 4 KB of input holds 56 such exercises:
  // the first ones are played, up to 2048 values in all, to keep a run fast.
  teach::QuizSet played = load.set;
  size_t keep = 0, values = 0;
  for (const teach::Exercise& ex : played.exercises) {
    values += ex.request.input.size();
    if (keep > 0 && values > 2048) break;
    ++keep;
  }
  played.exercises.resize(keep);
  fuzz::Play(played);
  return 0;
}
