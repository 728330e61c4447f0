#include "figures/figure_fit.h"

#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <utility>

#include "kinds/applications/applications_state.h"
#include "kinds/kind_view.h"
#include "kinds/multi_block/multi_block_state.h"

namespace scanviz {

namespace {

constexpr float kMargin = 0.03f;  // the picture's margin, of its shorter side
constexpr float kMostK = 6;       // fonts past six times the frame's make atlases of no use

// What a figure frame changes and must give back: ImGui's display (the next frame's backend sets
// it again anyway) and the view's hover, fit and the widget places a --state-file reports.
class FrameGuard {
 public:
  explicit FrameGuard(AppState& app)
      : m_vs(app.view),
        m_grid(MultiBlockOf(app).grid),
        m_applications(ApplicationsOf(app)),
        m_io_size(ImGui::GetIO().DisplaySize),
        m_io_scale(ImGui::GetIO().DisplayFramebufferScale),
        m_hovered(app.view.hovered),
        m_next_hovered(app.view.next_hovered),
        m_grid_hovered(m_grid.hovered),
        m_application_hovered(m_applications.hovered),
        m_ignore_mouse(app.view.ignore_mouse),
        m_fitting(app.view.fitting),
        m_zoom(app.view.zoom),
        m_pan_x(app.view.pan_x),
        m_pan_y(app.view.pan_y),
        m_widgets(app.view.widgets) {}
  ~FrameGuard() {
    ImGui::GetIO().DisplaySize = m_io_size;
    ImGui::GetIO().DisplayFramebufferScale = m_io_scale;
    m_vs.hovered = m_hovered;
    m_grid.hovered = m_grid_hovered;
    m_applications.hovered = m_application_hovered;
    m_vs.next_hovered = m_next_hovered;
    m_vs.ignore_mouse = m_ignore_mouse;
    m_vs.fitting = m_fitting;
    m_vs.zoom = m_zoom;
    m_vs.pan_x = m_pan_x;
    m_vs.pan_y = m_pan_y;
    m_vs.widgets = std::move(m_widgets);
  }
  FrameGuard(const FrameGuard&) = delete;
  FrameGuard& operator=(const FrameGuard&) = delete;

