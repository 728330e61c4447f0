// A quiz keeps its secrets (issue #37): while a question is open, no kind's figure, its SVG, the
// narration or the round's table holds an asked cell's value or its class, whichever kind was
// asked for; hiding the quiz hands the question in. Every shipped set, every question, every kind,
// without a window (the layout dump's half is ui_quiz_secrets_tests).
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "kinds/kind.h"
#include "state/app_state.h"
#include "state/quiz_session.h"
#include "state/step_text.h"
#include "teach/quiz_set.h"

namespace scanviz {
namespace {

Settings Input() {
  Settings s;
  s.input = "3 1 7 0 4 1 6 3";
  return s;
}

using CellKey = std::tuple<int, int, int>;  // round, buffer, pos

struct SvgCell {
  std::string cls;   // the group's class after "cell "
  std::string rect;  // the box's first <rect .../> without its place: fill, border, dashes
  std::string body;  // everything inside the group
};

// The SVG's cells: <g class="cell C" data-round="R" data-buffer="B" data-pos="P">...</g>.
std::multimap<CellKey, SvgCell> SvgCells(const std::string& svg) {
  std::multimap<CellKey, SvgCell> out;
  static const std::regex kCell(
      R"re(<g class="cell ([a-z-]+)" data-round="(-?\d+)" data-buffer="(\d+)" data-pos="(\d+)">)re");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), kCell); it != std::sregex_iterator();
       ++it) {
    const std::smatch& m = *it;
    const size_t start = static_cast<size_t>(m.position(0) + m.length(0));
    const size_t end = svg.find("</g>", start);
    SvgCell c{m[1].str(), "", svg.substr(start, end - start)};
    // The box's look: its first <rect>'s fill, stroke and dashes, not where it is.
    static const std::regex kPlace(R"re( (x|y|width|height)="[^"]*")re");
    c.rect = std::regex_replace(c.body.substr(0, c.body.find("/>")), kPlace, "");
    out.emplace(CellKey{std::stoi(m[2].str()), std::stoi(m[3].str()), std::stoi(m[4].str())}, c);
  }
  return out;
}

// The figure's SVG for the question open now: each asked cell is there, with no text but "…", no
// class and the box every other asked cell has; a class or threads question shows no arrow of its round
// and no work so far.
void ExpectSvgKeepsSecrets(const std::string& svg, const teach::Question& q,
                           const std::string& where) {
  const std::multimap<CellKey, SvgCell> cells = SvgCells(svg);
  std::set<std::string> boxes;
  for (const teach::QuizCell& c : q.cells) {
    const auto [lo, hi] = cells.equal_range({q.round, c.array, c.pos});
    EXPECT_NE(lo, hi) << where << ": asked cell " << c.array << "[" << c.pos << "] not drawn";
    for (auto it = lo; it != hi; ++it) {
      EXPECT_EQ(it->second.cls, "undefined") << where << ": " << c.array << "[" << c.pos << "]";
      // No text but the blank's "…", as the PNG draws it.
      static const std::regex kText(R"re(<text[^>]*>([^<]*)</text>)re");
      for (auto t = std::sregex_iterator(it->second.body.begin(), it->second.body.end(), kText);
           t != std::sregex_iterator(); ++t)
        EXPECT_EQ((*t)[1].str(), "…")
            << where << ": " << c.array << "[" << c.pos << "] " << it->second.body;
      boxes.insert(it->second.rect);
    }
  }
  EXPECT_LE(boxes.size(), 1u) << where << ": the asked boxes differ (a class colour)";
  if (q.mode == teach::QuizMode::kValues) return;
  EXPECT_EQ(svg.find("class=\"arrow\" data-round=\"" + std::to_string(q.round) + "\""),
            std::string::npos)
      << where << ": the round's arrows";
  EXPECT_NE(svg.find("work ? of"), std::string::npos) << where << ": the work so far";
}

TEST(QuizSecrets, EveryKindsSvgDuringEveryQuestionHoldsNoAskedValueOrClass) {
  const std::vector<std::string> sets = teach::ListQuizSets(SCANVIZ_SOURCE_DIR "/assets/quizzes");
  ASSERT_GE(sets.size(), 6u);
  int questions = 0;
  for (const std::string& path : sets) {
    AppState app(Input());
    app.SetBackend(BackendChoice::kCpu);
    ASSERT_TRUE(StartQuiz(app, path)) << app.quiz.error;
    teach::Quiz& quiz = *app.quiz.quiz;
    for (int i = 0; i < quiz.QuestionCount(); ++i, ++questions) {
      quiz.GoTo(i);
      const teach::Question& q = quiz.Current();
      const Algorithm asked = quiz.CurrentExercise().exercise.request.algorithm;
      for (KindId kind : kAllKinds) {
        const std::string where =
            path + " question " + std::to_string(i + 1) + ", kind " + ToString(kind);
        app.SetKind(kind);  // a key or the menu asks for another kind
        HoldQuiz(app);      // the frame that follows
        // The plain figure of the exercise's algorithm only: side by side or every algorithm
        // would show another's rounds (warp shuffle's round 1 is Hillis-Steele's answer).
        EXPECT_EQ(app.ShownKind(), kHomeKind) << where;
        EXPECT_EQ(app.ShownAlgorithms(), std::vector<Algorithm>{asked}) << where;
        ExpectSvgKeepsSecrets(ShownKindOf(app).FigureSvg(app, false), q, where);
        const StepText text = StepTextOf(app, ShownKindOf(app));
        EXPECT_EQ(text.paragraphs, std::vector<std::string>{kQuestionOpenText}) << where;
        EXPECT_TRUE(RoundTable(app).is_null()) << where;
      }
    }
  }
  EXPECT_GE(questions, 30);
}

TEST(QuizSecrets, HidingTheQuizHandsTheQuestionIn) {
  AppState app(Input());
  app.SetBackend(BackendChoice::kCpu);
  ASSERT_TRUE(StartQuiz(app, SCANVIZ_SOURCE_DIR "/assets/quizzes/01-hillis-steele.json"));
  HoldQuiz(app);  // the question shown
  ASSERT_TRUE(QuestionOpen(app.quiz, app.view.quiz));
  app.quiz.quiz->Answers()[1] = "4";
  app.view.quiz = false;  // Q: the figure now shows every value
  HoldQuiz(app);
  EXPECT_TRUE(app.quiz.quiz->Graded());
  EXPECT_EQ(app.quiz.quiz->SetScore().asked, 8);
  EXPECT_EQ(app.quiz.quiz->SetScore().right, 1);  // the one typed, the empty ones wrong
  app.view.quiz = true;  // Q again: the same question, graded, not open again
  HoldQuiz(app);
  EXPECT_FALSE(QuestionOpen(app.quiz, app.view.quiz));
  EXPECT_TRUE(QuizBlanks(app.quiz).empty());
  EXPECT_TRUE(app.quiz.quiz->Next());
  HoldQuiz(app);
  EXPECT_TRUE(QuestionOpen(app.quiz, app.view.quiz));  // the next one is asked
}

TEST(QuizSecrets, AQuestionNeverShownIsNotHandedIn) {
  // A session may open with the quiz hidden at a question: nothing of it was shown.
  AppState app(Input());
  app.SetBackend(BackendChoice::kCpu);
  ASSERT_TRUE(StartQuiz(app, SCANVIZ_SOURCE_DIR "/assets/quizzes/01-hillis-steele.json"));
  app.view.quiz = false;
  HoldQuiz(app);
  EXPECT_FALSE(app.quiz.quiz->Graded());
}

}  // namespace
}  // namespace scanviz
