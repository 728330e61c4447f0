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
  // Box instances of the last frame, reused while nothing that places or colours them changed.
  std::vector<BoxInstance> m_instances;
  std::vector<float> m_instance_key;
  std::optional<int> m_editing;  // input position being edited in place
  std::string m_edit_text;
};

void DrawControlsView(UiContext& ui, ViewRect rect);
void DrawLegendView(UiContext& ui);
void DrawInspectorView(UiContext& ui);
void DrawStatusView(UiContext& ui, ViewRect rect, float fps);

// Helpers shared by the views.
ImU32 ToImU32(scene::Rgba c);
// Draws one legend-style sample box through the renderer at the current cursor, then `text`.
void SampleBox(UiContext& ui, CellClass cls, BoxStyle style, scene::Rgba fill, const char* text,
               bool hatch = false);

}  // namespace scanviz
