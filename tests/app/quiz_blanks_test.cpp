// The Quiz mode's figure (quiz_session.h, scene.h): the cells a question asks about show no
// value in the asked round, every other cell (the round before, the input) shows its own, and
// once the answers are graded nothing is blank.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "scene/scene.h"
#include "state/quiz_session.h"
#include "teach/quiz_set.h"

namespace scanviz {
namespace {

TEST(QuizBlanks, TheAskedCellsShowNoValueInTheAskedRoundOnly) {
  const teach::QuizSetLoad load = teach::ParseQuizSet(
      R"({"schema": "scanviz-quiz/1", "title": "t", "exercises": [
          {"title": "HS", "algorithm": "hillis-steele", "input": [3, 1, 7, 0, 4, 1, 6, 3],
           "round": 2}]})",
      "t.json");
  ASSERT_TRUE(load.Ok()) << load.error;
  QuizSession session;
  session.quiz.emplace(load.set);
  const teach::Question& q = session.quiz->Current();
  ASSERT_EQ(q.round, 2);
  ASSERT_EQ(q.cells.size(), 8u);
  const teach::BuiltExercise& b = session.quiz->CurrentExercise();
  scene::ViewOptions o;
  o.current_round = q.round;
  o.blanks = QuizBlanks(session);
  const scene::Scene figure = scene::BuildScene(b.trace, b.analysis, o);
  size_t asked_boxes = 0, shown_before = 0;
  for (const scene::Box& box : figure.boxes) {
    const bool asked = box.cell.round == q.round &&
                       std::find(q.cells.begin(), q.cells.end(),
                                 teach::QuizCell{box.cell.buffer, box.cell.pos}) != q.cells.end();
    const std::string where = "round " + std::to_string(box.cell.round) + " buffer " +
                              std::to_string(box.cell.buffer) + " [" +
                              std::to_string(box.cell.pos) + "]";
    if (asked) {
      ++asked_boxes;
      EXPECT_EQ(box.text, "") << where;
      EXPECT_EQ(box.compact, "") << where;
    } else {
      EXPECT_NE(box.text, "") << where;
      if (box.cell.round == q.round - 1) ++shown_before;
    }
  }
  EXPECT_EQ(asked_boxes, q.cells.size());
  EXPECT_GT(shown_before, 0u);  // the round the student reads from is shown
  session.quiz->Submit();
  EXPECT_TRUE(QuizBlanks(session).empty());
}

}  // namespace
}  // namespace scanviz
