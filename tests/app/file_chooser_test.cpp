// File > Open and File > Save session through the FileChooser seam (state/file_chooser.h), with a
// fake chooser in place of the desktop's portal: the request it is handed (title, file types,
// folder, name), the answer carried out (the file opened, the session saved), Escape, and the
// fall back to the path field with the reason in the status line.
#include "state/file_chooser.h"

#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <string>

#include "state/app_state.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

const std::string kH200Trace = std::string(SCANVIZ_SOURCE_DIR) + "/docs/example-blelloch-h200.json";

// A dialog driven by the test: Start says yes (or no, with `refusal`), Poll answers what the test
// set, and each call is counted.
class FakeChooser final : public FileChooser {
 public:
  bool Start(const FileRequest& request, std::string* why) override {
    ++starts;
    last = request;
    *why = refusal;
    answer = FileAnswer::kWaiting;
    return refusal.empty();
  }
  FileAnswer Poll(std::string* out) override {
    ++polls;
    *out = out_text;
    return answer;
  }
  void Cancel() override {
    ++cancels;
    answer = FileAnswer::kCancelled;
  }

  std::string refusal;  // non-empty: there is no dialog to show, for this reason
  FileAnswer answer = FileAnswer::kWaiting;
  std::string out_text;
  FileRequest last;
  int starts = 0, polls = 0, cancels = 0;
};

Settings CpuSettings(const std::string& input) {
  Settings s;
  s.input = input;
  return s;
}

struct Fixture {
  Fixture() : app(CpuSettings("1 2 3")) { app.SetBackend(BackendChoice::kCpu); }
  AppState app;
  FakeChooser chooser;
};

TEST(FileChooser, OpenAsksForSessionsAndTracesAndOpensTheChosenFile) {
  Fixture f;
  f.app.view.file_dialog = FileDialog::kOpen;
  StepFileChooser(f.app, f.chooser);
  ASSERT_EQ(f.chooser.starts, 1);
  EXPECT_FALSE(f.chooser.last.save);
  EXPECT_EQ(f.app.view.file_via, FileVia::kDesktop);
  ASSERT_FALSE(f.chooser.last.filters.empty());
  EXPECT_EQ(f.chooser.last.filters[0].patterns, (std::vector<std::string>{"*.scanviz", "*.json"}));
  // While the user chooses: the request is not started again, nothing opens.
  StepFileChooser(f.app, f.chooser);
  StepFileChooser(f.app, f.chooser);
  EXPECT_EQ(f.chooser.starts, 1);
  EXPECT_EQ(f.app.view.file_dialog, FileDialog::kOpen);
  EXPECT_EQ(f.app.Values(), (std::vector<double>{1, 2, 3}));
  f.chooser.answer = FileAnswer::kChosen;
  f.chooser.out_text = kH200Trace;
  StepFileChooser(f.app, f.chooser);
  EXPECT_EQ(f.app.view.file_dialog, FileDialog::kNone);
  EXPECT_EQ(f.app.view.file_via, FileVia::kNone);
  EXPECT_EQ(f.app.GetAlgorithm(), Algorithm::kBlelloch);
  EXPECT_EQ(f.app.Values().size(), 8u);
  EXPECT_NE(f.app.notice.find("opened the trace"), std::string::npos) << f.app.notice;
  EXPECT_EQ(f.app.view.file_folder, fs::path(kH200Trace).parent_path().string());
}

TEST(FileChooser, SaveSuggestsANameInTheLastSaveFolderAndSavesThere) {
  Fixture f;
  const fs::path dir = fs::temp_directory_path() / ("scanviz-chooser-" + std::to_string(getpid()));
  fs::create_directories(dir);
  f.app.view.save_folder = dir.string();
  f.app.view.file_dialog = FileDialog::kSave;
  StepFileChooser(f.app, f.chooser);
  EXPECT_TRUE(f.chooser.last.save);
  EXPECT_EQ(f.chooser.last.folder, dir.string());
  EXPECT_EQ(f.chooser.last.name, "lecture.scanviz");
  ASSERT_EQ(f.chooser.last.filters.size(), 1u);
  EXPECT_EQ(f.chooser.last.filters[0].patterns, (std::vector<std::string>{"*.scanviz"}));
  const fs::path target = dir / "chosen.scanviz";
  f.chooser.answer = FileAnswer::kChosen;
  f.chooser.out_text = target.string();
  StepFileChooser(f.app, f.chooser);
  EXPECT_TRUE(fs::exists(target));
  EXPECT_EQ(f.app.view.file_dialog, FileDialog::kNone);
  EXPECT_EQ(f.app.view.save_folder, dir.string());
  fs::remove_all(dir);
}

