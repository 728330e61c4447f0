// The app's panels, one small view per file. Each draws from the AppState (which owns the traces)
// and the players, and calls their actions; none owns a trace.
#pragma once

#include <imgui.h>

#include <optional>
#include <string>
#include <vector>

#include "draw/fonts.h"
#include "draw/renderer.h"
#include "scene/palette.h"
#include "scene/scene.h"
#include "scene/ticks.h"
#include "state/app_state.h"
#include "teach/warps.h"
#include "views/key_help.h"

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
  std::string text;        // the value as drawn (its short form in a narrow cell), empty if none
  float text_px = 0;       // its font size, pixels
  float text_w = 0;        // its width, pixels: inside the cell's borders
  scene::Rgba text_color;  // the colour it is drawn in, on `fill`
};

// A line of text a panel drew, for --dump-layout: what it says and where (pixels, origin top-left).
struct DumpedLine {
  std::string kind;  // "title", "paragraph", "code", "line", "check", "error", "header", ...
  std::string text;
  ViewRect rect;
  bool visible = true;  // entirely within its window's visible rows (not scrolled away or cut)
  bool lit = false;     // code: one of the current round's highlighted lines
  int number = 0;       // code: the line number in the gutter
  // As drawn (text_colors.cpp): the text's colour, read from its glyphs in the draw list, the
  // colour under it (the fills below its centre, down to the renderer's figure and the clear
  // colour) and its font size in pixels. `colored`: false when no glyph was found (no colours).
  bool colored = false;
  scene::Rgba color, background;
  float px = 0;
};

// The invariant bracket as drawn: the horizontal stroke from x0 to x1 at height y, in pixels.
struct DumpedBracket {
  float x0 = 0, x1 = 0, y = 0;
  std::string caption;
};

struct DumpedPanel {
  std::string name;    // "controls", "side", "trace", "status" or "bench"
  std::string detail;  // side: the active tab's name; trace: the algorithm
  ViewRect rect;
  std::optional<ViewRect> content;  // side: the tab's own area, below the tabs (and the legend)
  std::vector<DumpedLine> lines;
  std::vector<DumpedBracket> brackets;
};

// Records, per panel, its rectangle and the text it drew, for --dump-layout: the headless tests
// compare what a panel says with what the teaching library says, and look for its pixels only
// inside its rectangle. The drawing primitives (primitives.h) write through UiContext::text, which
// is null unless a dump is asked for. Rectangles are taken in ImGui points and kept in framebuffer
// pixels.
class TextRecorder {
 public:
  explicit TextRecorder(ImVec2 framebuffer_scale) : m_scale(framebuffer_scale) {}
  // Later lines belong to this panel.
  void BeginPanel(std::string name, ViewRect rect, std::string detail = {});
  void SetContent(ViewRect rect);  // the current panel's own area
  // The last ImGui item (its rectangle and visibility) as a line of the current panel.
  DumpedLine& Item(std::string kind, std::string text);
  // Text drawn through a draw list, or a line whose rectangle the view knows better than ImGui;
  // `px`: its font size in points when not the current font's.
  DumpedLine& Text(std::string kind, std::string text, ViewRect rect, float px = 0);
  // What lies under every window: the renderer's figure over the clear colour (the colour a
  // line's background comes to where no window fills it).
  void SetUnder(const Renderer* renderer, scene::Rgba clear) {
    m_renderer = renderer;
    m_clear = clear;
  }
  void Bracket(float x0, float x1, float y, std::string caption);
  const std::vector<DumpedPanel>& Panels() const { return m_panels; }

 private:
  DumpedPanel& Current();
  ViewRect Pixels(ViewRect r) const;
  void ReadColors(DumpedLine* line, ViewRect points) const;  // text_colors.cpp
  ImVec2 m_scale;
  const Renderer* m_renderer = nullptr;
  scene::Rgba m_clear;
  std::vector<DumpedPanel> m_panels;
};

class Kind;  // a kind of view (kind_model.h)

// What a kind draws of its own outside the centre (kinds/kind_view.h): its line in the Show menu,
// and its controls in the left panel's Show section (a radio button among the kinds chosen one
// for another; then a checkbox for a kind toggled over the one before) or in the view options'
// row of buttons.
enum class KindPart { kMenu, kChoice, kToggle, kViewRow };

