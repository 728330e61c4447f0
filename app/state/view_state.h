// What the view shows and how, between frames: zoom and pan, the panels' text size, the toggles,
// the block scans' selection and hover, the Input box while typing, the side panel's tab, the file
// dialog and the export request. What only one kind uses is its state's (state/kind_state.h).
// Plain data that AppState holds (AppState::view) and the views read and set; no GL, no ImGui.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/grid/single_pass.h"
#include "core/trace.h"
#include "scene/grid_scene.h"
#include "scene/palette.h"
#include "scene/scene.h"
#include "state/layout.h"
#include "state/settings.h"
#include "state/touch.h"

namespace scanviz {

// The File dialog, when open: opening a session or trace, or saving the session.
enum class FileDialog : std::uint8_t { kNone, kOpen, kSave };
// Which dialog shows the request (state/file_chooser.h): the desktop's own, or the path field.
enum class FileVia : std::uint8_t { kNone, kDesktop, kPathField };

struct ViewState {
  float zoom = 1.0f;           // 1: the array fits the view's width
  float pan_x = 0, pan_y = 0;  // pixels
  // Fit view: the whole figure, unzoomed. Also when the input's size changes: a zoom that suited
  // 1,024 cells would show one giant cell of 8.
  void FitView() {
    zoom = 1;
    pan_x = pan_y = 0;
  }
  float ui_scale = 1.0f;      // the panels' text size (View: "Text size"), on the content scale
  float figure_scale = 1.0f;  // Ctrl+= / Ctrl+- / Ctrl+0: the figure's text and cells
  bool fitting = false;       // an export's frame: the whole figure fitted to it, whatever the zoom
  bool show_fps = false;      // View > Frame rate: frames a second in the status bar (settings)
  bool only_current = false;
  bool color_by_case = false;
  bool presenter = false;                                // large font, side panels hidden
  // A side panel as a thin strip: folded by the reader ([ and ], « »), or, in a window too narrow
  // for the figure and both panels, by the layout until the reader unfolds it (layout.h).
  struct Fold {
    bool collapsed = false;  // the reader folded it
    bool unfolded = false;   // the reader asked for it in a narrow window
    bool strip = false;      // the last frame drew it as a strip (either way)
    void Show() { collapsed = false, unfolded = true; }
    void Hide() { collapsed = true, unfolded = false; }
    void Toggle() { strip ? Show() : Hide(); }
  };
  Fold left, right;
  // Phones, tablets and embedding (layout.h): the page's address asked for the figure alone
  // (&embed); the screen as this frame found it; a finger's target in points where the layout
  // is a touch one (0 on the desktop).
  bool embed = false;
  FormFactor form = FormFactor::kDesktop;
  float touch_target = 0;
  bool fullscreen = false;
  bool help = false;          // F1 or ?: the keys and mouse actions over everything
  bool qr = false;  // View > Show QR code (J): the view's link (views/qr_view.h) over the view
  bool ignore_mouse = false;  // headless: the pointer position means nothing
  scene::Theme theme = scene::Theme::kDark;
  std::optional<scene::CellRef> selected;
  std::optional<scene::CellRef> hovered;       // as of the previous frame
  std::optional<scene::CellRef> next_hovered;  // set by the view under the mouse this frame
  // The algorithm whose trace the selection (and the hover) belongs to: side by side, either pane.
  Algorithm selected_algorithm = Algorithm::kHillisSteele;

