// The grid view: the multi-block scan drawn as a hierarchy of labelled rows (grid_scene.h), the
// current phase's rows on a band, rows not produced yet empty, block boundaries and numbers, the
// sums scan one level down on a band of its own. Cells go through grid_boxes.h (pixel runs when
// narrower than a few pixels); values, titles and the invariant caption through ImGui's draw list.
#include <algorithm>
#include <cfloat>
#include <cmath>

#include "core/registry.h"
#include "grid_boxes.h"
#include "teach/grid_teach.h"
#include "views.h"

namespace scanviz {

namespace {

constexpr ImGuiWindowFlags kViewFlags =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoMove |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
    ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoFocusOnAppearing;

std::string Caption(const scene::GridCellCheck& c) {
  return c.name + ": " + c.meaning + "  ·  " + c.expression + (c.ok ? "  ✓" : "  ✗");
}

}  // namespace

void GridView::Draw(UiContext& ui, ViewRect rect) {
  AppState& app = ui.app;
  ViewState& vs = app.view;
  const GridSlot& slot = app.Grid();
  const scene::Palette& pal = ui.palette;
  const Fonts& fonts = ui.fonts;
  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y));
  ImGui::SetNextWindowSize(ImVec2(rect.w, rect.h));
  ImGui::Begin("##grid", nullptr, kViewFlags);
  ImGui::PushFont(fonts.ui);
  ImGui::SetWindowFontScale(fonts.ui_px / fonts.ui->FontSize);
  if (ui.text != nullptr) ui.text->BeginPanel("grid", rect, kMultiBlockKey);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float pad = 10 * ui.scale;
  if (!slot.error.empty()) {
    dl->AddText(fonts.large, fonts.large_px, ImVec2(rect.x + pad, rect.y + pad), ToImU32(pal.bad),
                ("✗ " + slot.error).c_str());
    ImGui::PopFont();
    ImGui::End();
    return;
  }
  const GridTrace& grid = slot.grid;
  const int step = app.GridPlayer().Round();

  // [SECTION] Scene (cached)
  if (!m_have || m_grid != &grid || m_generation != app.Generation() || m_step != step ||
      m_block_size != grid.block_size) {
    m_scene = scene::BuildGridScene(grid, step);
    m_grid = &grid;
    m_generation = app.Generation();
    m_step = step;
    m_block_size = grid.block_size;
    m_have = true;
    m_widest_title = 0;
    for (const scene::GridRow& r : m_scene.rows)
      m_widest_title = std::max(m_widest_title, ImGui::CalcTextSize(r.title.c_str()).x);
  }
  const scene::GridScene& sc = m_scene;

  // [SECTION] Header: the scan, the step, the verdict
  float top = rect.y + pad;
  {
    // Two lines in the large font, each shrunk only if it cannot fit: the scan, then the step.
    const std::string heading = scene::GridHeading(grid, step);
    const size_t cut = heading.find("  ·  step ");
    const std::string lines[2] = {heading.substr(0, cut),
                                  cut == std::string::npos ? "" : heading.substr(cut + 5)};
    for (const std::string& line : lines) {
      float px = fonts.large_px;
      float w = fonts.large->CalcTextSizeA(px, FLT_MAX, 0, line.c_str()).x;
      if (w > rect.w - 2 * pad) {
        px *= (rect.w - 2 * pad) / w;
        w = rect.w - 2 * pad;
      }
      dl->AddText(fonts.large, px, ImVec2(rect.x + pad, top), ToImU32(pal.text), line.c_str());
      if (ui.text != nullptr) ui.text->Text("header", line, {rect.x + pad, top, w, px});
      top += px * 1.25f;
    }
    const bool last = step == static_cast<int>(sc.steps.size()) - 1;
    const std::string verdict =
        !slot.checked ? "… checking every phase's invariant (CheckGrid) · " + slot.ran
        : slot.problems.empty()
            ? (last ? "✓ every phase's invariant holds (CheckGrid) · " : "→ next phase · ") +
                  slot.ran
            : "✗ " + slot.problems.front();
    dl->AddText(ImVec2(rect.x + pad, top), ToImU32(slot.problems.empty() ? pal.text_dim : pal.bad),
                verdict.c_str());
    if (ui.text != nullptr) ui.text->Text("verdict", verdict, {rect.x + pad, top, 0, fonts.ui_px});
    top += fonts.ui_px * 1.4f;
  }
  top += fonts.ui_px * 2.6f;  // room for the bracket's caption over the input

  // [SECTION] Geometry
  const float gutter = std::min(m_widest_title + 2 * pad, rect.w * 0.3f);
  const float avail_w = std::max(rect.w - gutter - 2 * pad, 10.0f);
  const float avail_h = std::max(rect.y + rect.h - top - pad, 10.0f);
  const float base_sx = std::min(avail_w / static_cast<float>(std::max(sc.n, 1)), fonts.large_px * 3.4f);
  const float sx = base_sx * vs.zoom;
  float sy = std::min(fonts.large_px * 1.9f, avail_h / std::max(sc.height, 1.0f));
  sy = std::max(sy, fonts.ui_px * 1.05f);
  const float content_w = static_cast<float>(sc.n) * base_sx;
  const float base_x = rect.x + pad + gutter + std::max(0.0f, (avail_w - content_w) * 0.5f);
  const float ox = base_x + vs.pan_x, oy = top + vs.pan_y;
  auto X = [&](float u) { return ox + u * sx; };
  auto Y = [&](float u) { return oy + u * sy; };
  const float clip_top = top - fonts.ui_px * 2.6f;
  // The cells pan and zoom right of the gutter; the row titles stay in it.
  const float cells_x = rect.x + pad + gutter - 2;
  ui.renderer.SetClip(rect.x, clip_top, rect.w, rect.y + rect.h - clip_top);
  dl->PushClipRect(ImVec2(rect.x, clip_top), ImVec2(rect.x + rect.w, rect.y + rect.h), true);

  // [SECTION] Bands: the sums scan one level down, and the current phase's rows
  for (const scene::GridBand& b : sc.bands) {
    const float inset = pad * 0.3f * static_cast<float>(b.level);
    ui.renderer.AddRect(rect.x + pad * 0.5f + inset, Y(b.y0), rect.w - pad - 2 * inset,
                        (b.y1 - b.y0) * sy, pal.register_strip);
  }
  for (const scene::GridRow& r : sc.rows) {
    if (r.emphasis != scene::Emphasis::kCurrent || r.kind == scene::GridRowKind::kBlocks) continue;
    const float extra = 0.18f * sy;
    ui.renderer.AddRect(rect.x + pad * 0.5f, Y(r.y) - extra, rect.w - pad, sy + 2 * extra,
                        pal.current_band);
  }

  // [SECTION] Cells (pixel runs where narrow), then block boundaries over them
  std::optional<scene::GridCellRef> marked = vs.grid_hovered ? vs.grid_hovered : vs.grid_selected;
  GridGeometry g;
  g.ox = ox;
  g.oy = oy;
  g.sx = sx;
  g.sy = sy;
  g.clip_x = cells_x;
  g.clip_y = clip_top;
  g.clip_w = rect.x + rect.w - cells_x;
  g.clip_h = rect.y + rect.h - clip_top;
  g.pixel = 1.0f / std::max(ImGui::GetIO().DisplayFramebufferScale.x, 1e-3f);
  g.scale = ui.scale;
  g.text_w = fonts.ui_px * 1.2f;
  g.text_h = fonts.ui_px * 0.9f;
  auto key_of = [](const std::optional<scene::GridCellRef>& c) {
    return c ? static_cast<float>(c->level * 8 + static_cast<int>(c->kind)) * 70000.0f +
                   static_cast<float>(c->index)
             : -1.0f;
  };
  const std::vector<float> key = {ox, oy, sx, sy, rect.x, rect.y, rect.w, rect.h, ui.scale,
                                  static_cast<float>(vs.theme), static_cast<float>(m_generation),
                                  static_cast<float>(m_step), static_cast<float>(m_block_size),
                                  key_of(marked), g.text_w};
  if (key != m_list_key) {
    m_list = BuildGridBoxes(sc, grid.type, g, pal, marked);
    m_list_key = key;
  }
  const GridDrawList& list = m_list;
  ui.renderer.SetClip(cells_x, clip_top, rect.x + rect.w - cells_x, rect.y + rect.h - clip_top);
  dl->PushClipRect(ImVec2(cells_x, clip_top), ImVec2(rect.x + rect.w, rect.y + rect.h), true);
  for (const BoxInstance& d : list.dense) ui.renderer.AddRect(d.x, d.y, d.w, d.h, d.fill);
  ui.renderer.AddBoxes(list.boxes);
  for (const scene::GridBoundary& b : sc.boundaries) {
    long unit = 1;  // the level's block width in columns
    for (int d = 0; d <= b.level; ++d) unit *= sc.block_size;
    if (static_cast<float>(unit) * sx < 6 * ui.scale) continue;  // too dense to tell apart
    const float x = X(b.x);
    if (x < rect.x || x > rect.x + rect.w) continue;
    ui.renderer.AddLine(x, Y(b.y0) - 0.15f * sy, x, Y(b.y1) + 0.15f * sy,
                        std::max(1.0f, 2.0f * ui.scale), pal.text_dim);
  }
  for (const GridText& t : list.texts) {
    float px = std::min(fonts.large_px, t.h * 0.8f);
    ImFont* font = px >= fonts.large_px * 0.99f ? fonts.large : fonts.ui;
    float tw = font->CalcTextSizeA(px, FLT_MAX, 0, t.text.c_str()).x;
    if (tw + 4 > t.w) {
      px *= (t.w - 4) / tw;
      tw = t.w - 4;
    }
    if (px < 7) continue;
    dl->AddText(font, px, ImVec2(t.x + (t.w - tw) * 0.5f, t.y + (t.h - px) * 0.5f),
                ToImU32(t.color), t.text.c_str());
  }

  dl->PopClipRect();
  ui.renderer.SetClip(rect.x, clip_top, rect.w, rect.y + rect.h - clip_top);

  // [SECTION] Row titles and band titles
  for (const scene::GridRow& r : sc.rows) {
    const float h = (r.kind == scene::GridRowKind::kBlocks ? 1.1f : 1.0f) * sy;
    float px = std::min(ImGui::GetFontSize(), h * 0.8f);
    const float w = ImGui::GetFont()->CalcTextSizeA(px, FLT_MAX, 0, r.title.c_str()).x;
    const float room = std::max(gutter - pad, 10.0f);
    if (w > room) px *= room / w;
    if (px < 6) continue;
    const float tw = ImGui::GetFont()->CalcTextSizeA(px, FLT_MAX, 0, r.title.c_str()).x;
    const float tx = cells_x - pad - tw;
    dl->AddText(ImGui::GetFont(), px, ImVec2(std::max(tx, rect.x + pad * 0.5f), Y(r.y) + (h - px) * 0.5f),
                ToImU32(scene::Dim(pal, pal.text, r.emphasis)), r.title.c_str());
    if (ui.text != nullptr) ui.text->Text("row", r.title, {tx, Y(r.y), tw, h});
  }
  for (const scene::GridBand& b : sc.bands) {
    const float px = fonts.ui_px * 0.85f;
    dl->AddText(ImGui::GetFont(), px, ImVec2(rect.x + pad, Y(b.y0) + 0.3f * sy), ToImU32(pal.text_dim),
                b.title.c_str());
    if (ui.text != nullptr) ui.text->Text("band", b.title, {rect.x + pad, Y(b.y0), 0, px});
  }

  // [SECTION] The invariant window of the hovered or selected cell: a bracket over the input
  if (marked) {
    const scene::GridCellCheck check = scene::CheckGridCell(grid, sc, *marked);
    const float y = Y(0) - 4 * ui.scale, lift = 0.3f * sy, w = 3 * ui.scale;
    std::string caption;
    if (check.valid) {
      const float x0 = check.window.Empty() ? X(0) : X(static_cast<float>(check.window.lo)) + 1;
      const float x1 = check.window.Empty() ? x0 + 4 : X(static_cast<float>(check.window.hi + 1)) - 1;
      ui.renderer.AddLine(x0, y, x0, y - lift, w, pal.bracket);
      ui.renderer.AddLine(x0 - w * 0.5f, y - lift, x1 + w * 0.5f, y - lift, w, pal.bracket);
      ui.renderer.AddLine(x1, y - lift, x1, y, w, pal.bracket);
      if (ui.text != nullptr) ui.text->Bracket(x0, x1, y - lift, Caption(check));
      caption = Caption(check);
    } else if (marked->kind == scene::GridRowKind::kBlocks) {
      const GridTrace* level = scene::GridLevel(grid, marked->level);
      if (level != nullptr && marked->index < level->BlockCount()) {
        const int b = marked->index;
        caption = "block " + std::to_string(b) + (marked->level > 0 ? " of level " + std::to_string(marked->level) : "") +
                  ": elements " + std::to_string(level->BlockBegin(b)) + ".." +
                  std::to_string(level->BlockBegin(b) + level->BlockCount(b) - 1) +
                  " · click to open its rounds";
      }
    } else {
      caption = "not produced yet: step on (→) to the phase that writes it";
    }
    if (!caption.empty()) {
      const float ty = y - lift - fonts.ui_px * 1.5f;
      const scene::Rgba c = !check.valid ? pal.text : check.ok ? pal.ok : pal.bad;
      const float cx = std::clamp(check.valid && !check.window.Empty() ? X(static_cast<float>(check.window.lo)) : base_x,
                                  rect.x + pad, std::max(rect.x + pad, rect.x + rect.w - pad - ImGui::CalcTextSize(caption.c_str()).x));
      dl->AddText(ImVec2(cx, ty), ToImU32(c), caption.c_str());
      if (ui.text != nullptr) {
        const ImVec2 size = ImGui::CalcTextSize(caption.c_str());
        ui.text->Text("bracket", caption, {cx, ty, size.x, size.y});
      }
    }
  }

  // Where the blocks of level 0 were drawn (--state-file: a test clicks them as a user would).
  if (const scene::GridRow* blocks = sc.FindRow(0, scene::GridRowKind::kBlocks)) {
    for (const scene::GridCell& c : blocks->cells) {
      if (c.index >= 64) break;
      vs.widgets["block[" + std::to_string(c.index) + "]"] = {X(c.x), Y(blocks->y), c.w * sx, 1.1f * sy};
    }
  }

  // [SECTION] Interaction: hover, select, open a block, zoom and pan
  ImGuiIO& io = ImGui::GetIO();
  const bool hovered = !vs.ignore_mouse && ImGui::IsWindowHovered() && io.MousePos.y >= clip_top;
  if (hovered) {
    const std::optional<scene::GridCellRef> hit =
        sc.CellAt((io.MousePos.x - ox) / sx, (io.MousePos.y - oy) / sy);
    if (hit) {
      vs.grid_next_hovered = hit;
      if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        if (hit->kind == scene::GridRowKind::kBlocks) {
          app.OpenBlock(hit->level, hit->index);
        } else {
          vs.grid_selected = vs.grid_selected == hit ? std::nullopt : hit;
        }
      }
    }
    WheelZoomAndDrag(vs, io, base_x, 4096.0f);
  }
  dl->PopClipRect();
  ui.renderer.NoClip();
  ImGui::SetWindowFontScale(1);
  ImGui::PopFont();
  ImGui::End();
}

