#include "draw/renderer.h"

#include "draw/gl.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "seam/platform.h"
#include "shaders_embedded.h"

namespace scanviz {

namespace {

unsigned Compile(unsigned kind, const char* glsl, std::string* error) {
  const std::string text = platform::ShaderSource(glsl);  // GLSL 3.30 core, or ES 3.00 on the web
  const char* source = text.c_str();
  unsigned s = glCreateShader(kind);
  glShaderSource(s, 1, &source, nullptr);
  glCompileShader(s);
  int ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetShaderInfoLog(s, sizeof log, nullptr, log);
    *error = std::string("shader compile failed: ") + log;
    glDeleteShader(s);
    return 0;
  }
  return s;
}

unsigned Link(const char* vs_source, const char* fs_source, std::string* error) {
  unsigned vs = Compile(GL_VERTEX_SHADER, vs_source, error);
  unsigned fs = vs ? Compile(GL_FRAGMENT_SHADER, fs_source, error) : 0;
  if (!vs || !fs) {
    if (vs) glDeleteShader(vs);
    return 0;
  }
  unsigned p = glCreateProgram();
  glAttachShader(p, vs);
  glAttachShader(p, fs);
  glLinkProgram(p);
  glDeleteShader(vs);
  glDeleteShader(fs);
  int ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetProgramInfoLog(p, sizeof log, nullptr, log);
    *error = std::string("shader link failed: ") + log;
    glDeleteProgram(p);
    return 0;
  }
  return p;
}

void FloatAttrib(unsigned index, int size, size_t stride, size_t offset, bool instanced) {
  glEnableVertexAttribArray(index);
  glVertexAttribPointer(index, size, GL_FLOAT, GL_FALSE, static_cast<GLsizei>(stride),
                        reinterpret_cast<const void*>(offset));
  glVertexAttribDivisor(index, instanced ? 1 : 0);
}

}  // namespace

Renderer::~Renderer() {
  Shutdown();
}

bool Renderer::Init(std::string* error) {
  m_box_program = Link(shaders::k_box_vert_glsl, shaders::k_box_frag_glsl, error);
  if (!m_box_program) return false;
  m_line_program = Link(shaders::k_line_vert_glsl, shaders::k_line_frag_glsl, error);
  if (!m_line_program) return false;
  m_box_display_loc = glGetUniformLocation(m_box_program, "u_display");
  m_line_display_loc = glGetUniformLocation(m_line_program, "u_display");

  const float corners[] = {0, 0, 1, 0, 0, 1, 1, 1};
  glGenVertexArrays(1, &m_box_vao);
  glBindVertexArray(m_box_vao);
  glGenBuffers(1, &m_corner_vbo);
  glBindBuffer(GL_ARRAY_BUFFER, m_corner_vbo);
  glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);
  FloatAttrib(0, 2, 2 * sizeof(float), 0, false);
  glGenBuffers(1, &m_instance_vbo);
  glBindBuffer(GL_ARRAY_BUFFER, m_instance_vbo);
  const size_t stride = sizeof(BoxInstance);
  FloatAttrib(1, 4, stride, offsetof(BoxInstance, x), true);
  FloatAttrib(2, 4, stride, offsetof(BoxInstance, fill), true);
  FloatAttrib(3, 4, stride, offsetof(BoxInstance, border), true);
  FloatAttrib(4, 4, stride, offsetof(BoxInstance, style), true);

  glGenVertexArrays(1, &m_line_vao);
  glBindVertexArray(m_line_vao);
  glGenBuffers(1, &m_line_vbo);
  glBindBuffer(GL_ARRAY_BUFFER, m_line_vbo);
  FloatAttrib(0, 2, sizeof(Vertex), offsetof(Vertex, x), false);
  FloatAttrib(1, 4, sizeof(Vertex), offsetof(Vertex, c), false);
  glBindVertexArray(0);
  return true;
}