  // The Input box while it has the keyboard: what is typed is applied when the edit ends (Enter,
  // a click elsewhere, Escape), so half-typed arrays never replace the trace.
  std::string input_draft;
  bool input_editing = false;
  bool text_escape = false;  // this frame: Escape in a text field (kept from ImGui, which reverts)
  // This frame: a field asked for the keyboard and does not have it yet; it asks again next frame
  // (ImGui 1.86 can drop a request made while another field lets go), so the loop stays awake.
  bool focus_pending = false;
  // The last frame's active field is one of a set that Tab walks through (the quiz's answers);
  // elsewhere Tab leaves a field and switches the algorithm (frame.cpp: FeedKeys).
  bool tab_between_fields = false;
  bool popup_open = false;  // a menu, combo or popup open as the last frame left it (--state-file)
  // Click and type (issue #37 item 10): a value typed while a block scan's cell is selected goes
  // to the in-place editor of that column's input cell, as in a spreadsheet (typing replaces,
  // Enter applies, Escape cancels). Held here from the key that started it until the editor has
  // the keyboard (a frame or two later): what was typed by then, and whether Enter or Escape came.
  struct CellTyping {
    Algorithm algorithm = Algorithm::kHillisSteele;
    int pos = 0;
    std::string text;
    bool enter = false;
    bool escape = false;
    int unseen_frames = 0;  // frames since an editor last took it (HandleShortcuts drops it at 3)
  };
  std::optional<CellTyping> cell_typing;
  // Keyboard only (docs/app.md "Keyboard only"): who has the keys, and the requests the keys
  // make of the views, carried out by the views in the frame that draws them.
  struct Keyboard {
    bool navigating = false;  // ImGui's navigation has the keys (the menu bar, a popup, F6)
    int panels = 0;           // F6: 0 the figure (the app's keys), 1 the controls, 2 the side panel
    bool focus_panel = false;        // F6 pressed: give `panels`' window the keyboard this frame
    int menu_request = -1;           // F10 or Alt: 0 the bar; Alt+letter: 1 + the menu's index
    bool alt_alone = false;          // Alt is down and no other key went down since
    std::string field_request;       // I, N: the keyboard into "input" or "n"
    bool export_options = false;     // E: open the export options
    std::string nav_item;            // the menu item ImGui's navigation is on (--state-file)
    std::vector<std::string> menus;  // the menu bar's menus, in order, as last drawn
    std::string drawing;             // the menu whose items draw now ("": the bar's titles)
    // Every menu item drawn so far: its menu, in the order drawn; and how often each was chosen.
    std::vector<std::array<std::string, 2>> items;
    std::map<std::string, int> chosen;
  };
  Keyboard keyboard;
  std::string n_note;  // why the n field holds another number than was typed (1..65536)
  int n_note_for = 0;  // the n the note is about
  // Where some controls were drawn (x, y, w, h): --state-file reports them, so that a test can
  // click them as a user would.
  std::map<std::string, std::array<float, 4>> widgets;
  std::string tooltip;  // the tooltip (Tip, ShowTooltip) shown this frame, for --state-file
  std::array<float, 4> tooltip_rect{};  // where it was drawn (x, y, w, h); 0s while none shows

  FileDialog file_dialog = FileDialog::kNone;  // Ctrl+O, Ctrl+Shift+S
  std::string file_path;                       // the dialog's path field
  std::string file_folder;                     // the folder it lists (the last one used)
  // Where a session was last saved: Save starts there (else in the folder the app started in),
  // not in the folder of a trace just opened (the repository's docs/, say).
  std::string save_folder;
  std::string file_error;  // why the last open or save failed
  FileVia file_via = FileVia::kNone;  // who shows file_dialog (state/file_chooser.h)
  std::string file_note;              // why the path field shows in place of the desktop's dialog
  bool file_cancel = false;           // Escape in the app's window while the desktop's dialog is up

  SidePanel panel = SidePanel::kInspector;  // the right-hand panel's tab
  bool panel_from_code = false;             // set by code (not a click): select that tab once
  bool pseudo_code = false;                 // the Code tab shows the pseudo-code, not the kernel
  int lanes_log2 = 5;                       // Work & depth: operations applied at once, 2^k
  bool bank_padding = false;                // Warps & banks: Blelloch's buffer at p + p / 32
  bool quiz = false;                        // Q: the Quiz panel in place of the tabs

  // Export (Ctrl+S, the controls' Export section; figure_export.h). A request is carried out by
  // main's loop before the next frame; the notice says where the files went.
  enum class Export : std::uint8_t { kNone, kFigure, kAllRounds };
  Export export_request = Export::kNone;
  std::string export_dir;                   // empty: the current folder (kept in the settings)
  int export_width = 0, export_height = 0;  // 0: the window's size
  bool export_transparent = false;          // PNG and SVG (kept in the settings)
  int export_delay_ms = 1200;               // a GIF frame; the last rests three times as long
  // All rounds, while it runs beside the app (export_runner.h): the status bar's progress and
  // its Cancel (Escape too), and the frames drawn since it started and the longest of them (the
  // last export's, once it ends: --state-file, --bench-frames).
  struct ExportProgress {
    bool running = false;
    float fraction = 0;   // 0..1
    std::string text;     // "Exporting round 3 of 11…"
    bool cancel = false;  // asked for; taken before the next frame's slice
    int frames = 0;
    double longest_frame_ms = 0;
  };
  ExportProgress export_progress;

  // The left button as Dear ImGui's frames saw it (--state-file): a test that double-clicks
  // waits for the frame that took the first click and the frame that saw the button up before it
  // sends the second, and reads on the app's own clock whether the two were a double-click
  // (within io.MouseDoubleClickTime), since on a busy machine two clicks sent 50 ms apart can
  // reach frames seconds apart.
  struct Mouse {
    bool down = false;        // io.MouseDown[0] this frame
    int clicks = 0;           // frames that took a press (io.MouseClicked[0])
    int double_clicks = 0;    // of them, those ImGui took as a double-click
    double click_time = 0;    // ImGui's clock (seconds) at the last press taken
    double previous_click_time = -1;  // and at the one before it (-1: none)
    float double_click_time = 0;      // io.MouseDoubleClickTime
  };
  Mouse mouse;

  // The web page's touch (touch.h): a pinch or two-finger drag for the figure's next frame, and
  // the page's own text field in place of ImGui's after a touch.
  TouchGesture gesture;
  PageField page_field;
};

}  // namespace scanviz
