// The quiz engine: loading a set (and refusing bad ones with one line naming the file, the
// exercise and the field), the questions a round makes, grading against the trace, the hints,
// the score, and every shipped exercise answerable from its own trace.
#include <gtest/gtest.h>

#include <filesystem>

#include "teach/quiz.h"

namespace scanviz::teach {
namespace {

// The chapters' example: Hillis-Steele, add, 3 1 7 0 4 1 6 3, every round.
constexpr const char* kChapters = R"({
  "schema": "scanviz-quiz/1",
  "title": "t",
  "exercises": [
    {"title": "HS", "algorithm": "hillis-steele", "input": [3, 1, 7, 0, 4, 1, 6, 3]}
  ]
})";

QuizSet Parsed(const std::string& text) {
  QuizSetLoad load = ParseQuizSet(text, "test.json");
  EXPECT_TRUE(load.Ok()) << load.error;
  return load.set;
}

std::string ErrorOf(const std::string& exercise) {
  const std::string text =
      R"({"schema": "scanviz-quiz/1", "title": "t", "exercises": [)" + exercise + "]}";
  return ParseQuizSet(text, "bad.json").error;
}

TEST(QuizSet, RefusesWithOneLineNamingFileExerciseAndField) {
  EXPECT_EQ(ParseQuizSet("{", "a.json").error, "a.json: not valid JSON");
  EXPECT_NE(ParseQuizSet(R"({"schema": "x", "title": "t", "exercises": []})", "a.json")
                .error.find("'schema'"),
            std::string::npos);
  const std::string base = R"("title": "e", "algorithm": "blelloch", "input": [1, 2, 3])";
  EXPECT_EQ(ErrorOf("{" + base + R"(, "round": 9})"),
            "bad.json: exercises[0]: 'round' must be a round 0..5 of this scan (it has 6 rounds, "
            "the load is 0)");
  EXPECT_EQ(ErrorOf(R"({"title": "e", "algorithm": "bitonic", "input": [1]})"),
            "bad.json: exercises[0]: 'algorithm' must be \"hillis-steele\", \"blelloch\", "
            "\"warp-shuffle\" or \"sklansky\"");
  // Every algorithm of the registry is an exercise's algorithm.
  EXPECT_EQ(ErrorOf(R"({"title": "e", "algorithm": "sklansky", "input": [1, 2, 3], "round": 9})"),
            "bad.json: exercises[0]: 'round' must be a round 0..2 of this scan (it has 3 rounds, "
            "the load is 0)");
  EXPECT_EQ(ErrorOf("{" + base + R"(, "ask": "colour"})"),
            "bad.json: exercises[0]: 'ask' must be \"values\", \"class\" or \"threads\"");
  EXPECT_EQ(ErrorOf("{" + base + R"(, "colour": 1})"),
            "bad.json: exercises[0]: unknown key \"colour\"");
  EXPECT_EQ(ErrorOf(R"({"title": "e", "algorithm": "blelloch"})"),
            "bad.json: exercises[0]: needs exactly one of 'input' and 'random'");
  EXPECT_EQ(ErrorOf(R"({"title": "e", "algorithm": "blelloch", "input": [1, 2.5]})"),
            "bad.json: exercises[0]: input[1] is not an integer in int32's range");
  // A mistake must be one of the exercise's algorithm's; a thread order one the simulator knows.
  EXPECT_NE(
      ErrorOf("{" + base + R"(, "mistake": "single-buffer"})").find("'mistake' must be one of"),
      std::string::npos);
  EXPECT_NE(ErrorOf("{" + base + R"(, "thread_order": "descending"})").find("'thread_order' must"),
            std::string::npos);
  EXPECT_EQ(LoadQuizSet("/nonexistent/q.json").error, "/nonexistent/q.json: not found");
}

