// The main view: one row per buffer per round, top to bottom, the current round on a band, arrows
// from what each active thread read to what it wrote, the chapters' box styles, and the invariant
// bracket of the hovered or selected cell. Boxes, arrows and brackets go through our renderer;
// text goes through ImGui's draw list on top. Draw reads as its steps: the scene (cached), the
// window, the header, the geometry, then band, strips, arrows, boxes (array_boxes.cpp), brackets
// and labels (array_labels.cpp), and last the mouse and the in-place editor of an input cell.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "core/registry.h"
#include "state/cell_edit.h"
#include "views/array_figure.h"
#include "views/primitives.h"
// After imgui.h (views.h): it uses IMGUI_API.
#include <imgui_internal.h>  // ClearActiveID: a closed cell editor lets go of the keyboard
#include <imgui_stdlib.h>

namespace scanviz {

namespace {

constexpr ImGuiWindowFlags kViewFlags =
    ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoMove |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
    ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoFocusOnAppearing;

// A width in the figure's font at its UI size.
float UiWidth(const Fonts& fonts, const std::string& text) {
  return fonts.ui->CalcTextSizeA(fonts.ui_px, FLT_MAX, 0, text.c_str()).x;
}

// The width a round's title needs in two lines at the UI font, broken at its best " · ".
float TwoLineWidth(const Fonts& fonts, const std::string& text) {
  const std::string dot = " · ";
  float best = UiWidth(fonts, text);
  for (size_t at = text.find(dot); at != std::string::npos; at = text.find(dot, at + 1)) {
    best = std::min(best, std::max(UiWidth(fonts, text.substr(0, at)),
                                   UiWidth(fonts, text.substr(at + dot.size()))));
  }
  return best;
}

// [SECTION] Header: algorithm, round, work and depth

// Returns the figure's top, below the header.
float DrawHeader(UiContext& ui, Algorithm algorithm, ViewRect rect, float pad) {
  const TraceSlot& slot = ui.app.Slot(algorithm);
  const int round = ui.app.PlayerOf(algorithm).Round();
  const Fonts& fonts = ui.fonts;
  const float top = rect.y + pad;
  const RoundInfo& info = slot.analysis.rounds[static_cast<size_t>(round)];
  // The round as the chapters count it (Blelloch's seed is a step between the sweeps, not a
  // round), then the work and depth so far.
  const std::string heading = RoundHeading(slot.trace, round);
  // A quiz's class or threads question: the work so far counts its answer.
  const bool hide_work = QuestionHidesHow(ui.app.quiz, ui.app.view.quiz);
  const std::string work = hide_work ? "?" : std::to_string(info.cumulative_work);
  char text[384];
  std::snprintf(text, sizeof text, "%s",
                scene::FigureHeading(slot.trace, slot.analysis, round, hide_work).c_str());
  // A narrow pane (side by side, presenter font) gets the compact form, then a smaller font:
  // the header is never clipped.
  const float room = rect.w - 2 * pad;
  float header_px = fonts.large_px;
  if (fonts.large->CalcTextSizeA(header_px, FLT_MAX, 0, text).x > room) {
    std::snprintf(text, sizeof text, "%s · %s · work %s · depth %d", DisplayName(algorithm),
                  heading.c_str(), work.c_str(), info.depth);
    const float width = fonts.large->CalcTextSizeA(header_px, FLT_MAX, 0, text).x;
    if (width > room) header_px *= room / width;
  }
  DrawFigureText(ui, {fonts.large, header_px, ImVec2(rect.x + pad, top), ToImU32(ui.palette.text)},
                 text, "header");
  return top + fonts.large_px * 1.5f;
}

// [SECTION] Current round band, register strips and warp dividers, arrows

void DrawCurrentBand(UiContext& ui, const scene::Scene& sc, const ArrayGeometry& g) {
  float band_lo = 1e30f, band_hi = -1e30f;
  for (const scene::Row& row : sc.rows) {
    if (row.emphasis != scene::Emphasis::kCurrent || row.round == scene::kInputRound) continue;
    band_lo = std::min(band_lo, g.Y(row.y));
    band_hi = std::max(band_hi, g.Y(row.y + scene::kCellH));
  }
  if (band_hi <= band_lo) return;
  const float extra = 0.25f * g.sy;
  ui.renderer.AddRect(g.rect.x + g.pad * 0.5f, band_lo - extra, g.rect.w - g.pad,
                      band_hi - band_lo + 2 * extra, ui.palette.current_band);
}

// Register rows on a strip of their own, a line between warps.
void DrawRegisterStrips(UiContext& ui, const scene::Scene& sc, const ArrayGeometry& g) {
  const scene::Palette& pal = ui.palette;
  for (const scene::Row& row : sc.rows) {
    if (row.space != Space::kRegister) continue;
    ui.renderer.AddRect(g.X(0) - 2, g.Y(row.y), static_cast<float>(sc.columns) * g.sx + 4,
                        scene::kCellH * g.sy, scene::Dim(pal, pal.register_strip, row.emphasis));
  }
  for (const scene::Divider& d : sc.dividers) {
    ui.renderer.AddLine(g.X(d.x), g.Y(d.y0), g.X(d.x), g.Y(d.y1), std::max(1.0f, 1.5f * ui.scale),
                        pal.text_dim);
  }
}

// All rounds' arrows when cells are wide enough to tell them apart, else the current round's.
void DrawArrows(UiContext& ui, const scene::Scene& sc, const ArrayGeometry& g, int block_size) {
  const scene::Palette& pal = ui.palette;
  const float sx = g.sx;
  const bool all_arrows = sx >= 7 * ui.scale;
  const float arrow_w = std::clamp(sx * 0.035f, 1.0f, 2.5f * ui.scale);
  const float head = std::clamp(sx * 0.18f, 3.0f, 10.0f * ui.scale);
  // When cells are narrower than an arrow head, a thousand arrows merge into one smear (and cost
  // most of a software-rendered frame): draw every k-th thread's, k chosen to keep them apart.
  // Zooming in brings the others back.
  // At most about a hundred arrows in the current round: a readable fan, not a smear.
  const int thread_step =
      all_arrows ? 1
                 : std::max(static_cast<int>(std::ceil(7 * ui.scale / sx)), (block_size + 95) / 96);
  for (const scene::Arrow& a : sc.arrows) {
    const bool current = a.emphasis == scene::Emphasis::kCurrent;
    if (!current && !all_arrows) continue;
    if (a.thread % thread_step != 0) continue;
    scene::Rgba c = current ? pal.arrow_current : scene::Dim(pal, pal.arrow, a.emphasis);
    ui.renderer.AddArrow(g.X(a.x0), g.Y(a.y0) + 2, g.X(a.x1), g.Y(a.y1) - 1,
                         current ? arrow_w * 1.3f : arrow_w, head, c);
  }
}

// The background of the editor's field: ImGui's frame colour over the figure's background, opaque
// (the old value does not show through).
ImVec4 OpaqueFrameBg(scene::Rgba base) {
  const scene::Rgba c = Over(ImGui::GetStyleColorVec4(ImGuiCol_FrameBg), base);
  return ImVec4(c.r, c.g, c.b, c.a);
}

// What is wrong with the editor's text, on the background right under the field at (x, y); moved
// left as far as the pane's left edge where the pane would cut it at its right.
void DrawEditProblem(UiContext& ui, float x, float y, const CellEditText& typed) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const std::string line = "✗ " + typed.problem;
  const ImVec2 size = ImGui::CalcTextSize(line.c_str());
  x = std::max(std::min(x, dl->GetClipRectMax().x - size.x - 8), dl->GetClipRectMin().x + 2);
  dl->AddRectFilled(ImVec2(x - 2, y), ImVec2(x + size.x + 6, y + size.y + 4),
                    ToImU32(ui.palette.background));
  const ViewRect box = {x + 2, y + 2, size.x, size.y};
  DrawFigureText(ui, {nullptr, 0, ImVec2(x + 2, y + 2), ToImU32(ui.palette.bad)}, line, "error",
                 &box);
  ui.app.view.widgets["cell_error"] = {x - 2, y, size.x + 8, size.y + 4};
}

}  // namespace

