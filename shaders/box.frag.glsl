#version 330 core
// The chapters' border styles, drawn per fragment: dotted (square dots, one border width long),
// dashed (dashes of four border widths) and solid, and their variants dash-dot and double
// (scene/stroke.h). Style 0 is a thin plain outline ('?' cells and the input row). Padding cells get a diagonal hatch; a selected cell gets an outer ring.
in vec2 v_local;
flat in vec2 v_size;
flat in vec4 v_fill;
flat in vec4 v_border;
flat in vec4 v_params;

out vec4 o_color;

void main() {
  int style = int(v_params.x + 0.5);
  float bw = v_params.y;
  float hatch = v_params.z;
  float ring = v_params.w;

  vec4 color = v_fill;
  if (hatch > 0.5 && mod(v_local.x + v_local.y, 8.0) < 2.5) {
    color = mix(v_fill, v_border, 0.45);
  }

  float dx = min(v_local.x, v_size.x - v_local.x);
  float dy = min(v_local.y, v_size.y - v_local.y);
  float d = min(dx, dy);

  if (ring > 0.0 && d < ring) {
    o_color = v_border;
    return;
  }
  d -= ring;
  if (style == 0) {
    if (d < max(1.0, bw * 0.4)) color = mix(color, v_border, 0.55);
  } else if (d < bw) {
    // Distance along the edge, measured from the corner so every edge starts with ink.
    float along = (dy < dx) ? v_local.x - ring : v_local.y - ring;
    bool ink = true;
    if (style == 1) ink = mod(along, 2.0 * bw) < bw;
    if (style == 2) ink = mod(along, 6.0 * bw) < 4.0 * bw;
    // Dash-dot (loaded: a dash of four widths, a dot of one) and double (swap-and-add: two lines,
    // each a third of the width), so that no two classes share a stroke (scene/stroke.h).
    if (style == 4) {
      float m = mod(along, 8.0 * bw);
      ink = m < 4.0 * bw || (m >= 5.5 * bw && m < 6.5 * bw);
    }
    if (style == 5) ink = d < bw / 3.0 || d >= bw * 2.0 / 3.0;
    if (ink) color = v_border;
  }
  o_color = color;
}
