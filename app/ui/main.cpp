// ScanViz desktop app: GLFW + OpenGL 3.3 core (glad) + Dear ImGui, with our own shaders for the
// array view. Reads like Dear ImGui's example_glfw_opengl3: init, context, style, backends; the
// loop (poll, new frame, UI, render, swap); shutdown in reverse. The headless modes (--screenshot,
// --bench-frames, --time-startup) use the same frame function.
#include <glad/gl.h>
// glad before GLFW, so GLFW does not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <imgui_internal.h>  // which item has the keyboard now; closing popups on Escape

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <optional>

#include "app_state.h"
#include "core/file_io.h"
#include "core/input.h"
#include "data_dir.h"
#include "figure_export.h"
#include "fonts.h"
#include "headless.h"
#include "options.h"
#include "kinds/kind_view.h"
#include "key_queue.h"
#include "layout.h"
#include "renderer.h"
#include "settings.h"
#include "shortcuts.h"
#include "views/views.h"
#include "window_icon.h"

namespace scanviz {
namespace {

using Clock = std::chrono::steady_clock;

constexpr float kPresenterFactor = 1.6f;

// Everything one frame needs; main owns it.
struct App {
  GLFWwindow* window = nullptr;
  AppState* state = nullptr;
  Renderer renderer;
  Fonts fonts;
  ViewSet views;  // the views that keep a cache between frames, drawn by the kinds
  float style_scale = 0;
  scene::Theme style_theme = scene::Theme::kDark;
  int windowed[4] = {100, 100, 1600, 900};  // x, y, w, h before fullscreen
  std::vector<DumpedCell>* dump = nullptr;
  TextRecorder* text = nullptr;  // --dump-layout: each panel's rectangle and text
  bool hide_trace_view = false;  // --bench-frames: the app's window with its view left empty
  KeyQueue keys;        // GLFW key events, handed to ImGui and the shortcuts frame by frame
  std::string dropped;  // a file dropped on the window, opened at the next frame
};

// SIGTERM or SIGINT (a logout, Ctrl+C in the terminal): close the window the usual way, so the
// settings are saved.
volatile std::sig_atomic_t g_stop_requested = 0;
void RequestStop(int) {
  g_stop_requested = 1;
  glfwPostEmptyEvent();  // wakes a loop waiting for events (async-signal-safe in practice: a write)
}

// [SECTION] Keys: queued by the callback, applied once per frame (see key_queue.h)
// A file dropped on the window: opened at the next frame (AppState::OpenFile).
void DropCallback(GLFWwindow* window, int count, const char** paths) {
  auto* app = static_cast<App*>(glfwGetWindowUserPointer(window));
  if (app != nullptr && count > 0) app->dropped = paths[0];
}

void KeyCallback(GLFWwindow* window, int key, int scancode, int action, int mods) {
  auto* app = static_cast<App*>(glfwGetWindowUserPointer(window));
  if (app == nullptr) return;
  if (key >= GLFW_KEY_SPACE && key <= GLFW_KEY_WORLD_2) {  // printable: letters as labelled
    GLFWerrorfun previous = glfwSetErrorCallback(nullptr);
    key = LayoutKey(key, glfwGetKeyName(key, scancode));
    glfwSetErrorCallback(previous);
  }
  app->keys.Push({key, action, mods, scancode});
}

// Characters go to the queue, on their key (`?`: the help), and reach ImGui in order with the
// keys around them (FeedKeys): a character typed right after a Tab lands in the field the Tab
// moved to.
void CharCallback(GLFWwindow* window, unsigned int c) {
  auto* app = static_cast<App*>(glfwGetWindowUserPointer(window));
  if (app != nullptr) app->keys.PushChar(c);
}

// Whether a text field has the keyboard now, as the last frame left it. Not io.WantTextInput:
// ImGui 1.86 computes that in NewFrame from the frame before, so it lags a field by one to two
// frames. For the two frames after Enter (or Escape) lets go of a field it still says "typing":
// a Tab typed right after Enter then went to ImGui (not reserved), whose tabbing with nothing
// active gives the keyboard to the first field, the Input box; for the frame after a click into a
// field it says "not typing", and a key typed at once acted as a shortcut.
bool TextFieldActive() {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  return g.ActiveId != 0 && g.ActiveId == g.InputTextState.ID;
}

// The frame's key events go to ImGui as if they had just happened (a tap's release waits for the
// next frame), except the keys the app reserves while no text field has the keyboard.
// Escape in a text field is ours too: ImGui would throw away what was typed; the views decide
// (the Input box keeps it, the cell editor cancels), and the field lets go of the keyboard.
std::vector<KeyEvent> FeedKeys(App& app, bool text_input) {
  if (text_input) app.keys.DropTyping();  // typed text went to the field already
  std::vector<KeyEvent> events = app.keys.TakeFrame();
  for (const KeyEvent& e : events) {
    if (!text_input && IsReservedKey(e.key) && e.Press()) continue;
    if (text_input && e.key == GLFW_KEY_ESCAPE) {
      if (e.action == GLFW_PRESS) app.state->view.text_escape = true;
      continue;
    }
    if (e.key >= 0) ImGui_ImplGlfw_KeyCallback(app.window, e.key, e.scancode, e.action, e.mods);
    if (e.codepoint != 0) ImGui::GetIO().AddInputCharacter(e.codepoint);
  }
  return events;
}

// [SECTION] Style: theme colours and sizes from the content scale
void ApplyStyle(App& app, scene::Theme theme, float scale) {
  ImGuiStyle style;
  switch (theme) {
    case scene::Theme::kDark:
      ImGui::StyleColorsDark(&style);
      break;
    case scene::Theme::kLight:
      ImGui::StyleColorsLight(&style);
      break;
    case scene::Theme::kHighContrast:
      ImGui::StyleColorsDark(&style);
      style.Colors[ImGuiCol_Text] = ImVec4(1, 1, 1, 1);
      style.Colors[ImGuiCol_FrameBg] = ImVec4(0.12f, 0.12f, 0.12f, 1);
      style.Colors[ImGuiCol_Button] = ImVec4(0.2f, 0.2f, 0.2f, 1);
      style.Colors[ImGuiCol_Border] = ImVec4(1, 1, 1, 1);
      style.FrameBorderSize = 1;
      break;
  }
  style.FrameRounding = 3;
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
  app.style_scale = scale;
  app.style_theme = theme;
}

void SetFullscreen(App& app, bool on) {
  if (on == (glfwGetWindowMonitor(app.window) != nullptr)) return;
  if (on) {
    glfwGetWindowPos(app.window, &app.windowed[0], &app.windowed[1]);
    glfwGetWindowSize(app.window, &app.windowed[2], &app.windowed[3]);
    GLFWmonitor* monitor = glfwGetPrimaryMonitor();
    const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
    if (mode)
      glfwSetWindowMonitor(app.window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
  } else {
    glfwSetWindowMonitor(app.window, nullptr, app.windowed[0], app.windowed[1], app.windowed[2],
                         app.windowed[3], 0);
  }
}

// [SECTION] The right-hand panel: a row of tabs (wrapping when narrow), then the chosen one
constexpr const char* kTabTips[kSidePanelCount] = {
    "The hovered or selected cell: its window, its value, how it was made (key 1)",
    "The real kernel (or pseudo-code), this round's lines lit (key 2)",
    "This round in sentences, with its values (key 3)",
    "Work and depth: this trace's rounds, and against n (key 4)",
    "float32 rounding and int32 wrap-around in this trace (key 5)",
    "Which warps and lanes work this round, and the shared-memory banks they hit (key 6)",
    "The mistakes lab: a broken kernel beside the correct one, in a chosen thread order (key 7)"};
// A right-hand tab the shown kind does not offer: what the tab would show, and where to look.
void TabNotOffered(const std::string& text) {
  ImGui::PushTextWrapPos(0);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopTextWrapPos();
}

void DrawSidePanel(App& app, UiContext& ui) {
  ViewState& vs = ui.app.view;
  const ImVec2 window = ImGui::GetWindowPos(), window_size = ImGui::GetWindowSize();
  if (ui.text != nullptr) {
    ui.text->BeginPanel("side", {window.x, window.y, window_size.x, window_size.y},
                        DisplayName(vs.panel));
  }
  // The tab's own area: from the cursor (below the tabs, and the legend) to the window's corner.
  auto content = [&] {
    if (ui.text == nullptr) return;
    const ImVec2 c = ImGui::GetCursorScreenPos();
    ui.text->SetContent({c.x, c.y, window.x + window_size.x - c.x, window.y + window_size.y - c.y});
  };
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  // » folds the panel into a strip, giving the figure its width (] does the same).
  if (ImGui::Button("»")) vs.right_collapsed = true;
  Tip(ui, "Hide the side panel", KeyAction::kHideSidePanel);
  for (int i = 0; i < kSidePanelCount; ++i) {
    const SidePanel p = static_cast<SidePanel>(i);
    const char* name = DisplayName(p);
    const float w = ImGui::CalcTextSize(name).x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SameLine();
    if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
    const bool on = vs.panel == p;
    ImGui::PushStyleColor(ImGuiCol_Button,
                          ImGui::GetStyleColorVec4(on ? ImGuiCol_TabActive : ImGuiCol_Tab));
    if (ImGui::Button(name)) vs.panel = p;
    ImGui::PopStyleColor();
    Tip(ui, kTabTips[i]);
  }
  ImGui::Separator();
  if (vs.panel != SidePanel::kInspector) content();
  KindFrame frame{ui, ui, app.views};
  if (!KindViewOf(ui.app.ShownKind()).DrawTab(frame, vs.panel))
    TabNotOffered(ShownKindOf(ui.app).NotOffered(vs.panel));
}

// A collapsed side panel: a thin strip with the button that brings it back.
void DrawStrip(UiContext& ui, const char* id, ViewRect rect, const char* label, const char* tip,
               bool* collapsed) {
  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y));
  ImGui::SetNextWindowSize(ImVec2(rect.w, rect.h));
  ImGui::Begin(id, nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  if (ImGui::Button(label, ImVec2(-1, ui.fonts.ui_px * 2))) *collapsed = false;
  Tip(ui, tip);
  ImGui::PopStyleVar();
  ImGui::End();
}

// [SECTION] One frame: new frame, the views, our renderer, ImGui on top
void DrawFrame(App& app, float fps) {
  AppState& st = *app.state;
  ViewState& vs = st.view;
  float xscale = 1, yscale = 1;
  glfwGetWindowContentScale(app.window, &xscale, &yscale);
  const float scale = xscale * vs.ui_scale * (vs.presenter ? kPresenterFactor : 1.0f);
  if (EnsureFonts(&app.fonts, scale, vs.figure_scale) || scale != app.style_scale ||
      vs.theme != app.style_theme) {
    ApplyStyle(app, vs.theme, scale);
  }

  if (!app.dropped.empty()) {
    if (std::string err = st.OpenFile(app.dropped); !err.empty()) st.message = err;
    app.dropped.clear();
  }
  const bool text_input = TextFieldActive();  // as the last frame left it
  std::vector<KeyEvent> keys = FeedKeys(app, text_input);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  // Escape closes an open menu, combo or popup (the export options, the benchmark's variants)
  // and does nothing else: ImGui 1.86 closes them on Escape only with keyboard navigation on,
  // which the app leaves off (it would take the arrow keys). The file dialog keeps its Escape.
  if (!text_input && vs.file_dialog == FileDialog::kNone &&
      ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopup)) {
    auto escape = [](const KeyEvent& e) { return e.key == GLFW_KEY_ESCAPE && e.Press(); };
    if (std::erase_if(keys, escape) > 0) ImGui::ClosePopupsExceptModals();
  }

