// --bench-frames (app_window.h): what a frame of the app costs, measured through the live loop's
// own functions (ShowFrame, WaitForWork), in phases: the frame (a bare window, the app with an
// empty view, the app with every round shown), an input edit to its new pixels, ten idle seconds
// (CPU used), playing at 4 rounds a second (every round on screen for a frame), and All rounds
// exported beside the app (the longest frame meanwhile).
#include "draw/gl.h"
// gl.h before GLFW, so GLFW does not pull in the system GL header.
#include <GLFW/glfw3.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <string>
#include <vector>

#include "kinds/kind.h"
#include "kinds/multi_block/multi_block_state.h"
#include "platform/app_window.h"

namespace scanviz {

namespace {

using Clock = std::chrono::steady_clock;

// [SECTION] Clocks

// CPU time this process has used (every thread), in seconds.
double CpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double Ms(Clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

double MsPerFrame(int frames, auto&& frame) {
  const auto t0 = Clock::now();
  for (int i = 0; i < frames; ++i) frame();
  return Ms(Clock::now() - t0) / frames;
}

double Median(std::vector<double> v) {
  std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

// A frame of the live loop (ShowFrame, then CatchUp), to its pixels.
void LiveFrame(App& app, double dt = 0) {
  glfwPollEvents();
  ShowFrame(app, dt, 60, /*finish=*/true);
  app.state->CatchUp();
}

// [SECTION] The phases

struct FrameCosts {
  double empty_ms = 0;       // a bare window, cleared
  double empty_view_ms = 0;  // the app with its view left empty: the panels
  double view_ms = 0;        // the app, every round shown
};

FrameCosts MeasureFrames(App& app, int frames) {
  auto empty = [&] {
    glfwPollEvents();
    glClearColor(0.1f, 0.1f, 0.1f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glFinish();
    glfwSwapBuffers(app.window);
  };
  auto view = [&] { LiveFrame(app); };
  // The app's own window with the trace view left empty: panels, status line, everything but
  // the rounds. The difference to the view frame is what drawing the trace costs.
  auto empty_view = [&] {
    app.hide_trace_view = true;
    LiveFrame(app);
    app.hide_trace_view = false;
  };
  for (int i = 0; i < 3; ++i) view();  // warm up: fonts, shaders, buffers
  FrameCosts c;
  c.empty_ms = MsPerFrame(frames, empty);
  c.empty_view_ms = MsPerFrame(frames, empty_view);
  c.view_ms = MsPerFrame(frames, view);
  return c;
}

struct EditCosts {
  double regenerate_ms = 0, next_frame_ms = 0, total_ms = 0;  // medians
  std::uint64_t before = 0, after = 0;                        // the state's generation
};

// Edits at n = 1024, as a user makes them: regenerate the shown algorithm's trace, then the next
// frame of the live loop shows the new generation (the others are traced after its swap, outside
// the clock, as in the app). The median of 21 (a loaded machine's outliers aside).
// With `settle` false, the edits come back to back: each one while the check of the one before
// it may still run (a key held down at 2^16).
EditCosts MeasureEdits(App& app, bool settle) {
  AppState& st = *app.state;
  EditCosts c;
  c.before = st.Generation();
  std::vector<double> regen, next, total;
  for (int i = 0; i < 21; ++i) {
    const auto t0 = Clock::now();
    st.SetCell(i % kMaxElements, static_cast<double>(i % 10));
    const auto t1 = Clock::now();
    glfwPollEvents();
    ShowFrame(app, 0, 60, /*finish=*/true);
    const auto t2 = Clock::now();
    st.CatchUp();  // after the pixels, as in the live loop
    if (settle)
      MultiBlockOf(st).grid.WaitForCheck(30);  // a large grid's check, before a person's next edit
    regen.push_back(Ms(t1 - t0));
    next.push_back(Ms(t2 - t1));
    total.push_back(Ms(t2 - t0));
  }
  c.regenerate_ms = Median(regen);
  c.next_frame_ms = Median(next);
  c.total_ms = Median(total);
  c.after = st.Generation();
  return c;
}

struct IdleCost {
  double seconds = 10;
  double cpu_seconds = 0;
  int frames = 0;
};

// Idle: the app's own loop (WaitForWork) left alone, nothing playing, for 10 s.
IdleCost MeasureIdle(App& app, int* settle) {
  app.state->ForEachShownPlayer([](Player& p) { p.Pause(); });
  IdleCost c;
  const double cpu0 = CpuSeconds();
  const auto idle0 = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - idle0).count(); };
  while (elapsed() < c.seconds) {
    WaitForWork(app, settle, c.seconds - elapsed());
    if (elapsed() >= c.seconds) break;  // woke because the time was up
    LiveFrame(app);                     // as the live loop: a finished background run is taken
    ++c.frames;
  }
  c.cpu_seconds = CpuSeconds() - cpu0;
  return c;
}

struct PlayResult {
  std::vector<int> shown;  // the rounds on screen, in order, each once
  bool every_round = false;
  int frames = 0;
};

// Playing at 4 rounds/s from the first round, through the same loop: every round must be on
// screen for at least one frame.
PlayResult MeasurePlaying(App& app, Player& player, int* settle) {
  player.SetSpeed(4);
  player.First();
  player.Play();
  PlayResult r;
  auto last = Clock::now();
  while (player.Playing() && r.frames < 100000) {
    WaitForWork(app, settle);
    const auto now = Clock::now();
    LiveFrame(app, std::chrono::duration<double>(now - last).count());  // the player moves on
    last = now;
    ++r.frames;
    if (r.shown.empty() || r.shown.back() != player.Round()) r.shown.push_back(player.Round());
  }
  r.every_round = r.shown.size() == static_cast<size_t>(player.RoundCount());
  for (size_t i = 0; r.every_round && i < r.shown.size(); ++i)
    r.every_round = r.shown[i] == static_cast<int>(i);
  return r;
}

struct ExportCost {
  int frames = 0;
  double longest_ms = 0, total_s = 0;
  std::string outcome;  // the status line's notice or message
};

// All rounds exported as the live app does (the Export section's button), into a folder of its
// own removed after, through the live loop (asleep while the encoder has the queue full): the
// frames drawn meanwhile and the longest of them, from the request to the status line's notice.
ExportCost MeasureExport(App& app, int* settle) {
  AppState& st = *app.state;
  ExportCost c;
  std::string dir = (std::filesystem::temp_directory_path() / "scanviz-bench-XXXXXX").string();
  if (mkdtemp(dir.data()) == nullptr) return c;
  st.view.export_dir = dir;
  st.view.export_request = ViewState::Export::kAllRounds;
  const auto t0 = Clock::now();
  do {
    WaitForWork(app, settle, 1.0);
    const auto f0 = Clock::now();
    LiveFrame(app);
    c.longest_ms = std::max(c.longest_ms, Ms(Clock::now() - f0));
    ++c.frames;
  } while (app.export_job != nullptr && c.frames < 100000);
  c.total_s = Ms(Clock::now() - t0) / 1000;
  c.outcome = st.message.empty() ? st.notice : st.message;
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  return c;
}

// [SECTION] The report

// The window, what was drawn, and the last frame's boxes and triangles.
void PrintSubject(App& app, int frames, Algorithm algorithm, const Player& player, bool multi_block,
                  int n) {
  AppState& st = *app.state;
  int w = 0, h = 0;
  glfwGetFramebufferSize(app.window, &w, &h);
  std::printf("renderer: %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
  if (multi_block) {
    std::printf(
        "window %dx%d, %d frames each, multi-block (%s blocks of %d) n = %d, %d blocks, %d steps "
        "visible, %zu boxes and %zu triangles (the last frame)\n",
        w, h, frames, DisplayName(MultiBlockOf(st).grid.BlockAlgorithm()),
        MultiBlockOf(st).grid.BlockSize(), MultiBlockOf(st).grid.Traced().grid.N(),
        MultiBlockOf(st).grid.Traced().grid.BlockCount(), player.RoundCount(),
        app.renderer.BoxCount(), app.renderer.TriangleCount());
  } else {
    std::printf(
        "window %dx%d, %d frames each, %s n = %d, %zu rounds visible, %zu boxes and %zu "
        "triangles (the last frame)\n",
        w, h, frames, DisplayName(algorithm), n, st.Current().trace.rounds.size(),
        app.renderer.BoxCount(), app.renderer.TriangleCount());
  }
}

void PrintCosts(int n, const FrameCosts& f, const EditCosts& e, const EditCosts& rapid,
                const IdleCost& idle, const PlayResult& play, int round_count) {
  std::printf(
      "bare window (clear only):     %.3f ms\n"
      "app, empty view (panels):     %.3f ms\n"
      "app, view (all rounds shown): %.3f ms\n"
      "ratio view / empty view: %.2f   (the trace view's cost; target <= 3)\n"
      "ratio view / bare window: %.2f\n",
      f.empty_ms, f.empty_view_ms, f.view_ms, f.view_ms / f.empty_view_ms, f.view_ms / f.empty_ms);
  std::printf(
      "input edit at n = %d (median of 21): regenerate %.3f ms, next frame %.3f ms, edit to new "
      "pixels %.3f ms (target < 16.7; generation %llu -> %llu)\n",
      n, e.regenerate_ms, e.next_frame_ms, e.total_ms, static_cast<unsigned long long>(e.before),
      static_cast<unsigned long long>(e.after));
  std::printf(
      "input edits back to back (median of 21, not waiting for a large grid's check): edit to "
      "new pixels %.3f ms\n",
      rapid.total_ms);
  std::printf("idle %.0f s: %.3f CPU s (%.2f%% of one core; target < 2%%), %d frames drawn\n",
              idle.seconds, idle.cpu_seconds, 100 * idle.cpu_seconds / idle.seconds, idle.frames);
  std::printf("playing at 4 rounds/s: %zu of %d rounds shown in order (%s), %d frames\n",
              play.shown.size(), round_count, play.every_round ? "every round" : "ROUNDS MISSED",
              play.frames);
}

}  // namespace

int RunBench(App& app, int frames, Algorithm algorithm, KindId kind, std::optional<int> n) {
  glfwSwapInterval(0);
  AppState& st = *app.state;
  st.SetAlgorithm(algorithm);
  st.SetKind(kind);
  st.view.only_current = false;
  const int count = n.value_or(KindOf(kind).Entry().largest_n);
  st.Randomize(count, st.Seed());
  st.ForEachShownPlayer([](Player& p) { p.Last(); });  // every round (every phase) visible

  const FrameCosts frame = MeasureFrames(app, frames);
  const EditCosts edit = MeasureEdits(app, /*settle=*/true);
  const EditCosts rapid = MeasureEdits(app, /*settle=*/false);
  MultiBlockOf(st).grid.WaitForCheck(30);
  int settle = kSettleFrames;
  const IdleCost idle = MeasureIdle(app, &settle);
  // The kind's player (the first of two side by side; a chart has none: the block scan's); the
  // report says the grid's blocks when it is the grid's.
  const std::vector<Player*> shown = st.ShownPlayers();
  Player& player = shown.empty() ? st.CurrentPlayer() : *shown.front();
  const bool multi_block = &player == &MultiBlockOf(st).grid.GridPlayer();
  const PlayResult play = MeasurePlaying(app, player, &settle);

  const ExportCost exported = MeasureExport(app, &settle);

  PrintSubject(app, frames, algorithm, player, multi_block, count);
  PrintCosts(count, frame, edit, rapid, idle, play, player.RoundCount());
  std::printf("all rounds exported: %d frames, the longest %.1f ms, %.2f s in all (%s)\n",
              exported.frames, exported.longest_ms, exported.total_s, exported.outcome.c_str());
  return 0;
}

}  // namespace scanviz
