// Our own OpenGL 3.3 core drawing for the array view, the legend and the inspector: cells as
// instanced quads whose dotted/dashed/solid border is drawn in the fragment shader (shaders/
// box.*.glsl), and arrows and brackets as triangles (shaders/line.*.glsl). Coordinates are ImGui's
// display coordinates (points, y down). Everything added between Begin and Flush is drawn in one
// go, before ImGui renders its text and widgets on top.
#pragma once

#include <string>
#include <vector>

#include "scene/palette.h"

namespace scanviz {

struct BoxInstance {
  float x = 0, y = 0, w = 0, h = 0;
  scene::Rgba fill;
  scene::Rgba border;
  // scene/stroke.h's StrokePattern: 0 none, 1 dotted, 2 dashed, 3 solid, 4 dash-dot, 5 double
  float style = 0;
  float border_width = 2;
  float hatch = 0;  // 1: diagonal hatch (padding)
  float ring = 0;   // outer ring width (selection), 0 for none
};

class Renderer {
 public:
  Renderer() = default;
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;
  ~Renderer();

  // Compiles the shaders; false with a reason when the driver refuses them.
  bool Init(std::string* error);
  void Shutdown();

  void Begin(float display_w, float display_h);
  // Clips what follows to a rectangle (points); NoClip() to the whole display.
  void SetClip(float x, float y, float w, float h);
  void NoClip();
  void AddBox(const BoxInstance& b);
  void AddBoxes(const std::vector<BoxInstance>& boxes);
  void AddLine(float x0, float y0, float x1, float y1, float width, scene::Rgba c);
  void AddArrow(float x0, float y0, float x1, float y1, float width, float head, scene::Rgba c);
  void AddRect(float x, float y, float w, float h, scene::Rgba c);  // filled, no border
  // An opaque background rectangle, filled before everything else with a scissored clear (no
  // fragment shading: a software rasteriser fills it at memset speed).
  void AddBackground(float x, float y, float w, float h, scene::Rgba c);
  // Draws everything added since Begin into the current framebuffer.
  void Flush(int framebuffer_w, int framebuffer_h);

  // The box (x0, y0, x1, y1, points) that what was added since Begin covers, each piece cut to
  // its clip; false when nothing was added. An export measures its figure with it.
  bool Bounds(float out[4]) const;

  // The colour what was added since Begin shows at (x, y) (points), over `under` (the clear
  // colour): the topmost box's fill, arrow or rectangle, translucent ones blended. --dump-layout
  // reads the colour under a line of text with it.
  scene::Rgba ColorAt(float x, float y, scene::Rgba under) const;
  size_t BoxCount() const { return m_boxes.size(); }
  size_t TriangleCount() const { return m_vertices.size() / 3; }

 private:
  struct Vertex {
    float x, y;
    scene::Rgba c;
  };
  struct Batch {
    float clip[4];  // x, y, w, h in points; w < 0: no clip
    size_t first_box, first_vertex;
  };
  void StartBatch(float x, float y, float w, float h);

  unsigned m_box_program = 0, m_line_program = 0;
  unsigned m_box_vao = 0, m_corner_vbo = 0, m_instance_vbo = 0;
  unsigned m_line_vao = 0, m_line_vbo = 0;
  int m_box_display_loc = -1, m_line_display_loc = -1;
  float m_display_w = 1, m_display_h = 1;
  std::vector<BoxInstance> m_boxes;
  std::vector<Vertex> m_vertices;
  std::vector<Batch> m_batches;
  struct Background {
    float x, y, w, h;
    scene::Rgba c;
  };
  std::vector<Background> m_backgrounds;
};

}  // namespace scanviz