 private:
  ViewState& m_vs;
  GridModel& m_grid;
  ApplicationsState& m_applications;
  ImVec2 m_io_size, m_io_scale;
  std::optional<scene::CellRef> m_hovered, m_next_hovered;
  std::optional<scene::GridCellRef> m_grid_hovered;
  std::optional<int> m_application_hovered;
  bool m_ignore_mouse, m_fitting;
  float m_zoom, m_pan_x, m_pan_y;
  std::map<std::string, std::array<float, 4>> m_widgets;
};

// [SECTION] What a frame drew: the box (x0, y0, x1, y1) its pieces cover, each cut to its clip

void Grow(std::array<float, 4>* b, float x0, float y0, float x1, float y1) {
  if (x1 <= x0 || y1 <= y0) return;
  (*b)[0] = std::min((*b)[0], x0);
  (*b)[1] = std::min((*b)[1], y0);
  (*b)[2] = std::max((*b)[2], x1);
  (*b)[3] = std::max((*b)[3], y1);
}

// ImGui's triangles (text, the views' draw-list shapes), then the renderer's.
std::optional<std::array<float, 4>> DrawnBounds(const Renderer& renderer) {
  std::array<float, 4> b = {1e30f, 1e30f, -1e30f, -1e30f};
  const ImDrawData* data = ImGui::GetDrawData();
  for (int n = 0; data != nullptr && n < data->CmdListsCount; ++n) {
    const ImDrawList* list = data->CmdLists[n];
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (cmd.UserCallback != nullptr) continue;
      const ImVec4 c = cmd.ClipRect;
      for (unsigned i = 0; i + 2 < cmd.ElemCount; i += 3) {
        float t[4] = {1e30f, 1e30f, -1e30f, -1e30f};
        for (unsigned v = 0; v < 3; ++v) {
          const ImDrawIdx idx = list->IdxBuffer[static_cast<int>(cmd.IdxOffset + i + v)];
          const ImVec2 p = list->VtxBuffer[static_cast<int>(cmd.VtxOffset + idx)].pos;
          t[0] = std::min(t[0], p.x);
          t[1] = std::min(t[1], p.y);
          t[2] = std::max(t[2], p.x);
          t[3] = std::max(t[3], p.y);
        }
        Grow(&b, std::max(t[0], c.x), std::max(t[1], c.y), std::min(t[2], c.z),
             std::min(t[3], c.w));
      }
    }
  }
  float r[4];
  if (renderer.Bounds(r)) Grow(&b, r[0], r[1], r[2], r[3]);
  if (b[2] < b[0]) return std::nullopt;
  return b;
}

// The figure's extent at the scale's k: its width (kind_view.h) and where what it drew in `room`
// at that width begins and ends, from the room's top (its text included: ImGui's draw data). The
// space above the first thing drawn (a window's padding) is no part of the figure: counted as a
// margin below too, it made a figure with more text above its rows (the applications' index
// ruler) fill less of its picture.
struct Extent {
  FigureWidth width;
  float top = 0, bottom = 1;
};

Extent Measure(FigureSource& src, const FigureScale& scale, int w, int h, ViewRect room) {
  const FigureFrame frame = BuildFigureFrame(src, scale, w, h, room, true, false);
  const ViewRect& used = frame.rect;
  const std::optional<std::array<float, 4>> b = DrawnBounds(src.renderer);
  if (!b) return {frame.width, 0, used.h};
  const float top = std::clamp((*b)[1] - used.y, 0.0f, used.h - 1);
  return {frame.width, top, std::clamp((*b)[3] - used.y, top + 1, used.h)};
}

}  // namespace

// [SECTION] The scale

FigureScale::FigureScale(FigureSource& src)
    : m_src(src), m_style(ImGui::GetStyle()), m_figure_scale(src.fonts.figure_scale) {}

FigureScale::~FigureScale() {
  Set(1);
}

void FigureScale::Set(float k) {
  if (k == m_k) return;
  m_k = k;
  EnsureFonts(&m_src.fonts, m_src.scale * k, m_figure_scale);
  ImGui::GetStyle() = m_style;
  if (k != 1) ImGui::GetStyle().ScaleAllSizes(k);
}

// [SECTION] One figure frame

FigureFrame BuildFigureFrame(FigureSource& src, const FigureScale& scale, int w, int h,
                             ViewRect rect, bool measure, bool record) {
  AppState& app = src.app;
  ViewState& vs = app.view;
  FrameGuard guard(app);
  vs.hovered.reset();  // where the pointer rests is not part of the figure; a selection is
  MultiBlockOf(app).grid.hovered.reset();
  ApplicationsOf(app).hovered.reset();
  vs.ignore_mouse = true;
  vs.zoom = 1;  // the whole figure, fitted
  vs.fitting = true;
  vs.pan_x = vs.pan_y = 0;
  ImGuiIO& io = ImGui::GetIO();
  ImGui_ImplOpenGL3_NewFrame();
  io.DisplaySize = ImVec2(static_cast<float>(w), static_cast<float>(h));
  io.DisplayFramebufferScale = ImVec2(1, 1);
  io.DeltaTime = 1.0f / 60;
  ImGui::NewFrame();
  const float k_scale = src.scale * scale.K();
  UiContext ui{app, src.renderer, src.fonts, scene::MakePalette(vs.theme), k_scale, nullptr};
  const Fonts figure_fonts = FigureFonts(src.fonts);
  UiContext figure{app, src.renderer, figure_fonts, ui.palette, k_scale * vs.figure_scale, nullptr};
  if (record && src.text != nullptr) {
    *src.text = TextRecorder(ImVec2(1, 1));  // this figure's lines, not an earlier one's
    ui.text = figure.text = src.text;
    src.text->SetUnder(&src.renderer, ui.palette.background);
  }
  ui.kind_of = figure.kind_of = KindOf;
  src.renderer.Begin(static_cast<float>(w), static_cast<float>(h));
  KindFrame frame{ui, figure, src.views};
  const KindView& view = KindViewOf(app.ShownKind());
  FigureWidth width{rect.w, false};
  if (measure) {
    width = view.WidthOfFigure(frame, rect.w);
    if (!width.stretches) rect.w = std::clamp(width.natural, 1.0f, rect.w);
  }
  view.DrawFigure(frame, rect);
  ImGui::Render();
  return {rect, width};
}

