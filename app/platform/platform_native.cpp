// The desktop side of the seam (platform.h): GLFW 3.3, OpenGL 3.3 core through glad, threads.
#include "draw/gl.h"
// gl.h before GLFW, so GLFW does not pull in the system GL header.
#include <GLFW/glfw3.h>

#include <utility>

#include "platform/app_window.h"
#include "seam/class_teach.h"
#include "seam/platform.h"
#include "state/file_chooser.h"
#include "state/settings.h"
#ifdef SCANVIZ_HAVE_LIBPORTAL
#include "platform/portal_chooser.h"
#endif

namespace scanviz::platform {

bool LoadGl() {
  return gladLoadGL(glfwGetProcAddress) != 0;
}

const char* GlslVersion() {
  return "#version 330 core";
}

std::string ShaderSource(const char* glsl_330) {
  return glsl_330;
}

void FitWindow(int* width, int* height) {
  int x = 0, y = 0, area_w = 0, area_h = 0;
  if (GLFWmonitor* monitor = glfwGetPrimaryMonitor())
    glfwGetMonitorWorkarea(monitor, &x, &y, &area_w, &area_h);
  const WindowSize fitted = FitToWorkArea(*width, *height, area_w, area_h);
  *width = fitted.width;
  *height = fitted.height;
}

std::string SettingsPath() {
  return scanviz::SettingsPath();
}

bool AntiAliasedFill() {
  return true;
}

float ContentScale(GLFWwindow* window) {
  float xscale = 1, yscale = 1;
  glfwGetWindowContentScale(window, &xscale, &yscale);
  return xscale;
}

const char* KeyName(int key, int scancode) {
  GLFWerrorfun previous = glfwSetErrorCallback(nullptr);
  const char* name = glfwGetKeyName(key, scancode);
  glfwSetErrorCallback(previous);
  return name;
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

std::string StartLink() {
  return {};
}

std::string CopyLink(App& app, const std::string& fragment) {
  const std::string link = ShareLinkBase() + "#" + fragment;
  glfwSetClipboardString(app.window, link.c_str());
  return link;
}

bool TouchScreen() {
  return false;
}

bool StartEmbed() {
  return false;
}

std::string LinkOf(const std::string& fragment) {
  return ShareLinkBase() + "#" + fragment;
}

void CopyText(App& app, const std::string& text) {
  glfwSetClipboardString(app.window, text.c_str());
}

void PasteLink(App& app) {
  const char* text = glfwGetClipboardString(app.window);
  AppState& st = *app.state;
  st.ReportLink(text == nullptr ? "the clipboard holds no text" : st.OpenLink(text));
}

bool RunLoop(std::function<bool()> frame) {
  while (frame()) {
  }
  return true;
}

// File > Open and Save session: the desktop's own dialogs where libportal was built in and a
// portal answers, else the path field (state/file_chooser.h decides and says why).
void TakeFileRequest(App& app) {
  // One for the program's life, never destroyed: a cancelled dialog's reply may still be on its
  // way when the window closes.
#ifdef SCANVIZ_HAVE_LIBPORTAL
  static FileChooser* const chooser = MakePortalChooser().release();
#else
  static FileChooser* const chooser = new PathFieldChooser();
#endif
  StepFileChooser(*app.state, *chooser);
}

void AfterFrame(App& app) {
  TeachAfterFrame(*app.state);  // --teach: the view to the classroom (class_teach_native.cpp)
}

}  // namespace scanviz::platform