void Renderer::Shutdown() {
  if (m_box_program) glDeleteProgram(m_box_program);
  if (m_line_program) glDeleteProgram(m_line_program);
  unsigned buffers[] = {m_corner_vbo, m_instance_vbo, m_line_vbo};
  unsigned arrays[] = {m_box_vao, m_line_vao};
  if (m_box_vao) {
    glDeleteBuffers(3, buffers);
    glDeleteVertexArrays(2, arrays);
  }
  m_box_program = m_line_program = 0;
  m_box_vao = m_line_vao = m_corner_vbo = m_instance_vbo = m_line_vbo = 0;
}

void Renderer::Begin(float display_w, float display_h) {
  m_backgrounds.clear();
  m_display_w = display_w > 0 ? display_w : 1;
  m_display_h = display_h > 0 ? display_h : 1;
  m_boxes.clear();
  m_vertices.clear();
  m_batches.clear();
  NoClip();
}

void Renderer::StartBatch(float x, float y, float w, float h) {
  m_batches.push_back({{x, y, w, h}, m_boxes.size(), m_vertices.size()});
}

void Renderer::SetClip(float x, float y, float w, float h) {
  StartBatch(x, y, w, h);
}
void Renderer::NoClip() {
  StartBatch(0, 0, -1, -1);
}

void Renderer::AddBox(const BoxInstance& b) {
  m_boxes.push_back(b);
}
void Renderer::AddBoxes(const std::vector<BoxInstance>& boxes) {
  m_boxes.insert(m_boxes.end(), boxes.begin(), boxes.end());
}

void Renderer::AddLine(float x0, float y0, float x1, float y1, float width, scene::Rgba c) {
  float dx = x1 - x0, dy = y1 - y0;
  float len = std::sqrt(dx * dx + dy * dy);
  if (len <= 0) return;
  float nx = -dy / len * width * 0.5f, ny = dx / len * width * 0.5f;
  Vertex a{x0 + nx, y0 + ny, c}, b{x0 - nx, y0 - ny, c}, d{x1 + nx, y1 + ny, c},
      e{x1 - nx, y1 - ny, c};
  m_vertices.insert(m_vertices.end(), {a, b, d, b, e, d});
}

void Renderer::AddArrow(float x0, float y0, float x1, float y1, float width, float head,
                        scene::Rgba c) {
  float dx = x1 - x0, dy = y1 - y0;
  float len = std::sqrt(dx * dx + dy * dy);
  if (len <= 0) return;
  float ux = dx / len, uy = dy / len;
  head = std::fmin(head, len * 0.5f);
  float bx = x1 - ux * head, by = y1 - uy * head;  // base of the head
  AddLine(x0, y0, bx, by, width, c);
  float hw = head * 0.5f;
  m_vertices.push_back({x1, y1, c});
  m_vertices.push_back({bx - uy * hw, by + ux * hw, c});
  m_vertices.push_back({bx + uy * hw, by - ux * hw, c});
}

void Renderer::AddRect(float x, float y, float w, float h, scene::Rgba c) {
  Vertex a{x, y, c}, b{x + w, y, c}, d{x, y + h, c}, e{x + w, y + h, c};
  m_vertices.insert(m_vertices.end(), {a, b, d, b, e, d});
}

void Renderer::AddBackground(float x, float y, float w, float h, scene::Rgba c) {
  m_backgrounds.push_back({x, y, w, h, c});
}