TEST(QuizSet, RandomInputIsReproducibleAndRoundsResolve) {
  const QuizSet set = Parsed(R"({"schema": "scanviz-quiz/1", "title": "t", "exercises": [
    {"title": "r", "algorithm": "blelloch", "random": {"n": 6, "seed": 4}, "rounds": [2, 5]},
    {"title": "r", "algorithm": "blelloch", "random": {"n": 6, "seed": 4}, "rounds": "all"}]})");
  ASSERT_EQ(set.exercises.size(), 2u);
  EXPECT_EQ(set.exercises[0].request.input, set.exercises[1].request.input);
  EXPECT_EQ(set.exercises[0].request.input.size(), 6u);
  EXPECT_EQ(set.exercises[0].rounds, (std::vector<int>{2, 5}));
  // n = 6 pads to 8: load, 3 up-sweep, seed, 3 down-sweep; "all" asks every round but the load.
  EXPECT_EQ(set.exercises[1].rounds, (std::vector<int>{1, 2, 3, 4, 5, 6, 7}));
}

TEST(Quiz, ChaptersExampleRoundOneAsksTheCellsItWrites) {
  Quiz quiz(Parsed(kChapters));
  ASSERT_EQ(quiz.QuestionCount(), 3);  // strides 1, 2, 4
  const Question& q = quiz.Current();
  EXPECT_EQ(q.round, 1);
  // Hillis-Steele writes every cell of pout each round: 7 computed, 1 copied.
  ASSERT_EQ(q.cells.size(), 8u);
  const BuiltExercise& b = quiz.CurrentExercise();
  std::vector<std::string> right;
  for (int i = 0; i < 8; ++i) right.push_back(RightAnswer(b, q, i));
  EXPECT_EQ(right, (std::vector<std::string>{"3", "4", "8", "7", "4", "5", "7", "9"}));
}

// Issue #26 item 5: the pick list offered Blelloch's classes for a Hillis-Steele question. It
// offers what the exercise's trace draws in any round.
TEST(Quiz, ThePickListOffersTheClassesOfTheAlgorithmAsked) {
  const std::vector<double> input = {3, 1, 7, 0, 4, 1, 6, 3};
  const Trace hs = Simulate(ScanRequest{Algorithm::kHillisSteele, OpKind::kAdd,
                                        ElementType::kInt32, input});
  EXPECT_EQ(AnswerClasses(Analyze(hs)),
            (std::vector<CellClass>{CellClass::kLoaded, CellClass::kCopied, CellClass::kComputed}));
  const Trace bl = Simulate(ScanRequest{Algorithm::kBlelloch, OpKind::kAdd, ElementType::kInt32,
                                        input});
  const std::vector<CellClass> blelloch = AnswerClasses(Analyze(bl));
  EXPECT_EQ(std::count(blelloch.begin(), blelloch.end(), CellClass::kComputed), 0);
  EXPECT_EQ(std::count(blelloch.begin(), blelloch.end(), CellClass::kSeeded), 1);
  EXPECT_EQ(std::count(blelloch.begin(), blelloch.end(), CellClass::kSwapAdded), 1);
}

TEST(Quiz, GradesRightWrongAndHintsTheWindow) {
  Quiz quiz(Parsed(kChapters));
  quiz.Next();  // nothing graded yet: stays
  EXPECT_EQ(quiz.QuestionIndex(), 0);
  quiz.Answers() = {"3", "4", "8", "7", "4", "5", "7", " 9 "};
  quiz.Answers()[5] = "6";   // wrong: 1 + 4 = 5
  quiz.Answers()[2] = "08";  // right: the int32 8
  const std::vector<Grade>& g = quiz.Submit();
  ASSERT_EQ(g.size(), 8u);
  EXPECT_TRUE(g[2].right);
  EXPECT_TRUE(g[7].right);
  EXPECT_FALSE(g[5].right);
  EXPECT_EQ(g[5].expected, "5");
  EXPECT_EQ(g[5].hint, "buf[1][5] must hold x4 + x5 [4..5]");
  EXPECT_TRUE(g[0].hint.empty());
  EXPECT_EQ(quiz.SetScore().right, 7);
  EXPECT_EQ(quiz.SetScore().asked, 8);
  quiz.Submit();  // once only
  EXPECT_EQ(quiz.SetScore().asked, 8);
  EXPECT_TRUE(quiz.Next());
  EXPECT_EQ(quiz.Current().round, 2);
  quiz.Answers().assign(8, "x");
  quiz.Submit();
  EXPECT_EQ(quiz.ExerciseScore(0).right, 7);
  EXPECT_EQ(quiz.ExerciseScore(0).asked, 16);
  EXPECT_EQ(quiz.Grades()[7].hint, "buf[0][7] must hold x4 + x5 + x6 + x7 [4..7]");
  quiz.Restart();
  EXPECT_EQ(quiz.SetScore().asked, 0);
}