// [SECTION] The view

void ArrayView::Draw(UiContext& ui, Algorithm algorithm, ViewRect rect, bool header) {
  const Fonts& fonts = ui.fonts;
  UpdateScene(ui, algorithm);
  m_text_zoom = 1;
  if (m_scene.columns <= 64) WidestText(fonts);

  ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y));
  ImGui::SetNextWindowSize(ImVec2(rect.w, rect.h));
  const std::string window_name = std::string("##array_") + ToString(algorithm);
  ImGui::Begin(window_name.c_str(), nullptr, kViewFlags);
  ImGui::PushFont(fonts.ui);
  DumpPanel(ui, "trace", rect, ToString(algorithm));
  const float pad = 10 * ui.scale;
  const float top = header ? DrawHeader(ui, algorithm, rect, pad) : rect.y + pad;
  ArrayGeometry g = PlaceFigure(ui, m_scene, rect, pad, top, m_widest_tag,
                                m_scene.columns <= 64 ? m_widest_value : 0.0f);
  FollowCurrentRound(ui, ui.app.PlayerOf(algorithm).Round(), &g);
  // The figure's font at its zoom for everything below (labels, the in-place editor): from here
  // GetFontSize() and CalcTextSize are the figure's UI size, times the wheel's text zoom.
  m_text_zoom = g.text_zoom;
  Fonts zoomed = fonts;
  zoomed.ui_px = std::round(fonts.ui_px * g.text_zoom);
  zoomed.large_px = std::round(fonts.large_px * g.text_zoom);
  UiContext z{ui.app,  ui.renderer, zoomed,     ui.palette,       ui.scale * g.text_zoom,
              ui.dump, ui.text,     ui.kind_of, ui.draw_kind_part};
  ImGui::SetWindowFontScale(zoomed.ui_px / fonts.ui->FontSize);
  DrawFigureBody(z, algorithm, g);
  ImGui::SetWindowFontScale(1);
  ImGui::PopFont();
  ImGui::End();
}

