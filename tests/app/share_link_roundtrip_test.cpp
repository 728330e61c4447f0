// Copy link, then open it in a fresh app: every kind (kind_id.h) under every setting the session
// format holds comes back as it was. The picture compared is what a reader sees: the kind and its
// step, the shown players' rounds, the input bit for bit, the view's options and folds, each
// kind's settings and its own state fields (Kind::StateFields, what --state-file reports), the
// benchmark's choices and a quiz at its question. A difference names its field.
// Also: Random's input travels as its generator (a 2^16 grid's link is short and opens identical),
// and a view too big for a link is refused at copy time, never copied to fail on opening.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/input.h"
#include "core/link/share_text.h"
#include "core/registry.h"
#include "kinds/applications/applications_state.h"
#include "kinds/benchmark/benchmark_state.h"
#include "kinds/kind.h"
#include "kinds/multi_block/multi_block_state.h"
#include "kinds/side_by_side/side_by_side_state.h"
#include "kinds/single_pass/single_pass_state.h"
#include "state/app_state.h"
#include "state/share_link.h"
#include "teach/quiz_set.h"

namespace scanviz {
namespace {

using nlohmann::json;

const std::string kQuizzes = std::string(SCANVIZ_SOURCE_DIR) + "/assets/quizzes";

std::unique_ptr<AppState> FreshApp() {
  Settings s;
  s.input = "3 1 7 0 4 1 6 3";
  auto app = std::make_unique<AppState>(s);
  app->SetBackend(BackendChoice::kCpu);
  app->quiz.sets = teach::ListQuizSets(kQuizzes);
  return app;
}

// The values' bits: 0.1f and the double nearest it must not compare equal by accident.
std::vector<std::uint64_t> Bits(const std::vector<double>& values) {
  std::vector<std::uint64_t> out(values.size());
  if (!values.empty()) std::memcpy(out.data(), values.data(), values.size() * sizeof(double));
  return out;
}

json ViewPicture(const AppState& app) {
  const ViewState& v = app.view;
  const SinglePassState& timeline = SinglePassOf(app);
  const BenchmarkState& bench = BenchmarkOf(app);
  return {{"only_current", v.only_current},
          {"color_by_case", v.color_by_case},
          {"theme", scene::ToString(v.theme)},
          {"panel", ToString(v.panel)},
          {"figure_scale", v.figure_scale},
          {"left_fold", {v.left.collapsed, v.left.unfolded}},
          {"right_fold", {v.right.collapsed, v.right.unfolded}},
          {"pseudo_code", v.pseudo_code},
          {"lanes_log2", v.lanes_log2},
          {"bank_padding", v.bank_padding},
          {"quiz_panel", v.quiz},
          {"tile_size", timeline.model.tile_size},
          {"tile_order", ToString(timeline.model.tile_order)},
          {"timeline_cursor", timeline.timeline_cursor},
          {"bench_float", bench.bench_float},
          {"bench_exclusive", bench.bench_exclusive},
          {"bench_pct", bench.bench_pct},
          {"bench_toggled", bench.bench_toggled}};
}

// What the reader sees, field by field.
json Picture(AppState& app) {
  json j;
  j["kind"] = ToString(app.ShownKind());
  const StepCounter steps = ShownKindOf(app).Steps(app);
  j["step"] = {steps.step, steps.count, steps.caption};
  json rounds = json::array();
  for (Player* p : app.ShownPlayers()) rounds.push_back({p->Round(), p->RoundCount()});
  j["shown_rounds"] = rounds;
  json all = json::object();  // hidden too: Tab shows the next algorithm on its round
  for (const AlgorithmInfo* info : Algorithms()) all[info->key] = app.PlayerOf(info->id).Round();
  j["player_rounds"] = all;
  j["algorithm"] = ToString(app.GetAlgorithm());
  j["pair"] = {ToString(SideBySideOf(app).Left()), ToString(SideBySideOf(app).Right())};
  j["input_text"] = app.InputText();
  j["values_bits"] = Bits(app.Values());
  j["type"] = ToString(app.Type());
  j["op"] = ToString(app.Op());
  j["convert"] = app.Convert();
  j["seed"] = app.Seed();
  j["mistake"] = ToString(app.GetMistake());
  j["view"] = ViewPicture(app);
  j["grid"] = {ToString(MultiBlockOf(app).grid.BlockAlgorithm()),
               MultiBlockOf(app).grid.BlockSize()};
  const ApplicationModel& a = ApplicationsOf(app).model;
  j["application"] = {ToString(a.Application()), ToString(a.Keep(), app.Type()), a.SplitBit(),
                      a.RadixBits()};
  json quiz = {{"on", app.quiz.quiz.has_value()}};
  if (app.quiz.quiz) {
    quiz["set"] = app.quiz.quiz->Set().title;
    quiz["question"] = app.quiz.quiz->QuestionIndex();
  }
  j["quiz"] = quiz;
  json own;
  ShownKindOf(app).StateFields(app, own);
  j["kind_fields"] = own;
  return j;
}

// "" when equal, else every field that differs with both values.
std::string Differences(const json& want, const json& got) {
  std::string out;
  for (auto it = want.begin(); it != want.end(); ++it) {
    const json other = got.contains(it.key()) ? got[it.key()] : json();
    if (*it != other)
      out += it.key() + ": copied " + it->dump().substr(0, 200) + ", opened " +
             other.dump().substr(0, 200) + "\n";
  }
  return out;
}

using ViewSetup = std::function<void(AppState&)>;
struct Case {
  std::string name;
  ViewSetup setup;
};

// Makes the view with `setup`, copies its link, opens it in a fresh app, compares.
void ExpectRoundTrip(const Case& c) {
  SCOPED_TRACE(c.name);
  auto teacher = FreshApp();
  c.setup(*teacher);
  const json want = Picture(*teacher);
  const std::string fragment = teacher->ShareLink();
  ASSERT_EQ(LinkRefusal(fragment), "") << "fragment of " << fragment.size() << " characters";
  auto student = FreshApp();
  ASSERT_EQ(student->OpenLink("http://127.0.0.1:8023/#" + fragment), "");
  if (student->view.quiz) ShowQuestion(*student);  // as every frame does while quizzing
  EXPECT_EQ(Differences(want, Picture(*student)), "");
}

// The settings every kind shares, applied over a kind's own (a few combinations of each).
std::vector<ViewSetup> CommonSettings() {
  return {
      [](AppState&) {},
      [](AppState& a) {
        a.view.theme = scene::Theme::kLight;
        a.view.panel = SidePanel::kNarration;
        a.view.figure_scale = 1.5f;
        a.view.only_current = true;
        a.view.left.Hide();
        a.view.right.Show();
      },
      [](AppState& a) {
        a.view.theme = scene::Theme::kHighContrast;
        a.view.panel = SidePanel::kCode;
        a.view.pseudo_code = true;
        a.view.color_by_case = true;
        a.view.right.Hide();
      },
      [](AppState& a) {
        a.view.panel = SidePanel::kWarpsBanks;
        a.view.bank_padding = true;
        a.view.lanes_log2 = 3;
        a.view.left.Show();
        for (const AlgorithmInfo* info : Algorithms()) a.PlayerOf(info->id).Seek(1);  // hidden too
      },
  };
}

void SeekAll(AppState& a, int round) {
  a.ForEachShownPlayer([&](Player& p) { p.Seek(std::min(round, p.RoundCount() - 1)); });
}

std::vector<Case> BlockScanCases() {
  std::vector<Case> out;
  for (const AlgorithmInfo* info : Algorithms())
    for (OpKind op : kAllOps)
      for (ElementType type : {ElementType::kInt32, ElementType::kFloat32})
        for (bool convert : {false, true})
          out.push_back({std::string("block-scan ") + info->key + " " + ToString(op) + " " +
                             ToString(type) + (convert ? " converted" : ""),
                         [=](AppState& a) {
                           a.SetAlgorithm(info->id);
                           a.SetType(type);
                           a.SetOp(op);
                           a.SetConvert(convert);
                           if (type == ElementType::kFloat32) a.SetInputText("0.5 -1.25 3 0.1 7 2");
                           SeekAll(a, 1);
                         }});
  for (const MistakeInfo& m : Mistakes())
    out.push_back({std::string("block-scan mistake ") + m.key, [&m](AppState& a) {
                     a.SetAlgorithm(m.algorithm);
                     a.SetMistake(m.id);
                     SeekAll(a, 2);
                   }});
  return out;
}

std::vector<Case> SideBySideCases() {
  std::vector<Case> out;
  for (const AlgorithmInfo* l : Algorithms())
    for (const AlgorithmInfo* r : Algorithms())
      out.push_back({std::string("side-by-side ") + l->key + " | " + r->key, [=](AppState& a) {
                       SideBySideOf(a).SetPair(l->id, r->id);
                       a.SetKind(KindId::kSideBySide);
                       // Each pane on its own round: the right one's was lost before (#33).
                       Player& left = a.PlayerOf(l->id);
                       left.Seek(std::min(1, left.RoundCount() - 1));
                       Player& right = a.PlayerOf(r->id);
                       if (r->id != l->id) right.Seek(std::min(2, right.RoundCount() - 1));
                     }});
  return out;
}

std::vector<Case> GridAndTimelineCases() {
  std::vector<Case> out;
  for (const AlgorithmInfo* info : Algorithms())
    for (int size : {4, 16, 64})
      out.push_back({std::string("multi-block ") + info->key + " blocks of " + std::to_string(size),
                     [=](AppState& a) {
                       a.Randomize(200, 11);
                       MultiBlockOf(a).grid.SetBlockAlgorithm(info->id);
                       MultiBlockOf(a).grid.SetBlockSize(size);
                       a.SetKind(KindId::kMultiBlock);
                       SeekAll(a, 1);
                     }});
  for (int size : {4, 8, 32})
    for (TileOrder order : {TileOrder::kBlockIdx, TileOrder::kTicket})
      for (KindId under : {KindId::kBlockScan, KindId::kSideBySide, KindId::kBenchmark})
        out.push_back({std::string("single-pass tiles of ") + std::to_string(size) + " " +
                           ToString(order) + " over " + ToString(under),
                       [=](AppState& a) {
                         a.Randomize(100, 5);
                         a.SetKind(under);
                         SinglePassOf(a).model.tile_size = size;
                         SinglePassOf(a).model.tile_order = order;
                         a.SetKind(KindId::kSinglePass);
                         SinglePassOf(a).timeline_cursor = 1234;
                       }});
  return out;
}

std::vector<Case> ApplicationCases() {
  std::vector<Case> out;
  const std::vector<std::pair<ApplicationKind, std::function<void(ApplicationModel&)>>> apps = {
      {ApplicationKind::kCompact,
       [](ApplicationModel& m) {
         m.SetKeep({KeepKind::kOdd, 0});
       }},
      {ApplicationKind::kCompact,
       [](ApplicationModel& m) {
         m.SetKeep({KeepKind::kGreater, 3});
       }},
      {ApplicationKind::kSplit, [](ApplicationModel& m) { m.SetSplitBit(2); }},
      {ApplicationKind::kRadixSort, [](ApplicationModel& m) { m.SetRadixBits(3); }},
      {ApplicationKind::kRadixSort, [](ApplicationModel& m) { m.SetRadixBits(0); }},
      {ApplicationKind::kAllocate, [](ApplicationModel&) {}}};
  for (std::size_t i = 0; i < apps.size(); ++i)
    out.push_back({std::string("application ") + ToString(apps[i].first) + " #" + std::to_string(i),
                   [=](AppState& a) {
                     ApplicationsOf(a).model.SetApplication(apps[i].first);
                     apps[i].second(ApplicationsOf(a).model);
                     a.SetKind(KindId::kApplication);
                     SeekAll(a, 2);
                   }});
  return out;
}

std::vector<Case> BenchmarkAndQuizCases() {
  std::vector<Case> out;
  for (int bits = 0; bits < 8; ++bits)
    out.push_back({"benchmark choices " + std::to_string(bits), [=](AppState& a) {
                     BenchmarkOf(a).bench_float = (bits & 1) != 0;
                     BenchmarkOf(a).bench_exclusive = (bits & 2) != 0;
                     BenchmarkOf(a).bench_pct = (bits & 4) != 0;
                     if (bits & 1) BenchmarkOf(a).bench_toggled = {"memcpy", "e.lb8"};
                     a.SetKind(KindId::kBenchmark);
                   }});
  for (const std::string& set : teach::ListQuizSets(kQuizzes))
    for (int question : {0, 2})
      out.push_back({"quiz " + set + " at question " + std::to_string(question), [=](AppState& a) {
                       ASSERT_TRUE(StartQuiz(a, set)) << a.quiz.error;
                       a.quiz.quiz->GoTo(question);
                       ShowQuestion(a);
                     }});
  return out;
}

// Every kind of the registry as it opens, a step on: a kind added later has its case here without
// a line of its own (issue #35: a kind is its folder and its registry line).
std::vector<Case> RegistryCases() {
  std::vector<Case> out;
  for (KindId k : kAllKinds)
    out.push_back({std::string("kind ") + ToString(k) + " as it opens", [=](AppState& a) {
                     a.SetKind(k);
                     SeekAll(a, 1);
                   }});
  return out;
}

TEST(ShareLinkRoundTrip, EveryKindUnderEverySettingComesBackFieldByField) {
  std::vector<Case> cases;
  for (auto make : {BlockScanCases, SideBySideCases, GridAndTimelineCases, ApplicationCases,
                    BenchmarkAndQuizCases, RegistryCases})
    for (Case& c : make()) cases.push_back(std::move(c));
  std::vector<int> per_kind(kKindCount, 0);
  const std::vector<ViewSetup> common = CommonSettings();
  for (std::size_t i = 0; i < cases.size(); ++i) {
    // Every case under the first common settings, and each under one other in turn: every kind
    // meets every common setting.
    for (std::size_t k : {std::size_t{0}, 1 + i % (common.size() - 1)}) {
      const Case& c = cases[i];
      ExpectRoundTrip({c.name + " / common settings " + std::to_string(k), [&](AppState& a) {
                         common[k](a);
                         c.setup(a);
                         per_kind[static_cast<int>(a.ShownKind())] += 1;
                       }});
    }
  }
  for (KindId k : kAllKinds) EXPECT_GT(per_kind[static_cast<int>(k)], 0) << ToString(k);
}

TEST(ShareLinkRoundTrip, RandomInputTravelsAsItsGenerator) {
  for (ElementType type : {ElementType::kInt32, ElementType::kFloat32}) {
    SCOPED_TRACE(ToString(type));
    auto teacher = FreshApp();
    teacher->SetType(type);
    teacher->Randomize(kMaxGridElements, 2024);  // the 2^16 grid of issue #33
    teacher->SetKind(KindId::kMultiBlock);
    const std::string link = "http://127.0.0.1:8023/#" + teacher->ShareLink();
    EXPECT_LT(link.size(), 2000u);
    auto student = FreshApp();
    ASSERT_EQ(student->OpenLink(link), "");
    EXPECT_EQ(Bits(student->Values()), Bits(teacher->Values()));  // regenerated bit for bit
    EXPECT_EQ(Differences(Picture(*teacher), Picture(*student)), "");
    // Resized from a random input it is still the generator's; a cell edited near the start, the
    // values before it travel as they are (the head) and the rest as the generator's; one near
    // the end, the values themselves.
    teacher->Resize(1000);
    EXPECT_TRUE(teacher->ToSession().random);
    teacher->SetCell(3, 12);  // RandomValues' are 0..9
    ASSERT_TRUE(teacher->ToSession().random);
    EXPECT_EQ(ParseValues(teacher->ToSession().random->head, type, 100).values.size(), 4u);
    auto again = FreshApp();
    ASSERT_EQ(again->OpenLink("#" + teacher->ShareLink()), "");
    EXPECT_EQ(Bits(again->Values()), Bits(teacher->Values()));
    teacher->SetCell(990, 12);
    EXPECT_FALSE(teacher->ToSession().random);
  }
}

// n raised from the chapters' example to 2^16 (the n field: Resize): the example's 8 values, then
// the seed's random ones; the link holds the 8 and the generator.
TEST(ShareLinkRoundTrip, AnInputGrownByNTravelsAsItsHeadAndGenerator) {
  auto teacher = FreshApp();
  teacher->Resize(kMaxGridElements);
  teacher->SetKind(KindId::kMultiBlock);
  const std::string link = "http://127.0.0.1:8023/#" + teacher->ShareLink();
  EXPECT_LT(link.size(), 2000u);
  const Session s = teacher->ToSession();
  ASSERT_TRUE(s.random);
  EXPECT_EQ(s.random->head, "3 1 7 0 4 1 6 3");
  auto student = FreshApp();
  ASSERT_EQ(student->OpenLink(link), "");
  EXPECT_EQ(Bits(student->Values()), Bits(teacher->Values()));
  EXPECT_EQ(Differences(Picture(*teacher), Picture(*student)), "");
}

// 16,384 float32 values typed (not Random's): the link either opens identical or is refused at
// copy time with the reason; never copied to fail on opening (issue #33: 137,061 characters,
// "copied", then "longer than any link ScanViz writes").
TEST(ShareLinkRoundTrip, ATooBigViewIsRefusedAtCopyNeverCopiedToFail) {
  auto teacher = FreshApp();
  teacher->SetType(ElementType::kFloat32);
  std::vector<double> values = RandomValues(16384, 77, ElementType::kFloat32, -1000, 1000);
  for (double& v : values) v = static_cast<double>(static_cast<float>(v * 1.000123));
  teacher->SetValues(values);
  ASSERT_FALSE(teacher->ToSession().random);  // typed, so the values themselves
  const std::string fragment = teacher->ShareLink();
  const std::string why = LinkRefusal(fragment);
  if (why.empty()) {
    auto student = FreshApp();
    EXPECT_EQ(student->OpenLink("http://127.0.0.1:8023/#" + fragment), "");
    EXPECT_EQ(Bits(student->Values()), Bits(teacher->Values()));
  } else {
    EXPECT_EQ(why.rfind("not copied: a link to this view would be ", 0), 0u) << why;
    EXPECT_NE(why.find("File > Save session (Ctrl+Shift+S)"), std::string::npos) << why;
  }
  EXPECT_FALSE(why.empty()) << "16,384 float32 values fit in " << fragment.size() << " characters";
}

}  // namespace
}  // namespace scanviz