// A malformed answer is wrong, however much of it is right: several numbers where the cell holds
// one (the right one among them), nothing, a word; a threads answer with a token that is not a
// thread number.
TEST(Quiz, GradesMalformedAnswersWrong) {
  Quiz quiz(Parsed(kChapters));
  const BuiltExercise& b = quiz.CurrentExercise();
  const Question& q = quiz.Current();
  ASSERT_EQ(RightAnswer(b, q, 0), "3");
  EXPECT_TRUE(GradeAnswer(b, q, 0, "3").right);
  for (const char* answer : {"3 3", "3 4", "3, 4", "4 3", "", " ", "three"})
    EXPECT_FALSE(GradeAnswer(b, q, 0, answer).right) << "'" << answer << "'";
  const QuizSet set = Parsed(R"({"schema": "scanviz-quiz/1", "title": "t", "exercises": [
    {"title": "t", "algorithm": "blelloch", "input": [3, 1, 7, 0, 4, 1, 6, 3], "ask": "threads",
     "round": 2}]})");
  Quiz threads(set);
  const BuiltExercise& tb = threads.CurrentExercise();
  const Question& t = threads.Current();
  ASSERT_EQ(RightAnswer(tb, t, 0), "0 1");
  EXPECT_TRUE(GradeAnswer(tb, t, 0, "0, 1").right);
  for (const char* answer : {"0 1x", "0 x1", "0 1 -1", "0 1.0", "0 one"})
    EXPECT_FALSE(GradeAnswer(tb, t, 0, answer).right) << "'" << answer << "'";
}

// Issue #25 (fuzz_quiz): a float32 cell can hold inf, -inf or nan (min's identity, which the seed
// step writes; a sum past the largest float; inf + -inf), and the right answer, as the question
// gives it, graded wrong: ParseValues reads finite values only (an input holds no others).
TEST(Quiz, NonFiniteValuesAreAnsweredAsShown) {
  const QuizSet set = Parsed(R"({"schema": "scanviz-quiz/1", "title": "t", "exercises": [
    {"title": "seed", "algorithm": "blelloch", "type": "float32", "op": "min",
     "input": [1, 2, 3, 4, 5], "round": 4},
    {"title": "past the largest float", "algorithm": "hillis-steele", "type": "float32",
     "input": [3e38, 3e38, -3e38, -3e38], "round": 2}]})");
  const BuiltExercise seed = BuildExercise(set.exercises[0]);
  const Question s = MakeQuestions(seed, 0).at(0);
  ASSERT_EQ(s.cells.size(), 1u);
  EXPECT_EQ(RightAnswer(seed, s, 0), "inf");
  EXPECT_TRUE(GradeAnswer(seed, s, 0, "Infinity").right);  // the same value, written out
  EXPECT_TRUE(GradeAnswer(seed, s, 0, "inf").right);
  EXPECT_TRUE(GradeAnswer(seed, s, 0, " inf ").right);
  for (const char* answer : {"-inf", "nan", "1e400", "3.4028235e+38", "inf inf", ""})
    EXPECT_FALSE(GradeAnswer(seed, s, 0, answer).right) << "'" << answer << "'";
  const BuiltExercise sum = BuildExercise(set.exercises[1]);
  const Question q = MakeQuestions(sum, 1).at(0);
  ASSERT_EQ(q.cells.size(), 4u);
  EXPECT_EQ(RightAnswer(sum, q, 1), "inf");  // 3e38 + 3e38
  EXPECT_EQ(RightAnswer(sum, q, 3), "nan");  // (-3e38 + -3e38) + (3e38 + 3e38)
  EXPECT_TRUE(GradeAnswer(sum, q, 1, "inf").right);
  EXPECT_TRUE(GradeAnswer(sum, q, 3, "nan").right);
  EXPECT_FALSE(GradeAnswer(sum, q, 3, "inf").right);
  EXPECT_FALSE(GradeAnswer(sum, q, 2, "nan").right);  // 3e38: a finite value
}