// Escape in the app's window (DrawFileDialog sets file_cancel) closes the desktop's dialog; a
// Cancel in that dialog closes the request the same way; nothing opens either time.
TEST(FileChooser, EscapeAndTheDialogsCancelCloseTheRequest) {
  Fixture f;
  f.app.view.file_dialog = FileDialog::kOpen;
  StepFileChooser(f.app, f.chooser);
  f.app.view.file_cancel = true;
  StepFileChooser(f.app, f.chooser);
  EXPECT_EQ(f.chooser.cancels, 1);
  EXPECT_EQ(f.app.view.file_dialog, FileDialog::kNone);
  EXPECT_FALSE(f.app.view.file_cancel);
  f.app.view.file_dialog = FileDialog::kOpen;
  StepFileChooser(f.app, f.chooser);
  EXPECT_EQ(f.chooser.starts, 2);
  f.chooser.answer = FileAnswer::kCancelled;
  StepFileChooser(f.app, f.chooser);
  EXPECT_EQ(f.app.view.file_dialog, FileDialog::kNone);
  EXPECT_EQ(f.app.Values(), (std::vector<double>{1, 2, 3}));
}

// No portal: the path field shows (the dialog stays requested, drawn by file_view.cpp), and the
// status line and the dialog's note say why.
TEST(FileChooser, WithoutADesktopDialogThePathFieldShowsAndSaysWhy) {
  Fixture f;
  f.chooser.refusal = "no D-Bus session bus";
  f.app.view.file_dialog = FileDialog::kOpen;
  StepFileChooser(f.app, f.chooser);
  EXPECT_EQ(f.app.view.file_dialog, FileDialog::kOpen);
  EXPECT_EQ(f.app.view.file_via, FileVia::kPathField);
  EXPECT_NE(f.app.view.file_note.find("no D-Bus session bus"), std::string::npos);
  EXPECT_EQ(f.app.message, f.app.view.file_note);
  // The path field has the request now: the chooser is not asked again, nor polled.
  StepFileChooser(f.app, f.chooser);
  EXPECT_EQ(f.chooser.starts, 1);
  EXPECT_EQ(f.chooser.polls, 0);
  // The path field closed: the next request asks the chooser again.
  f.app.view.file_dialog = FileDialog::kNone;
  StepFileChooser(f.app, f.chooser);
  EXPECT_EQ(f.app.view.file_via, FileVia::kNone);
  f.app.view.file_dialog = FileDialog::kSave;
  StepFileChooser(f.app, f.chooser);
  EXPECT_EQ(f.chooser.starts, 2);
}

// The desktop's dialog failed after it started (the portal went away, no reply in time): the
// path field takes the request over, saying why.
TEST(FileChooser, ADialogThatFailsHandsOverToThePathField) {
  Fixture f;
  f.app.view.file_dialog = FileDialog::kOpen;
  StepFileChooser(f.app, f.chooser);
  f.chooser.answer = FileAnswer::kFailed;
  f.chooser.out_text = "no portal answered within 20 s";
  StepFileChooser(f.app, f.chooser);
  EXPECT_EQ(f.app.view.file_dialog, FileDialog::kOpen);
  EXPECT_EQ(f.app.view.file_via, FileVia::kPathField);
  EXPECT_NE(f.app.message.find("no portal answered within 20 s"), std::string::npos);
}

// The path field's own chooser (no libportal, the web): no note, no message; the field shows.
TEST(FileChooser, ThePathFieldChooserShowsTheFieldWithoutANote) {
  Fixture f;
  PathFieldChooser path_field;
  f.app.view.file_dialog = FileDialog::kOpen;
  StepFileChooser(f.app, path_field);
  EXPECT_EQ(f.app.view.file_via, FileVia::kPathField);
  EXPECT_EQ(f.app.view.file_note, "");
  EXPECT_EQ(f.app.message, "");
}

// A chosen file that does not open: the status line says why, the dialog is closed.
TEST(FileChooser, AChosenFileThatDoesNotOpenSaysWhyInTheStatusLine) {
  Fixture f;
  f.app.view.file_dialog = FileDialog::kOpen;
  StepFileChooser(f.app, f.chooser);
  f.chooser.answer = FileAnswer::kChosen;
  f.chooser.out_text = "/nonexistent/lecture.scanviz";
  StepFileChooser(f.app, f.chooser);
  EXPECT_EQ(f.app.view.file_dialog, FileDialog::kNone);
  EXPECT_NE(f.app.message.find("lecture.scanviz"), std::string::npos) << f.app.message;
  EXPECT_EQ(f.app.Values(), (std::vector<double>{1, 2, 3}));
}

}  // namespace
}  // namespace scanviz
