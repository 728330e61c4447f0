// The desktop app's one seam between the desktop (platform_native.cpp: GLFW 3.3, OpenGL 3.3 core
// through glad, threads, files) and the web page (platform_web.cpp: emscripten's GLFW, WebGL 2,
// the browser's files, downloads and storage). Everything else is the same source on both.
#pragma once

#include <functional>
#include <string>

struct GLFWwindow;

namespace scanviz {

struct App;

namespace platform {

// [SECTION] Start
// The GL functions (glad on the desktop; linked directly on the web). False when they fail.
bool LoadGl();
// The shaders' version line for Dear ImGui's renderer: "#version 330 core" or "#version 300 es".
const char* GlslVersion();
// One shader source for both: shaders/*.glsl start with "#version 330 core"; the web swaps that
// line for "#version 300 es" and default precisions (GLSL ES needs one for floats).
std::string ShaderSource(const char* glsl_330);
// The window's size before it opens: the saved size fitted to the monitor's work area, or the
// page's canvas (its CSS size times devicePixelRatio).
void FitWindow(int* width, int* height);
// The settings file: ~/.config/scanviz/settings.json, or the browser's storage (IndexedDB).
std::string SettingsPath();

// Whether Dear ImGui draws its filled shapes (rounded frames, radio buttons) with anti-aliased
// edges: on the desktop; not on the web, where software WebGL (SwiftShader) spent about 5 ms of
// a 19 ms frame on those edges (docs/web.md, budgets).
bool AntiAliasedFill();

// [SECTION] Each frame
// The content scale (HiDPI): the monitor's, or the page's devicePixelRatio.
float ContentScale(GLFWwindow* window);
// A printable key's name on the keyboard's layout (glfwGetKeyName); nullptr where unknown.
const char* KeyName(int key, int scancode);
// Fullscreen on the primary monitor, or back to the window (the browser's own fullscreen).
void SetFullscreen(App& app, bool on);
// File > Open and File > Save session on the web, taken before the app's own file dialog sees
// them: the browser's file picker, and the session as a download. Nothing on the desktop.
void TakeFileRequest(App& app);
// [SECTION] Share links (share_link.h)
// The link the app was opened with (the page's address; none on the desktop, where it is an
// argument).
std::string StartLink();
// Puts the link of `fragment` ("s=...") on the clipboard (on the web also in the address bar);
// returns the whole link.
std::string CopyLink(App& app, const std::string& fragment);
// Opens the link on the clipboard (on the web when the browser hands it over).
void PasteLink(App& app);

// [SECTION] Phones, tablets and embedding (layout.h, embed_code.h)
// Whether the screen is touched (the page: navigator.maxTouchPoints); false on the desktop.
bool TouchScreen();
// Whether the page's address asks for an embedded figure (&embed); false on the desktop.
bool StartEmbed();
// The whole link of `fragment` ("s=..."), as Copy link writes it, put nowhere.
std::string LinkOf(const std::string& fragment);
// Puts `text` on the clipboard (the page: navigator.clipboard).
void CopyText(App& app, const std::string& text);

// Runs frame() until it returns false, and returns true. The web hands frame() to the browser
// (emscripten_set_main_loop, once per animation frame) and returns false at once: main then
// returns, and what frame() uses must outlive it.
bool RunLoop(std::function<bool()> frame);
// After each frame on the web: the canvas follows the page's size, exported files arrive as
// downloads, File > Open shows the browser's file picker, and changed settings are stored.
// Nothing on the desktop.
void AfterFrame(App& app);

}  // namespace platform
}  // namespace scanviz