TEST(Quiz, ClassesThreadsMaxAndPadding) {
  const QuizSet set = Parsed(R"({"schema": "scanviz-quiz/1", "title": "t", "exercises": [
    {"title": "c", "algorithm": "blelloch", "input": [3, 1, 7, 0, 4, 1, 6, 3], "ask": "class",
     "round": 1},
    {"title": "t", "algorithm": "blelloch", "input": [3, 1, 7, 0, 4, 1, 6, 3], "ask": "threads",
     "round": 2},
    {"title": "m", "algorithm": "hillis-steele", "op": "max", "input": [3, 1, 7, 0, 4],
     "round": 1},
    {"title": "p", "algorithm": "blelloch", "input": [1, 2, 3, 4, 5], "round": 4}]})");
  Quiz quiz(set);
  // Up-sweep stride 1: threads 0..3 add into buf[1], buf[3], buf[5], buf[7].
  const Question& c = quiz.Current();
  ASSERT_EQ(c.cells.size(), 4u);
  EXPECT_EQ(c.cells[0], (QuizCell{0, 1}));
  EXPECT_TRUE(GradeAnswer(quiz.CurrentExercise(), c, 0, "add").right);
  const Grade wrong = GradeAnswer(quiz.CurrentExercise(), c, 0, "copied");
  EXPECT_FALSE(wrong.right);
  // A class is explained by how the cell was written, not by its value's window (issue #37).
  EXPECT_EQ(wrong.hint,
            "buf[1] is add: in the up-sweep thread 0 combines buf[0] into buf[1], the right end "
            "of its pair at stride 1");
  quiz.Submit();
  quiz.Next();
  // Up-sweep stride 2: two active threads.
  const Question& t = quiz.Current();
  EXPECT_EQ(t.Asked(), 1);
  EXPECT_EQ(RightAnswer(quiz.CurrentExercise(), t, 0), "0 1");
  EXPECT_TRUE(GradeAnswer(quiz.CurrentExercise(), t, 0, "1, 0").right);
  EXPECT_FALSE(GradeAnswer(quiz.CurrentExercise(), t, 0, "0 1 2").right);
  EXPECT_FALSE(GradeAnswer(quiz.CurrentExercise(), t, 0, "0 1 99").right);
  EXPECT_NE(GradeAnswer(quiz.CurrentExercise(), t, 0, "0").hint.find("2 of 8 threads are active"),
            std::string::npos);
  quiz.Submit();
  quiz.Next();
  const Question& m = quiz.Current();
  EXPECT_EQ(RightAnswer(quiz.CurrentExercise(), m, 1), "3");  // max(3, 1)
  EXPECT_NE(GradeAnswer(quiz.CurrentExercise(), m, 1, "4").hint.find("max(x0, x1)"),
            std::string::npos);
  quiz.Submit();
  quiz.Next();
  // Blelloch on 5 pads to 8; the seed step writes the root, buf[7], with the identity.
  const Question& p = quiz.Current();
  ASSERT_EQ(p.cells.size(), 1u);
  EXPECT_EQ(p.cells[0], (QuizCell{0, 7}));
  EXPECT_EQ(GradeAnswer(quiz.CurrentExercise(), p, 0, "15").hint,
            "buf[7] must hold the identity (0)");
}

