// The web side of the seam (platform.h): emscripten's GLFW (3.2's API), WebGL 2, no threads. The
// page (app/web/index.html) sizes the canvas with CSS, mounts the browser's IndexedDB at /persist
// before main, and sets SCANVIZ_DATA_DIR to the data file's /share/scanviz.
#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <imgui.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "platform/app_window.h"
#include "core/file_io.h"
#include "state/embed_code.h"
#include "platform/headless.h"
#include "kinds/kind.h"
#include "seam/platform.h"
#include "platform/platform_web_class.h"
#include "platform/platform_web_downloads.h"
#include "platform/platform_web_a11y.h"  // issue #34: the live region, the Text view
#include "state/settings.h"

namespace fs = std::filesystem;

// [SECTION] The page (JavaScript; no "//" inside EM_JS: the preprocessor would cut it)
// JavaScript, which clang-format would read as C++ (=== becomes == =):
// clang-format off

EM_JS(int, scanviz_js_canvas_w, (), { return Module.canvas.clientWidth | 0; });
EM_JS(int, scanviz_js_canvas_h, (), { return Module.canvas.clientHeight | 0; });
EM_JS(void, scanviz_js_pick_file, (), {
  var input = document.createElement('input');
  input.type = 'file';
  input.accept = '.scanviz,.json';
  input.onchange = function() {
    var file = input.files[0];
    if (!file) return;
    file.arrayBuffer().then(function(buffer) {
      var dir = '/opened';
      try {
        FS.mkdir(dir);
      } catch (e) {
      }
      var path = dir + '/' + file.name.replace(new RegExp('[\\\\/]', 'g'), '_');
      FS.writeFile(path, new Uint8Array(buffer));
      Module.ccall('scanviz_web_open', null, ['string'], [path]);
    });
  };
  input.click();
});
EM_JS(char*, scanviz_js_hash, (), {
  var s = String(location.hash || "");
  var n = lengthBytesUTF8(s) + 1;
  var p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});
EM_JS(void, scanviz_js_copy_link, (const char* fragment), {
  history.replaceState(null, "", "#" + UTF8ToString(fragment));
  Module.scanvizLink = location.href;
  if (navigator.clipboard) navigator.clipboard.writeText(location.href).catch(function(e){});
});
EM_JS(void, scanviz_js_paste_link, (), {
  if (!navigator.clipboard || !navigator.clipboard.readText) return;
  navigator.clipboard.readText()
      .then(function(t) { Module.ccall('scanviz_web_open_link', null, ['string'], [t]); })
      .catch(function(e){});
});
// [SECTION] Phones, tablets and embedding (layout.h): touch, the page's &embed, embed code.
EM_JS(int, scanviz_js_touch, (), { return (navigator.maxTouchPoints | 0) > 0 ? 1 : 0; });
EM_JS(char*, scanviz_js_page, (), {
  var s = location.origin + location.pathname;
  var n = lengthBytesUTF8(s) + 1;
  var p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});
