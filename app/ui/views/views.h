// The app's panels, one small view per file. Each draws from the AppState (which owns the traces)
// and the players, and calls their actions; none owns a trace.
#pragma once

#include <imgui.h>

#include <optional>
#include <string>
#include <vector>

#include "app_state.h"
#include "fonts.h"
#include "renderer.h"
#include "scene/palette.h"
#include "scene/scene.h"

namespace scanviz {

struct ViewRect {
  float x = 0, y = 0, w = 0, h = 0;
};

// A cell's rectangle on screen, for --dump-layout (pixels, origin top-left).
struct DumpedCell {
  Algorithm algorithm;
  scene::CellRef cell;
  CellClass cls;
  BoxStyle style;
  bool is_input, padding;
  int hs_case;
  float x, y, w, h;
  scene::Rgba fill, border;
  float border_width;
};

struct UiContext {
  AppState& app;
  Renderer& renderer;
  const Fonts& fonts;
  scene::Palette palette;
  float scale = 1;                          // content scale x zoom (x presenter)
  std::vector<DumpedCell>* dump = nullptr;  // collects cell rectangles when set
};

// Main view: the rounds of one algorithm's trace. Caches its scene between frames; rebuilds it only
// when the trace, the round or the view options change.
class ArrayView {
 public:
  void Draw(UiContext& ui, Algorithm algorithm, ViewRect rect, bool header);

 private:
  scene::Scene m_scene;
  const Trace* m_trace = nullptr;
  std::uint64_t m_generation = ~0ull;
  int m_round = -1;
  bool m_only_current = false;
  std::optional<scene::CellRef> m_selected;
  bool m_have_scene = false;
  float m_widest_text = 0;  // widest cell value in the ui font: all values show, or none
  // Box instances of the last frame, reused while nothing that places or colours them changed.
  std::vector<BoxInstance> m_instances;
  std::vector<float> m_instance_key;
  std::optional<int> m_editing;  // input position being edited in place
  std::string m_edit_text;
};

// The code panel: the real CUDA kernel (or our pseudo-code) of the shown algorithm with the lines
// of the current round lit, scrolled into view when the round changes.
class CodeView {
 public:
  void Draw(UiContext& ui);

 private:
  // What was scrolled to last: the view re-centres only when one of these changes, so the user
  // can scroll freely within a round.
  std::uint64_t m_generation = ~0ull;
  int m_round = -1;
  int m_algorithm = -1;
  bool m_pseudo = false;
};

void DrawControlsView(UiContext& ui, ViewRect rect);
void DrawLegendView(UiContext& ui);
void DrawInspectorView(UiContext& ui);
void DrawStatusView(UiContext& ui, ViewRect rect, float fps);
// Right-hand tabs: the current round told in sentences; work and depth (this trace, and against n
// for both algorithms); float32 rounding and int32 wrap-around.
void DrawNarrationView(UiContext& ui);
void DrawWorkDepthView(UiContext& ui);
void DrawNumericsView(UiContext& ui);
// The benchmark chart (G): GB/s against n from a results file, in place of the array view.
void DrawBenchView(UiContext& ui, ViewRect rect);

// The algorithm whose trace the teaching panels describe: the shown one, or side by side the one
// a cell was last selected in.
Algorithm TeachAlgorithm(const AppState& app);

// Helpers shared by the views.
ImU32 ToImU32(scene::Rgba c);
// Draws one legend-style sample box through the renderer at the current cursor, then `text`.
void SampleBox(UiContext& ui, CellClass cls, BoxStyle style, scene::Rgba fill, const char* text,
               bool hatch = false);
// A dim section heading, as the controls panel uses.
void Heading(const char* text);
// Wrapped text in the given colour.
void TextWrappedColored(scene::Rgba color, const std::string& text);
// "1,234,567": digits grouped for reading at a distance.
std::string Grouped(long long v);
// A line from a to b drawn as dashes (ImGui's draw list has no dash pattern).
void DashedLine(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 color, float thickness, float dash);
// Round numbers for an axis from lo to hi: about `count` ticks, the last at or above hi.
std::vector<double> NiceTicks(double lo, double hi, int count);

}  // namespace scanviz
