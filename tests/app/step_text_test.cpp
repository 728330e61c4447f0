// The shown step as text (app/state/step_text.h), without a window: what the page's live region and
// Text view read and the desktop's narration panel copies. On the chapters' example,
// 3 1 7 0 4 1 6 3 (the book's tables: round 2 of Hillis-Steele holds 3 4 11 11 12 12 11 14 in
// buf[0]).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "kinds/kind.h"
#include "kinds/multi_block/multi_block_state.h"
#include "state/app_state.h"
#include "state/step_text.h"

namespace scanviz {
namespace {

Settings Example() {
  Settings s;
  s.input = "3 1 7 0 4 1 6 3";
  return s;
}

void Show(AppState& app, Algorithm algorithm) {
  app.SetBackend(BackendChoice::kCpu);
  app.SetAlgorithm(algorithm);
}

std::vector<std::string> Cells(const nlohmann::json& table, const std::string& head) {
  for (const nlohmann::json& row : table["rows"])
    if (row["head"] == head) return row["cells"].get<std::vector<std::string>>();
  return {};
}

TEST(StepText, TellsTheRoundAsTheNarrationTabDoes) {
  AppState app(Example());
  Show(app, Algorithm::kHillisSteele);
  ShownKindOf(app).Seek(app, 2);
  const StepText t = StepTextOf(app, ShownKindOf(app));
  EXPECT_EQ(t.title, "Round 2, stride 2");
  EXPECT_EQ(t.caption, "round 2 of 3 · stride 2");
  ASSERT_FALSE(t.paragraphs.empty());
  EXPECT_EQ(t.paragraphs, app.Current().teach.narration[2].paragraphs);
  const std::string plain = PlainText(t);
  EXPECT_EQ(plain.rfind("Round 2, stride 2\n\n", 0), 0u) << plain;
  EXPECT_EQ(plain.size() - plain.rfind(t.paragraphs.back()), t.paragraphs.back().size() + 1)
      << plain;
}

TEST(StepText, TheLastRoundAddsTheSummary) {
  AppState app(Example());
  Show(app, Algorithm::kHillisSteele);
  ShownKindOf(app).Seek(app, 3);
  const StepText t = StepTextOf(app, ShownKindOf(app));
  const teach::Narration& summary = app.Current().teach.narration.back();
  ASSERT_GT(t.paragraphs.size(), summary.paragraphs.size());
  EXPECT_EQ(t.paragraphs.back(), summary.paragraphs.back());
}

TEST(StepText, TheTableIsTheRoundTheFigureDraws) {
  AppState app(Example());
  Show(app, Algorithm::kHillisSteele);
  ShownKindOf(app).Seek(app, 2);
  const nlohmann::json t = RoundTable(app);
  ASSERT_TRUE(t.is_object());
  EXPECT_EQ(t["caption"], "Hillis-Steele: Round 2, stride 2");
  EXPECT_EQ(t["positions"].size(), 8u);
  using V = std::vector<std::string>;
  EXPECT_EQ(Cells(t, "buf[0] (written)"), (V{"3", "4", "11", "11", "12", "12", "11", "14"}));
  EXPECT_EQ(Cells(t, "buf[1] (read)"), (V{"3", "4", "8", "7", "4", "5", "7", "9"}));
  EXPECT_EQ(Cells(t, "did"), (V{"cp", "cp", "+", "+", "+", "+", "+", "+"}));
  EXPECT_EQ(Cells(t, "case"), (V{"3", "3", "2", "1", "1", "1", "1", "1"}));
  EXPECT_EQ(Cells(t, "window"), (V{"0", "0..1", "0..2", "0..3", "1..4", "2..5", "3..6", "4..7"}));
  EXPECT_EQ(Cells(t, "written by thread"), (V{"0", "1", "2", "3", "4", "5", "6", "7"}));
  EXPECT_EQ(t["summary"], "8 threads active (0 to 7); 6 operator applications (13 in all so far)");
  const std::string tsv = RoundTableTsv(t);
  EXPECT_NE(tsv.find("\nposition\t0\t1\t2\t3\t4\t5\t6\t7\n"), std::string::npos) << tsv;
  EXPECT_NE(tsv.find("\nwindow\t0\t0..1\t0..2\t0..3\t1..4\t2..5\t3..6\t4..7\n"), std::string::npos);
}

TEST(StepText, BlellochsUpSweepNamesItsPhaseAndItsWriters) {
  AppState app(Example());
  Show(app, Algorithm::kBlelloch);
  ShownKindOf(app).Seek(app, 1);
  const nlohmann::json t = RoundTable(app);
  EXPECT_EQ(t["caption"], "Blelloch: Up-sweep round 1, stride 1");
  using V = std::vector<std::string>;
  EXPECT_EQ(Cells(t, "buf (read and written)"), (V{"3", "4", "7", "7", "4", "5", "6", "9"}));
  EXPECT_EQ(Cells(t, "written by thread"), (V{"", "0", "", "1", "", "2", "", "3"}));
}

TEST(StepText, TheDigestFollowsTheRoundAndItsAlgorithm) {
  AppState app(Example());
  Show(app, Algorithm::kHillisSteele);
  const Kind& kind = ShownKindOf(app);
  kind.Seek(app, 2);
  const std::uint64_t two = RoundDigest(app);
  kind.Seek(app, 3);
  EXPECT_NE(RoundDigest(app), two);
  kind.Seek(app, 2);
  EXPECT_EQ(RoundDigest(app), two);
  Show(app, Algorithm::kBlelloch);
  ShownKindOf(app).Seek(app, 2);
  EXPECT_NE(RoundDigest(app), two);
  app.SetKind(KindId::kBenchmark);
  EXPECT_EQ(RoundDigest(app), 0u);
}

TEST(StepText, AnOpenedBlockOfTheGridGivesItsRound) {
  AppState app(Example());
  Show(app, Algorithm::kHillisSteele);
  MultiBlockOf(app).grid.SetBlockSize(4);
  app.SetKind(KindId::kMultiBlock);
  EXPECT_TRUE(RoundTable(app).is_null());  // the grid itself: its caption, no table
  ASSERT_TRUE(OpenBlock(app, 0, 1));
  app.CurrentPlayer().First();  // the block's load
  const nlohmann::json t = RoundTable(app);
  ASSERT_TRUE(t.is_object());
  EXPECT_EQ(t["positions"].size(), 4u);  // block 1 holds 4 1 6 3
  EXPECT_EQ(t["rows"][0]["cells"], (std::vector<std::string>{"4", "1", "6", "3"}));
  EXPECT_EQ(StepTextOf(app, ShownKindOf(app)).title, app.Current().teach.narration[0].title);
}

TEST(StepText, AKindWithoutBlockRoundsGivesItsCaptionAndNoTable) {
  AppState app(Example());
  Show(app, Algorithm::kHillisSteele);
  app.SetKind(KindId::kBenchmark);
  const StepText t = StepTextOf(app, ShownKindOf(app));
  EXPECT_EQ(t.title, t.caption);
  EXPECT_TRUE(RoundTable(app).is_null());
  EXPECT_EQ(RoundTableTsv(RoundTable(app)), "");
}

}  // namespace
}  // namespace scanviz
