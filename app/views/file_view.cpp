// The File dialog (Ctrl+O, Ctrl+Shift+S, the Open… and Save… buttons): a path field, the recent
// files, and the folder's sessions and traces to click through. ImGui has no file dialog and the
// project takes none from outside Debian, so this is a small one of our own. Opening a file, and
// dropping one on the window, go through AppState::OpenFile. Where the desktop's own Open and Save
// dialogs answer (xdg-desktop-portal, state/file_chooser.h) they show instead of this one.
#include <algorithm>
#include <filesystem>
#include <system_error>

#include "state/file_chooser.h"
#include "views/primitives.h"
#include "views/views.h"
// After imgui.h (views.h): it uses IMGUI_API.
#include <imgui_stdlib.h>

namespace scanviz {

namespace {

namespace fs = std::filesystem;

// Sessions and traces: what the dialog lists in a folder.
bool Listed(const fs::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".scanviz" || ext == ".json";
}

struct Entry {
  std::string name;
  bool folder = false;
};

std::vector<Entry> ListFolder(const fs::path& dir) {
  std::vector<Entry> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
       !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    std::error_code type_ec;
    const bool folder = it->is_directory(type_ec);
    if (folder || Listed(it->path())) out.push_back({name, folder});
    if (out.size() >= 500) break;  // a huge folder: the path field still reaches the rest
  }
  std::sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) {
    return a.folder != b.folder ? a.folder : a.name < b.name;
  });
  return out;
}

// What the user did in the dialog this frame: asked for the file in the field (Enter, Open or
// Save), picked one to open (a recent file, a double-click), or closed it.
struct Action {
  bool act = false;
  bool close = false;
  std::string chosen;
};

// Opens the popup the first time: the folder (the last one used, the current one at first; to
// save, the last folder saved to) and, to save, a name.
void OpenPopup(ViewState& vs, bool open, const char* title) {
  if (ImGui::IsPopupOpen("###file")) return;
  std::error_code ec;
  if (!open) vs.file_folder = vs.save_folder;
  if (vs.file_folder.empty()) vs.file_folder = fs::current_path(ec).string();
  vs.file_path = open ? std::string() : (fs::path(vs.file_folder) / "lecture.scanviz").string();
  vs.file_error.clear();
  ImGui::OpenPopup(title);
}

// The path field with Open (or Save) and Cancel beside it, and the last error under it.
void PathRow(UiContext& ui, bool open, Action& a) {
  ViewState& vs = ui.app.view;
  ImGui::TextUnformatted(open ? "File (a .scanviz session, or a trace from scanviz-cli trace -o):"
                              : "Save as (a .scanviz session):");
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  ImGui::SetNextItemWidth(-ui.fonts.ui_px * 9);
  if (ImGui::InputText("##file_path", &vs.file_path, ImGuiInputTextFlags_EnterReturnsTrue))
    a.act = true;
  const bool field_active = ImGui::IsItemActive();
  Place(ui, "file_path");
  Tip(ui, open ? "A file's path; Enter opens it" : "Where to save; Enter saves");
  ImGui::SameLine();
  if (ImGui::Button(open ? "Open" : "Save")) a.act = true;
  Tip(ui, open ? "Open the file named in the field" : "Save the session to the file named");
  ImGui::SameLine();
  // The last error's line, on Cancel (empty) when there is none, as the dump always had it.
  if (Button(ui, "Cancel", vs.file_error.empty() ? Dump("file-error", "") : Dump())) a.close = true;
  Tip(ui, "Close the dialog (Esc)");
  // Escape: in the field it reaches the app as text_escape (main.cpp), elsewhere as a key.
  if ((field_active && vs.text_escape) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    a.close = true;
  if (field_active && vs.text_escape) vs.text_escape = false;
  if (!vs.file_error.empty()) TextWrappedColored(ui, "file-error", ui.palette.bad, vs.file_error);
}

void RecentFiles(UiContext& ui, Action& a) {
  ImGui::Separator();
  ImGui::TextDisabled("Recent");
  for (const std::string& r : ui.app.Recent()) {
    if (ImGui::Selectable(r.c_str())) a.chosen = r;
    Tip(ui, "Open it again");
  }
}

// The folder's sessions, traces and folders: a folder goes into it, a file into the field (a
// double-click opens it).
void FolderList(UiContext& ui, bool open, Action& a) {
  ViewState& vs = ui.app.view;
  ImGui::Separator();
  ImGui::TextDisabled("In %s", vs.file_folder.c_str());
  ImGui::BeginChild("##folder", ImVec2(0, 0), true);
  if (ImGui::Selectable("..", false, ImGuiSelectableFlags_DontClosePopups))
    vs.file_folder = fs::path(vs.file_folder).parent_path().string();
  Tip(ui, "The folder above");
  for (const Entry& e : ListFolder(vs.file_folder)) {
    const std::string label = e.folder ? e.name + "/" : e.name;
    const bool picked = ImGui::Selectable(
        label.c_str(), false,
        ImGuiSelectableFlags_DontClosePopups | ImGuiSelectableFlags_AllowDoubleClick);
    Tip(ui, e.folder ? "Go into this folder"
            : open   ? "Click: into the field; double-click: open"
                     : "Save over this file");
    if (!picked) continue;
    const std::string full = (fs::path(vs.file_folder) / e.name).string();
    if (e.folder) {
      vs.file_folder = full;
    } else {
      vs.file_path = full;
      if (open && ImGui::IsMouseDoubleClicked(0)) a.chosen = full;
    }
  }
  ImGui::EndChild();
}

// Opens or saves the chosen file: on success the dialog closes and remembers the file's folder,
// else it stays with the error.
void OpenOrSave(AppState& app, bool open, Action& a) {
  ViewState& vs = app.view;
  if (a.act && !vs.file_path.empty()) a.chosen = vs.file_path;
  if (a.chosen.empty()) return;
  const std::string err = OpenOrSaveFile(app, !open, a.chosen);
  if (!err.empty()) {
    vs.file_error = err;
    return;
  }
  a.close = true;
  app.message.clear();
}

}  // namespace

void DrawFileDialog(UiContext& ui) {
  AppState& app = ui.app;
  ViewState& vs = app.view;
  if (vs.file_dialog == FileDialog::kNone) return;
  if (vs.file_via == FileVia::kDesktop) {  // the desktop's own dialog is up: Escape here closes it
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) vs.file_cancel = true;
    return;
  }
  const bool open = vs.file_dialog == FileDialog::kOpen;
  const char* title = open ? "Open a session or a trace###file" : "Save the session###file";
  OpenPopup(vs, open, title);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(ImVec2(std::min(display.x * 0.8f, ui.fonts.ui_px * 48),
                                  std::min(display.y * 0.8f, ui.fonts.ui_px * 32)),
                           ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Appearing,
                          ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_NoSavedSettings)) {
    vs.file_dialog = FileDialog::kNone;  // closed by its own title bar
    return;
  }
  Action a;
  // Why the desktop's own dialog is not the one showing (state/file_chooser.cpp).
  if (!vs.file_note.empty()) TextWrappedColored(ui, "file-note", ui.palette.text_dim, vs.file_note);
  PathRow(ui, open, a);
  if (open && !app.Recent().empty()) RecentFiles(ui, a);
  FolderList(ui, open, a);
  OpenOrSave(app, open, a);
  if (a.close) {
    vs.file_dialog = FileDialog::kNone;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

}  // namespace scanviz
