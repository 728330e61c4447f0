// File > Open and File > Save session through whichever dialog the platform made (file_chooser.h).
#include "state/file_chooser.h"

#include <filesystem>
#include <system_error>
#include <utility>

#include "state/app_state.h"

namespace scanviz {

namespace {

namespace fs = std::filesystem;

// The path field instead: its dialog draws from the next frame on, and where the desktop's
// dialog was expected the status line and the dialog's own line say why it is not there.
void FallBack(AppState& app, const std::string& why) {
  ViewState& vs = app.view;
  vs.file_via = FileVia::kPathField;
  vs.file_note.clear();
  if (why.empty()) return;
  vs.file_note =
      "The desktop's file dialog is not available (" + why + "): the path field instead.";
  app.message = vs.file_note;
}

void Close(ViewState& vs) {
  vs.file_dialog = FileDialog::kNone;
  vs.file_via = FileVia::kNone;
  vs.file_cancel = false;
}

// The desktop's dialog answered with a file: opened or saved, or the reason in the status line.
void TakeChosen(AppState& app, bool save, const std::string& path) {
  const std::string err = OpenOrSaveFile(app, save, path);
  if (err.empty()) {
    app.message.clear();
  } else {
    app.notice.clear();
    app.message = err;
  }
  Close(app.view);
}

}  // namespace

FileRequest RequestFor(const ViewState& vs, bool save) {
  FileRequest r;
  r.save = save;
  if (save) {
    r.title = "Save the session";
    std::error_code ec;
    r.folder = vs.save_folder.empty() ? fs::current_path(ec).string() : vs.save_folder;
    r.name = "lecture.scanviz";
    r.filters = {{"ScanViz sessions (.scanviz)", {"*.scanviz"}}};
    return r;
  }
  r.title = "Open a session or a trace";
  r.filters = {{"Sessions and traces (.scanviz, .json)", {"*.scanviz", "*.json"}},
               {"ScanViz sessions (.scanviz)", {"*.scanviz"}},
               {"Traces from scanviz-cli trace -o (.json)", {"*.json"}},
               {"All files", {"*"}}};
  return r;
}

void StepFileChooser(AppState& app, FileChooser& chooser) {
  ViewState& vs = app.view;
  if (vs.file_dialog == FileDialog::kNone) {
    if (vs.file_via == FileVia::kDesktop) chooser.Cancel();  // closed by something else
    vs.file_via = FileVia::kNone;
    return;
  }
  const bool save = vs.file_dialog == FileDialog::kSave;
  if (vs.file_via == FileVia::kNone) {
    std::string why;
    if (chooser.Start(RequestFor(vs, save), &why)) {
      vs.file_via = FileVia::kDesktop;
      vs.file_note.clear();
    } else {
      FallBack(app, why);
    }
    return;
  }
  if (vs.file_via != FileVia::kDesktop) return;
  if (std::exchange(vs.file_cancel, false)) chooser.Cancel();
  std::string out;
  switch (chooser.Poll(&out)) {
    case FileAnswer::kWaiting:
      return;
    case FileAnswer::kCancelled:
      Close(vs);
      return;
    case FileAnswer::kFailed:
      FallBack(app, out.empty() ? std::string("it gave no answer") : out);
      return;
    case FileAnswer::kChosen:
      TakeChosen(app, save, out);
      return;
  }
}

std::string OpenOrSaveFile(AppState& app, bool save, const std::string& path) {
  const std::string err = save ? app.SaveSessionTo(path) : app.OpenFile(path);
  if (!err.empty()) return err;
  ViewState& vs = app.view;
  std::error_code ec;
  vs.file_folder = fs::absolute(fs::path(path), ec).parent_path().string();
  if (save) vs.save_folder = vs.file_folder;
  return {};
}

}  // namespace scanviz