struct UiContext {
  AppState& app;
  Renderer& renderer;
  const Fonts& fonts;
  scene::Palette palette;
  float scale = 1;                          // content scale x zoom (x presenter)
  std::vector<DumpedCell>* dump = nullptr;  // collects cell rectangles when set
  TextRecorder* text = nullptr;             // collects each panel's rectangle and text when set
  // The registry of the kinds of view (kinds/kind.h's KindOf), handed down by whoever builds the
  // context (the frame, an export): the kinds draw with the views, so the views stand below them
  // and find the shown kind through this.
  const Kind& (*kind_of)(KindId id) = nullptr;
  // The kinds' own parts (KindPart), handed down the same way: the menu and the controls loop
  // over the registry and draw each kind's.
  void (*draw_kind_part)(UiContext& ui, KindId id, KindPart part) = nullptr;
};

// The kind the centre shows (kind_model.h), as the panels ask it.
inline const Kind& ShownKindOf(const UiContext& ui) {
  return ui.kind_of(ui.app.ShownKind());
}

struct ArrayGeometry;  // where the array view's figure lies in a frame (array_figure.h)

// Main view: the rounds of one algorithm's trace. Caches its scene between frames; rebuilds it only
// when the trace, the round or the view options change.
class ArrayView {
 public:
  void Draw(UiContext& ui, Algorithm algorithm, ViewRect rect, bool header);
  // The width the last drawn figure wants: its row tags, and every column wide enough for the
  // widest value at the UI font. 0 for a dense figure (more than 64 columns), which no panel could
  // make readable by giving way.
  float NeededWidth(const UiContext& ui) const;
  // The width the figure fills drawn at its natural size (every column at its widest, the heading
  // on one line), for an export to scale (kind_view.h's FigureWidth); 0 for a dense figure (more
  // than 64 columns), which takes the width it is given.
  float FigureWidth(UiContext& ui, Algorithm algorithm, bool header);

 private:
  // The pieces of Draw: the scene and the widths measured from it (array_view.cpp), the boxes
  // (array_boxes.cpp), the mouse and the in-place editor of an input cell (array_view.cpp).
  void UpdateScene(UiContext& ui, Algorithm algorithm);
  float WidestText(const Fonts& fonts);  // measured when first asked for
  void DrawFigureBody(UiContext& ui, Algorithm algorithm, const ArrayGeometry& g);
  void DrawBoxes(UiContext& ui, Algorithm algorithm, const ArrayGeometry& g);
  void RebuildBoxes(UiContext& ui, Algorithm algorithm, const ArrayGeometry& g, float border_w,
                    bool show_case);
  void HandleMouse(UiContext& ui, Algorithm algorithm, const ArrayGeometry& g);
  void DrawCellEditor(UiContext& ui, const ArrayGeometry& g);
  void PageCellEditor(UiContext& ui, float x, float y, float w, float h);
  // Click and type (array_typing.cpp): a value typed for a cell of this pane, into the editor.
  void TakeCellTyping(ViewState& vs, Algorithm algorithm);
  bool EndCellTyping(ViewState& vs, bool active, bool* enter, bool* escape);
  bool EndTypedEarly(AppState& app);
  static int CaretToEnd(ImGuiInputTextCallbackData* data);
  void FollowCurrentRound(UiContext& ui, int round, ArrayGeometry* g);

  scene::Scene m_scene;
  const Trace* m_trace = nullptr;
  std::uint64_t m_generation = ~0ull;
  int m_round = -1;
  int m_followed_round = -1;   // the round the pane last scrolled to (FollowCurrentRound)
  float m_followed_scale = 0;  // and the figure's size then
  int m_follow_frames = 0;     // frames left to keep that round in view
  bool m_only_current = false;
  std::optional<scene::CellRef> m_selected;
  std::vector<scene::CellRef> m_blanks;  // the Quiz mode's blank cells the scene was built with
  bool m_blank_how = false;
  bool m_have_scene = false;
  float m_widest_text = 0;   // widest cell value in the ui font; < 0: not measured yet
  float m_widest_value = 0;  // widest input-given value as shown at full size (WidestText)
  float m_widest_tag = 0;    // widest row tag ("buf[0] · pout") in the ui font
  float m_text_px = 0;       // the figure's UI font size the widths were measured at
  float m_text_zoom = 1;     // this frame's text zoom (ArrayGeometry::text_zoom)
  // Box instances of the last frame, reused while nothing that places or colours them changed.
  std::vector<BoxInstance> m_instances;
  std::vector<BoxInstance> m_dense;  // runs of pixels of cells too narrow for borders
  std::vector<float> m_instance_key;
  std::optional<int> m_editing;  // input position being edited in place
  std::string m_edit_text;
  // Frames left in which the editor asks for the keyboard until it has it (array_view.cpp).
  static constexpr int kFocusFrames = 60;
  int m_focus_editor = 0;
  bool m_typed = false;         // the editor was opened by typing (click and type)
  bool m_caret_to_end = false;  // the caret goes after the typed text once the field is active
};

