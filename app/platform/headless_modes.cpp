// The headless modes that draw the app's frame (app_window.h): --screenshot and --export-*, each
// with --dump-layout (the screenshot's frame, or the last figure exported). Both let ImGui settle
// over a few frames first, as a window does on screen.
#include "draw/gl.h"
// gl.h before GLFW, so GLFW does not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cstdio>
#include <functional>
#include <optional>
#include <vector>

#include "core/file_io.h"
#include "kinds/applications/applications_state.h"
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

namespace {

// One line on stderr; the headless modes' exit code for a refusal or a failed write (as the
// CLI's): a script can tell.
int Refuse(const std::string& why) {
  std::fprintf(stderr, "scanviz: %s\n", why.c_str());
  return 2;
}

// Every file a headless mode will write, checked before anything is drawn or written: a bad last
// name writes nothing (issue #38: --screenshot ok.png --dump-layout /nonexistent/d.json wrote
// ok.png). Empty, or why not.
std::string CheckOutputs(const std::vector<std::string>& paths) {
  std::vector<std::string> given;
  for (const std::string& p : paths) {
    if (p.empty()) continue;
    if (std::string why = CheckWriteTarget(p); !why.empty()) return why;
    given.push_back(p);
  }
  if (const auto same = FindSamePaths(given))
    return given[same->first] + " and " + given[same->second] + " name one file";
  return {};
}

// What the shown view could not make (an application's input it cannot take): a picture of that
// message is no export, so a script gets the line and exit 2 the CLI gives, and no file.
std::string ShownError(App& app) {
  AppState& state = *app.state;
  if (state.ShownKind() == KindId::kApplication) return ApplicationsOf(state).model.Traced().error;
  return {};
}

}  // namespace

int TakeScreenshot(App& app, const Options& opt) {
  if (std::string why = CheckOutputs({opt.screenshot, opt.dump_layout}); !why.empty())
    return Refuse(why);
  if (std::string why = ShownError(app); !why.empty()) return Refuse(why);
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
  std::string png, layout;
  if (std::string err = EncodeScreenshot(w, h, &png); !err.empty()) return Refuse(err);
  std::vector<FileContents> files = {{opt.screenshot, png}};
  if (text) {
    layout = LayoutJson(cells, text->Panels(), w, h, app.state->view.theme);
    files.emplace_back(opt.dump_layout, layout);
  }
  if (std::string err = WriteFilesAtomically(files); !err.empty()) return Refuse(err);
  std::printf("wrote %s (%dx%d)\n", opt.screenshot.c_str(), w, h);
  return 0;
}

int Export(App& app, const Options& opt) {
  // The layout's name is checked with the exports' (RunExports), before anything is drawn.
  if (std::string why = CheckOutputs({opt.dump_layout}); !why.empty()) return Refuse(why);
  if (std::string why = ShownError(app); !why.empty()) return Refuse(why);
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
  // What the last figure drawn holds, at the export's size: written with the figures, all or none.
  const exports::Size size = style.size;
  std::function<std::string()> layout;
  if (text) {
    layout = [&text, size, theme = app.state->view.theme] {
      return LayoutJson({}, text->Panels(), size.width, size.height, theme);
    };
  }
  return RunExports(figure, request, style, opt.dump_layout, std::move(layout));
}

}  // namespace scanviz