EM_JS(void, scanviz_js_copy_text, (const char* text), {
  Module.scanvizCopied = UTF8ToString(text);
  if (navigator.clipboard) navigator.clipboard.writeText(Module.scanvizCopied).catch(function(e){});
});
EM_JS(void, scanviz_js_layout, (const char* json), { Module.scanvizLayout = UTF8ToString(json); });
// Each frame's time for the budgets (scripts/web_budgets.sh): the first frame's moment since
// navigation, then the last frames' durations (read back to the last pixel while Module.scanvizBench
// is set) and the same without the read-back (the wasm and its WebGL calls alone).
EM_JS(int, scanviz_js_bench, (), { return Module.scanvizBench ? 1 : 0; });
EM_JS(void, scanviz_js_frame_done, (double ms, double cpu_ms), {
  if (Module.firstFrameMs == null) Module.firstFrameMs = performance.now();
  var c = Module.frameCpuMs = Module.frameCpuMs || [];
  c.push(cpu_ms);
  if (c.length > 600) c.shift();
  var t = Module.frameMs = Module.frameMs || [];
  var at = Module.frameAt = Module.frameAt || [];
  t.push(ms);
  at.push(performance.now());
  if (t.length > 600) { t.shift(); at.shift(); }
});
// Chromium answers WebGL's getParameter for the viewport, the scissor box and the blend state
// with a round trip to its GPU process, which first runs every command queued before it; ImGui's
// backend asks for nine of them a frame to restore the state after drawing (1.5 ms a frame on the
// page's software WebGL, docs/web.md). The context's own setters keep a copy here, read once from
// the context at the start, and getParameter answers those names from it.
EM_JS(void, scanviz_js_cache_gl_state, (), {
  var gl = GLctx, cache = {}, get = gl.getParameter.bind(gl);
  var VIEWPORT = 0x0BA2, SCISSOR_BOX = 0x0C10, EQ_RGB = 0x8009, EQ_ALPHA = 0x883D;
  var DST_RGB = 0x80C8, SRC_RGB = 0x80C9, DST_ALPHA = 0x80CA, SRC_ALPHA = 0x80CB;
  [VIEWPORT, SCISSOR_BOX, EQ_RGB, EQ_ALPHA, DST_RGB, SRC_RGB, DST_ALPHA, SRC_ALPHA].forEach(
      function(p) { cache[p] = get(p); });
  function keep(name, record) {
    var set = gl[name].bind(gl);
    gl[name] = function(a, b, c, d) { record(a, b, c, d); set(a, b, c, d); };
  }
  keep('viewport', function(x, y, w, h) { cache[VIEWPORT] = new Int32Array([x, y, w, h]); });
  keep('scissor', function(x, y, w, h) { cache[SCISSOR_BOX] = new Int32Array([x, y, w, h]); });
  keep('blendEquation', function(m) { cache[EQ_RGB] = cache[EQ_ALPHA] = m; });
  keep('blendEquationSeparate', function(rgb, a) { cache[EQ_RGB] = rgb; cache[EQ_ALPHA] = a; });
  keep('blendFunc', function(s, d) {
    cache[SRC_RGB] = cache[SRC_ALPHA] = s;
    cache[DST_RGB] = cache[DST_ALPHA] = d;
  });
  keep('blendFuncSeparate', function(sr, dr, sa, da) {
    cache[SRC_RGB] = sr; cache[DST_RGB] = dr; cache[SRC_ALPHA] = sa; cache[DST_ALPHA] = da;
  });
  gl.getParameter = function(p) {
    if (!(p in cache)) return get(p);
    var v = cache[p];
    return v instanceof Int32Array ? new Int32Array(v) : v;
  };
});
EM_JS(void, scanviz_js_store, (), { FS.syncfs(false, function(err){}); });
// The page's own text field (app/web/input.js) at x, y, w, h in the canvas's pixels, or hidden
// (an empty id); `fresh`: a new field, given the text and the keyboard.
EM_JS(void, scanviz_js_field, (const char* id, float x, float y, float w, float h,
                               const char* text, int numeric, int fresh), {
  if (!window.scanvizInput) return;
  scanvizInput.field(UTF8ToString(id), x, y, w, h, UTF8ToString(text), numeric, fresh);
});
EM_JS(void, scanviz_js_fullscreen, (int on), {
  if (on && !document.fullscreenElement) document.documentElement.requestFullscreen();
  if (!on && document.fullscreenElement) document.exitFullscreen();
});
// clang-format on

namespace {

std::string g_opened;           // a file the picker (or the page's trace list) handed over
std::string g_link;             // a link the page handed over (a pasted one, a new address)
scanviz::App* g_app = nullptr;  // for the page's questions between frames
std::string g_state;            // the last StateJson handed to the page
// The page's layout dump (--dump-layout's document): asked, then recorded over one frame.
bool g_layout_asked = false;
bool g_fullscreen = false;  // asked of the browser last
int g_frames = 0;           // the settings are compared every 30 frames
std::vector<scanviz::DumpedCell> g_cells;
std::optional<scanviz::TextRecorder> g_text;
std::function<bool()> g_frame;  // RunLoop's frame, called by the browser
std::string g_saved_settings;   // what /persist holds, so that only a change is stored

void Frame() {
  const double start = emscripten_get_now();
  const bool more = g_frame();
  const double cpu = emscripten_get_now() - start;
  if (scanviz_js_bench()) {
    // Chromium's WebGL finish() returns before the GPU process has drawn; reading a pixel back
    // waits for it, so the time below is the frame's whole cost, rasterising included.
    unsigned char pixel[4];
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
  }
  scanviz_js_frame_done(emscripten_get_now() - start, cpu);
  if (!more) emscripten_cancel_main_loop();
}

}  // namespace

