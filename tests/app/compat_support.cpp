// The compat test's seam to the app (compat_support.h): every AppState call the test and the
// fixtures' generator make is here.
#include "compat_support.h"

#include <cstdint>
#include <cstdio>

#include "core/registry.h"
#include "kinds/benchmark/benchmark_state.h"
#include "kinds/kind.h"
#include "state/session.h"
#include "teach/quiz_set.h"

namespace scanviz::compat {

namespace {

using nlohmann::json;

const std::string kSourceDir = SCANVIZ_SOURCE_DIR;
// The build tree's data dir links the bundled traces (assets/CMakeLists.txt).
const std::string kTracesDir = std::string(SCANVIZ_BINARY_DIR) + "/share/scanviz/traces";

void ReplaceAll(std::string& text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at))
    text.replace(at, from.size(), to), at += to.size();
}

// The text with the checkout's paths taken out (the traces' folder first: it may lie inside the
// source tree, in build/).
std::string Neutral(std::string text) {
  ReplaceAll(text, kTracesDir, "<traces>");
  ReplaceAll(text, kSourceDir + "/", "");
  return text;
}

// FNV-1a, 64 bits, as 16 hex digits: the session's exact bytes, without storing them twice.
std::string Hash(const std::string& text) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

}  // namespace

std::string FixtureDir() {
  return kSourceDir + "/tests/data/compat";
}

std::unique_ptr<AppState> FreshApp() {
  auto app = std::make_unique<AppState>(Settings{});
  app->SetBackend(BackendChoice::kCpu);
  app->quiz.sets = teach::ListQuizSets(kSourceDir + "/assets/quizzes");
  app->SetTracesDir(kTracesDir);
  // A results file of its own, as main sets the data dir's: the chart's numbers stay the fixtures'
  // when docs/bench/h200.json is measured again.
  BenchmarkOf(*app).model.SetPath(kSourceDir + "/tests/data/bench/h200-run8-v1.json");
  return app;
}

json Shown(AppState& app) {
  json j;
  const Kind& kind = KindOf(app.ShownKind());
  j["kind"] = ToString(app.ShownKind());
  const StepCounter steps = kind.Steps(app);
  j["step"] = {steps.step, steps.count, steps.caption};
  j["status_numbers"] = kind.StatusNumbers(app);
  json own = json::object();
  kind.StateFields(app, own);
  j["kind_fields"] = own;
  j["algorithm"] = ToString(app.GetAlgorithm());
  json rounds = json::object();
  for (const AlgorithmInfo* info : Algorithms()) {
    const Player& p = app.PlayerOf(info->id);
    rounds[info->key] = {p.Round(), p.RoundCount()};
  }
  j["player_rounds"] = rounds;
  j["input_text"] = app.InputText();
  j["input_error"] = app.InputError();
  j["n"] = app.Values().size();
  j["values_check"] = ValuesCheck(app.Values());  // the values' bits
  j["backend"] = app.BackendStatus();
  j["message"] = app.message;
  const std::string session = Neutral(SessionToJson(app.ToSession()));
  j["session"] = json::parse(session);
  j["session_fnv1a"] = Hash(session);
  j["share_link"] = app.ShareLink();
  return json::parse(Neutral(j.dump()));
}

json OpenedFile(const std::string& path) {
  auto app = FreshApp();
  const std::string result = app->OpenFile(path);
  json j = {{"result", Neutral(result)}, {"notice", Neutral(app->notice)}};
  j["shown"] = Shown(*app);
  return j;
}

json OpenedLink(const std::string& text) {
  auto app = FreshApp();
  const std::string result = app->OpenLink(text);
  json j = {{"result", Neutral(result)}, {"notice", Neutral(app->notice)}};
  j["shown"] = Shown(*app);
  return j;
}

std::string Differences(const json& want, const json& got, const std::string& where) {
  if (want.is_object() && got.is_object()) {
    std::string out;
    for (auto it = want.begin(); it != want.end(); ++it)
      out +=
          Differences(*it, got.contains(it.key()) ? got[it.key()] : json(), where + "/" + it.key());
    for (auto it = got.begin(); it != got.end(); ++it)
      if (!want.contains(it.key())) out += where + "/" + it.key() + ": new field\n";
    return out;
  }
  if (want == got) return {};
  return where + ": golden " + want.dump().substr(0, 300) + ", now " + got.dump().substr(0, 300) +
         "\n";
}

}  // namespace scanviz::compat
