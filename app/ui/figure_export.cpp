#include "figure_export.h"

#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <stb_image_write.h>
#include "gl.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <sstream>
#include <utility>

#include "core/file_io.h"
#include "core/registry.h"
#include "export/gif_writer.h"
#include "figure_fit.h"
#include "kinds/kind_view.h"
#include "scene/svg.h"

namespace scanviz {

namespace fs = std::filesystem;

namespace {

// [SECTION] An offscreen framebuffer of the export's size (any size the driver allows, however
// small the window)
class Offscreen {
 public:
  Offscreen(int w, int h) : m_w(w), m_h(h) {
    GLint max_rb = 0, max_vp[2] = {0, 0};
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_rb);
    glGetIntegerv(GL_MAX_VIEWPORT_DIMS, max_vp);
    const int most = std::min({max_rb, max_vp[0], max_vp[1]});
    if (w > most || h > most) {
      m_error = "the OpenGL driver draws pictures of at most " + std::to_string(most) + "x" +
                std::to_string(most) + " pixels";
      return;
    }
    glGenFramebuffers(1, &m_fbo);
    glGenRenderbuffers(1, &m_rb);
    glBindRenderbuffer(GL_RENDERBUFFER, m_rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
    glBindFramebuffer(GL_FRAMEBUFFER, m_fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, m_rb);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      m_error = "the OpenGL driver cannot draw a " + std::to_string(w) + "x" + std::to_string(h) +
                " picture offscreen";
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
  }
  ~Offscreen() {
    if (m_fbo != 0) glDeleteFramebuffers(1, &m_fbo);
    if (m_rb != 0) glDeleteRenderbuffers(1, &m_rb);
  }
  Offscreen(const Offscreen&) = delete;
  Offscreen& operator=(const Offscreen&) = delete;

  const std::string& Error() const { return m_error; }
  int Width() const { return m_w; }
  int Height() const { return m_h; }
  unsigned Fbo() const { return m_fbo; }

 private:
  int m_w, m_h;
  GLuint m_fbo = 0, m_rb = 0;
  std::string m_error;
};

// [SECTION] One figure frame: the figure alone (figure_fit.h's frame) at its fit, our renderer
// under ImGui's text, read back
std::string RenderInto(FigureSource& src, const FigureScale& scale, const FigureFit& fit,
                       Offscreen& target, bool transparent, exports::RgbaImage* out) {
  const int w = target.Width(), h = target.Height();
  // Errors left by earlier calls are not this figure's.
  for (int i = 0; i < 16 && glGetError() != GL_NO_ERROR; ++i) continue;
  BuildFigureFrame(src, scale, w, h, fit.rect, false, true);
  glBindFramebuffer(GL_FRAMEBUFFER, target.Fbo());
  glViewport(0, 0, w, h);
  const scene::Rgba bg = scene::MakePalette(src.app.view.theme).background;
  if (transparent) {
    glClearColor(0, 0, 0, 0);
  } else {
    glClearColor(bg.r, bg.g, bg.b, 1);
  }
  glClear(GL_COLOR_BUFFER_BIT);
  src.renderer.Flush(w, h);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  *out = exports::RgbaImage(w, h);
  std::vector<std::uint8_t> rows(out->pixels.size());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rows.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  const GLenum gl_error = glGetError();
  if (gl_error != GL_NO_ERROR)
    return "OpenGL error " + std::to_string(gl_error) + " drawing the figure";
  // GL's rows run bottom up. On a transparent background the blending left colours multiplied by
  // their coverage (an edge pixel half covered holds half its colour): divided back out, so that
  // a viewer blending the PNG over a slide gets the colour the screen shows.
  const size_t stride = static_cast<size_t>(w) * 4;
  for (int y = 0; y < h; ++y) {
    std::copy_n(rows.data() + static_cast<size_t>(h - 1 - y) * stride, stride,
                out->pixels.data() + static_cast<size_t>(y) * stride);
  }
  if (transparent) {
    for (size_t i = 0; i < out->pixels.size(); i += 4) {
      const unsigned a = out->pixels[i + 3];
      if (a == 0 || a == 255) continue;
      for (size_t c = 0; c < 3; ++c)
        out->pixels[i + c] =
            static_cast<std::uint8_t>(std::min(255u, (out->pixels[i + c] * 255u + a / 2) / a));
    }
  }
  return {};
}

// PNG bytes: RGBA when transparent, else RGB (a third smaller, the same picture).
std::string EncodePng(const exports::RgbaImage& image, bool alpha, std::string* png) {
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                               static_cast<size_t>(size));
  };
  png->clear();
  stbi_flip_vertically_on_write(0);  // the rows are top down already (a screenshot flips)
  if (alpha) {
    if (stbi_write_png_to_func(append, png, image.width, image.height, 4, image.pixels.data(),
                               image.width * 4))
      return {};
  } else {
    std::vector<std::uint8_t> rgb(static_cast<size_t>(image.width) *
                                  static_cast<size_t>(image.height) * 3);
    for (size_t i = 0, j = 0; i < image.pixels.size(); i += 4, j += 3)
      std::copy_n(image.pixels.data() + i, 3, rgb.data() + j);
    if (stbi_write_png_to_func(append, png, image.width, image.height, 3, rgb.data(),
                               image.width * 3))
      return {};
  }
  return "cannot encode the PNG";
}