// The page's file picker, and the page's list of bundled traces, open a file through this.
extern "C" EMSCRIPTEN_KEEPALIVE void scanviz_web_open(const char* path) {
  g_opened = path;
}

// A share link for the app to open at the next frame (index.html: a new address's fragment).
extern "C" EMSCRIPTEN_KEEPALIVE void scanviz_web_open_link(const char* text) {
  g_link = text;
}

// The state as --state-file writes it (headless.h): what the page's tests read.
extern "C" EMSCRIPTEN_KEEPALIVE const char* scanviz_web_state() {
  if (g_app == nullptr) return "";
  g_app->state->view.popup_open = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopup);  // as main's
  g_state = scanviz::StateJson(*g_app->state, scanviz::TextFieldActive());
  return g_state.c_str();
}

// The next frame's layout, as --dump-layout writes it, lands in Module.scanvizLayout.
extern "C" EMSCRIPTEN_KEEPALIVE void scanviz_web_request_layout() {
  g_layout_asked = true;
}

// [SECTION] Touch, the page's text field and its keys (app/web/input.js; docs/web.md)
// input.js turns a touch into one mouse click (GLFW's own touch handling never sees it), and hands
// over here what a mouse cannot say: a swipe, a pinch, the page's field ending, Ctrl+Q.

namespace {

// The point (the canvas's pixels, as ImGui's mouse) lies in the figure's room (frame.cpp).
bool OnFigure(const scanviz::ViewState& vs, double x, double y) {
  const auto it = vs.widgets.find("figure");
  if (it == vs.widgets.end()) return false;
  const auto& r = it->second;
  return x >= r[0] && y >= r[1] && x < r[0] + r[2] && y < r[1] + r[3];
}

}  // namespace

// Whether the last input was a touch (1) or a mouse (0): after a touch the editors type in the
// page's own field, for which a phone opens its keyboard (touch.h), and a double tap may be as
// slow and as far apart as a finger's (ImGui's double click: 0.3 s and 6 pixels).
extern "C" EMSCRIPTEN_KEEPALIVE void scanviz_web_touch(int on) {
  if (g_app == nullptr) return;
  g_app->state->view.page_field.on = on != 0;
  ImGuiIO& io = ImGui::GetIO();
  const auto dpr = static_cast<float>(emscripten_get_device_pixel_ratio());
  io.MouseDoubleClickTime = on != 0 ? 0.45f : 0.30f;
  io.MouseDoubleClickMaxDist = on != 0 ? 16.0f * dpr : 6.0f;
}

extern "C" EMSCRIPTEN_KEEPALIVE int scanviz_web_on_figure(double x, double y) {
  return g_app != nullptr && OnFigure(g_app->state->view, x, y) ? 1 : 0;
}

// kind 0: a swipe from (x, y) by (dx, dy), which steps when it starts on the figure (leftwards:
// the next step, as a page turns); kind 1: a pinch by `scale` around (x, y) and a two-finger drag
// by (dx, dy), for the figure's next frame. The canvas's pixels.
extern "C" EMSCRIPTEN_KEEPALIVE void scanviz_web_gesture(int kind, double dx, double dy,
                                                         double scale, double x, double y) {
  if (g_app == nullptr) return;
  scanviz::AppState& st = *g_app->state;
  st.ActionTaken();
  if (kind == 0) {
    if (OnFigure(st.view, x, y)) scanviz::ShownKindOf(st).Step(st, dx < 0 ? +1 : -1);
    return;
  }
  st.view.gesture.Add({static_cast<float>(scale), static_cast<float>(x), static_cast<float>(y),
                       static_cast<float>(dx), static_cast<float>(dy)});
}