// [SECTION] The grid's tabs

void DrawGridInspector(UiContext& ui, const scene::GridScene* sc) {
  AppState& app = ui.app;
  const ViewState& vs = app.view;
  const std::optional<scene::GridCellRef> cell = vs.grid_hovered ? vs.grid_hovered : vs.grid_selected;
  ImGui::PushTextWrapPos(0);
  if (sc == nullptr || !cell) {
    ImGui::TextWrapped("Hover or click a cell for its invariant window; click a block to open its "
                       "rounds in the single-block view (Esc returns).");
    ImGui::PopTextWrapPos();
    return;
  }
  const scene::GridCellCheck c = scene::CheckGridCell(app.Grid().grid, *sc, *cell);
  if (!c.valid) {
    ImGui::TextWrapped("%s", cell->kind == scene::GridRowKind::kBlocks
                                 ? "A block: click it to open its rounds."
                                 : "Not produced yet at this phase.");
    ImGui::PopTextWrapPos();
    return;
  }
  ImGui::TextUnformatted(c.name.c_str());
  Record(ui, "line", c.name);
  ImGui::TextWrapped("holds %s", c.meaning.c_str());
  Record(ui, "line", "holds " + c.meaning);
  ImGui::TextWrapped("%s", c.expression.c_str());
  Record(ui, "line", c.expression);
  const std::string verdict = (c.ok ? "✓ cell holds " : "✗ cell holds ") +
                              FormatValue(app.Grid().grid.type, c.stored);
  TextWrappedColored(c.ok ? ui.palette.ok : ui.palette.bad, verdict);
  Record(ui, "check", verdict);
  ImGui::PopTextWrapPos();
}