// The code panel: the real CUDA kernel (or our pseudo-code) of the shown algorithm with the lines
// of the current round lit, scrolled into view when the round changes.
class CodeView {
 public:
  void Draw(UiContext& ui);

 private:
  // One listing's lines, `lit` (sorted indices) on a band; `threads`, where given, the number of
  // threads that ran each line, drawn at the right.
  void DrawListing(UiContext& ui, const teach::CodeListing& listing, const std::vector<int>& lit,
                   const std::vector<int>* threads, bool scroll);
  // What was scrolled to last: the view re-centres only when one of these changes, so the user
  // can scroll freely within a round.
  std::uint64_t m_generation = ~0ull;
  int m_round = -1;
  int m_algorithm = -1;
  bool m_pseudo = false;
};

// The controls panel's input section (input_section.cpp).
void DrawInputSection(UiContext& ui);
void DrawControlsView(UiContext& ui, ViewRect rect);
void DrawLegendView(UiContext& ui);
void DrawInspectorView(UiContext& ui);
void DrawStatusView(UiContext& ui, ViewRect rect, float fps);
void DrawFileDialog(UiContext& ui);  // when ViewState::file_dialog is set
// Right-hand tabs: the current round told in sentences; work and depth (this trace, and against n
// for both algorithms); float32 rounding and int32 wrap-around.
void DrawNarrationView(UiContext& ui);
void DrawWorkDepthView(UiContext& ui);
void DrawNumericsView(UiContext& ui);
// Warps & banks: the current round's active warps and lanes (warp_view.cpp) and the shared-memory
// banks its accesses hit, with Blelloch's padding switch (bank_view.cpp).
void DrawWarpsBanksView(UiContext& ui);
void DrawWarpView(UiContext& ui, const teach::RoundWarps& round);
void DrawBankView(UiContext& ui, const Trace& trace, int round);
// Mistakes: the shown algorithm's classic mistakes, the thread order, and the broken run against
// the correct one (mistakes_view.cpp).
void DrawMistakesView(UiContext& ui);
// The menu bar along the top: every kind of view, the labs, files, exports and help, so that
// nothing needs a key to be found (menu_view.cpp).
struct MenuResult {
  float height = 0;  // the bar's, in points
  bool quit = false, toggle_fullscreen = false;
  bool copy_link = false, paste_link = false;  // File > Copy link, File > Open a pasted link
  bool copy_embed = false;  // File > Copy embed code (an <iframe> for a slide, embed_code.h)
};
MenuResult DrawMenuBar(UiContext& ui);
// Q: the Quiz panel in place of the right-hand tabs: pick a set (or open a file), type the
// blank cells' values (or classes, or the active threads), submit, see each graded, Next.
void DrawQuizView(UiContext& ui);
// F1 or ?: every key and mouse action (key_help.h) over the whole window, in two columns.
void DrawHelpView(UiContext& ui);

// The algorithm whose trace the teaching panels describe: the shown one, or side by side the one
// a cell was last selected in.
Algorithm TeachAlgorithm(const AppState& app);

