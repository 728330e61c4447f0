// The colours of a recorded line of text as drawn, for --dump-layout's contrast check: its colour
// from its own glyphs in the window's draw list (the last glyph vertex inside its rectangle), and
// the colour under it from the opaque and translucent fills below its centre (the window's frames
// and background, its parent windows', then the renderer's figure, then the clear colour). A test
// compares a sample of these with the screenshot's pixels, so they are what the screen shows.
#include <imgui_internal.h>  // the window's parents, for the fills under a child window

#include <algorithm>

#include "views/views.h"

namespace scanviz {

namespace {

scene::Rgba FromU32(ImU32 c) {
  const ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
  return {v.x, v.y, v.z, v.w};
}

scene::Rgba Over(scene::Rgba top, scene::Rgba below) {
  const float a = top.a;
  return {top.r * a + below.r * (1 - a), top.g * a + below.g * (1 - a),
          top.b * a + below.b * (1 - a), 1};
}

bool Inside(ImVec2 p, ViewRect r) {
  return p.x >= r.x - 1 && p.y >= r.y - 1 && p.x <= r.x + r.w + 1 && p.y <= r.y + r.h + 1;
}

// Tells a glyph's vertex from others: textured, but neither the atlas' white pixel (fills) nor
// its anti-aliased lines' strip (thin lines and outlines drawn with the texture).
struct GlyphTest {
  ImVec2 white;
  ImVec4 lines;  // the strip's UV box
  GlyphTest() {
    const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    white = atlas->TexUvWhitePixel;
    lines = atlas->TexUvLines[0];
    for (const ImVec4& l : atlas->TexUvLines) {
      lines = ImVec4(std::min(lines.x, l.x), std::min(lines.y, l.y), std::max(lines.z, l.z),
                     std::max(lines.w, l.w));
    }
  }
  bool operator()(const ImDrawVert& v) const {
    if (v.uv.x == white.x && v.uv.y == white.y) return false;
    return !(v.uv.x >= lines.x && v.uv.x <= lines.z && v.uv.y >= lines.y && v.uv.y <= lines.w);
  }
};

// The last glyph vertex inside `r`: its index and colour, or -1.
int LastGlyph(const ImDrawList* dl, ViewRect r, ImU32* color) {
  const GlyphTest is_glyph;
  for (int i = dl->VtxBuffer.Size; i-- > 0;) {
    const ImDrawVert& v = dl->VtxBuffer[i];
    if (is_glyph(v) && Inside(v.pos, r)) {
      *color = v.col;
      return i;
    }
  }
  return -1;
}

bool InTriangle(ImVec2 p, ImVec2 a, ImVec2 b, ImVec2 c) {
  auto side = [&](ImVec2 u, ImVec2 v) {
    return (v.x - u.x) * (p.y - u.y) - (v.y - u.y) * (p.x - u.x);
  };
  const float s0 = side(a, b), s1 = side(b, c), s2 = side(c, a);
  return (s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0);
}

// The untextured fills of `dl` drawn before vertex `before` that cover `p`, top first, down to
// the first opaque one; true when one was opaque. Anti-aliased fringes (whose corners differ in
// colour) do not count.
bool FillsAt(const ImDrawList* dl, int before, ImVec2 p, std::vector<scene::Rgba>* layers) {
  const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
  for (int c = dl->CmdBuffer.Size; c-- > 0;) {
    const ImDrawCmd& cmd = dl->CmdBuffer[c];
    for (unsigned k = cmd.ElemCount; k >= 3; k -= 3) {
      const ImDrawIdx* t = &dl->IdxBuffer[static_cast<int>(cmd.IdxOffset + k - 3)];
      const ImDrawVert* v[3];
      bool skip = false;
      for (int j = 0; j < 3; ++j) {
        const int at = static_cast<int>(t[j] + cmd.VtxOffset);
        if (at >= before || at >= dl->VtxBuffer.Size) skip = true;
        if (!skip) v[j] = &dl->VtxBuffer[at];
      }
      if (skip) continue;
      bool flat = true;
      for (const ImDrawVert* x : v)
        flat = flat && x->uv.x == white.x && x->uv.y == white.y && x->col == v[0]->col;
      if (!flat || !InTriangle(p, v[0]->pos, v[1]->pos, v[2]->pos)) continue;
      const scene::Rgba col = FromU32(v[0]->col);
      if (col.a <= 0) continue;
      layers->push_back(col);
      if (col.a >= 0.999f) return true;
    }
  }
  return false;
}

// The centres of the glyph quads of the text run that ends at vertex `last` (four vertices a
// glyph, drawn one after another), up to 64 of them; `first` gets the run's first vertex.
std::vector<ImVec2> GlyphCentres(const ImDrawList* dl, int last, ViewRect r, int* first) {
  const GlyphTest is_glyph;
  std::vector<ImVec2> out;
  int base = last - 3;
  for (; base >= 0 && out.size() < 64; base -= 4) {
    const ImDrawVert* v = &dl->VtxBuffer[base];
    bool glyph = true;
    for (int k = 0; k < 4; ++k) glyph = glyph && is_glyph(v[k]) && Inside(v[k].pos, r);
    if (!glyph) break;
    out.push_back(ImVec2((v[0].pos.x + v[2].pos.x) * 0.5f, (v[0].pos.y + v[2].pos.y) * 0.5f));
  }
  *first = base + 4;
  return out;
}

// The colour under point `p` of the current window: its fills, its parents', the renderer's.
scene::Rgba Under(ImGuiWindow* window, int before, ImVec2 p, const Renderer* renderer,
                  scene::Rgba clear) {
  std::vector<scene::Rgba> layers;
  bool opaque = FillsAt(window->DrawList, before, p, &layers);
  // A child window's fills lie over its parent's, up to the root window.
  for (ImGuiWindow* w = window;
       !opaque && (w->Flags & ImGuiWindowFlags_ChildWindow) && w->ParentWindow != nullptr;) {
    w = w->ParentWindow;
    opaque = FillsAt(w->DrawList, w->DrawList->VtxBuffer.Size, p, &layers);
  }
  scene::Rgba under = clear;
  if (!opaque && renderer != nullptr) under = renderer->ColorAt(p.x, p.y, clear);
  for (size_t k = layers.size(); k-- > 0;) under = Over(layers[k], under);
  return under;
}

}  // namespace

// The text's colour from its last glyph; the colour under it where it reads worst, among the
// points under every fourth glyph (a label beside a field, a line over a bar half filled).
void TextRecorder::ReadColors(DumpedLine* line, ViewRect points) const {
  ImGuiWindow* window = ImGui::GetCurrentWindowRead();
  if (window == nullptr) return;
  ImU32 glyph = 0;
  const int at = LastGlyph(window->DrawList, points, &glyph);
  if (at < 3) return;
  int first = at;
  const std::vector<ImVec2> centres = GlyphCentres(window->DrawList, at, points, &first);
  const scene::Rgba fg = FromU32(glyph);
  float worst = 1e9f;
  for (size_t k = 0; k < centres.size(); k += 4) {
    const scene::Rgba bg = Under(window, first, centres[k], m_renderer, m_clear);
    const float ratio = scene::ContrastRatio(Over(fg, bg), bg);
    if (ratio < worst) {
      worst = ratio;
      line->background = bg;
      line->color = Over(fg, bg);
      line->colored = true;
    }
  }
}

}  // namespace scanviz