// [SECTION] The fit

FigureFitter::FigureFitter(int w, int h, std::vector<int> steps)
    : m_w(static_cast<float>(w)), m_h(static_cast<float>(h)), m_steps(std::move(steps)) {
  const float margin = std::round(kMargin * std::min(m_w, m_h));
  m_room = {margin, margin, std::max(m_w - 2 * margin, 1.0f), std::max(m_h - 2 * margin, 1.0f)};
  m_tall = m_room.h;
}

// Each pass measures the widest and tallest of the steps at k, drawn at most `tall`.
bool FigureFitter::Next(FigureSource& src, FigureScale& scale,
                        const std::function<void(int)>& seek) {
  if (m_done) return true;
  if (m_index == 0) {
    scale.Set(m_k);
    m_most = {};
  }
  if (m_index < m_steps.size()) {
    if (seek) seek(m_steps[m_index]);
    const auto e = Measure(src, scale, static_cast<int>(m_w), static_cast<int>(m_h),
                           {m_room.x, m_room.y, m_room.w, m_tall});
    m_most.width.natural = std::max(m_most.width.natural, e.width.natural);
    m_most.width.stretches = m_most.width.stretches || e.width.stretches;
    m_most.top = m_index == 0 ? e.top : std::min(m_most.top, e.top);
    m_most.bottom = std::max(m_most.bottom, e.bottom);
  }
  if (++m_index < m_steps.size()) return false;
  m_index = 0;
  return EndPass();
}

// The figure grows with k (its fonts, margins and cells; a width it stretches to does not) to
// bring its fuller side to the margin: measured at the new k in the height it should then take
// (a little more, for the font sizes' rounding), not the whole picture's, so that a view that
// gives a share of its height to a part (the applications' arrows, up to a fifth) keeps its
// proportions; a figure that then takes less than it might grows again (at most four passes
// after the first).
bool FigureFitter::EndPass() {
  const Extent& e = m_most;
  const float drawn = e.bottom - e.top;
  const float grow = std::min(m_room.w / e.width.natural, m_room.h / drawn);
  if (m_passes < 4 && (grow > 1.02f || grow < 1)) {
    const float next = std::clamp(m_k * grow * (grow < 1 ? 0.995f : 1.0f), 1.0f, kMostK);
    if (next != m_k) {
      m_tall = e.width.stretches ? m_room.h : std::min(m_room.h, e.bottom * next / m_k * 1.05f);
      m_k = next;
      ++m_passes;
      return false;
    }
  }
  // Drawn in the rectangle it was measured in (the same layout), what it draws centred: the
  // rectangle's top that much above it.
  const ImVec2 size(e.width.stretches ? m_room.w : std::min(e.width.natural, m_room.w),
                    std::min(drawn, m_room.h));
  m_fit = {m_k,
           {std::round((m_w - size.x) * 0.5f), std::round((m_h - size.y) * 0.5f - e.top), size.x,
            m_tall}};
  m_done = true;
  return true;
}

FigureFit FitFigure(FigureSource& src, FigureScale& scale, int w, int h,
                    const std::vector<int>& steps, const std::function<void(int)>& seek) {
  FigureFitter fitter(w, h, steps);
  while (!fitter.Next(src, scale, seek)) continue;
  return fitter.Result();
}

}  // namespace scanviz