// Issue #25: a float32 max (or min) scan's identity is -inf (inf); the cell that holds it could
// not be answered right, since an answer was read as input is, where only finite numbers go.
TEST(Quiz, AnInfiniteAnswerCanBeGivenRight) {
  const QuizSet set = Parsed(R"({"schema": "scanviz-quiz/1", "title": "t", "exercises": [
    {"title": "p", "algorithm": "blelloch", "op": "max", "type": "float32",
     "input": [1, 2, 3, 4, 5], "round": 4},
    {"title": "q", "algorithm": "blelloch", "op": "min", "type": "float32",
     "input": [1, 2, 3, 4, 5], "round": 4}]})");
  Quiz quiz(set);
  const Question& p = quiz.Current();
  ASSERT_EQ(p.cells.size(), 1u);
  ASSERT_EQ(RightAnswer(quiz.CurrentExercise(), p, 0), "-inf");
  for (const char* answer : {"-inf", " -INF ", "-Infinity", "-\u221e"})
    EXPECT_TRUE(GradeAnswer(quiz.CurrentExercise(), p, 0, answer).right) << answer;
  for (const char* answer : {"inf", "+inf", "-inf -inf", "-in", "nan", "-1e39"})
    EXPECT_FALSE(GradeAnswer(quiz.CurrentExercise(), p, 0, answer).right) << answer;
  quiz.Submit();
  quiz.Next();
  const Question& q = quiz.Current();
  ASSERT_EQ(RightAnswer(quiz.CurrentExercise(), q, 0), "inf");
  for (const char* answer : {"inf", "+inf", "Infinity", "\u221e"})
    EXPECT_TRUE(GradeAnswer(quiz.CurrentExercise(), q, 0, answer).right) << answer;
  EXPECT_FALSE(GradeAnswer(quiz.CurrentExercise(), q, 0, "-inf").right);
}

// Every shipped exercise loads, its own trace's answers grade all right, and a wrong answer
// grades wrong with a hint.
TEST(Quiz, EveryShippedExerciseIsAnswerable) {
  const std::vector<std::string> files = ListQuizSets(SCANVIZ_SOURCE_DIR "/assets/quizzes");
  ASSERT_GE(files.size(), 3u);
  int exercises = 0;
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    QuizSetLoad load = LoadQuizSet(file);
    ASSERT_TRUE(load.Ok()) << load.error;
    exercises += static_cast<int>(load.set.exercises.size());
    Quiz quiz(load.set);
    std::vector<int> asked(load.set.exercises.size(), 0);
    while (!quiz.Finished()) {
      const Question& q = quiz.Current();
      const BuiltExercise& b = quiz.CurrentExercise();
      ASSERT_GT(q.Asked(), 0);
      asked[static_cast<size_t>(q.exercise)] += q.Asked();
      for (int i = 0; i < q.Asked(); ++i) {
        quiz.Answers()[static_cast<size_t>(i)] = RightAnswer(b, q, i);
        const Grade wrong = GradeAnswer(b, q, i, "-12345");
        EXPECT_FALSE(wrong.right);
        EXPECT_FALSE(wrong.hint.empty());
      }
      for (const Grade& g : quiz.Submit()) EXPECT_TRUE(g.right) << g.expected;
      quiz.Next();
    }
    for (size_t e = 0; e < asked.size(); ++e) {
      EXPECT_GT(asked[e], 0) << "exercise " << e << " asks nothing";
      EXPECT_EQ(quiz.ExerciseScore(static_cast<int>(e)).right, asked[e]);
    }
  }
  EXPECT_GE(exercises, 12);
}

}  // namespace
}  // namespace scanviz::teach

