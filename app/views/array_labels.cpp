// The array view's text around the cells: the row tags and the round titles in the gutter (as
// large as the gutter and the row allow, wrapped at " · " before they shrink far), the column
// tags, the captions of the invariant bracket and of its check, and the brackets themselves.
#include <algorithm>
#include <cfloat>

#include "views/array_figure.h"
#include "views/primitives.h"

namespace scanviz {

namespace {

// A label of a round other than the current one: the current round's labels in the full text
// colour, the others in the dim one, never dimmed further (which took them under 4.5:1).
scene::Rgba LabelColor(const scene::Palette& pal, scene::Rgba c, scene::Emphasis e) {
  return e == scene::Emphasis::kCurrent ? c : pal.text_dim;
}

float TextWidth(float px, const std::string& text) {
  return ImGui::GetFont()->CalcTextSizeA(px, FLT_MAX, 0, text.c_str()).x;
}

// Each tag as large as the gutter and the row allow ("input" need not shrink with "down-sweep
// round 1 · stride 4"); a long one that would shrink takes two lines at a readable size instead,
// where the row is tall enough.
void DrawRowTag(UiContext& ui, const scene::Label& l, const ArrayGeometry& g) {
  const scene::Palette& pal = ui.palette;
  const float row_h = g.sy * scene::kCellH;
  const float room = std::max(g.gutter - 2 * g.pad, 10.0f);
  const float full = ImGui::GetFontSize();
  const float full_w = TextWidth(full, l.text);
  float px = std::min(full * std::min(1.0f, room / std::max(full_w, 1.0f)), row_h * 0.95f);
  std::vector<std::string> lines = {l.text};
  if (px < full * 0.999f && l.text.find(" · ") != std::string::npos) {
    auto fits = [&](const std::vector<std::string>& ls, float at) {
      if (static_cast<float>(ls.size()) * at * 1.05f > row_h * 0.95f) return false;
      for (const std::string& line : ls)
        if (TextWidth(at, line) > room) return false;
      return true;
    };
    for (float at = ImGui::GetFontSize(); at > px * 1.1f; at *= 0.92f) {
      std::vector<std::string> wrapped = WrapAtDots(l.text, room, at);
      if (wrapped.size() > 1 && fits(wrapped, at)) {
        px = at;
        lines = std::move(wrapped);
        break;
      }
    }
  }
  if (px < 6) return;  // a row thinner than any text
  const float line_h = px * 1.05f;
  float y = g.Y(l.y) - line_h * static_cast<float>(lines.size()) * 0.5f;
  for (const std::string& line : lines) {
    const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(px, FLT_MAX, 0, line.c_str());
    const ImVec2 at(g.TagRight() - ts.x, y + (line_h - ts.y) * 0.5f);
    const ViewRect box = {at.x, at.y, ts.x, ts.y};
    DrawFigureText(ui, {ImGui::GetFont(), px, at, ToImU32(LabelColor(pal, pal.text, l.emphasis))},
                   line, "row tag", &box, px);
    // The input row's tag, for a test of the zoom (--state-file): x, y, width, px.
    if (l.text == "input") ui.app.view.widgets["row_tag.input"] = {at.x, at.y, ts.x, px};
    y += line_h;
  }
}

// Right-aligned to the columns, in as many lines as the gutter needs, smaller (down to 70 %)
// before it wraps further.
void DrawRowTitle(UiContext& ui, const scene::Label& l, const ArrayGeometry& g) {
  // The gutter, or all the room left of the columns where the figure is narrower than its pane:
  // left of the columns as drawn (ox), not of the unzoomed figure's place (base_x), which a wheel
  // zoom leaves far right of the gutter (a title ran off the pane's left edge).
  const float left = std::min(g.base_x, g.ox);
  const float room = std::max({g.gutter - 1.5f * g.pad, left - g.rect.x - 2 * g.pad, 10.0f});
  const float gap = g.sy * scene::kArrowGap;  // the room between the rows it sits between
  // The panels' text size (a squeezed figure's rows may leave less room between them).
  float px = std::min(ImGui::GetFontSize(), gap * 0.97f);
  std::vector<std::string> lines = WrapAtDots(l.text, room, px);
  while (lines.size() > 1 && px * 1.05f * static_cast<float>(lines.size()) > gap * 0.95f &&
         px > 6) {
    px *= 0.9f;
    lines = WrapAtDots(l.text, room, px);
  }
  if (px < 6 || px * 1.05f * static_cast<float>(lines.size()) > gap * 1.2f) return;
  const float line_h = px * 1.05f;
  float y = g.Y(l.y) - line_h * static_cast<float>(lines.size()) * 0.5f;
  const ImU32 color = ToImU32(LabelColor(ui.palette, ui.palette.text_dim, l.emphasis));
  for (const std::string& line : lines) {
    const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(px, FLT_MAX, 0, line.c_str());
    const float s = ts.x > room ? room / ts.x : 1.0f;  // one long piece: shrink it
    const ImVec2 at(g.TagRight() - ts.x * s, y);
    const ViewRect box = {at.x, at.y, ts.x * s, ts.y * s};
    DrawFigureText(ui, {ImGui::GetFont(), px * s, at, color}, line, "round", &box, px * s);
    // Each round title's line, for a test of the zoom (--state-file): x, y, width, px.
    ui.app.view.widgets["round_title:" + line] = {box.x, box.y, box.w, px * s};
    y += line_h;
  }
}

// The bracket's caption or its check, over the first row.
void DrawCaption(UiContext& ui, const scene::Scene& sc, const scene::Label& l,
                 const ArrayGeometry& g) {
  const float ty = g.Y(sc.rows.front().y) - 0.3f * g.sy - 4 * ui.scale - ui.fonts.ui_px * 1.3f;
  const ImVec2 size = ImGui::CalcTextSize(l.text.c_str());
  const ViewRect box = {g.X(l.x), ty, size.x, size.y};
  DrawFigureText(ui,
                 {nullptr, 0, ImVec2(g.X(l.x), ty), ToImU32(l.ok ? ui.palette.ok : ui.palette.bad)},
                 l.text, l.role == scene::LabelRole::kBracket ? "bracket" : "check", &box);
}

}  // namespace

std::vector<std::string> WrapAtDots(const std::string& text, float room, float px) {
  const std::string dot = " · ";
  std::vector<std::string> pieces;
  for (size_t start = 0;;) {
    const size_t at = text.find(dot, start);
    pieces.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) break;
    start = at + dot.size();
  }
  std::vector<std::string> lines;
  for (const std::string& piece : pieces) {
    if (!lines.empty() && TextWidth(px, lines.back() + dot + piece) <= room) {
      lines.back() += dot + piece;
    } else {
      lines.push_back(piece);
    }
  }
  return lines;
}

