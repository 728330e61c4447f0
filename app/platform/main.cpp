// ScanViz desktop app: GLFW + OpenGL 3.3 core (glad) + Dear ImGui, with our own shaders for the
// array view. Reads like Dear ImGui's example_glfw_opengl3: init, context, style, backends; the
// loop (poll, new frame, UI, render, swap); shutdown in reverse. One frame is frame.cpp's; the
// headless modes (--screenshot, --export-*, --bench-frames, --time-startup) draw the same frame
// (app_window.h lists the files).
#include "draw/gl.h"
// gl.h before GLFW, so GLFW does not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <memory>
#include <new>
#include <optional>

#include "core/file_io.h"
#include "core/input.h"
#include "figures/figure_export.h"
#include "kinds/benchmark/benchmark_state.h"
#include "kinds/multi_block/multi_block_state.h"
#include "platform/app_window.h"
#include "platform/headless.h"
#include "platform/key_queue.h"
#include "platform/window_icon.h"
#include "seam/class_teach.h"
#include "seam/platform.h"
#include "state/app_state.h"
#include "state/class_publisher.h"
#include "state/data_dir.h"
#include "state/launch.h"
#include "platform/options.h"
#include "state/presets.h"
#include "state/settings.h"

namespace scanviz {
namespace {

using Clock = std::chrono::steady_clock;

// [SECTION] Callbacks

// SIGTERM or SIGINT (a logout, Ctrl+C in the terminal): close the window the usual way, so the
// settings are saved.
volatile std::sig_atomic_t g_stop_requested = 0;
void RequestStop(int) {
  g_stop_requested = 1;
  glfwPostEmptyEvent();  // wakes a loop waiting for events (async-signal-safe in practice: a write)
}

void GlfwError(int code, const char* text) {
  std::fprintf(stderr, "scanviz: GLFW error %d: %s\n", code, text);
}

// A file dropped on the window: opened at the next frame (AppState::OpenFile).
void DropCallback(GLFWwindow* window, int count, const char** paths) {
  auto* app = static_cast<App*>(glfwGetWindowUserPointer(window));
  if (app != nullptr && count > 0) app->dropped = paths[0];
}

// Keys are queued here and applied once per frame (key_queue.h; frame.cpp feeds them).
void KeyCallback(GLFWwindow* window, int key, int scancode, int action, int mods) {
  auto* app = static_cast<App*>(glfwGetWindowUserPointer(window));
  if (app == nullptr) return;
  if (key >= GLFW_KEY_SPACE && key <= GLFW_KEY_WORLD_2)  // printable: letters as labelled
    key = LayoutKey(key, platform::KeyName(key, scancode));
  app->keys.Push({key, action, mods, scancode});
}

// Characters go to the queue, on their key (`?`: the help), and reach ImGui in order with the
// keys around them (FeedKeys): a character typed right after a Tab lands in the field the Tab
// moved to.
void CharCallback(GLFWwindow* window, unsigned int c) {
  auto* app = static_cast<App*>(glfwGetWindowUserPointer(window));
  if (app != nullptr) app->keys.PushChar(c);
}

// Keys go through our queue instead of straight into ImGui (ImGui's other callbacks stay).
void InstallCallbacks(App& app) {
  glfwSetWindowUserPointer(app.window, &app);
  glfwSetKeyCallback(app.window, KeyCallback);
  glfwSetDropCallback(app.window, DropCallback);
  glfwSetCharCallback(app.window, CharCallback);
  std::signal(SIGTERM, RequestStop);
  std::signal(SIGINT, RequestStop);
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
  // An export beside the app draws while it has work; its worker wakes the loop with its news.
  const bool exporting = app.export_job != nullptr && app.export_job->HasWork();
  return playing || st.BackgroundPending() || ImGui::IsAnyMouseDown() || !app.keys.Empty() ||
         app.key_repeat.Pending() || st.view.focus_pending || !app.dropped.empty() ||
         st.view.export_request != ViewState::Export::kNone || exporting || g_stop_requested;
}

// kSettleFrames (app_window.h): frames drawn after an event before the loop may sleep; ImGui
// settles hover, sizes and focus over a few frames after anything happens (an edited field lets
// go of the keyboard two frames after Enter, and WantTextInput says so a frame later).
constexpr int kTypingSettleFrames = 30;

}  // namespace

// Polls when the app is animating or settling; else sleeps until an event (a key, the mouse, a
// resize, a worker's empty event). A text field's caret blinks: it wakes twice a second then.
bool WaitForWork(App& app, int* settle, double max_wait) {
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
  const bool typing = TextFieldActive(), dialog = app.state->view.file_via == FileVia::kDesktop;
  const double wait = std::min(max_wait, typing ? 0.53 : dialog ? 0.1 : 1e9);  // dialog: polled
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

// [SECTION] One pass of the loop

// Up to the new pixels: a finished CUDA trace taken, the players moved on by dt, an export
// carried out, the frame drawn and shown. The live loop and --bench-frames both run it, so that
// the benchmark measures what a user sees; both then call AppState::CatchUp (the algorithms not
// on screen traced after the swap: an edit reaches the screen first). `finish`: wait for the
// pixels (glFinish) before the swap, as the benchmark's clock must.
void ShowFrame(App& app, double dt, float fps, bool finish) {
  const auto t0 = Clock::now();
  AppState& st = *app.state;
  st.Poll();  // a finished CUDA trace replaces the simulator's
  st.ForEachShownPlayer([&](Player& p) { p.Tick(dt); });
  bool exporting = app.export_job != nullptr;
  if (st.view.export_request != ViewState::Export::kNone) {  // Ctrl+S, the Export buttons
    FigureSource figure = Figure(app);
    CarryOutExportRequest(figure, WindowPixels(app), &app.export_job);
  }
  exporting = exporting || app.export_job != nullptr;
  StepExport(&app.export_job, kExportBudgetMs);
  DrawFrame(app, fps);
  if (g_stop_requested) glfwSetWindowShouldClose(app.window, GLFW_TRUE);
  platform::SetFullscreen(app, st.view.fullscreen || st.view.presenter);
  if (finish) glFinish();
  glfwSwapBuffers(app.window);
  if (exporting) {  // the frames an export was part of, for --state-file and --bench-frames
    ViewState::ExportProgress& p = st.view.export_progress;
    ++p.frames;
    p.longest_frame_ms = std::max(
        p.longest_frame_ms, std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
  }
}

namespace {

// [SECTION] Start: the flags, the data, the window, Dear ImGui, the state

// What main reads before the window opens.
struct Startup {
  Options opt;
  DataDir data;  // presets, benchmark results, icon, quizzes (data_dir.h)
  PresetLoad presets;
  std::string settings_path;  // empty in the headless modes: their output is reproducible
  SettingsLoad loaded;
  int width = 0, height = 0;  // the window's: --size, else the saved size fitted to the screen
  std::string teach;          // --teach URL: the classroom's teacher (class_teach.h)
};

void Warn(const std::string& text) {
  std::fprintf(stderr, "scanviz: %s\n", text.c_str());
}

// --help, a bad flag, --data-dir; the data dir, the presets and the settings; a bad --input is
// refused like any other bad flag, before a window opens (read as --type, else the saved type).
// Returns the exit code where main ends here.
std::optional<int> LoadData(Startup& s) {
  const Options& opt = s.opt;
  if (opt.help) {
    std::fputs(UsageText().c_str(), stdout);
    return 0;
  }
  if (!opt.error.empty()) {
    Warn(opt.error);
    return 2;
  }
  s.data = FindDataDir(CurrentDataDirSearch(SCANVIZ_BUILD_DIR));
  s.presets = LoadPresets(s.data.path.empty() ? std::string() : s.data.path + "/presets.json");
  if (opt.data_dir) {
    std::fputs(DataDirReport(s.data).c_str(), stdout);
    if (s.presets.error.empty())
      std::printf("presets: %zu read from presets.json\n", s.presets.presets.size());
    else
      std::printf("presets: the built-in list (%s)\n", s.presets.error.c_str());
    return s.data.path.empty() ? 1 : 0;
  }
  if (!s.data.note.empty()) Warn(s.data.note);
  if (!s.presets.error.empty()) Warn(s.presets.error + "; using the built-in presets");
  s.settings_path = opt.Headless() ? std::string() : platform::SettingsPath();
  s.loaded = LoadSettings(s.settings_path);
  if (!s.loaded.message.empty()) Warn(s.loaded.message);
  if (opt.input) {
    const ParsedValues parsed =
        ParseValues(*opt.input, opt.type.value_or(s.loaded.settings.type), kMaxGridElements);
    if (!parsed.Ok()) {
      Warn("--input: " + parsed.error);
      return 2;
    }
  }
  s.width = opt.width > 0 ? opt.width : s.loaded.settings.window_width;
  s.height = opt.height > 0 ? opt.height : s.loaded.settings.window_height;
  return std::nullopt;
}

void SetWindowIcon(GLFWwindow* window, const DataDir& data) {
  const IconLoad icon = LoadWindowIcons(data);
  if (icon.images.empty()) {
    Warn("no window icon: " + icon.error);
    return;
  }
  std::vector<GLFWimage> images;
  for (const IconImage& i : icon.images)
    images.push_back({i.size, i.size, const_cast<unsigned char*>(i.rgba.data())});  // GLFW copies
  glfwSetWindowIcon(window, static_cast<int>(images.size()), images.data());
}

// GLFW, the window (the saved size fitted to this screen, unless --size or headless), its icon,
// the GL 3.3 core context and glad. nullptr when any fails.
GLFWwindow* InitWindow(Startup& s) {
  glfwSetErrorCallback(GlfwError);
  if (!glfwInit()) return nullptr;
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  // No depth, stencil or alpha: nothing draws with them, and the web's canvas without alpha is
  // composited without blending.
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  glfwWindowHint(GLFW_ALPHA_BITS, 0);
  if (s.opt.width <= 0 && !s.opt.Headless()) platform::FitWindow(&s.width, &s.height);
  GLFWwindow* window = glfwCreateWindow(s.width, s.height, "ScanViz", nullptr, nullptr);
  if (window == nullptr) {
    glfwTerminate();
    return nullptr;
  }
  SetWindowIcon(window, s.data);
  glfwMakeContextCurrent(window);
  glfwSwapInterval(s.opt.Headless() ? 0 : 1);
  if (!platform::LoadGl()) {
    Warn("cannot load OpenGL 3.3 core functions");
    return nullptr;
  }
  return window;
}

// The Dear ImGui context and its backends (the style follows the content scale: frame.cpp).
void InitImGui(GLFWwindow* window) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;            // our settings live in settings.json
  ImGui::GetIO().KeyRepeatDelay = kNoImGuiRepeat;  // the system's repeats instead (key_repeat.h)
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init(platform::GlslVersion());
}

// The state's data (presets, quizzes, the lab's results, the benchmark's file), what the loading
// had to say, then the command line over it. Returns the exit code where main ends here.
std::optional<int> InitState(AppState& state, const Startup& s) {
  const Options& opt = s.opt;
  state.SetWake([] { glfwPostEmptyEvent(); });  // a worker's result wakes a sleeping loop
  // Both the settings file's problems and the state's own (an invalid saved input) are shown.
  const std::string& loaded = s.loaded.message;
  if (!loaded.empty())
    state.message = state.message.empty() ? loaded : loaded + "; " + state.message;
  state.SetPresets(s.presets.presets);
  state.SetTracesDir(s.data.File("traces"));  // the bundled traces a share link names
  state.quiz.sets = teach::ListQuizSets(s.data.File("quizzes"));
  state.lab = teach::LoadLabResults(s.data.File("labs/mistakes-h200.json"));
  if (!s.presets.error.empty()) {
    const std::string m = "presets: " + s.presets.error + "; using the built-in list";
    state.message = state.message.empty() ? m : state.message + "; " + m;
  }
  // A script's FILE that does not open is an error like a bad --input: one line, exit 2, nothing
  // written; the live app shows the reason in its status line instead.
  if (std::string err = ApplyOptions(state, opt); !err.empty()) {
    Warn(err);  // once, here; the live app shows it in the status line too
    if (opt.Headless() || opt.Exporting()) return 2;
    if (state.message.empty()) state.message = err;
  }
  // --teach URL: the classroom's teacher (issue #34), publishing from a background thread.
  if (!s.teach.empty()) {
    if (std::string err = platform::StartTeaching(state, s.teach); !err.empty()) {
      Warn(err);
      return 2;
    }
  }
  // The page's address may hold a share link: opened over everything, as on the desktop.
  if (const std::string link = platform::StartLink(); !link.empty()) {
    state.ReportLink(state.OpenLink(link));
  }
  state.view.embed = platform::StartEmbed();  // &embed: the figure and the step bar alone
  state.ClearHistory();  // undo goes back to the input the app started with, no further
  // The benchmark panel's file: --bench-results, else the committed H200 run in the data dir.
  BenchmarkOf(state).model.SetPath(!opt.bench_results.empty() ? opt.bench_results
                                                              : s.data.File("bench/h200.json"));
  return std::nullopt;
}

// [SECTION] The loop

// --state-file: the state after every frame that changed it.
void WriteStateFile(App& app, const std::string& path, std::string* last) {
  AppState& state = *app.state;
  state.view.popup_open = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopup);
  std::string now = StateJson(state, TextFieldActive());
  if (now == *last) return;
  // A test reads this file: a write that failed is said once, and the exit code says it too.
  if (std::string err = WriteFileAtomically(path, now + "\n"); !err.empty()) {
    if (app.state_file_error.empty()) Warn("--state-file: " + err);
    app.state_file_error = std::move(err);
    return;  // tried again at the next change
  }
  *last = std::move(now);
}

// What the loop keeps from one frame to the next.
struct LoopState {
  Clock::time_point last = Clock::now();
  bool first = true;
  float fps = 60;
  std::string last_state;  // --state-file
  int settle = kSettleFrames;
};

// One pass of the loop; false once the window closes (or, with --time-startup, after the first
// frame).
bool LoopOnce(App& app, const Options& opt, Clock::time_point launch, LoopState& ls) {
  AppState& state = *app.state;
  if (glfwWindowShouldClose(app.window)) return false;
  const bool slept = WaitForWork(app, &ls.settle);
  const auto now = Clock::now();
  // After a sleep the time since the last frame is idle time: a player that starts playing
  // now steps from here, and the frame rate counts frames that were drawn back to back.
  const double dt = slept ? 1.0 / 60 : std::chrono::duration<double>(now - ls.last).count();
  ls.last = now;
  if (!slept) ls.fps = ls.fps * 0.95f + 0.05f * static_cast<float>(dt > 0 ? 1.0 / dt : 60);
  ShowFrame(app, dt, ls.fps);
  state.CatchUp();  // the edit is on screen: now the algorithms not shown
  platform::AfterFrame(app);
  if (!opt.state_file.empty()) WriteStateFile(app, opt.state_file, &ls.last_state);
  // The work and depth series (about half a second of CPU) starts after the first frame
  // is up, so it never delays the window (without threads: when its tab asks for it).
  if (ls.first && !opt.time_startup && kLaunchThreads) state.StartWorkDepth();
  if (ls.first && opt.time_startup) {
    glFinish();
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - launch).count();
    std::printf("time to first frame: %.1f ms\n", ms);
    return false;
  }
  ls.first = false;
  return true;
}

// Until the window closes; false where the browser runs the loop after main returns (the web:
// app and opt live on the heap, platform.h). A large grid's check runs beside it (the edit shows
// first).
bool RunLoop(App& app, const Options& opt, Clock::time_point launch) {
  MultiBlockOf(*app.state).grid.SetBackgroundCheck(true);
  return platform::RunLoop(
      [&app, &opt, launch, ls = LoopState{}]() mutable { return LoopOnce(app, opt, launch, ls); });
}

// The settings (the window's size, unless fullscreen) for the next start; the headless modes
// write none.
void SaveOnExit(App& app, const Startup& s) {
  // A settings file the app could neither read nor keep a copy of stays the user's (the warning
  // at start said so).
  if (s.opt.Headless() || s.loaded.keep_file) return;
  int w = s.width, h = s.height;
  if (glfwGetWindowMonitor(app.window) == nullptr) glfwGetWindowSize(app.window, &w, &h);
  std::string err = SaveSettings(app.state->ToSettings(w, h), s.settings_path);
  if (!err.empty()) Warn("settings not saved: " + err);
}

// The headless mode asked for, else the live loop. The exit code; none while the loop goes on
// after main (the web).
std::optional<int> Run(App& app, const Startup& s, Clock::time_point launch) {
  const Options& opt = s.opt;
  AppState& state = *app.state;
  if (!opt.screenshot.empty()) {
    state.WaitForBackend(30);
    if (state.view.panel == SidePanel::kWorkDepth) state.WaitForWorkDepth(60);
    return TakeScreenshot(app, opt);
  }
  if (opt.Exporting()) {
    state.WaitForBackend(30);
    return Export(app, opt);
  }
  if (opt.bench_frames > 0) {
    MultiBlockOf(state).grid.SetBackgroundCheck(true);  // as the live loop
    return RunBench(app, opt.bench_frames, opt.algorithm.value_or(Algorithm::kHillisSteele),
                    opt.kind.value_or(kHomeKind), opt.random_n);
  }
  if (!RunLoop(app, opt, launch)) return std::nullopt;
  SaveOnExit(app, s);
  return app.state_file_error.empty() ? 0 : 2;
}

// [SECTION] Shutdown, in reverse
void Shutdown(App& app) {
  app.export_job.reset();  // cancelled: nothing written
  app.renderer.Shutdown();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(app.window);
  glfwTerminate();
}

}  // namespace
}  // namespace scanviz