  vs.hovered = vs.next_hovered;
  vs.next_hovered.reset();
  vs.grid_hovered = vs.grid_next_hovered;
  vs.grid_next_hovered.reset();
  vs.app_hovered = vs.app_next_hovered;
  vs.app_next_hovered.reset();
  vs.tooltip.clear();
  vs.focus_pending = false;
  const ShortcutResult shortcut = HandleShortcuts(st, keys, text_input);
  if (shortcut.toggle_fullscreen) vs.fullscreen = !vs.fullscreen;
  if (shortcut.quit || g_stop_requested) glfwSetWindowShouldClose(app.window, GLFW_TRUE);

  const ImVec2 display = ImGui::GetIO().DisplaySize;
  UiContext ui{st, app.renderer, app.fonts, scene::MakePalette(vs.theme), scale, app.dump};
  ui.text = app.text;
  // The figure at its own zoom (Ctrl + / -): its font, and sizes scaled with it.
  const Fonts figure_fonts = FigureFonts(app.fonts);
  UiContext figure{st, app.renderer, figure_fonts, ui.palette, scale * vs.figure_scale, app.dump};
  figure.text = app.text;
  app.renderer.Begin(display.x, display.y);
  // The menu bar reaches every kind of view, lab and file action; presenter mode hides it.
  MenuResult menu;
  if (!vs.presenter) menu = DrawMenuBar(ui);
  if (menu.toggle_fullscreen) vs.fullscreen = !vs.fullscreen;
  if (menu.quit) glfwSetWindowShouldClose(app.window, GLFW_TRUE);

