#include "figures/figure_export.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>
#include <utility>

#include "core/file_io.h"
#include "export/gif_writer.h"
#include "figures/export_runner.h"
#include "figures/figure_fit.h"
#include "figures/figure_render.h"
#include "kinds/kind_view.h"
#include "state/launch.h"

namespace scanviz {

namespace fs = std::filesystem;

namespace {

std::string Absolute(const std::string& dir) {
  std::error_code ec;
  fs::path abs = fs::absolute(dir.empty() ? fs::path(".") : fs::path(dir), ec);
  if (ec) return dir;
  abs = abs.lexically_normal();  // "/home/me/./slides/" -> "/home/me/slides/"
  if (!abs.has_filename() && abs != abs.root_path()) abs = abs.parent_path();
  return abs.string();
}

// The export folder, or why it cannot take files.
std::string CheckFolder(const std::string& dir) {
  std::error_code ec;
  const fs::path path = dir.empty() ? fs::path(".") : fs::path(dir);
  if (!fs::is_directory(path, ec)) return "export folder " + Absolute(dir) + " is not a folder";
  return {};
}

// A quiz question is open (quiz_session.h): one figure of its round is drawn with the asked
// cells blank, as on screen, but an animation or a sequence goes on to the rounds after it, which
// show (or copy) the answer. A teacher handing out the question wants that round alone: Ctrl+S.
constexpr const char* kRoundsGiveAway =
    "a quiz question is open, and the rounds after it would show its answer; save this round "
    "alone (Ctrl+S), or answer the question first";

bool AskingNow(const AppState& app) {
  return QuestionOpen(app.quiz, app.view.quiz);
}

}  // namespace

// [SECTION] What the figure shows

std::string RenderFigure(FigureSource& src, const FigureStyle& style, exports::RgbaImage* out) {
  Offscreen target(style.size.width, style.size.height);
  if (!target.Error().empty()) return target.Error();
  FigureScale scale(src);
  const FigureFit fit = FitFigure(src, scale, target.Width(), target.Height(), {0}, nullptr);
  return RenderInto(src, scale, fit, target, style.transparent, out);
}

std::string FigureSvg(AppState& app, bool transparent) {
  HoldQuiz(app);  // a quiz's open question: its figure, even before a frame has held it
  return ShownKindOf(app).FigureSvg(app, transparent);
}

// [SECTION] Export plans (the command line)

std::string RunExportPlan(FigureSource& src, const exports::ExportPlan& plan,
                          const FigureStyle& style) {
  if (!plan.error.empty()) return plan.error;
  HoldQuiz(src.app);  // --quiz with --kind: the question's figure, as a frame would hold it
  if (AskingNow(src.app)) {
    // Only the asked round, which the figure draws with its cells blank: any other (the default
    // last round, a GIF's, a sequence's) shows or copies the answer.
    const int asked = ShownKindOf(src.app).Steps(src.app).step;
    for (const exports::ExportFile& f : plan.files)
      if (f.round != asked)
        return "a quiz question is open at round " + std::to_string(asked) +
               ", and any other round would show its answer: export that round alone (--round " +
               std::to_string(asked) + "), or answer the question first";
  }
  ExportRunner runner(src, plan, style, kLaunchThreads);
  for (;;) {
    runner.Slice(1e9);
    const exports::JobStatus s = runner.Status();
    if (s.Finished()) return s.state == exports::JobStatus::State::kDone ? std::string() : s.error;
    if (!runner.HasWork()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

// [SECTION] The live app

ExportOutcome SaveFigure(FigureSource& src, const std::string& dir, const FigureStyle& style) {
  ExportOutcome out;
  if ((out.error = CheckFolder(dir)).empty()) {
    AppState& app = src.app;
    const std::string svg = FigureSvg(app, style.transparent);
    const bool chart = svg.empty();  // a picture only (the benchmark chart): a PNG alone
    // The step as the figure's heading counts it, where the kind says (FileTag).
    const StepCounter at = ShownKindOf(app).Steps(app);
    const std::string stem = chart                 ? FigureStemOf(app)
                             : at.file_tag.empty() ? exports::RoundStem(FigureStemOf(app), at.step)
                                                   : FigureStemOf(app) + "-" + at.file_tag;
    const fs::path folder = dir.empty() ? fs::path(".") : fs::path(dir);
    const std::string name = exports::FreeStem(
        folder, stem,
        chart ? std::vector<std::string>{".png"} : std::vector<std::string>{".png", ".svg"});
    exports::RgbaImage image;
    std::string png;
    out.error = RenderFigure(src, style, &image);
    if (out.error.empty()) out.error = EncodePng(image, style.transparent, &png);
    // The PNG and the SVG together or neither.
    std::vector<FileContents> files = {{(folder / (name + ".png")).string(), png}};
    if (!chart) files.emplace_back((folder / (name + ".svg")).string(), svg);
    if (out.error.empty()) out.error = WriteFilesAtomically(files);
    if (out.error.empty()) {
      out.notice = "saved " + name + (chart ? ".png" : ".png and .svg") + " in " + Absolute(dir);
    }
  }
  if (!out.error.empty()) out.error = "not saved: " + out.error;
  return out;
}

ExportOutcome StartAllRounds(FigureSource& src, const std::string& dir, const FigureStyle& style,
                             std::unique_ptr<ExportRunner>* job) {
  ExportOutcome out;
  if (*job) {
    out.error = "not saved: an export is running; wait for it, or cancel it (Esc) first";
    return out;
  }
  if (AskingNow(src.app)) {
    out.error = std::string("not saved: ") + kRoundsGiveAway;
    return out;
  }
  if ((out.error = CheckFolder(dir)).empty()) {
    const fs::path folder = dir.empty() ? fs::path(".") : fs::path(dir);
    const std::string stem = exports::FreeStem(folder, FigureStemOf(src.app), {".gif", "-rounds"});
    exports::ExportRequest request;
    if (exports::GifSupported()) request.gif = (folder / (stem + ".gif")).string();
    request.sequence_dir = (folder / (stem + "-rounds")).string();
    exports::ExportPlan plan = exports::PlanExports(request, stem, FigureRoundCount(src.app));
    out.error = plan.error;
    if (out.error.empty()) out.error = exports::CheckTargets(plan);
    if (out.error.empty()) {
      const int rounds = plan.round_count;
      *job = std::make_unique<ExportRunner>(src, std::move(plan), style, kLaunchThreads);
      (*job)->SetDoneNotice("saved " + std::to_string(rounds) + " rounds: " +
                            (exports::GifSupported() ? stem + ".gif and " : std::string()) + stem +
                            "-rounds/ in " + Absolute(dir) +
                            (exports::GifSupported() ? "" : " (no GIF: this build has no giflib)"));
    }
  }
  if (!out.error.empty()) out.error = "not saved: " + out.error;
  return out;
}

namespace {

// The notice, or the error, to the status line; an earlier export's failure or cancel goes.
void Report(AppState& app, const ExportOutcome& outcome) {
  app.notice = outcome.notice;
  std::string& message = app.message;
  if (!outcome.error.empty()) {
    message = outcome.error;
  } else if (message.rfind("not saved: ", 0) == 0 || message.rfind("Export cancelled", 0) == 0) {
    message.clear();  // the last export's failure, now out of date
  }
}

}  // namespace

void CarryOutExportRequest(FigureSource& src, exports::Size window,
                           std::unique_ptr<ExportRunner>* job) {
  ViewState& vs = src.app.view;
  const ViewState::Export request = std::exchange(vs.export_request, ViewState::Export::kNone);
  if (request == ViewState::Export::kNone) return;
  FigureStyle style;
  style.size = vs.export_width > 0 && vs.export_height > 0
                   ? exports::Size{vs.export_width, vs.export_height}
                   : window;
  style.transparent = vs.export_transparent;
  style.gif_delay_ms = vs.export_delay_ms;
  if (request == ViewState::Export::kFigure)
    return Report(src.app, SaveFigure(src, vs.export_dir, style));
  const ExportOutcome outcome = StartAllRounds(src, vs.export_dir, style, job);
  if (!outcome.error.empty()) return Report(src.app, outcome);
  src.app.notice.clear();  // the status bar shows the export's progress instead
  vs.export_progress = {};
  vs.export_progress.running = true;
  vs.export_progress.text = (*job)->ProgressText();
}

void StepExport(std::unique_ptr<ExportRunner>* job, double budget_ms) {
  if (!*job) return;
  ExportRunner& runner = **job;
  AppState& app = runner.App();
  ViewState::ExportProgress& progress = app.view.export_progress;
  if (std::exchange(progress.cancel, false)) runner.Cancel();
  runner.Slice(budget_ms);
  const exports::JobStatus s = runner.Status();
  progress.fraction = runner.Fraction();
  progress.text = runner.ProgressText();
  if (!s.Finished()) return;
  progress.running = false;
  progress.text.clear();
  ExportOutcome outcome;
  if (s.state == exports::JobStatus::State::kDone) {
    outcome.notice = runner.DoneNotice();
  } else if (s.state == exports::JobStatus::State::kFailed) {
    outcome.error = "not saved: " + s.error;
  } else if (runner.Changed()) {
    outcome.error =
        "Export cancelled: the figure changed during it (an edit, another algorithm or view); "
        "nothing was written";
  } else {
    outcome.notice = "Export cancelled; nothing was written";
  }
  Report(app, outcome);
  job->reset();
}

// [SECTION] The command line

int RunExports(FigureSource& src, const exports::ExportRequest& request, const FigureStyle& style,
               const std::string& also, std::function<std::string()> also_bytes) {
  exports::ExportPlan plan =
      exports::PlanExports(request, FigureStemOf(src.app), FigureRoundCount(src.app));
  plan.extra_path = also;
  plan.extra = std::move(also_bytes);
  std::string err = plan.error;
  if (err.empty() && !request.gif.empty() && !exports::GifSupported())
    err = "--export-gif: this build has no giflib (install libgif-dev and rebuild)";
  if (err.empty()) err = exports::CheckTargets(plan);
  for (const exports::ExportFile& f : plan.files)
    if (err.empty() && !also.empty() && SamePath(f.path, also))
      err = also + " and " + f.path + " name one file";
  // A refusal and a write that failed alike: one line, exit 2, nothing written (the job writes
  // all of its files or none).
  if (err.empty()) err = RunExportPlan(src, plan, style);
  if (!err.empty()) {
    std::fprintf(stderr, "scanviz: %s\n", err.c_str());
    return 2;
  }
  const std::string size =
      std::to_string(style.size.width) + "x" + std::to_string(style.size.height);
  int sequence = 0;
  for (const exports::ExportFile& f : plan.files) {
    if (f.sequence) {
      ++sequence;
    } else if (f.format == exports::Format::kGif) {
      std::printf("wrote %s (%d frames, %s)\n", f.path.c_str(), plan.round_count, size.c_str());
    } else {
      std::printf("wrote %s (round %d%s)\n", f.path.c_str(), f.round,
                  f.format == exports::Format::kPng ? (", " + size).c_str() : "");
    }
  }
  if (sequence > 0)
    std::printf("wrote %d files in %s (%d rounds)\n", sequence, plan.sequence_dir.c_str(),
                plan.round_count);
  return 0;
}

}  // namespace scanviz