// The page's field ended: Enter (apply 1, with its text), or Escape or leaving it (apply 0).
extern "C" EMSCRIPTEN_KEEPALIVE void scanviz_web_field_end(const char* id, int apply,
                                                           const char* text) {
  if (g_app == nullptr) return;
  scanviz::PageField& f = g_app->state->view.page_field;
  f.ended = id;
  f.apply = apply != 0;
  f.result = text;
  f.shown.clear();  // input.js hid it
}

// A frame now, inside the touch's own event: a tap's press and release each get their frame (a
// tap is one click, never lost between frames), and a field the tap opens is focused while the
// browser still counts the tap as the user's (a phone opens its keyboard only then).
extern "C" EMSCRIPTEN_KEEPALIVE void scanviz_web_frame_now() {
  if (g_frame) Frame();
}

// Ctrl+Q: the page keeps it from the browser (which would quit), and the app has nothing to quit.
extern "C" EMSCRIPTEN_KEEPALIVE void scanviz_web_quit_asked() {
  if (g_app != nullptr)
    g_app->state->notice = "Ctrl+Q quits the desktop app; close the tab to leave the page";
}

namespace {

// The field a view asked for in this frame goes on the page (in the canvas's pixels); one no view
// asks for any more leaves it.
void ShowPageField(scanviz::PageField& f) {
  const std::string want = std::exchange(f.want, std::string());
  if (want.empty()) {
    if (!f.shown.empty()) scanviz_js_field("", 0, 0, 0, 0, "", 0, 0);
    f.shown.clear();
    return;
  }
  const auto& r = f.rect;
  // A new field; or, typed into (caret_end), the shown one given text it was not given: a key of
  // the value that reached the app before the field had the keyboard (array_view.cpp).
  static std::string given;
  const bool fresh = want != f.shown || (f.caret_end && f.text != given);
  if (fresh) given = f.text;
  // `numeric`'s bits: 1 a number, 2 the caret after the text (input.js).
  scanviz_js_field(want.c_str(), r[0], r[1], r[2], r[3], f.text.c_str(),
                   (f.numeric ? 1 : 0) | (f.caret_end ? 2 : 0), fresh ? 1 : 0);
  f.shown = want;
}

}  // namespace

