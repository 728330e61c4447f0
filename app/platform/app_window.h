// The desktop app's window: everything one frame needs (main owns it), and the functions the live
// loop, the headless modes and the frame benchmark share. GL and ImGui stay in the .cpp files.
//
//   main.cpp            the callbacks, the loop (WaitForWork, ShowFrame), main
//   frame.cpp           one frame: style, keys, the panels, the kind's centre, render
//   headless_modes.cpp  --screenshot and --export-*
//   bench_frames.cpp    --bench-frames
//   apply_options.cpp   the command line applied to the state (options.h)
#pragma once

#include <string>
#include <vector>

#include "draw/fonts.h"
#include "draw/renderer.h"
#include "figures/export_runner.h"
#include "figures/figure_export.h"
#include "kinds/kind_view.h"
#include "platform/key_queue.h"
#include "platform/key_repeat.h"
#include "scene/palette.h"
#include "state/app_state.h"
#include "platform/options.h"
#include "views/qr_view.h"
#include "views/views.h"

struct GLFWwindow;

namespace scanviz {

// Everything one frame needs; main owns it.
struct App {
  GLFWwindow* window = nullptr;
  AppState* state = nullptr;
  Renderer renderer;
  Fonts fonts;
  ViewSet views;  // the views that keep a cache between frames, drawn by the kinds
  float style_scale = 0;
  scene::Theme style_theme = scene::Theme::kDark;
  float style_touch = -1;  // the touch target the style was sized for (0: none)
  int windowed[4] = {100, 100, 1600, 900};  // x, y, w, h before fullscreen
  std::vector<DumpedCell>* dump = nullptr;
  TextRecorder* text = nullptr;  // --dump-layout: each panel's rectangle and text
  bool hide_trace_view = false;  // --bench-frames: the app's window with its view left empty
  KeyQueue keys;        // GLFW key events, handed to ImGui and the shortcuts frame by frame
  KeyRepeat key_repeat;  // a held key's repeats as ImGui is given them (key_repeat.h)
  std::string dropped;  // a file dropped on the window, opened at the next frame
  // All rounds, running beside the app over the frames (export_runner.h); reset before GL goes.
  std::unique_ptr<ExportRunner> export_job;
  QrView qr;  // View > Show QR code (J)
  // --state-file's last write failure, said once on stderr; the app then exits 2 (main.cpp).
  std::string state_file_error;
};

// [SECTION] One frame (frame.cpp)
// New frame, the views, our renderer, ImGui on top; not shown (ShowFrame swaps).
void DrawFrame(App& app, float fps);
// Whether a text field has the keyboard now, as the last frame left it.
bool TextFieldActive();

// View > Show QR code (qr_frame.cpp): the code of what Copy link copies (platform::LinkOf), or a
// classroom teacher's students' address (AppState::classroom_students_url); its Copy address
// button puts that on the clipboard.
void DrawQrCode(App& app, UiContext& ui);

// [SECTION] The loop (main.cpp)
// Frames drawn after an event before the loop may sleep (main.cpp says why).
inline constexpr int kSettleFrames = 6;
// One pass of the loop after its wait: a finished trace taken, the players moved on by dt, an
// export carried out (or a slice of the one running, about kExportBudgetMs of drawing), the frame
// drawn and shown. `finish`: glFinish before the swap.
inline constexpr double kExportBudgetMs = 8;
void ShowFrame(App& app, double dt, float fps, bool finish = false);
// Polls when something moves or settles, else sleeps until an event (at most max_wait seconds).
// Returns whether it slept.
bool WaitForWork(App& app, int* settle, double max_wait = 1e9);

// [SECTION] The headless modes (headless_modes.cpp, bench_frames.cpp)
// The figure exports (figure_export.h) draw with the app's renderer, fonts and views.
FigureSource Figure(App& app);
exports::Size WindowPixels(App& app);
int TakeScreenshot(App& app, const Options& opt);
int Export(App& app, const Options& opt);
// --bench-frames: the kind's view of n random values (by default as many as it shows: the grid's
// 65536), every round or phase shown.
int RunBench(App& app, int frames, Algorithm algorithm, KindId kind, std::optional<int> n);

}  // namespace scanviz