  // Layout: the figure gets its room first (layout.h); controls left, tabs right, status bottom.
  const float px = app.fonts.ui_px;
  LayoutInput li;
  li.width = display.x;
  li.height = display.y;
  li.px = px;
  li.presenter = vs.presenter;
  li.quiz = vs.quiz;
  li.left_collapsed = vs.left_collapsed;
  li.right_collapsed = vs.right_collapsed;
  li.reading_tab = vs.panel != SidePanel::kInspector;
  li.top = menu.height;
  KindFrame frame{ui, figure, app.views};
  const KindView& kind = KindViewOf(st.ShownKind());
  li.figure_need = kind.FigureNeed(frame);
  const PanelLayout layout = ComputeLayout(li);
  const Rect& status = layout.status;
  const ViewRect center{layout.center.x, layout.center.y, layout.center.w, layout.center.h};
  scene::Rgba panel = ui.palette.background;
  const float k = vs.theme == scene::Theme::kLight ? -0.05f : 0.05f;
  panel = {panel.r + k, panel.g + k, panel.b + k, 1};
  const Rect& l = layout.left;
  const Rect& r = layout.right;
  if (!vs.presenter) {
    app.renderer.AddBackground(l.x, l.y, l.w, l.h, panel);
    if (layout.left_strip) {
      DrawStrip(ui, "##left_strip", {l.x, l.y, l.w, l.h}, "»", "Show the controls ([)",
                &vs.left_collapsed);
    } else {
      DrawControlsView(ui, {l.x, l.y, l.w, l.h});
    }
  }
  if (r.w > 0) {  // presenter mode has none, but for the quiz's
    app.renderer.AddBackground(r.x, r.y, r.w, r.h, panel);
    if (layout.right_strip) {
      DrawStrip(ui, "##right_strip", {r.x, r.y, r.w, r.h}, "«", "Show the side panel (])",
                &vs.right_collapsed);
    } else {
      ImGui::SetNextWindowPos(ImVec2(r.x, r.y));
      ImGui::SetNextWindowSize(ImVec2(r.w, r.h));
      ImGui::Begin("##side", nullptr,
                   ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                       ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                       ImGuiWindowFlags_NoBringToFrontOnFocus);
      if (vs.quiz) {
        DrawQuizView(ui);  // Q: the quiz in place of the tabs
      } else {
        DrawSidePanel(app, ui);
      }
      ImGui::End();
    }
  }
  app.renderer.AddBackground(status.x, status.y, status.w, status.h, panel);
  if (app.hide_trace_view) {
    // nothing: the baseline frame of --bench-frames
  } else {
    kind.DrawCenter(frame, center);
  }
  DrawStatusView(ui, {status.x, status.y, status.w, status.h}, fps);
  DrawFileDialog(ui);
  DrawHelpView(ui);      // last: over everything
  if (vs.text_escape) {  // no view took it: the field just lets go of the keyboard
    ImGui::SetWindowFocus(nullptr);
    vs.text_escape = false;
  }