// main, less the last resort below. What it makes lives on the heap: on the web the loop outlives
// main's frame (platform.h).
static int RunApp(int argc, char** argv) {
  using namespace scanviz;
  const auto launch = Clock::now();
  auto start = std::make_unique<Startup>();
  std::string teach_error;
  start->teach = TakeTeachFlag(&argc, argv, &teach_error);
  if (!start->teach.empty() && teach_error.empty()) (void)ParseTeachUrl(start->teach, &teach_error);
  if (!teach_error.empty()) {  // before any window: a bad address is a bad flag, exit 2
    Warn(teach_error);
    return 2;
  }
  start->opt = ParseOptions(argc, argv);
  if (std::optional<int> rc = LoadData(*start)) return *rc;

  GLFWwindow* window = InitWindow(*start);
  if (window == nullptr) return 1;
  InitImGui(window);
  auto app = std::make_unique<App>();
  app->window = window;
  InstallCallbacks(*app);
  if (std::string error; !app->renderer.Init(&error)) {
    Warn(error);
    return 1;
  }
  auto state = std::make_unique<AppState>(start->loaded.settings);
  app->state = state.get();
  if (std::optional<int> rc = InitState(*state, *start)) return *rc;

  const std::optional<int> rc = Run(*app, *start, launch);
  if (!rc) {  // the browser calls the loop from now on: what it uses stays
    (void)app.release();
    (void)state.release();
    (void)start.release();
    return 0;
  }
  Shutdown(*app);
  return *rc;
}

// A file's loader says itself when there is not the memory to read it (the status line, or one
// line and exit 2 in a headless mode); what runs out anywhere else ends the app with one line
// rather than an abort, as does any other exception (bugprone-exception-escape).
int main(int argc, char** argv) {
  try {
    return RunApp(argc, argv);
  } catch (const std::bad_alloc&) {
    std::fputs("scanviz: not enough memory\n", stderr);
  } catch (...) {
    std::fputs("scanviz: internal error: an unexpected exception\n", stderr);
  }
  return 1;
}
