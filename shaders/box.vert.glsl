#version 330 core
// One instanced quad per cell. Positions are in ImGui's display coordinates (points, y down);
// u_display maps them to clip space.
layout(location = 0) in vec2 a_corner;  // (0,0) .. (1,1)
layout(location = 1) in vec4 i_rect;    // x, y, w, h
layout(location = 2) in vec4 i_fill;
layout(location = 3) in vec4 i_border;
layout(location = 4) in vec4 i_params;  // style (0 none, 1 dotted, 2 dashed, 3 solid), border width, hatch, ring

uniform vec2 u_display;

out vec2 v_local;
flat out vec2 v_size;
flat out vec4 v_fill;
flat out vec4 v_border;
flat out vec4 v_params;

void main() {
  vec2 p = i_rect.xy + a_corner * i_rect.zw;
  v_local = a_corner * i_rect.zw;
  v_size = i_rect.zw;
  v_fill = i_fill;
  v_border = i_border;
  v_params = i_params;
  gl_Position = vec4(p.x / u_display.x * 2.0 - 1.0, 1.0 - p.y / u_display.y * 2.0, 0.0, 1.0);
}