  ImGui::Render();
  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(app.window, &fb_w, &fb_h);
  glViewport(0, 0, fb_w, fb_h);
  const scene::Rgba bg = ui.palette.background;
  glClearColor(bg.r, bg.g, bg.b, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  app.renderer.Flush(fb_w, fb_h);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

// [SECTION] Headless modes
int TakeScreenshot(App& app, const Options& opt) {
  std::vector<DumpedCell> cells;
  std::optional<TextRecorder> text;
  for (int i = 0; i < 3; ++i) {  // ImGui settles window sizes over the first frames
    glfwPollEvents();
    app.dump = i == 2 ? &cells : nullptr;
    if (i == 2 && !opt.dump_layout.empty()) {
      // The frame in the screenshot is the one recorded. DisplayFramebufferScale is that of the
      // previous frame's NewFrame, which is what this one's will be (the window does not change).
      text.emplace(ImGui::GetIO().DisplayFramebufferScale);
      app.text = &*text;
    }
    DrawFrame(app, 60);
    if (i < 2) glfwSwapBuffers(app.window);
  }
  app.dump = nullptr;
  app.text = nullptr;
  int w = 0, h = 0;
  glfwGetFramebufferSize(app.window, &w, &h);
  std::string err = WriteScreenshot(opt.screenshot, w, h);
  if (err.empty() && text) {
    err = WriteLayout(opt.dump_layout, cells, text->Panels(), w, h, app.state->view.theme);
  }
  if (!err.empty()) {
    std::fprintf(stderr, "scanviz: %s\n", err.c_str());
    return 1;
  }
  std::printf("wrote %s (%dx%d)\n", opt.screenshot.c_str(), w, h);
  return 0;
}

// [SECTION] Asleep when idle
// Whether the next frame must come without waiting for an event: a player playing, a background
// result on its way, key events not yet fed, a mouse button held (a pan), a request the loop
// carries out, a quit.
bool Animating(App& app) {
  AppState& st = *app.state;
  bool playing = false;
  st.ForEachShownPlayer([&](Player& p) { playing = playing || p.Playing(); });
  // Key events still queued (a burst of taps is fed one press a frame) need their frames too.
  // A field waiting for the keyboard (a quiz answer, the cell editor) asks again each frame.
  return playing || st.BackgroundPending() || ImGui::IsAnyMouseDown() || !app.keys.Empty() ||
         st.view.focus_pending || !app.dropped.empty() ||
         st.view.export_request != ViewState::Export::kNone || g_stop_requested;
}

// Frames drawn after an event before the loop may sleep: ImGui settles hover, sizes and focus
// over a few frames after anything happens (an edited field lets go of the keyboard two frames
// after Enter, and WantTextInput says so a frame later).
constexpr int kSettleFrames = 6;
constexpr int kTypingSettleFrames = 30;

// Polls when the app is animating or settling; else sleeps until an event (a key, the mouse, a
// resize, a worker's empty event). A text field's caret blinks: it wakes twice a second then.
// Returns whether it slept.
bool WaitForWork(App& app, int* settle, double max_wait = 1e9) {
  if (Animating(app)) {
    glfwPollEvents();
    *settle = TextFieldActive() ? kTypingSettleFrames : kSettleFrames;
    return false;
  }
  if (*settle > 0) {
    glfwPollEvents();
    --*settle;
    return false;
  }
  const bool typing = TextFieldActive();
  const double wait = std::min(max_wait, typing ? 0.53 : 1e9);
  const double t0 = glfwGetTime();
  if (wait < 1e9) {
    glfwWaitEventsTimeout(wait);
  } else {
    glfwWaitEvents();
  }
  // Woken by the caret's timer alone: one frame. In a text field a key can take the field
  // through several frames (Enter on a bad value lets go of the keyboard and takes it back):
  // about half a second of frames after each event there.
  const bool timed_out = wait < 1e9 && glfwGetTime() - t0 >= wait * 0.98;
  *settle = timed_out ? 0 : typing ? kTypingSettleFrames : kSettleFrames;
  return true;
}

// CPU time this process has used (every thread), in seconds.
double CpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double MsPerFrame(int frames, auto&& frame) {
  const auto t0 = Clock::now();
  for (int i = 0; i < frames; ++i) frame();
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count() / frames;
}

// The figure exports (figure_export.h) draw with the app's renderer, fonts and views.
FigureSource Figure(App& app) {
  return {*app.state, app.renderer, app.fonts, app.views, app.style_scale};
}
exports::Size WindowPixels(App& app) {
  exports::Size size;
  glfwGetFramebufferSize(app.window, &size.width, &size.height);
  return size;
}

// One pass of the main loop after its wait, up to the new pixels: a finished CUDA trace taken,
// the players moved on by dt, an export carried out, the frame drawn and shown. The live loop and
// --bench-frames both run it, so that the benchmark measures what a user sees; both then call
// AppState::CatchUp (the algorithms not on screen traced after the swap: an edit reaches the
// screen first). `finish`: wait for the pixels (glFinish) before the swap, as the benchmark's
// clock must.
void ShowFrame(App& app, double dt, float fps, bool finish = false) {
  AppState& st = *app.state;
  st.Poll();  // a finished CUDA trace replaces the simulator's
  st.ForEachShownPlayer([&](Player& p) { p.Tick(dt); });
  if (st.view.export_request != ViewState::Export::kNone) {  // Ctrl+S, the Export buttons
    FigureSource figure = Figure(app);
    CarryOutExportRequest(figure, WindowPixels(app));
  }
  DrawFrame(app, fps);
  SetFullscreen(app, st.view.fullscreen || st.view.presenter);
  if (finish) glFinish();
  glfwSwapBuffers(app.window);
}

// `multi_block`: the grid view of n random values (every phase shown) instead of a block scan.
int RunBench(App& app, int frames, Algorithm algorithm, bool multi_block, int n) {
  glfwSwapInterval(0);
  AppState& st = *app.state;
  if (multi_block) {
    st.SetKind(KindId::kMultiBlock);
  } else {
    st.SetAlgorithm(algorithm);
    st.SetKind(KindId::kBlockScan);
  }
  st.view.only_current = false;
  st.Randomize(n, st.Seed());
  st.ForEachShownPlayer([](Player& p) { p.Last(); });  // every round (every phase) visible
  auto empty = [&] {
    glfwPollEvents();
    glClearColor(0.1f, 0.1f, 0.1f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glFinish();
    glfwSwapBuffers(app.window);
  };
  // A frame of the live loop (ShowFrame, then CatchUp), to its pixels.
  auto view = [&](double dt = 0) {
    glfwPollEvents();
    ShowFrame(app, dt, 60, /*finish=*/true);
    st.CatchUp();
  };
  // The app's own window with the trace view left empty: panels, status line, everything but
  // the rounds. The difference to the view frame is what drawing the trace costs.
  auto empty_view = [&] {
    app.hide_trace_view = true;
    view();
    app.hide_trace_view = false;
  };
  for (int i = 0; i < 3; ++i) view();  // warm up: fonts, shaders, buffers
  const double empty_ms = MsPerFrame(frames, empty);
  const double empty_view_ms = MsPerFrame(frames, empty_view);
  const double view_ms = MsPerFrame(frames, view);
  // Edits at n = 1024, as a user makes them: regenerate the shown algorithm's trace, then the
  // next frame of the live loop shows the new generation (the others are traced after its swap,
  // outside the clock, as in the app). The median of 21 (a loaded machine's outliers aside).
  const std::uint64_t before = st.Generation();
  std::vector<double> regen, next, total;
  for (int i = 0; i < 21; ++i) {
    const auto t0 = Clock::now();
    st.SetCell(i % kMaxElements, static_cast<double>(i % 10));
    const auto t1 = Clock::now();
    glfwPollEvents();
    ShowFrame(app, 0, 60, /*finish=*/true);
    const auto t2 = Clock::now();
    st.CatchUp();  // after the pixels, as in the live loop
    st.WaitForGridCheck(30);  // a large grid's check, beside the loop, before a person's next edit
    regen.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    next.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
    total.push_back(std::chrono::duration<double, std::milli>(t2 - t0).count());
  }
  auto median = [](std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
    return v[v.size() / 2];
  };
  const double edit_ms = median(regen), next_ms = median(next), edit_total_ms = median(total);
  // Idle: the app's own loop (WaitForWork) left alone, nothing playing, for 10 s.
  st.ForEachShownPlayer([](Player& p) { p.Pause(); });
  const double idle_s = 10;
  const double cpu0 = CpuSeconds();
  const auto idle0 = Clock::now();
  int idle_frames = 0, settle = kSettleFrames;
  auto idle_elapsed = [&] { return std::chrono::duration<double>(Clock::now() - idle0).count(); };
  while (idle_elapsed() < idle_s) {
    WaitForWork(app, &settle, idle_s - idle_elapsed());
    if (idle_elapsed() >= idle_s) break;  // woke because the time was up
    view();                               // as the live loop: a finished background run is taken
    ++idle_frames;
  }
  const double idle_cpu = CpuSeconds() - cpu0;
  // Playing at 4 rounds/s from the first round, through the same loop: every round must be on
  // screen for at least one frame.
  Player& player = multi_block ? st.GridPlayer() : st.CurrentPlayer();
  player.SetSpeed(4);
  player.First();
  player.Play();
  std::vector<int> shown;
  auto play_last = Clock::now();
  int play_frames = 0;
  while (player.Playing() && play_frames < 100000) {
    WaitForWork(app, &settle);
    const auto now = Clock::now();
    view(std::chrono::duration<double>(now - play_last).count());  // the player moves on
    play_last = now;
    ++play_frames;
    if (shown.empty() || shown.back() != player.Round()) shown.push_back(player.Round());
  }
  bool every_round = shown.size() == static_cast<size_t>(player.RoundCount());
  for (size_t i = 0; every_round && i < shown.size(); ++i)
    every_round = shown[i] == static_cast<int>(i);
  int w = 0, h = 0;
  glfwGetFramebufferSize(app.window, &w, &h);
  std::printf("renderer: %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
  if (multi_block) {
    std::printf(
        "window %dx%d, %d frames each, multi-block (%s blocks of %d) n = %d, %d blocks, %d steps "
        "visible, %zu boxes and %zu triangles (the last frame)\n",
        w, h, frames, DisplayName(st.GridBlockAlgorithm()), st.GridBlockSize(), st.Grid().grid.N(),
        st.Grid().grid.BlockCount(), player.RoundCount(), app.renderer.BoxCount(),
        app.renderer.TriangleCount());
  } else {
    std::printf(
        "window %dx%d, %d frames each, %s n = %d, %zu rounds visible, %zu boxes and %zu "
        "triangles (the last frame)\n",
        w, h, frames, DisplayName(algorithm), n, st.Current().trace.rounds.size(),
        app.renderer.BoxCount(), app.renderer.TriangleCount());
  }
  std::printf(
      "bare window (clear only):     %.3f ms\n"
      "app, empty view (panels):     %.3f ms\n"
      "app, view (all rounds shown): %.3f ms\n"
      "ratio view / empty view: %.2f   (the trace view's cost; target <= 3)\n"
      "ratio view / bare window: %.2f\n",
      empty_ms, empty_view_ms, view_ms, view_ms / empty_view_ms, view_ms / empty_ms);
  std::printf(
      "input edit at n = %d (median of 21): regenerate %.3f ms, next frame %.3f ms, edit to new "
      "pixels %.3f ms (target < 16.7; generation %llu -> %llu)\n",
      n, edit_ms, next_ms, edit_total_ms, static_cast<unsigned long long>(before),
      static_cast<unsigned long long>(st.Generation()));
  std::printf("idle %.0f s: %.3f CPU s (%.2f%% of one core; target < 2%%), %d frames drawn\n",
              idle_s, idle_cpu, 100 * idle_cpu / idle_s, idle_frames);
  std::printf("playing at 4 rounds/s: %zu of %d rounds shown in order (%s), %d frames\n",
              shown.size(), player.RoundCount(), every_round ? "every round" : "ROUNDS MISSED",
              play_frames);
  return 0;
}

int Export(App& app, const Options& opt) {
  for (int i = 0; i < 2; ++i) {  // fonts and style settle as for a screenshot
    glfwPollEvents();
    DrawFrame(app, 60);
    glfwSwapBuffers(app.window);
  }
  FigureSource figure = Figure(app);
  return RunExports(figure, opt, WindowPixels(app));
}

// Returns why FILE did not open (shown in the status line), or empty.
std::string ApplyOptions(AppState& st, const Options& opt) {
  // The file first: the flags then change what it set.
  std::string open_error;
  if (!opt.open.empty()) {
    open_error = st.OpenFile(opt.open);
    if (!open_error.empty()) st.message = open_error;
  }
  if (opt.algorithm) st.SetAlgorithm(*opt.algorithm);
  if (opt.block_algorithm) st.SetGridBlockAlgorithm(*opt.block_algorithm);
  if (opt.block_size) st.SetGridBlockSize(*opt.block_size);
  if (opt.kind) st.SetKind(*opt.kind);
  if (opt.op) st.SetOp(*opt.op);
  if (opt.type) st.SetType(*opt.type);  // before the input, which is read as this type
  if (opt.convert) st.SetConvert(true);
  if (opt.backend) st.SetBackend(*opt.backend);
  if (opt.thread_order) st.SetThreadOrder(*opt.thread_order);
  if (!opt.mistake.empty()) {
    const MistakeInfo* m = FindMistake(st.GetAlgorithm(), opt.mistake);
    if (m != nullptr) {
      st.SetMistake(m->id);
    } else {
      std::fprintf(stderr, "scanviz: --mistake %s: not a mistake of %s\n", opt.mistake.c_str(),
                   DisplayName(st.GetAlgorithm()));
    }
  }
  st.SetSeed(opt.seed);
  if (opt.random_n) st.Randomize(*opt.random_n, opt.seed);
  if (opt.input && !st.SetInputText(*opt.input)) {
    std::fprintf(stderr, "scanviz: --input: %s\n", st.InputError().c_str());
  }
  if (opt.open_block && !st.OpenBlock(0, *opt.open_block)) {
    std::fprintf(stderr, "scanviz: --open-block %d: no such block of the multi-block scan\n",
                 *opt.open_block);
  }
  if (opt.grid_select) st.view.grid_selected = opt.grid_select;
  if (!opt.keep.empty()) {
    KeepRule keep;
    if (const std::string err = ParseKeep(opt.keep, st.Type(), &keep); !err.empty()) {
      std::fprintf(stderr, "scanviz: %s\n", err.c_str());
      if (open_error.empty()) open_error = err;
    } else {
      st.SetKeep(keep);
    }
  }
  if (opt.bit) st.SetSplitBit(*opt.bit);
  if (opt.bits) st.SetRadixBits(*opt.bits);
  if (opt.app) st.SetApp(*opt.app);
  if (opt.theme) st.view.theme = *opt.theme;
  if (opt.panel) st.view.panel = *opt.panel;
  if (opt.tile_size) st.view.tile_size = *opt.tile_size;
  if (opt.tile_order) st.view.tile_order = *opt.tile_order;
  if (opt.bench_float) st.view.bench_float = true;
  if (opt.bench_exclusive) st.view.bench_exclusive = true;
  if (opt.bench_pct) st.view.bench_pct = true;
  st.view.ignore_mouse = !opt.screenshot.empty() || opt.bench_frames > 0 || opt.Exporting();
  if (opt.pair) st.SetPair(opt.pair->first, opt.pair->second);
  st.view.only_current = opt.only_current;
  st.view.bank_padding = opt.bank_padding;
  st.view.color_by_case = opt.case_colors;
  st.view.presenter = opt.presenter;
  st.view.help = opt.show_keys;
  if (opt.select) {
    st.view.selected = opt.select;
    st.view.selected_algorithm = st.GetAlgorithm();
  }
  if (!opt.screenshot.empty() && !opt.round) {
    st.ForEachShownPlayer([](Player& p) { p.Last(); });
  }
  if (opt.round) st.ForEachShownPlayer([&](Player& p) { p.Seek(*opt.round); });
  if (!opt.quiz.empty() && !StartQuiz(st, opt.quiz)) {
    std::fprintf(stderr, "scanviz: --quiz: %s\n", st.quiz.error.c_str());
    if (open_error.empty()) open_error = st.quiz.error;
  }
  if (!opt.quiz.empty()) st.view.quiz = true;
  return open_error;
}

void GlfwError(int code, const char* text) {
  std::fprintf(stderr, "scanviz: GLFW error %d: %s\n", code, text);
}

}  // namespace
}  // namespace scanviz

int main(int argc, char** argv) {
  using namespace scanviz;
  const auto launch = Clock::now();
  Options opt = ParseOptions(argc, argv);
  if (opt.help) {
    std::fputs(UsageText().c_str(), stdout);
    return 0;
  }
  if (!opt.error.empty()) {
    std::fprintf(stderr, "scanviz: %s\n", opt.error.c_str());
    return 2;
  }
  // Presets, benchmark results and the icon come from the data dir (data_dir.h).
  const DataDir data = FindDataDir(CurrentDataDirSearch(SCANVIZ_BUILD_DIR));
  const PresetLoad presets =
      LoadPresets(data.path.empty() ? std::string() : data.path + "/presets.json");
  if (opt.data_dir) {
    std::fputs(DataDirReport(data).c_str(), stdout);
    if (presets.error.empty())
      std::printf("presets: %zu read from presets.json\n", presets.presets.size());
    else
      std::printf("presets: the built-in list (%s)\n", presets.error.c_str());
    return data.path.empty() ? 1 : 0;
  }
  if (!data.note.empty()) std::fprintf(stderr, "scanviz: %s\n", data.note.c_str());
  if (!presets.error.empty())
    std::fprintf(stderr, "scanviz: %s; using the built-in presets\n", presets.error.c_str());

  // Settings: the headless modes neither read nor write them, so their output is reproducible.
  const std::string settings_path = opt.Headless() ? std::string() : SettingsPath();
  SettingsLoad loaded = LoadSettings(settings_path);
  if (!loaded.message.empty()) std::fprintf(stderr, "scanviz: %s\n", loaded.message.c_str());
  // A bad --input is refused like any other bad flag, before a window opens (read as --type, else
  // the saved type).
  if (opt.input) {
    const ParsedValues parsed =
        ParseValues(*opt.input, opt.type.value_or(loaded.settings.type), kMaxGridElements);
    if (!parsed.Ok()) {
      std::fprintf(stderr, "scanviz: --input: %s\n", parsed.error.c_str());
      return 2;
    }
  }
  int width = opt.width > 0 ? opt.width : loaded.settings.window_width;
  int height = opt.height > 0 ? opt.height : loaded.settings.window_height;

  // Init GLFW, the GL context and glad.
  glfwSetErrorCallback(GlfwError);
  if (!glfwInit()) return 1;
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  if (opt.width <= 0 && !opt.Headless()) {  // the saved size, on this screen
    int x = 0, y = 0, area_w = 0, area_h = 0;
    if (GLFWmonitor* monitor = glfwGetPrimaryMonitor())
      glfwGetMonitorWorkarea(monitor, &x, &y, &area_w, &area_h);
    const WindowSize fitted = FitToWorkArea(width, height, area_w, area_h);
    width = fitted.width;
    height = fitted.height;
  }
  GLFWwindow* window = glfwCreateWindow(width, height, "ScanViz", nullptr, nullptr);
  if (window == nullptr) {
    glfwTerminate();
    return 1;
  }
  if (const IconLoad icon = LoadWindowIcons(data); !icon.images.empty()) {
    std::vector<GLFWimage> images;
    for (const IconImage& i : icon.images)
      images.push_back({i.size, i.size, const_cast<unsigned char*>(i.rgba.data())});
    glfwSetWindowIcon(window, static_cast<int>(images.size()), images.data());
  } else {
    std::fprintf(stderr, "scanviz: no window icon: %s\n", icon.error.c_str());
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(opt.Headless() ? 0 : 1);
  if (gladLoadGL(glfwGetProcAddress) == 0) {
    std::fprintf(stderr, "scanviz: cannot load OpenGL 3.3 core functions\n");
    return 1;
  }

  // Dear ImGui context and backends.
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // our settings live in settings.json
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  App app;
  app.window = window;
  // Keys go through our queue instead of straight into ImGui (ImGui's other callbacks stay).
  glfwSetWindowUserPointer(window, &app);
  glfwSetKeyCallback(window, KeyCallback);
  glfwSetDropCallback(window, DropCallback);
  glfwSetCharCallback(window, CharCallback);
  std::signal(SIGTERM, RequestStop);
  std::signal(SIGINT, RequestStop);
  std::string error;
  if (!app.renderer.Init(&error)) {
    std::fprintf(stderr, "scanviz: %s\n", error.c_str());
    return 1;
  }
  AppState state(loaded.settings);
  state.SetWake([] { glfwPostEmptyEvent(); });  // a worker's result wakes a sleeping loop
  // Both the settings file's problems and the state's own (an invalid saved input) are shown.
  if (!loaded.message.empty())
    state.message = state.message.empty() ? loaded.message : loaded.message + "; " + state.message;
  state.SetPresets(presets.presets);
  state.quiz.sets = teach::ListQuizSets(data.File("quizzes"));
  state.lab = teach::LoadLabResults(data.File("labs/mistakes-h200.json"));
  if (!presets.error.empty()) {
    const std::string m = "presets: " + presets.error + "; using the built-in list";
    state.message = state.message.empty() ? m : state.message + "; " + m;
  }
  app.state = &state;
  // A script's FILE that does not open is an error like a bad --input: one line, exit 2, nothing
  // written; the live app shows the reason in its status line instead.
  if (std::string err = ApplyOptions(state, opt);
      !err.empty() && (opt.Headless() || opt.Exporting())) {
    std::fprintf(stderr, "scanviz: %s\n", err.c_str());
    return 2;
  }
  state.ClearHistory();  // undo goes back to the input the app started with, no further
  // The benchmark panel's file: --bench-results, else the committed H200 run in the data dir.
  state.SetBenchResultsPath(!opt.bench_results.empty() ? opt.bench_results
                                                       : data.File("bench/h200.json"));

  int rc = 0;
  if (!opt.screenshot.empty()) {
    state.WaitForBackend(30);
    if (state.view.panel == SidePanel::kWorkDepth) state.WaitForWorkDepth(60);
    rc = TakeScreenshot(app, opt);
  } else if (opt.Exporting()) {
    state.WaitForBackend(30);
    rc = Export(app, opt);
  } else if (opt.bench_frames > 0) {
    state.SetBackgroundGridCheck(true);  // as the live loop below
    rc = RunBench(app, opt.bench_frames, opt.algorithm.value_or(Algorithm::kHillisSteele),
                  opt.kind == KindId::kMultiBlock,
                  opt.random_n.value_or(opt.kind == KindId::kMultiBlock ? kMaxGridElements
                                                                        : kMaxElements));
  } else {
    // Main loop. A large grid's check runs beside it (the edit shows first).
    state.SetBackgroundGridCheck(true);
    auto last = Clock::now();
    bool first = true;
    float fps = 60;
    std::string last_state;  // --state-file
    int settle = kSettleFrames;
    while (!glfwWindowShouldClose(window)) {
      const bool slept = WaitForWork(app, &settle);
      const auto now = Clock::now();
      // After a sleep the time since the last frame is idle time: a player that starts playing
      // now steps from here, and the frame rate counts frames that were drawn back to back.
      const double dt = slept ? 1.0 / 60 : std::chrono::duration<double>(now - last).count();
      last = now;
      if (!slept) fps = fps * 0.95f + 0.05f * static_cast<float>(dt > 0 ? 1.0 / dt : 60);
      ShowFrame(app, dt, fps);
      state.CatchUp();  // the edit is on screen: now the algorithms not shown
      if (!opt.state_file.empty()) {
        state.view.popup_open = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopup);
        std::string now_state = StateJson(state, TextFieldActive());
        if (now_state != last_state) {
          WriteFileAtomically(opt.state_file, now_state + "\n");
          last_state = std::move(now_state);
        }
      }
      // The work and depth series (about half a second of CPU) starts after the first frame
      // is up, so it never delays the window.
      if (first && !opt.time_startup) state.StartWorkDepth();
      if (first && opt.time_startup) {
        glFinish();
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - launch).count();
        std::printf("time to first frame: %.1f ms\n", ms);
        break;
      }
      first = false;
    }
    if (!opt.Headless()) {
      int w = width, h = height;
      if (glfwGetWindowMonitor(window) == nullptr) glfwGetWindowSize(window, &w, &h);
      std::string err = SaveSettings(state.ToSettings(w, h), settings_path);
      if (!err.empty()) std::fprintf(stderr, "scanviz: settings not saved: %s\n", err.c_str());
    }
  }

  // Shutdown, in reverse.
  app.renderer.Shutdown();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return rc;
}