// The shown kind at step r, and back where it was at the end of the scope.
class Seeker {
 public:
  explicit Seeker(AppState& app)
      : m_app(app),
        m_kind(ShownKindOf(app)),
        m_saved(m_kind.Steps(app).step),
        m_cursor(app.view.timeline_cursor) {}
  ~Seeker() {
    m_kind.Seek(m_app, m_saved);
    m_app.view.timeline_cursor = m_cursor;  // the timeline's own "at the end" (-1) too
  }
  Seeker(const Seeker&) = delete;
  Seeker& operator=(const Seeker&) = delete;
  void Seek(int r) { m_kind.Seek(m_app, r); }

 private:
  AppState& m_app;
  const Kind& m_kind;
  int m_saved;
  std::int64_t m_cursor;
};

// The rounds a plan draws as pictures: every one for a GIF, else its PNGs' (a sequence's all).
std::vector<int> PictureRounds(const exports::ExportPlan& plan) {
  std::vector<int> rounds;
  for (const exports::ExportFile& f : plan.files) {
    if (f.format == exports::Format::kGif) {
      rounds.clear();
      for (int r = 0; r < plan.round_count; ++r) rounds.push_back(r);
      return rounds;
    }
    if (f.format == exports::Format::kPng) rounds.push_back(f.round);
  }
  return rounds;
}

std::string Absolute(const std::string& dir) {
  std::error_code ec;
  fs::path abs = fs::absolute(dir.empty() ? fs::path(".") : fs::path(dir), ec);
  if (ec) return dir;
  abs = abs.lexically_normal();  // "/home/me/./slides/" -> "/home/me/slides/"
  if (!abs.has_filename() && abs != abs.root_path()) abs = abs.parent_path();
  return abs.string();
}

// The export folder, or why it cannot take files.
std::string CheckFolder(const std::string& dir) {
  std::error_code ec;
  const fs::path path = dir.empty() ? fs::path(".") : fs::path(dir);
  if (!fs::is_directory(path, ec)) return "export folder " + Absolute(dir) + " is not a folder";
  return {};
}

}  // namespace

// [SECTION] What the figure shows

int FigureRoundCount(AppState& app) {
  return ShownKindOf(app).Steps(app).count;
}

std::string FigureStemOf(AppState& app) {
  return ShownKindOf(app).FigureStem(app);
}

std::string RenderFigure(FigureSource& src, const FigureStyle& style, exports::RgbaImage* out) {
  Offscreen target(style.size.width, style.size.height);
  if (!target.Error().empty()) return target.Error();
  FigureScale scale(src);
  const FigureFit fit = FitFigure(src, scale, target.Width(), target.Height(), {0}, nullptr);
  return RenderInto(src, scale, fit, target, style.transparent, out);
}

std::string FigureSvg(AppState& app, bool transparent) {
  return ShownKindOf(app).FigureSvg(app, transparent);
}

// [SECTION] Export plans (the command line, all rounds)