bool Renderer::Bounds(float out[4]) const {
  float b[4] = {1e30f, 1e30f, -1e30f, -1e30f};
  auto add = [&](const float* clip, float x0, float y0, float x1, float y1) {
    if (clip[2] >= 0) {
      x0 = std::fmax(x0, clip[0]);
      y0 = std::fmax(y0, clip[1]);
      x1 = std::fmin(x1, clip[0] + clip[2]);
      y1 = std::fmin(y1, clip[1] + clip[3]);
    }
    if (x1 <= x0 || y1 <= y0) return;
    b[0] = std::fmin(b[0], x0);
    b[1] = std::fmin(b[1], y0);
    b[2] = std::fmax(b[2], x1);
    b[3] = std::fmax(b[3], y1);
  };
  const float none[4] = {0, 0, -1, -1};
  for (const Background& g : m_backgrounds) add(none, g.x, g.y, g.x + g.w, g.y + g.h);
  for (size_t i = 0; i < m_batches.size(); ++i) {
    const Batch& batch = m_batches[i];
    const bool last = i + 1 == m_batches.size();
    const size_t box_end = last ? m_boxes.size() : m_batches[i + 1].first_box;
    const size_t vtx_end = last ? m_vertices.size() : m_batches[i + 1].first_vertex;
    for (size_t k = batch.first_box; k < box_end; ++k) {
      const BoxInstance& x = m_boxes[k];
      add(batch.clip, x.x - x.ring, x.y - x.ring, x.x + x.w + x.ring, x.y + x.h + x.ring);
    }
    for (size_t k = batch.first_vertex; k + 2 < vtx_end; k += 3) {
      const Vertex* t = &m_vertices[k];
      add(batch.clip, std::fmin(t[0].x, std::fmin(t[1].x, t[2].x)),
          std::fmin(t[0].y, std::fmin(t[1].y, t[2].y)),
          std::fmax(t[0].x, std::fmax(t[1].x, t[2].x)),
          std::fmax(t[0].y, std::fmax(t[1].y, t[2].y)));
    }
  }
  if (b[2] < b[0]) return false;
  std::copy_n(b, 4, out);
  return true;
}

void Renderer::Flush(int framebuffer_w, int framebuffer_h) {
  glViewport(0, 0, framebuffer_w, framebuffer_h);
  if (!m_backgrounds.empty()) {
    const float kx = static_cast<float>(framebuffer_w) / m_display_w;
    const float ky = static_cast<float>(framebuffer_h) / m_display_h;
    glEnable(GL_SCISSOR_TEST);
    for (const Background& b : m_backgrounds) {
      glScissor(static_cast<int>(b.x * kx),
                static_cast<int>(static_cast<float>(framebuffer_h) - (b.y + b.h) * ky),
                static_cast<int>(b.w * kx), static_cast<int>(b.h * ky));
      glClearColor(b.c.r, b.c.g, b.c.b, 1);
      glClear(GL_COLOR_BUFFER_BIT);
    }
    glDisable(GL_SCISSOR_TEST);
  }
  glEnable(GL_BLEND);
  // Alpha as coverage (ONE, ONE_MINUS_SRC_ALPHA), as ImGui's backend does: an exported figure on
  // a transparent background keeps each pixel's coverage; on screen nothing changes.
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);

  glBindBuffer(GL_ARRAY_BUFFER, m_instance_vbo);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(m_boxes.size() * sizeof(BoxInstance)),
               m_boxes.data(), GL_STREAM_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, m_line_vbo);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(m_vertices.size() * sizeof(Vertex)),
               m_vertices.data(), GL_STREAM_DRAW);

  const float sx = static_cast<float>(framebuffer_w) / m_display_w;
  const float sy = static_cast<float>(framebuffer_h) / m_display_h;
  for (size_t i = 0; i < m_batches.size(); ++i) {
    const Batch& b = m_batches[i];
    const size_t box_end = i + 1 < m_batches.size() ? m_batches[i + 1].first_box : m_boxes.size();
    const size_t vtx_end =
        i + 1 < m_batches.size() ? m_batches[i + 1].first_vertex : m_vertices.size();
    if (box_end == b.first_box && vtx_end == b.first_vertex) continue;
    if (b.clip[2] >= 0) {
      glEnable(GL_SCISSOR_TEST);
      glScissor(static_cast<int>(b.clip[0] * sx),
                static_cast<int>(static_cast<float>(framebuffer_h) - (b.clip[1] + b.clip[3]) * sy),
                static_cast<int>(b.clip[2] * sx), static_cast<int>(b.clip[3] * sy));
    } else {
      glDisable(GL_SCISSOR_TEST);
    }
    // Arrows first, then boxes over their ends, so heads touch the box edge cleanly.
    if (vtx_end > b.first_vertex) {
      glUseProgram(m_line_program);
      glUniform2f(m_line_display_loc, m_display_w, m_display_h);
      glBindVertexArray(m_line_vao);
      glDrawArrays(GL_TRIANGLES, static_cast<GLint>(b.first_vertex),
                   static_cast<GLsizei>(vtx_end - b.first_vertex));
    }
    if (box_end > b.first_box) {
      glUseProgram(m_box_program);
      glUniform2f(m_box_display_loc, m_display_w, m_display_h);
      glBindVertexArray(m_box_vao);
      // The instance attributes start at this batch's first box.
      glBindBuffer(GL_ARRAY_BUFFER, m_instance_vbo);
      const size_t stride = sizeof(BoxInstance);
      const size_t base = b.first_box * stride;
      FloatAttrib(1, 4, stride, base + offsetof(BoxInstance, x), true);
      FloatAttrib(2, 4, stride, base + offsetof(BoxInstance, fill), true);
      FloatAttrib(3, 4, stride, base + offsetof(BoxInstance, border), true);
      FloatAttrib(4, 4, stride, base + offsetof(BoxInstance, style), true);
      glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(box_end - b.first_box));
    }
  }
  glDisable(GL_SCISSOR_TEST);
  glBindVertexArray(0);
  glUseProgram(0);
}