// The band, then the cells and what joins them (left of the gutter's edge cut off while the
// figure is panned under the row tags), then the labels, the mouse and the cell editor.
void ArrayView::DrawFigureBody(UiContext& ui, Algorithm algorithm, const ArrayGeometry& g) {
  const ViewRect& rect = g.rect;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float h = rect.h - (g.top - rect.y);
  ui.renderer.SetClip(rect.x, g.top, rect.w, h);
  dl->PushClipRect(ImVec2(rect.x, g.top), ImVec2(rect.x + rect.w, rect.y + rect.h), true);
  DrawCurrentBand(ui, m_scene, g);
  // Panned left of the gutter's edge, the cells go under it (cut off there), not under the tags.
  const float gutter_right = rect.x + g.pad + g.gutter;
  const float cells_left = g.ox < gutter_right ? gutter_right : rect.x;
  ui.renderer.SetClip(cells_left, g.top, rect.x + rect.w - cells_left, h);
  dl->PushClipRect(ImVec2(cells_left, g.top), ImVec2(rect.x + rect.w, rect.y + rect.h), true);
  DrawRegisterStrips(ui, m_scene, g);
  DrawArrows(ui, m_scene, g, ui.app.Slot(algorithm).trace.meta.block_size);
  DrawBoxes(ui, algorithm, g);
  DrawBrackets(ui, m_scene, g);
  dl->PopClipRect();
  ui.renderer.SetClip(rect.x, g.top, rect.w, h);
  DrawLabels(ui, m_scene, g);
  HandleMouse(ui, algorithm, g);
  TakeCellTyping(ui.app.view, algorithm);
  if (m_editing) DrawCellEditor(ui, g);
  dl->PopClipRect();
  ui.renderer.NoClip();
}

// A figure taller than its pane (made larger with Ctrl+=, or zoomed): when the player moves to
// another round, or the figure's size changes, the pane scrolls just enough to show the current
// round whole, as a reader follows a page. A pan of the reader's own stays until then.
void ArrayView::FollowCurrentRound(UiContext& ui, int round, ArrayGeometry* g) {
  const float scale = ui.app.view.figure_scale * ui.app.view.zoom;
  if (round != m_followed_round || scale != m_followed_scale) {
    m_followed_round = round;
    m_followed_scale = scale;
    m_follow_frames = 4;  // the widths measured at a new size settle over the next frames
  }
  if (m_follow_frames == 0) return;
  --m_follow_frames;
  const float bottom = g->rect.y + g->rect.h - g->pad;
  if (m_scene.height * g->sy <= bottom - g->top) {  // it fits: no pan hides any of it (a follow
    g->oy -= ui.app.view.pan_y;                     // at a larger size left one behind)
    ui.app.view.pan_y = 0;
    return;
  }
  float lo = 1e30f, hi = -1e30f;
  for (const scene::Row& row : m_scene.rows) {
    if (row.emphasis != scene::Emphasis::kCurrent || row.round == scene::kInputRound) continue;
    lo = std::min(lo, g->Y(row.y));
    hi = std::max(hi, g->Y(row.y + scene::kCellH));
  }
  if (hi <= lo) return;
  const float caption = 1.2f * g->sy;  // the round's caption above its first row
  const float shift = ShiftToShow(lo - caption, hi, g->top, bottom);
  ui.app.view.pan_y += shift;
  g->oy += shift;
}