std::string RunExportPlan(FigureSource& src, const exports::ExportPlan& plan,
                          const FigureStyle& style) {
  if (!plan.error.empty()) return plan.error;
  AppState& app = src.app;
  Seeker seeker(app);
  std::optional<Offscreen> target;
  FigureScale scale(src);
  FigureFit fit;  // one for every picture of the plan: a GIF's frames and its PNG alike
  auto offscreen = [&]() -> std::string {
    if (target) return target->Error();
    target.emplace(style.size.width, style.size.height);
    if (!target->Error().empty()) return target->Error();
    const int shown = ShownKindOf(app).Steps(app).step;
    fit = FitFigure(src, scale, style.size.width, style.size.height, PictureRounds(plan),
                    [&](int r) { seeker.Seek(r); });
    seeker.Seek(shown);
    return {};
  };
  std::vector<std::pair<std::string, std::string>> files;  // path, bytes: written at the end
  for (const exports::ExportFile& f : plan.files) {
    std::string bytes, err;
    if (f.format == exports::Format::kGif) {
      if ((err = offscreen()).empty()) {
        exports::GifWriter gif(style.size.width, style.size.height);
        const std::vector<int> delays = exports::FrameDelays(plan.round_count, style.gif_delay_ms);
        for (int r = 0; r < plan.round_count && err.empty(); ++r) {
          seeker.Seek(r);
          exports::RgbaImage frame;
          err = RenderInto(src, scale, fit, *target, false, &frame);
          if (err.empty() && !gif.AddFrame(frame, delays[static_cast<size_t>(r)]))
            err = gif.Error();
        }
        if (err.empty()) {
          bytes = gif.Finish();
          if (bytes.empty()) err = gif.Error();
        }
      }
    } else {
      seeker.Seek(f.round);
      if (f.format == exports::Format::kSvg) {
        bytes = FigureSvg(app, style.transparent);
        if (bytes.empty() && f.sequence) continue;  // a picture only: the sequence's PNGs
        if (bytes.empty())
          err = std::string(DisplayName(app.ShownKind())) +
                ": a picture only, with no SVG; export it as PNG";
      } else if ((err = offscreen()).empty()) {
        exports::RgbaImage image;
        err = RenderInto(src, scale, fit, *target, style.transparent, &image);
        if (err.empty()) err = EncodePng(image, style.transparent, &bytes);
      }
    }
    if (!err.empty()) return f.path + ": " + err;
    files.emplace_back(f.path, std::move(bytes));
  }
  if (!plan.sequence_dir.empty()) {
    std::error_code ec;
    fs::create_directory(plan.sequence_dir, ec);
    if (ec) return "cannot make " + plan.sequence_dir + ": " + ec.message();
  }
  for (const auto& [path, bytes] : files) {
    std::string err = WriteFileAtomically(path, bytes);
    if (!err.empty()) return err;
  }
  return {};
}

// [SECTION] The live app

ExportOutcome SaveFigure(FigureSource& src, const std::string& dir, const FigureStyle& style) {
  ExportOutcome out;
  if ((out.error = CheckFolder(dir)).empty()) {
    AppState& app = src.app;
    const std::string svg = FigureSvg(app, style.transparent);
    const bool chart = svg.empty();  // a picture only (the benchmark chart): a PNG alone
    const std::string stem =
        chart ? FigureStemOf(app)
              : exports::RoundStem(FigureStemOf(app), ShownKindOf(app).Steps(app).step);
    const fs::path folder = dir.empty() ? fs::path(".") : fs::path(dir);
    const std::string name = exports::FreeStem(
        folder, stem,
        chart ? std::vector<std::string>{".png"} : std::vector<std::string>{".png", ".svg"});
    exports::RgbaImage image;
    std::string png;
    out.error = RenderFigure(src, style, &image);
    if (out.error.empty()) out.error = EncodePng(image, style.transparent, &png);
    if (out.error.empty())
      out.error = WriteFileAtomically((folder / (name + ".png")).string(), png);
    if (out.error.empty() && !chart) {
      out.error = WriteFileAtomically((folder / (name + ".svg")).string(), svg);
    }
    if (out.error.empty()) {
      out.notice = "saved " + name + (chart ? ".png" : ".png and .svg") + " in " + Absolute(dir);
    }
  }
  if (!out.error.empty()) out.error = "not saved: " + out.error;
  return out;
}

