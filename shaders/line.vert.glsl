#version 330 core
// Arrows and brackets: triangles built on the CPU, one colour per vertex.
layout(location = 0) in vec2 a_pos;
layout(location = 1) in vec4 a_color;
uniform vec2 u_display;
out vec4 v_color;
void main() {
  v_color = a_color;
  gl_Position = vec4(a_pos.x / u_display.x * 2.0 - 1.0, 1.0 - a_pos.y / u_display.y * 2.0, 0.0, 1.0);
}