// [SECTION] Scene (cached)

void ArrayView::UpdateScene(UiContext& ui, Algorithm algorithm) {
  AppState& app = ui.app;
  const ViewState& vs = app.view;
  const TraceSlot& slot = app.Slot(algorithm);
  const int round = app.PlayerOf(algorithm).Round();
  const Fonts& fonts = ui.fonts;
  // The hovered or selected cell's bracket, where the cell is in this pane.
  std::optional<scene::CellRef> bracket_cell;
  if (vs.hovered && vs.selected_algorithm == algorithm) bracket_cell = vs.hovered;
  if (!bracket_cell && vs.selected && vs.selected_algorithm == algorithm)
    bracket_cell = vs.selected;
  // Quiz (Q): the asked cells blank, and no bracket, which would show a blank cell's value.
  scene::ViewOptions asked;
  BlankAsked(app.quiz, vs.quiz, &asked);
  std::vector<scene::CellRef> blanks = std::move(asked.blanks);
  const bool blank_how = asked.blank_how;
  if (!blanks.empty()) bracket_cell.reset();
  if (m_have_scene && m_trace == &slot.trace && m_generation == app.Generation() &&
      m_round == round && m_only_current == vs.only_current && m_selected == bracket_cell &&
      m_text_px == fonts.ui_px && m_blanks == blanks && m_blank_how == blank_how)
    return;
  scene::ViewOptions o;
  o.current_round = round;
  o.only_current = vs.only_current;
  o.selected = bracket_cell;
  o.blanks = blanks;
  o.blank_how = blank_how;
  if (slot.correct) o.differs = &slot.mistake.differs;  // the mistakes lab: cells gone wrong
  m_blanks = std::move(blanks);
  m_blank_how = blank_how;
  m_scene = scene::BuildScene(slot.trace, slot.analysis, o);
  m_trace = &slot.trace;
  m_generation = app.Generation();
  m_round = round;
  m_only_current = vs.only_current;
  m_selected = bracket_cell;
  m_have_scene = true;
  m_text_px = fonts.ui_px;
  // The widest value sizes the columns (NeededWidth, 64 columns at most) and the values'
  // font; a dense figure measures it only once zoomed in far enough to show values.
  m_widest_text = -1;
  m_widest_tag = 0;
  for (const scene::Label& l : m_scene.labels) {
    if (l.role == scene::LabelRole::kRowTag)
      m_widest_tag = std::max(m_widest_tag, UiWidth(fonts, l.text));
    // A round title wraps at its " · ": the gutter holds it in two lines at the text size (the
    // panels'), so that short row tags ("input", "buf") cannot squeeze round 0's title
    // ("staging step (load)") small; PlaceFigure caps the gutter at 35 % of the pane.
    if (l.role == scene::LabelRole::kRowTitle)
      m_widest_tag = std::max(m_widest_tag, TwoLineWidth(fonts, l.text));
  }
}

float ArrayView::WidestText(const Fonts& fonts) {
  if (m_widest_text < 0) {  // measured at the unzoomed size (`fonts` may be the zoomed ones)
    Fonts unzoomed = fonts;
    unzoomed.ui_px = fonts.ui_px / m_text_zoom;
    m_widest_text = 0;
    m_widest_value = 0;
    for (const scene::Box& b : m_scene.boxes) {
      const float w = UiWidth(unzoomed, b.text);
      m_widest_text = std::max(m_widest_text, w);
      // What a larger figure (Ctrl+=) widens its columns for: a value an input gave, as its cell
      // shows it at full size (the shorter of its text and its short form, which FitCellText
      // draws where the long one does not fit). The padding's cells hold the identity: they take
      // the columns' size, in smaller text if need be (an old session at figure_scale 1.25, max
      // over 9 values, lost 8 of its 16 columns off the pane for int32's identity -2147483648).
      if (b.padding) continue;
      m_widest_value = std::max(m_widest_value,
                                b.compact.empty() ? w : std::min(w, UiWidth(unzoomed, b.compact)));
    }
  }
  return m_widest_text * m_text_zoom;
}

// [SECTION] Interaction: hover, select, open an input cell's editor, zoom and pan

