// The drawing primitives of the views: a thin layer over ImGui's text, widgets and draw-list text
// that records what it draws into the layout dump (--dump-layout, UiContext::text) when one is
// asked for. A view draws through these and records nothing itself; the recording lives here.
#pragma once

#include <optional>
#include <string>

#include "views/views.h"

namespace scanviz {

// What a primitive records: a line of `kind` saying `text`, or what it draws when no text is
// given (a line may say more or less than it shows: "hint" records the hint without "hint: ").
// No kind: nothing is recorded.
struct Dump {
  Dump() = default;
  Dump(const char* k) : kind(k) {}  // NOLINT: a kind alone reads as one
  Dump(const char* k, std::string t) : kind(k), text(std::move(t)) {}
  const char* kind = nullptr;
  std::optional<std::string> text;
  // A code line's: lit (the current round's) and its number in the gutter.
  bool lit = false;
  int number = 0;
  std::optional<scene::Rgba> background;  // the colour under it, when the dump cannot see it
};

// [SECTION] Panels: a panel of the dump is begun where its window is.
// BeginPanelWindow (views.h), then the panel `name` of the dump over `rect`.
void BeginPanelWindow(const UiContext& ui, const char* id, ViewRect rect, const char* name,
                      const std::string& detail = {}, ImGuiWindowFlags extra = 0);
// The window begun last (ImGui::Begin, BeginChild) as the panel `name` of the dump over `rect`;
// later lines belong to it.
void DumpPanel(const UiContext& ui, const char* name, ViewRect rect,
               const std::string& detail = {});
// The current window as a panel: its whole rectangle.
void DumpWindowPanel(const UiContext& ui, const char* name, const std::string& detail = {});
// The current panel's own area: from the cursor to the window's bottom right corner.
void DumpContentFromCursor(const UiContext& ui);

// [SECTION] Lines: ImGui's text items, each recorded as the item it makes.
void Text(const UiContext& ui, const Dump& dump, const std::string& text);     // TextUnformatted
void TextDim(const UiContext& ui, const Dump& dump, const std::string& text);  // TextDisabled
void TextWrapped(const UiContext& ui, const Dump& dump, const std::string& text);  // TextWrapped
void TextColored(const UiContext& ui, const Dump& dump, scene::Rgba color, const std::string& text);
// Wrapped at the window's edge (PushTextWrapPos(0)): TextUnformatted, or TextDisabled when `dim`.
void Paragraph(const UiContext& ui, const Dump& dump, const std::string& text, bool dim = false);
// TextWrappedColored (views.h), recorded.
void TextWrappedColored(const UiContext& ui, const Dump& dump, scene::Rgba color,
                        const std::string& text);
// A line whose rectangle the view knows better than ImGui's item (a code line and its band):
// TextUnformatted, recorded over `rect`.
void TextIn(const UiContext& ui, const Dump& dump, const std::string& text, ViewRect rect);

// [SECTION] Widgets: recorded as the item they make, when given a line to record.
bool Button(const UiContext& ui, const char* label, const Dump& dump);
bool RadioButton(const UiContext& ui, const char* label, bool active, const Dump& dump);
bool SliderInt(const UiContext& ui, const char* label, int* v, int lo, int hi, const char* format,
               const Dump& dump);
void ProgressBar(const UiContext& ui, float fraction, ImVec2 size, const std::string& overlay,
                 const Dump& dump);
void Dummy(const UiContext& ui, ImVec2 size, const Dump& dump);
void EndGroup(const UiContext& ui, const Dump& dump);

// [SECTION] Figure text: drawn through the current window's draw list.
struct FigureText {
  ImFont* font = nullptr;  // null: the current font
  float px = 0;            // 0: the current font size
  ImVec2 at;               // the text's top left
  ImU32 color = 0;
};
// Draws `text` as `t` says, recorded as a line over `rect` (its box at `at` measured in its font
// when not given); `dump_px`: the font size the line is recorded with, when not the current
// font's.
void DrawFigureText(const UiContext& ui, const FigureText& t, const std::string& text,
                    const Dump& dump, const ViewRect* rect = nullptr, float dump_px = 0);
// A line over `rect` once what it covers is drawn: a figure's part with no text of its own (a
// boundary, the plot's box, the cursor), or a row that several primitives drew (a code line and
// the count of threads beside it).
void DumpLine(const UiContext& ui, const Dump& dump, ViewRect rect);
// The invariant bracket's stroke from x0 to x1 at height y: its three strokes through the
// renderer, in `color`, `w` wide and `lift` tall, recorded with `caption`.
void DrawBracket(const UiContext& ui, float x0, float x1, float y, float lift, float w,
                 scene::Rgba color, const std::string& caption);

}  // namespace scanviz