ExportOutcome SaveAllRounds(FigureSource& src, const std::string& dir, const FigureStyle& style) {
  ExportOutcome out;
  if ((out.error = CheckFolder(dir)).empty()) {
    const fs::path folder = dir.empty() ? fs::path(".") : fs::path(dir);
    const std::string stem = exports::FreeStem(folder, FigureStemOf(src.app), {".gif", "-rounds"});
    exports::ExportRequest request;
    if (exports::GifSupported()) request.gif = (folder / (stem + ".gif")).string();
    request.sequence_dir = (folder / (stem + "-rounds")).string();
    const exports::ExportPlan plan = exports::PlanExports(request, stem, FigureRoundCount(src.app));
    out.error = plan.error;
    if (out.error.empty()) out.error = exports::CheckTargets(plan);
    if (out.error.empty()) out.error = RunExportPlan(src, plan, style);
    if (out.error.empty()) {
      out.notice = "saved " + std::to_string(plan.round_count) +
                   " rounds: " + (exports::GifSupported() ? stem + ".gif and " : std::string()) +
                   stem + "-rounds/ in " + Absolute(dir) +
                   (exports::GifSupported() ? "" : " (no GIF: this build has no giflib)");
    }
  }
  if (!out.error.empty()) out.error = "not saved: " + out.error;
  return out;
}

void CarryOutExportRequest(FigureSource& src, exports::Size window) {
  ViewState& vs = src.app.view;
  const ViewState::Export request = std::exchange(vs.export_request, ViewState::Export::kNone);
  if (request == ViewState::Export::kNone) return;
  FigureStyle style;
  style.size = vs.export_width > 0 && vs.export_height > 0
                   ? exports::Size{vs.export_width, vs.export_height}
                   : window;
  style.transparent = vs.export_transparent;
  style.gif_delay_ms = vs.export_delay_ms;
  const ExportOutcome outcome = request == ViewState::Export::kFigure
                                    ? SaveFigure(src, vs.export_dir, style)
                                    : SaveAllRounds(src, vs.export_dir, style);
  src.app.notice = outcome.notice;
  std::string& message = src.app.message;
  if (!outcome.error.empty()) {
    message = outcome.error;
  } else if (message.rfind("not saved: ", 0) == 0) {
    message.clear();  // the last export's failure, now out of date
  }
}

// [SECTION] The command line

int RunExports(FigureSource& src, const Options& opt, exports::Size window) {
  exports::ExportRequest request = opt.export_request;
  request.round = opt.round;
  const exports::ExportPlan plan =
      exports::PlanExports(request, FigureStemOf(src.app), FigureRoundCount(src.app));
  std::string err = plan.error;
  if (err.empty() && !request.gif.empty() && !exports::GifSupported())
    err = "--export-gif: this build has no giflib (install libgif-dev and rebuild)";
  if (err.empty()) err = exports::CheckTargets(plan);
  if (!err.empty()) {
    std::fprintf(stderr, "scanviz: %s\n", err.c_str());
    return 2;
  }
  FigureStyle style;
  style.size = opt.export_size.value_or(window);
  style.transparent = opt.transparent;
  style.gif_delay_ms = opt.gif_delay_ms.value_or(exports::kDefaultDelayMs);
  err = RunExportPlan(src, plan, style);
  if (!err.empty()) {
    std::fprintf(stderr, "scanviz: %s\n", err.c_str());
    return 1;
  }
  const std::string size =
      std::to_string(style.size.width) + "x" + std::to_string(style.size.height);
  int sequence = 0;
  for (const exports::ExportFile& f : plan.files) {
    if (f.sequence) {
      ++sequence;
    } else if (f.format == exports::Format::kGif) {
      std::printf("wrote %s (%d frames, %s)\n", f.path.c_str(), plan.round_count, size.c_str());
    } else {
      std::printf("wrote %s (round %d%s)\n", f.path.c_str(), f.round,
                  f.format == exports::Format::kPng ? (", " + size).c_str() : "");
    }
  }
  if (sequence > 0)
    std::printf("wrote %d files in %s (%d rounds)\n", sequence, plan.sequence_dir.c_str(),
                plan.round_count);
  return 0;
}

}  // namespace scanviz
