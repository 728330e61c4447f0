// The file dialogs behind File > Open and File > Save session: the desktop's own (its Open and
// Save dialogs through xdg-desktop-portal, app/platform/portal_chooser.cpp) or the app's path
// field (views/file_view.cpp). The menus and keys only set ViewState::file_dialog; each frame
// StepFileChooser hands that request to the chooser the platform made and carries out the answer,
// so no view knows which dialog it got. UI-free: the tests drive it with a fake chooser.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "state/view_state.h"

namespace scanviz {

class AppState;

// One line of the dialog's file type list: "ScanViz sessions", {"*.scanviz"}.
struct FileFilter {
  std::string name;
  std::vector<std::string> patterns;
};

struct FileRequest {
  bool save = false;
  std::string title;
  std::string folder;  // Save: where the dialog starts
  std::string name;    // Save: the file name it suggests
  std::vector<FileFilter> filters;
};

enum class FileAnswer : std::uint8_t { kWaiting, kChosen, kCancelled, kFailed };

class FileChooser {
 public:
  virtual ~FileChooser() = default;
  // Shows a dialog for the request. False where this chooser has none to show: then *why says
  // why in a few words ("no D-Bus session bus"), or is empty where there is nothing to tell.
  virtual bool Start(const FileRequest& request, std::string* why) = 0;
  // Asked once a frame while its dialog is up: kChosen with *out the file's path, kFailed with
  // *out why (the portal went away, timed out), kWaiting while the user is still choosing.
  virtual FileAnswer Poll(std::string* out) = 0;
  // Closes the dialog (Escape in the app's window); Poll answers kCancelled from then on.
  virtual void Cancel() = 0;
};

// The app's own path field: it shows no dialog of its own, so the path field draws the request.
// The desktop built without libportal gets it, and the page keeps its own picker (platform_web).
class PathFieldChooser final : public FileChooser {
 public:
  bool Start(const FileRequest&, std::string* why) override {
    why->clear();
    return false;
  }
  FileAnswer Poll(std::string*) override { return FileAnswer::kFailed; }
  void Cancel() override {}
};

// What the dialog for File > Open (save false) or File > Save session asks for: the title, the
// file types (sessions and traces; sessions to save), and to save the folder and a name.
FileRequest RequestFor(const ViewState& vs, bool save);

// Hands a new request (ViewState::file_dialog) to the chooser, takes its answer (the file opened
// or saved, the dialog closed) and falls back to the path field, saying why in the status line,
// where the chooser shows no dialog or its dialog fails. Once a frame, before the path field;
// while the desktop's dialog is up the loop wakes ten times a second for it (main.cpp).
void StepFileChooser(AppState& app, FileChooser& chooser);

// Opens (save false) or saves the session to `path`; on success remembers its folder for the next
// dialog. The reason it failed, else "".
std::string OpenOrSaveFile(AppState& app, bool save, const std::string& path);

}  // namespace scanviz
