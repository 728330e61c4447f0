// The --state-file document (headless.h): what a test driving the live app with real key presses
// checks. The fields every kind has are here; a kind's own (the grid's, an application's) are the
// kind's (Kind::StateFields).
#include <nlohmann/json.hpp>
#include <utility>

#include "core/registry.h"
#include "kinds/kind.h"
#include "platform/headless.h"

namespace scanviz {

namespace {

using nlohmann::json;

// The kind shown, its step, and its own fields (asked for first, as they may trace what the
// rounds below then read).
void KindFields(AppState& app, json& j) {
  const KindId kind = app.ShownKind();
  const Kind& shown = ShownKindOf(app);
  const StepCounter steps = shown.Steps(app);
  j["kind"] = ToString(kind);
  j["step"] = {{"step", steps.step}, {"of", steps.count}, {"caption", steps.caption}};
  j["algorithm"] = ToString(app.GetAlgorithm());
  // The flags the file had for the kinds before it had "kind" (KindEntry::state_flag).
  for (KindId id : kAllKinds)
    if (const char* flag = KindOf(id).Entry().state_flag) j[flag] = kind == id;
  shown.StateFields(app, j);
}

// Every algorithm's player, and the input.
void InputFields(AppState& app, json& j) {
  json rounds = json::object();
  for (const AlgorithmInfo* info : Algorithms()) {
    Player& p = app.PlayerOf(info->id);
    rounds[info->key] = {{"round", p.Round()}, {"of", p.RoundCount()}, {"playing", p.Playing()}};
  }
  j["rounds"] = std::move(rounds);
  j["input_text"] = app.InputText();
  j["input_error"] = app.InputError();
  j["values"] = app.Values();
  j["op"] = ToString(app.Op());
  j["type"] = ToString(app.Type());
  j["undo"] = app.History().UndoCount();
  j["redo"] = app.History().RedoCount();
}

// The view's toggles, the selection, what the status line says, the file dialog, the widgets.
void ViewFields(const AppState& app, json& j) {
  const ViewState& vs = app.view;
  j["panel"] = ToString(vs.panel);
  j["presenter"] = vs.presenter;
  static constexpr const char* kForms[] = {"desktop", "tablet", "phone"};
  j["form"] = kForms[static_cast<int>(vs.form)];  // layout.h: the screen, the step bar
  j["embed"] = vs.embed;
  j["touch_target"] = vs.touch_target;
  j["only_current"] = vs.only_current;
  j["bank_padding"] = vs.bank_padding;
  j["color_by_case"] = vs.color_by_case;
  j["ui_scale"] = vs.ui_scale;
  j["pan_y"] = vs.pan_y;
  j["zoom"] = vs.zoom;  // the figure's (the wheel, a pinch), and its text size (Ctrl+= / -)
  j["pan_x"] = vs.pan_x;
  j["figure_scale"] = vs.figure_scale;
  j["help"] = vs.help;
  j["qr"] = vs.qr;
  static constexpr const char* kThemes[] = {"dark", "light", "high-contrast"};
  j["theme"] = kThemes[static_cast<int>(vs.theme)];
  j["popup"] = vs.popup_open;
  j["tooltip"] = vs.tooltip;
  const auto& tr = vs.tooltip_rect;
  j["tooltip_rect"] = {tr[0], tr[1], tr[2], tr[3]};
  j["selected"] =
      vs.selected ? json::array({vs.selected->round, vs.selected->buffer, vs.selected->pos})
                  : json();
  j["message"] = app.message;
  j["notice"] = app.notice;
  j["backend"] = app.BackendStatus();
  j["file_dialog"] = vs.file_dialog == FileDialog::kOpen   ? "open"
                     : vs.file_dialog == FileDialog::kSave ? "save"
                                                           : "";
  j["file_error"] = vs.file_error;
  // Who shows the file dialog (state/file_chooser.h): "desktop" (xdg-desktop-portal) or "path".
  j["file_via"] = vs.file_via == FileVia::kDesktop     ? "desktop"
                  : vs.file_via == FileVia::kPathField ? "path"
                                                       : "";
  j["file_note"] = vs.file_note;
  const ViewState::ExportProgress& e = vs.export_progress;
  j["export"] = {{"running", e.running},
                 {"fraction", e.fraction},
                 {"text", e.text},
                 {"frames", e.frames},
                 {"longest_frame_ms", e.longest_frame_ms}};
  const ViewState::Mouse& m = vs.mouse;
  j["mouse"] = {{"down", m.down},
                {"clicks", m.clicks},
                {"double_clicks", m.double_clicks},
                {"click_time", m.click_time},
                {"previous_click_time", m.previous_click_time},
                {"double_click_time", m.double_click_time}};
  j["recent"] = app.Recent();
  j["n_note"] = vs.n_note;
  json widgets = json::object();
  for (const auto& [name, r] : vs.widgets) widgets[name] = {r[0], r[1], r[2], r[3]};
  j["widgets"] = std::move(widgets);
  const ViewState::Keyboard& kb = vs.keyboard;
  j["keyboard"] = {{"navigating", kb.navigating}, {"panels", kb.panels},
                   {"nav_item", kb.nav_item},     {"menus", kb.menus},
                   {"items", kb.items},           {"chosen", kb.chosen}};
}

json QuizFields(const AppState& app) {
  json quiz = {{"on", app.view.quiz}, {"error", app.quiz.error}};
  if (const auto& q = app.quiz.quiz) {
    const teach::Score score = q->SetScore();
    quiz["set"] = q->Set().title;
    quiz["question"] = q->QuestionIndex();
    quiz["questions"] = q->QuestionCount();
    quiz["finished"] = q->Finished();
    quiz["graded"] = q->Graded();
    quiz["answers"] = q->Answers();
    quiz["right"] = score.right;
    quiz["asked"] = score.asked;
  }
  return quiz;
}

}  // namespace

std::string StateJson(AppState& app, bool text_input) {
  json j;
  KindFields(app, j);
  InputFields(app, j);
  ViewFields(app, j);
  j["text_input"] = text_input;
  j["quiz"] = QuizFields(app);
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace scanviz