void ArrayView::HandleMouse(UiContext& ui, Algorithm algorithm, const ArrayGeometry& g) {
  ViewState& vs = ui.app.view;
  ImGuiIO& io = ImGui::GetIO();
  TouchZoomAndPan(vs, g.base_x, 64.0f);
  if (vs.ignore_mouse || !ImGui::IsWindowHovered() || !(io.MousePos.y >= g.top)) return;
  const float lx = (io.MousePos.x - g.ox) / g.sx, ly = (io.MousePos.y - g.oy) / g.sy;
  const scene::Box* hit = m_scene.BoxAt(lx, ly);
  if (hit != nullptr) {
    vs.next_hovered = hit->cell;
    vs.selected_algorithm = algorithm;
    if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && hit->is_input) {
      m_editing = hit->cell.pos;
      m_edit_text = hit->text;
      m_focus_editor = kFocusFrames;
    } else if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
      vs.selected =
          (vs.selected && *vs.selected == hit->cell) ? std::nullopt : std::optional(hit->cell);
    }
  }
  WheelZoomAndDrag(vs, io, g.base_x, 64.0f);
}

// [SECTION] The in-place editor of an input cell (its text read by cell_edit.h)

void ArrayView::DrawCellEditor(UiContext& ui, const ArrayGeometry& g) {
  AppState& app = ui.app;
  ViewState& vs = app.view;
  const scene::Palette& pal = ui.palette;
  const scene::Box* box = m_scene.FindBox({scene::kInputRound, 0, *m_editing});
  if (box == nullptr || EndTypedEarly(app)) {
    m_editing.reset();
    return;
  }
  // The editor sits on the cell, opaque (the old value does not show through), with what is
  // wrong with the text right under it: the error beside what was edited.
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float ex = g.X(box->rect.x), ey = g.Y(box->rect.y);
  const float cell_w = box->rect.w * g.sx, cell_h = box->rect.h * g.sy;
  dl->AddRectFilled(ImVec2(ex, ey), ImVec2(ex + cell_w, ey + cell_h), ToImU32(pal.background));
  if (vs.page_field.on) {
    PageCellEditor(ui, ex, ey, cell_w, cell_h);
    return;
  }
  const float frame_h = ImGui::GetFrameHeight();
  ImGui::SetCursorScreenPos(ImVec2(ex, ey + std::max(0.0f, (cell_h - frame_h) * 0.5f)));
  ImGui::SetNextItemWidth(std::max(cell_w, ui.fonts.ui_px * 4));
  // Asked for every frame until the editor has the keyboard: ImGui 1.86 may drop a request
  // made in the frame after Enter let go of the field (a bad value), and the next key
  // typed would go nowhere. A field that a modal keeps from the keyboard stops asking after
  // kFocusFrames frames (the app may sleep again).
  if (m_focus_editor > 0) ImGui::SetKeyboardFocusHere();
  ImGui::PushStyleColor(ImGuiCol_FrameBg, OpaqueFrameBg(pal.background));
  // Opened by typing: the caret after what was typed (CaretToEnd); by a double-click: all of the
  // old value selected, replaced by what is typed.
  const ImGuiInputTextFlags how =
      m_typed ? ImGuiInputTextFlags_CallbackAlways : ImGuiInputTextFlags_AutoSelectAll;
  bool enter =
      ImGui::InputText("##edit_cell", &m_edit_text, ImGuiInputTextFlags_EnterReturnsTrue | how,
                       CaretToEnd, &m_caret_to_end);
  ImGui::PopStyleColor();
  const CellEditText typed = ParseCellEdit(m_edit_text, app.Type());
  // No tooltip while what is wrong shows under the field: ImGui's, by the pointer resting on the
  // field after the double-click, covered it until the mouse moved (issue #26 item 17).
  const bool problem = !typed.Ok() && m_edit_text != box->text;
  if (!problem) Tip(ui, "This cell's new value: Enter applies it, Esc cancels");
  if (m_focus_editor > 0 && ImGui::IsItemActive()) {
    m_focus_editor = 0;
  } else if (m_focus_editor > 0) {
    --m_focus_editor;
    vs.focus_pending = true;
  }
  const bool left_field = ImGui::IsItemDeactivated() && !enter;
  const float below = ImGui::GetItemRectMax().y + 2;
  bool escape = vs.text_escape;  // Escape cancels a cell's edit
  if (escape) vs.text_escape = false;
  const bool active = ImGui::IsItemActive();
  EndCellTyping(vs, active, &enter, &escape);
  switch (DecideCellEdit(typed, escape, enter, left_field)) {
    case CellEditOutcome::kEditing:
      break;
    case CellEditOutcome::kApply:
      app.SetCell(*m_editing, *typed.value);
      m_editing.reset();
      break;
    case CellEditOutcome::kRetry:
      m_focus_editor = kFocusFrames;  // the error says why
      break;
    case CellEditOutcome::kClose:
      m_editing.reset();
      break;
  }
  // Closed while it has the keyboard (Escape is ours, ImGui never sees it): it lets go now, not
  // two frames later when ImGui finds it gone. Left to ImGui, an Escape that came within the
  // settling frames after the first key saw the loop sleep the caret's half second with the
  // closed editor still holding the keyboard, and the keys typed then went nowhere.
  if (!m_editing && active) ImGui::ClearActiveID();
  if (m_editing && problem) DrawEditProblem(ui, ex, below, typed);
}