// Helpers shared by the views.
ImU32 ToImU32(scene::Rgba c);
// An ImGui style colour laid over `under`, opaque: what the pixel shows.
scene::Rgba Over(ImVec4 top, scene::Rgba under);
// The shift that brings [lo, hi] into [top, bottom] by the least, its top first when it cannot
// fit (a pane that follows the current round or step).
float ShiftToShow(float lo, float hi, float top, float bottom);
// Begins a panel's window at `rect`: no decoration, no background, not moved, not saved, never
// brought to the front; `extra` flags added. End it with ImGui::End().
void BeginPanelWindow(const char* name, ViewRect rect, ImGuiWindowFlags extra = 0);
// Draws one legend-style sample box through the renderer at the current cursor, then `text`.
void SampleBox(UiContext& ui, CellClass cls, BoxStyle style, scene::Rgba fill, const char* text,
               bool hatch = false);
// A dim section heading, as the controls panel uses.
void Heading(const char* text);
// Wrapped text in the given colour.
void TextWrappedColored(scene::Rgba color, const std::string& text);
// Records the last ImGui item as a line of `kind` for --dump-layout (nothing when not dumping):
// for a line no primitive (primitives.h) can record as it draws.
void Record(UiContext& ui, const char* kind, const std::string& text);
// Before a radio button or button of `label`: stays on the line if it fits, else starts a new one
// (a narrow panel wraps its rows instead of cutting them off).
void SameLineIfFits(const char* label, bool radio);
// A title and its paragraphs in the large font, wrapped to the panel (a mode's Narration tab).
void DrawLargeParagraphs(UiContext& ui, const std::string& title,
                         const std::vector<std::string>& paragraphs);
// The last item's tooltip (ShowTooltip): what it does, then its key from the key table where it
// has one ("Play or pause (Space)"). Shown while the item is hovered (disabled too). The last item
// stays the control's (ImGui restores it after the tooltip's window), so IsItemActive and
// GetItemRect may follow.
void Tip(UiContext& ui, const char* text, KeyAction key = KeyAction::kNone);
// The same with its keys given ("M": a kind's, KeyOfKind); "" for none.
void Tip(UiContext& ui, const char* text, const char* keys);
// A tooltip of `text`, as ImGui::SetTooltip shows one (this frame's last wins) but wrapped to the
// window's width less margins (40 em at most): ImGui 1.86 keeps a tooltip inside the window only
// when it is narrower than the window, and a longer line ran past its edge. At `at` (its top
// left) when given, else where ImGui puts it, by the pointer. The text goes to
// ViewState::tooltip for --state-file.
void ShowTooltip(UiContext& ui, const std::string& text, const ImVec2* at = nullptr);
// The size of ShowTooltip's window for `text`, for placing it.
ImVec2 TooltipSize(const std::string& text);
// Remembers where the last item was drawn, under `name` (ViewState::widgets).
void Place(UiContext& ui, const char* name);
// A menu item that remembers where it was drawn (`name` for --state-file and the keyboard walk),
// with the keys it shows and its tooltip (menu_view.cpp).
bool MenuItem(UiContext& ui, const char* name, const char* label, const char* keys, bool on,
              const char* tip);
// A submenu whose items are remembered as its own (`name`); when open, its items, then
// EndSubMenu with the `outer` menu's name it kept.
bool BeginSubMenu(UiContext& ui, const char* name, const char* label, std::string* outer);
void EndSubMenu(UiContext& ui, std::string outer);
// A button beside a line of text: ImGui's small one, or on a touch screen (ViewState::touch_target)
// a whole one, which the touch style makes a finger's height (issue #33: every target 44 CSS px).
bool InlineButton(const UiContext& ui, const char* label);
// The width InlineButton(label) takes.
float InlineButtonWidth(const char* label);
// "1,234,567": digits grouped for reading at a distance.
std::string Grouped(long long v);
// The figures' mouse: the wheel zooms around the pointer (zoom in 0.25..max_zoom, the figure's
// left edge at base_x), a right or middle drag pans.
void WheelZoomAndDrag(ViewState& vs, const ImGuiIO& io, float base_x, float max_zoom);
// The same for a phone's pinch and two-finger drag (ViewState::gesture, set by the web page),
// wherever the pointer is; the gesture is taken.
void TouchZoomAndPan(ViewState& vs, float base_x, float max_zoom);
// A line from a to b drawn as dashes (ImGui's draw list has no dash pattern).
void DashedLine(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 color, float thickness, float dash);
// Round numbers for an axis from lo to hi: about `count` ticks, the last at or above hi.
using scene::NiceTicks;

}  // namespace scanviz