namespace scanviz::teach {
namespace {

// A mistake variant asks what the broken kernel computes: with one buffer and the threads in
// order, round 1 already holds the whole inclusive scan (each thread adds a neighbour that has
// added its own), so the right answer for buf[0][2] is 11, and the correct kernel's 8 is wrong;
// the hint gives the correct kernel's window as such, and names what was taken away.
TEST(QuizMistakes, TheRightAnswerIsWhatTheRaceProduced) {
  const QuizSetLoad load = ParseQuizSet(R"({"schema": "scanviz-quiz/1", "title": "m",
    "exercises": [{"title": "one buffer", "algorithm": "hillis-steele",
                   "input": [3, 1, 7, 0, 4, 1, 6, 3], "round": 1,
                   "mistake": "single-buffer", "thread_order": "in-order"}]})",
                                        "m.json");
  ASSERT_TRUE(load.Ok()) << load.error;
  Quiz quiz(load.set);
  ASSERT_EQ(quiz.Current().cells.size(), 8u);
  quiz.Answers() = {"3", "4", "11", "11", "15", "16", "22", "25"};
  quiz.Answers()[3] = "7";  // the correct kernel's round-1 value: wrong here
  const std::vector<Grade>& g = quiz.Submit();
  EXPECT_TRUE(g[2].right);
  EXPECT_FALSE(g[3].right);
  EXPECT_EQ(g[3].expected, "11");
  EXPECT_NE(g[3].hint.find("in the correct kernel holds x2 + x3"), std::string::npos) << g[3].hint;
  EXPECT_NE(g[3].hint.find("pin and pout are the same buffer"), std::string::npos) << g[3].hint;
}

// Issue #25 (fuzz_quiz): a mistake can leave a round unwritten (Blelloch's wrong-index writes
// nothing in round 2 of 3 values; no-seed skips the seed step, round 4 of 8). Asked about the
// values or the classes of such a round, the exercise loaded and asked nothing: the quiz skipped
// it unseen and scored it 0 of 0. Now the loader says so; "all" asks the rounds that write.
TEST(QuizMistakes, ARoundTheMistakeLeavesUnwrittenIsRefused) {
  EXPECT_EQ(ErrorOf(R"({"title": "w", "algorithm": "blelloch", "input": [3, 1, 3], "round": 2,
                        "mistake": "wrong-index"})"),
            "bad.json: exercises[0]: round 2 writes no cell with the mistake 'wrong-index': ask "
            "\"threads\", or another round");
  EXPECT_NE(ErrorOf(R"({"title": "s", "algorithm": "blelloch", "input": [3, 1, 7, 0, 4, 1, 6, 3],
                        "rounds": [3, 4], "ask": "class", "mistake": "no-seed"})")
                .find("round 4 writes no cell with the mistake 'no-seed'"),
            std::string::npos);
  const QuizSet set = Parsed(R"({"schema": "scanviz-quiz/1", "title": "t", "exercises": [
    {"title": "all", "algorithm": "blelloch", "input": [3, 1, 7, 0, 4, 1, 6, 3], "mistake": "no-seed"},
    {"title": "who", "algorithm": "blelloch", "input": [3, 1, 7, 0, 4, 1, 6, 3], "mistake": "no-seed",
     "round": 4, "ask": "threads"}]})");
  EXPECT_EQ(set.exercises[0].rounds, (std::vector<int>{1, 2, 3, 5, 6, 7}));
  Quiz quiz(set);
  EXPECT_EQ(quiz.QuestionCount(), 7);
  // One value: the seed step is the only round after the load, so "all" asks the load, as it
  // does of one value without a mistake.
  const QuizSet one = Parsed(R"({"schema": "scanviz-quiz/1", "title": "t", "exercises": [
    {"title": "s", "algorithm": "blelloch", "input": [5], "mistake": "no-seed"}]})");
  EXPECT_EQ(one.exercises[0].rounds, (std::vector<int>{0}));
}