// [SECTION] What a point shows (for --dump-layout)

namespace {

scene::Rgba Over(scene::Rgba top, scene::Rgba below) {
  const float a = top.a;
  return {top.r * a + below.r * (1 - a), top.g * a + below.g * (1 - a),
          top.b * a + below.b * (1 - a), 1};
}

bool InTriangle(float px, float py, const float* v) {
  auto side = [&](int i, int j) {
    return (v[2 * j] - v[2 * i]) * (py - v[2 * i + 1]) -
           (v[2 * j + 1] - v[2 * i + 1]) * (px - v[2 * i]);
  };
  const float a = side(0, 1), b = side(1, 2), c = side(2, 0);
  return (a >= 0 && b >= 0 && c >= 0) || (a <= 0 && b <= 0 && c <= 0);
}

}  // namespace

scene::Rgba Renderer::ColorAt(float x, float y, scene::Rgba under) const {
  std::vector<scene::Rgba> layers;  // top first, down to the first opaque one
  auto add = [&](scene::Rgba c) {
    if (c.a > 0) layers.push_back(c);
    return c.a >= 0.999f;
  };
  bool opaque = false;
  for (size_t i = m_batches.size(); i-- > 0 && !opaque;) {
    const Batch& b = m_batches[i];
    if (b.clip[2] >= 0 && (x < b.clip[0] || y < b.clip[1] || x >= b.clip[0] + b.clip[2] ||
                           y >= b.clip[1] + b.clip[3]))
      continue;
    const bool last = i + 1 == m_batches.size();
    const size_t box_end = last ? m_boxes.size() : m_batches[i + 1].first_box;
    const size_t vtx_end = last ? m_vertices.size() : m_batches[i + 1].first_vertex;
    for (size_t k = box_end; k-- > b.first_box && !opaque;) {  // boxes lie over the arrows
      const BoxInstance& q = m_boxes[k];
      if (x >= q.x && y >= q.y && x < q.x + q.w && y < q.y + q.h) opaque = add(q.fill);
    }
    for (size_t k = vtx_end; k >= b.first_vertex + 3 && !opaque; k -= 3) {
      const Vertex* t = &m_vertices[k - 3];
      const float v[6] = {t[0].x, t[0].y, t[1].x, t[1].y, t[2].x, t[2].y};
      if (InTriangle(x, y, v)) opaque = add(t[0].c);
    }
  }
  for (size_t k = m_backgrounds.size(); k-- > 0 && !opaque;) {
    const Background& g = m_backgrounds[k];
    if (x >= g.x && y >= g.y && x < g.x + g.w && y < g.y + g.h) opaque = add(g.c);
  }
  scene::Rgba c = under;
  for (size_t k = layers.size(); k-- > 0;) c = Over(layers[k], c);
  return c;
}

}  // namespace scanviz