namespace scanviz::platform {

bool LoadGl() {
  scanviz_js_cache_gl_state();  // WebGL 2 is linked directly
  return true;
}

const char* GlslVersion() {
  return "#version 300 es";
}

std::string ShaderSource(const char* glsl_330) {
  std::string s = glsl_330;
  const std::string desktop = "#version 330 core";
  if (s.rfind(desktop, 0) == 0)
    s.replace(0, desktop.size(), "#version 300 es\nprecision highp float;\nprecision highp int;");
  return s;
}

void FitWindow(int* width, int* height) {
  const double dpr = emscripten_get_device_pixel_ratio();
  *width = static_cast<int>(scanviz_js_canvas_w() * dpr);
  *height = static_cast<int>(scanviz_js_canvas_h() * dpr);
}

std::string SettingsPath() {
  return "/persist/settings.json";
}

std::string StartLink() {
  char* hash = scanviz_js_hash();
  std::string link = hash;
  std::free(hash);
  if (ClassroomFragment(link)) return {};  // classroom.js's address, not a share link
  return WithoutEmbed(link);  // &embed is the page's (StartEmbed), not the link's
}

bool TouchScreen() {
  return scanviz_js_touch() != 0;
}

bool StartEmbed() {
  char* hash = scanviz_js_hash();
  const bool embed = WantsEmbed(hash);
  std::free(hash);
  return embed;
}

std::string LinkOf(const std::string& fragment) {
  char* page = scanviz_js_page();
  std::string link = std::string(page) + "#" + fragment;
  std::free(page);
  return link;
}

void CopyText(App&, const std::string& text) {
  scanviz_js_copy_text(text.c_str());
}

std::string CopyLink(App&, const std::string& fragment) {
  scanviz_js_copy_link(fragment.c_str());
  return "#" + fragment;
}

void PasteLink(App&) {
  scanviz_js_paste_link();  // the browser asks; the text arrives in scanviz_web_open_link
}

bool AntiAliasedFill() {
  return false;
}

float ContentScale(GLFWwindow*) {
  return static_cast<float>(emscripten_get_device_pixel_ratio());
}

const char* KeyName(int, int) {
  return nullptr;  // not in emscripten's GLFW (it throws): keys as the browser names them
}

void SetFullscreen(App&, bool on) {
  if (on == g_fullscreen) return;
  g_fullscreen = on;
  scanviz_js_fullscreen(on ? 1 : 0);
}

bool RunLoop(std::function<bool()> frame) {
  g_frame = std::move(frame);
  // Not simulate_infinite_loop: its unwinding would run main's destructors under wasm exceptions.
  emscripten_set_main_loop(Frame, 0, false);
  return false;
}

void TakeFileRequest(App& app) {
  ViewState& vs = app.state->view;
  if (vs.file_dialog == FileDialog::kOpen) scanviz_js_pick_file();
  if (vs.file_dialog == FileDialog::kSave) {
    std::error_code ec;
    fs::create_directories(kDownloads, ec);
    const std::string err = app.state->SaveSessionTo(std::string(kDownloads) + "/lecture.scanviz");
    if (!err.empty()) app.state->message = err;
  }
  vs.file_dialog = FileDialog::kNone;
}

namespace {

// The canvas's backing store follows its CSS size times devicePixelRatio (emscripten's GLFW has
// no HiDPI of its own; ImGui then works in device pixels, and ContentScale scales the fonts).
void FollowCanvas(GLFWwindow* window) {
  int w = 0, h = 0;
  FitWindow(&w, &h);
  int now_w = 0, now_h = 0;
  glfwGetWindowSize(window, &now_w, &now_h);
  if (w > 0 && h > 0 && (w != now_w || h != now_h)) glfwSetWindowSize(window, w, h);
}

// The settings, stored in IndexedDB when they change (the page has no "quit" to save them at).
void StoreSettings(App& app) {
  int w = 0, h = 0;
  glfwGetWindowSize(app.window, &w, &h);
  const Settings settings = app.state->ToSettings(w, h);
  std::string text = SettingsToJson(settings);
  if (text == g_saved_settings) return;
  if (SaveSettings(settings, SettingsPath()).empty()) scanviz_js_store();
  g_saved_settings = std::move(text);
}

// The layout recorded over the frame just drawn goes to the page; one asked for is recorded over
// the next.
void HandLayout(App& app) {
  if (app.dump != nullptr) {
    int w = 0, h = 0;
    glfwGetFramebufferSize(app.window, &w, &h);
    const std::string path = "/layout.json";
    if (WriteLayout(path, g_cells, g_text->Panels(), w, h, app.state->view.theme).empty()) {
      const FileText file = ReadFileLimited(path, 64 << 20);
      scanviz_js_layout(file.text.c_str());
    }
    app.dump = nullptr;
    app.text = nullptr;
  }
  if (std::exchange(g_layout_asked, false)) {
    g_cells.clear();
    g_text.emplace(ImGui::GetIO().DisplayFramebufferScale);
    app.dump = &g_cells;
    app.text = &*g_text;
  }
}

}  // namespace

void AfterFrame(App& app) {
  g_app = &app;
  HandLayout(app);
  ShowPageField(app.state->view.page_field);
  // A pinch no figure took (the timeline, the benchmark do not zoom) must not zoom the next one.
  app.state->view.gesture = {};
  if (!g_link.empty()) {
    const std::string link = WithoutEmbed(std::exchange(g_link, std::string()));
    app.state->ReportLink(app.state->OpenLink(link));
  }
  FollowAfterFrame(app);  // the classroom: a teacher's view to follow (platform_web_class.h)
  FollowCanvas(app.window);
  std::error_code ec;
  fs::create_directories(kDownloads, ec);
  app.state->view.export_dir = kDownloads;  // Ctrl+S and the exports write here
  DeliverDownloads(app);
  if (!g_opened.empty()) app.dropped = std::exchange(g_opened, std::string());
  if (++g_frames % 30 == 0) StoreSettings(app);
  A11yAfterFrame(app);  // the page's live region and Text view (platform_web_a11y.h)
}

}  // namespace scanviz::platform