// Issue #25 (fuzz_quiz): with no thread active (no-seed's seed step) the right answer, as the
// question gives it, is "none", which graded wrong, while an empty answer (or a lone comma) graded
// right.
TEST(QuizMistakes, NoActiveThreadIsAnsweredNone) {
  const QuizSet set = Parsed(R"({"schema": "scanviz-quiz/1", "title": "t", "exercises": [
    {"title": "who", "algorithm": "blelloch", "input": [3, 1, 7, 0, 4, 1, 6, 3], "mistake": "no-seed",
     "rounds": [3, 4], "ask": "threads"}]})");
  const BuiltExercise b = BuildExercise(set.exercises[0]);
  const std::vector<Question> q = MakeQuestions(b, 0);
  ASSERT_EQ(q.size(), 2u);
  EXPECT_EQ(RightAnswer(b, q[1], 0), "none");
  EXPECT_TRUE(GradeAnswer(b, q[1], 0, "none").right);
  EXPECT_TRUE(GradeAnswer(b, q[1], 0, " none ").right);
  for (const char* answer : {"", " ", ",", "0", "none 0", "nothing"})
    EXPECT_FALSE(GradeAnswer(b, q[1], 0, answer).right) << "'" << answer << "'";
  // Round 3, the up-sweep's last: thread 0 alone.
  EXPECT_EQ(RightAnswer(b, q[0], 0), "0");
  for (const char* answer : {"", ",", "none"})
    EXPECT_FALSE(GradeAnswer(b, q[0], 0, answer).right) << "'" << answer << "'";
}

}  // namespace
}  // namespace scanviz::teach

// [SECTION] Hints a student can read (issue #37, item 5)

namespace scanviz::teach {
namespace {

// Hillis-Steele round 2 of the chapters' example, asked by class: buf[1][1] and buf[1][0] have no
// cell 2 to their left and are copied, the others computed; the hint says why, by the thread.
TEST(QuizHint, AClassQuestionsHintSaysWhyTheCellWasWrittenSo) {
  const QuizSet set = Parsed(R"({"schema": "scanviz-quiz/1", "title": "t", "exercises": [
    {"title": "c", "algorithm": "hillis-steele", "input": [3, 1, 7, 0, 4, 1, 6, 3], "round": 2,
     "ask": "class"}]})");
  Quiz quiz(set);
  const Question& q = quiz.Current();
  ASSERT_EQ(q.cells.size(), 8u);
  const BuiltExercise& b = quiz.CurrentExercise();
  const Grade copied = GradeAnswer(b, q, 1, "computed");
  EXPECT_EQ(copied.expected, "copied");
  EXPECT_EQ(copied.hint,
            "buf[0][1] is copied: thread 1 has no cell 2 to its left (1 < stride 2), so it "
            "combines nothing and copies buf[1][1] unchanged");
  const Grade computed = GradeAnswer(b, q, 5, "copied");
  EXPECT_EQ(computed.expected, "computed");
  EXPECT_EQ(computed.hint,
            "buf[0][5] is computed: thread 5 combines buf[1][3] and buf[1][5] into a new value");
  // No window: that would be the value's, which a class question does not ask.
  EXPECT_EQ(computed.hint.find("must hold"), std::string::npos);
}

// Each character a unit wide: a line holds `width` characters.
float Chars(const std::string& s) {
  return static_cast<float>(s.size());
}

TEST(QuizHint, AHintBreaksBetweenPhrasesNeverInsideASumOrItsBracket) {
  const std::string hint = "hint: buf[1][2] must hold x1 + x2 [1..2]; x8 on are padding";
  for (float width = 4; width <= 70; width += 1) {
    const std::vector<std::string> lines = WrapHint(hint, width, Chars);
    std::string joined;
    for (const std::string& l : lines) {
      joined += (joined.empty() ? "" : " ") + l;
      // The sum and its bracket on one line: a line holds all of it or none.
      const bool any = l.find("x1") != std::string::npos || l.find("[1..2]") != std::string::npos;
      if (any) {
        EXPECT_NE(l.find("x1 + x2 [1..2]"), std::string::npos) << width << ": " << l;
      }
      if (l.find(' ') != std::string::npos && l != "x1 + x2 [1..2];") {
        EXPECT_LE(Chars(l), width) << width << ": " << l;
      }
    }
    EXPECT_EQ(joined, hint) << width;  // nothing lost or added
  }
  const std::vector<std::string> max = WrapHint("must hold max(x0, x1) [0..1]", 12, Chars);
  EXPECT_EQ(max, (std::vector<std::string>{"must hold", "max(x0, x1) [0..1]"}));
}

}  // namespace
}  // namespace scanviz::teach