void DrawGridNarration(UiContext& ui) {
  AppState& app = ui.app;
  const GridSlot& slot = app.Grid();
  const teach::GridNarration n = teach::NarrateGridStep(slot.grid, app.GridPlayer().Round());
  DrawLargeParagraphs(ui, n.title, n.paragraphs);
}

void DrawGridCode(UiContext& ui) {
  AppState& app = ui.app;
  const GridSlot& slot = app.Grid();
  const int step = app.GridPlayer().Round();
  const teach::CodeListing listing = teach::GridListing();
  const std::vector<int> lit = teach::GridHighlightedLines(listing, slot.grid, step);
  const std::string heading = listing.title + "  ·  " + scene::GridStepTitle(slot.grid, step);
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s", heading.c_str());
  ImGui::PopTextWrapPos();
  Record(ui, "heading", heading);
  ImGui::PushFont(ui.fonts.mono);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float gutter = ImGui::CalcTextSize("0000 ").x;
  for (int i = 0; i < static_cast<int>(listing.lines.size()); ++i) {
    const teach::CodeLine& line = listing.lines[static_cast<size_t>(i)];
    const bool on = std::binary_search(lit.begin(), lit.end(), i);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float x0 = ImGui::GetCursorPosX();
    const float w = ImGui::GetContentRegionAvail().x;
    const char* text = line.text.empty() ? " " : line.text.c_str();
    const float h = ImGui::CalcTextSize(text, nullptr, false, w - gutter).y + ImGui::GetStyle().ItemSpacing.y;
    if (on) {
      const scene::Rgba band = ui.palette.current_band;
      dl->AddRectFilled(ImVec2(p.x - 4 * ui.scale, p.y - 1), ImVec2(p.x + w, p.y + h - 1),
                        ToImU32({band.r, band.g, band.b, 0.9f}));
      dl->AddRectFilled(ImVec2(p.x - 4 * ui.scale, p.y - 1), ImVec2(p.x, p.y + h - 1),
                        ToImU32(ui.palette.arrow_current));
    }
    ImGui::TextDisabled("%4d", line.source_line);
    ImGui::SameLine(x0 + gutter);
    ImGui::PushTextWrapPos(x0 + w);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    if (ui.text != nullptr) {
      DumpedLine& d = ui.text->Text("code", line.text, {p.x, p.y - 1, w, h});
      d.lit = on;
      d.number = line.source_line;
    }
  }
  ImGui::PopFont();
}

}  // namespace scanviz
