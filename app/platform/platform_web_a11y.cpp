// The page's live region and Text view (platform_web_a11y.h): the app's own step text and round
// table (step_text.h, the trace the figure draws), never a second model in JavaScript.
#include "platform/platform_web_a11y.h"

#include <emscripten.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "platform/app_window.h"
#include "state/step_text.h"

// clang-format off
EM_JS(void, scanviz_js_step, (const char* json), {
  if (window.scanvizA11y) scanvizA11y.step(JSON.parse(UTF8ToString(json)));
});
// clang-format on

namespace {

scanviz::App* g_a11y_app = nullptr;
bool g_text_view = false;    // the page's Text view is open: the table follows each frame
std::string g_step;          // the last text handed to the page (without the table)
std::uint64_t g_digest = 0;  // RoundDigest of the last table handed to the page
std::string g_answer;        // what the last exported function returned

nlohmann::json StepJson(scanviz::AppState& app) {
  const scanviz::StepText t = scanviz::StepTextOf(app, scanviz::ShownKindOf(app));
  return nlohmann::json{{"title", t.title}, {"caption", t.caption}, {"paragraphs", t.paragraphs}};
}

}  // namespace

// The shown step: {"title", "caption", "paragraphs"}, and with `table` the round's table too.
extern "C" EMSCRIPTEN_KEEPALIVE const char* scanviz_web_step_text(int table) {
  if (g_a11y_app == nullptr) return "null";
  nlohmann::json j = StepJson(*g_a11y_app->state);
  if (table != 0) j["table"] = scanviz::RoundTable(*g_a11y_app->state);
  g_answer = j.dump();
  return g_answer.c_str();
}

// The page's Text view opened (1) or closed (0).
extern "C" EMSCRIPTEN_KEEPALIVE void scanviz_web_text_view(int open) {
  g_text_view = open != 0;
  g_step.clear();  // hand the page the text (and the table) at the next frame
  g_digest = 0;
}

namespace scanviz::platform {

// Each frame the step's text (a few hundred bytes) is compared with the last; the table, which
// may be thousands of cells, only when its digest changed.
void A11yAfterFrame(App& app) {
  g_a11y_app = &app;
  nlohmann::json j = StepJson(*app.state);
  std::string text = j.dump();
  const std::uint64_t digest = g_text_view ? RoundDigest(*app.state) : 0;
  if (text == g_step && digest == g_digest) return;
  g_step = std::move(text);
  g_digest = digest;
  if (g_text_view) j["table"] = RoundTable(*app.state);
  scanviz_js_step(j.dump().c_str());
}

}  // namespace scanviz::platform