void DrawBrackets(UiContext& ui, const scene::Scene& sc, const ArrayGeometry& g) {
  const scene::Rgba color = ui.palette.bracket;
  for (const scene::Bracket& br : sc.brackets) {
    const float y = g.Y(br.y) - 4 * ui.scale, x0 = g.X(br.x0) + 2;
    const float x1 = std::max(g.X(br.x1) - 2, x0 + 4);
    const float lift = 0.3f * g.sy, w = 3 * ui.scale;
    DrawBracket(ui, x0, x1, y, lift, w, color, br.text);
  }
}

void DrawLabels(UiContext& ui, const scene::Scene& sc, const ArrayGeometry& g) {
  for (const scene::Label& l : sc.labels) {
    switch (l.role) {
      case scene::LabelRole::kRowTag:
        DrawRowTag(ui, l, g);
        break;
      case scene::LabelRole::kRowTitle:
        DrawRowTitle(ui, l, g);
        break;
      case scene::LabelRole::kColumnTag: {
        const float ty = g.Y(sc.rows.front().y) - ui.fonts.ui_px * 1.2f;
        const ImVec2 size = ImGui::CalcTextSize(l.text.c_str());
        const ViewRect box = {g.X(l.x) + 2, ty, size.x, size.y};
        DrawFigureText(ui, {nullptr, 0, ImVec2(g.X(l.x) + 2, ty), ToImU32(ui.palette.text_dim)},
                       l.text, "column tag", &box);
        break;
      }
      case scene::LabelRole::kBracket:
      case scene::LabelRole::kCheck:
        DrawCaption(ui, sc, l, g);
        break;
    }
  }
}

}  // namespace scanviz