// On the web page after a touch: the page's own field over the cell (touch.h), for which a phone
// opens its keyboard. Its Enter, Escape or leaving comes back in a later frame and is decided as
// ImGui's field's would be (a bad value keeps the field open, the error under it).
void ArrayView::PageCellEditor(UiContext& ui, float x, float y, float w, float h) {
  AppState& app = ui.app;
  PageField& field = app.view.page_field;
  bool applied = false;
  std::string text;
  // Click and type: Enter or Escape typed before the page's field showed ends the value as the
  // field's would; once it shows, the keys are the field's.
  bool enter = false, escape = false;
  const bool was_typed = m_typed;
  const std::string given = field.text;  // what the page's field was last given
  if (EndCellTyping(app.view, field.shown == "cell", &enter, &escape)) {
    applied = enter && !escape;
    text = m_edit_text;
    field.ended = "cell";
    field.apply = applied;
    field.result = text;
  }
  if (field.TakeEnd("cell", &applied, &text)) {
    const CellEditText typed = ParseCellEdit(text, app.Type());
    const CellEditOutcome outcome = DecideCellEdit(typed, !applied, applied, false);
    if (outcome == CellEditOutcome::kApply) app.SetCell(*m_editing, *typed.value);
    if (outcome != CellEditOutcome::kRetry) {
      m_editing.reset();
      return;
    }
    m_edit_text = std::move(text);
  }
  field.want = "cell";
  field.rect = {x, y, std::max(w, ui.fonts.ui_px * 4), h};
  field.text = m_edit_text;
  field.numeric = true;
  field.caret_end = m_typed;  // typed into: the caret after the text, not all of it selected
  // A key typed after the field showed but before it had the keyboard came to the app: the field
  // takes the value with it (on a phone the second digit of "52" was lost).
  if (was_typed && !m_typed && field.shown == "cell" && given != m_edit_text)
    field.caret_end = true;
  const CellEditText typed = ParseCellEdit(m_edit_text, app.Type());
  if (!typed.Ok()) DrawEditProblem(ui, x, y + h + 2, typed);
}

float ArrayView::FigureWidth(UiContext& ui, Algorithm algorithm, bool header) {
  UpdateScene(ui, algorithm);
  if (m_scene.columns > 64) return 0;
  const Fonts& fonts = ui.fonts;
  const float pad = 10 * ui.scale;
  // PlaceFigure's margins, the gutter of row tags and the columns at MaxCellWidth.
  float w = m_widest_tag + 4 * pad + static_cast<float>(m_scene.columns) * MaxCellWidth(fonts);
  if (header) {
    const TraceSlot& slot = ui.app.Slot(algorithm);
    const std::string heading =
        scene::FigureHeading(slot.trace, slot.analysis, ui.app.PlayerOf(algorithm).Round(),
                             QuestionHidesHow(ui.app.quiz, ui.app.view.quiz));
    w = std::max(
        w, fonts.large->CalcTextSizeA(fonts.large_px, FLT_MAX, 0, heading.c_str()).x + 2 * pad);
  }
  return std::ceil(w);
}

float ArrayView::NeededWidth(const UiContext& ui) const {
  if (!m_have_scene || m_scene.columns > 64) return 0;
  const float pad = 10 * ui.scale;
  const float cell = std::max(std::max(m_widest_text, 0.0f) + 10 * ui.scale, ui.fonts.ui_px * 1.6f);
  return m_widest_tag + 4 * pad + static_cast<float>(m_scene.columns) * cell;
}

}  // namespace scanviz
