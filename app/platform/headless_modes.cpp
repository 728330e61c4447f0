// The headless modes that draw the app's frame (app_window.h): --screenshot and --export-*, each
// with --dump-layout (the screenshot's frame, or the last figure exported). Both let ImGui settle
// over a few frames first, as a window does on screen.
#include "draw/gl.h"
// gl.h before GLFW, so GLFW does not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cstdio>
#include <optional>
#include <vector>

#include "platform/app_window.h"
#include "platform/headless.h"

namespace scanviz {

FigureSource Figure(App& app) {
  return {*app.state, app.renderer, app.fonts, app.views, app.style_scale};
}

exports::Size WindowPixels(App& app) {
  exports::Size size;
  glfwGetFramebufferSize(app.window, &size.width, &size.height);
  return size;
}

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

int Export(App& app, const Options& opt) {
  for (int i = 0; i < 2; ++i) {  // fonts and style settle as for a screenshot
    glfwPollEvents();
    DrawFrame(app, 60);
    glfwSwapBuffers(app.window);
  }
  FigureSource figure = Figure(app);
  std::optional<TextRecorder> text;
  if (!opt.dump_layout.empty()) figure.text = &text.emplace(ImVec2(1, 1));
  exports::ExportRequest request = opt.export_request;
  request.round = opt.round;
  FigureStyle style;
  style.size = opt.export_size.value_or(WindowPixels(app));
  style.transparent = opt.transparent;
  style.gif_delay_ms = opt.gif_delay_ms.value_or(exports::kDefaultDelayMs);
  const int rc = RunExports(figure, request, style);
  if (rc != 0 || !text) return rc;
  // What the last figure drawn holds, at the export's size.
  const exports::Size size = opt.export_size.value_or(WindowPixels(app));
  const std::string err = WriteLayout(opt.dump_layout, {}, text->Panels(), size.width, size.height,
                                      app.state->view.theme);
  if (!err.empty()) {
    std::fprintf(stderr, "scanviz: %s\n", err.c_str());
    return 1;
  }
  return 0;
}

}  // namespace scanviz
