// F1 or ?: every key and mouse action over the whole window, from the one table (key_help.h): a
// dimmed backdrop and a card in two or three columns, in the large font (made smaller only as far as it
// must to fit the window), in the theme's colours. F1, ? and Escape close it (shortcuts.cpp), so do
// its Close button and a click outside the card.
#include <algorithm>
#include <cfloat>
#include <vector>

#include "views/primitives.h"
#include "views/views.h"

namespace scanviz {

namespace {

// The groups of each column, left to right (the mouse's lines wrap more): about as tall. In two
// columns, or three where that gives the larger font (a wide window: since the keyboard-only keys
// of issue #34, two no longer fit 1080p at the large font).
constexpr int kMaxColumns = 3;
using Columns = std::vector<std::vector<KeyGroup>>;
const Columns kTwoColumns = {
    {KeyGroup::kRounds, KeyGroup::kShow, KeyGroup::kPanels},
    {KeyGroup::kEdit, KeyGroup::kMouse, KeyGroup::kApp}};
const Columns kThreeColumns = {{KeyGroup::kRounds, KeyGroup::kShow},
                               {KeyGroup::kPanels, KeyGroup::kApp},
                               {KeyGroup::kEdit, KeyGroup::kMouse}};

ImVec4 Color(scene::Rgba c, float alpha = 1) {
  return ImVec4(c.r, c.g, c.b, alpha);
}

// One column's geometry at a font size: the keys' width, then the height of its groups.
struct Column {
  float keys_w = 0;
  float height = 0;
};

Column Measure(ImFont* font, float px, const std::vector<KeyGroup>& groups, float width, float gap,
               float spacing) {
  Column c;
  for (const KeyGroup g : groups) {
    for (const KeyHelp& h : KeyHelpTable())
      if (h.group == g)
        c.keys_w = std::max(c.keys_w, font->CalcTextSizeA(px, FLT_MAX, 0, h.keys).x);
  }
  c.keys_w = std::min(c.keys_w, width * 0.42f);  // longer keys wrap (the mouse's)
  const float action_w = width - c.keys_w - gap;
  for (const KeyGroup g : groups) {
    c.height += px * 1.6f;  // the group's heading and the space above it
    for (const KeyHelp& h : KeyHelpTable()) {
      if (h.group != g) continue;
      const float keys_h = font->CalcTextSizeA(px, FLT_MAX, c.keys_w, h.keys).y;
      const float action_h = font->CalcTextSizeA(px, FLT_MAX, action_w, h.action).y;
      c.height += std::max(keys_h, action_h) + spacing;
    }
  }
  return c;
}

// The card's layout: as wide as reads well, centred; the font as large as fits its height.
struct Card {
  float pad = 0, col_gap = 0, gap = 0, spacing = 0;  // inside the card, between columns, keys
  float col_w = 0;                                   // each column's width
  float px = 0;                                      // the font size that fits
  float title_h = 0;
  const Columns* layout = &kTwoColumns;
  int count = 2;  // columns
  Column cols[kMaxColumns];
  ImVec2 pos, size;
};

Card FitCard(const Fonts& fonts, ImVec2 display, const Columns& layout) {
  Card c;
  c.layout = &layout;
  c.count = static_cast<int>(layout.size());
  const float margin = std::min(display.x, display.y) * 0.025f;  // room for more rows at 720p
  c.pad = fonts.ui_px * 1.2f;
  c.col_gap = fonts.ui_px * 2.5f;
  c.gap = fonts.ui_px;
  c.spacing = ImGui::GetStyle().ItemSpacing.y;
  const float card_w = std::min(display.x - 2 * margin, fonts.large_px * 31 * c.count);
  // Room for a scrollbar, which the card shows when even the smallest font does not fit.
  c.col_w =
      (card_w - 2 * c.pad - (c.count - 1) * c.col_gap - ImGui::GetStyle().ScrollbarSize) / c.count;
  const float max_h = display.y - 2 * margin;
  c.px = fonts.large_px;
  const float min_px = std::min(c.px, std::max(fonts.ui_px * 0.5f, 13.0f));
  float body_h = 0;
  for (;;) {
    body_h = 0;
    for (int i = 0; i < c.count; ++i) {
      c.cols[i] = Measure(fonts.large, c.px, layout[i], c.col_w, c.gap, c.spacing);
      body_h = std::max(body_h, c.cols[i].height);
    }
    c.title_h = c.px * 2.4f;
    if (c.title_h + body_h + 2 * c.pad + c.px <= max_h || c.px <= min_px) break;
    c.px = std::max(c.px * 0.95f, min_px);  // smaller, rather than scroll on a projector
  }
  c.size = ImVec2(card_w, std::min(c.title_h + body_h + 2 * c.pad + c.px, max_h));
  c.pos = ImVec2((display.x - c.size.x) * 0.5f, (display.y - c.size.y) * 0.5f);
  return c;
}

// Two columns, unless three fit a larger font.
Card FitCard(const Fonts& fonts, ImVec2 display) {
  const Card two = FitCard(fonts, display, kTwoColumns);
  if (two.px >= fonts.large_px) return two;
  const Card three = FitCard(fonts, display, kThreeColumns);
  return three.px > two.px ? three : two;
}

// The backdrop: the whole window, the view dimmed under it. On top of every panel (they never
// come to the front), so that a click outside the card reaches it and nothing under it.
void BeginBackdrop(const scene::Palette& pal, ImVec2 display) {
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(display);
  ImGui::SetNextWindowFocus();
  ImGui::PushStyleColor(ImGuiCol_WindowBg, Color(pal.background, 0.72f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0);
  ImGui::Begin("##help_backdrop", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
}

// Title, and Close on the right.
void DrawTitle(UiContext& ui, const Card& c, ImVec2 origin) {
  const Fonts& fonts = ui.fonts;
  const char* title = "Keys and mouse";
  DrawFigureText(ui, {fonts.large, c.px * 1.3f, origin, ToImU32(ui.palette.text)}, title, "title");
  const char* close = "Close";
  const float close_w = ImGui::CalcTextSize(close).x + ImGui::GetStyle().FramePadding.x * 2;
  const float right = origin.x + c.count * c.col_w + (c.count - 1) * c.col_gap;
  ImGui::SetCursorScreenPos(ImVec2(right - close_w, origin.y));
  if (ImGui::Button(close)) ui.app.view.help = false;
  Tip(ui, "Close this help (F1, ? or Esc)");
}

// One key and what it does, side by side at y, each wrapped to its part of the column. Returns
// the row's bottom.
float DrawKeyRow(UiContext& ui, const KeyHelp& h, float x, float action_x, float right, float y,
                 float keys_w) {
  const float window_x = ImGui::GetWindowPos().x;
  ImGui::SetCursorScreenPos(ImVec2(x, y));
  ImGui::PushTextWrapPos(x + keys_w - window_x);
  // The keys in the bracket's colour; on light (3.7:1) in the darker vermillion of `bad`.
  const scene::Rgba key = scene::ContrastRatio(ui.palette.bracket, ui.palette.background) >= 4.5f
                              ? ui.palette.bracket
                              : ui.palette.bad;
  ImGui::PushStyleColor(ImGuiCol_Text, Color(key));
  Text(ui, "keys", h.keys);
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
  float row_bottom = ImGui::GetItemRectMax().y;
  ImGui::SetCursorScreenPos(ImVec2(action_x, y));
  ImGui::PushTextWrapPos(right - window_x);
  ImGui::PushStyleColor(ImGuiCol_Text, Color(ui.palette.text));
  Text(ui, "action", h.action);
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
  return std::max(row_bottom, ImGui::GetItemRectMax().y);
}

// Column c from y: each group's heading, then its keys and what they do. Returns its bottom.
float DrawColumn(UiContext& ui, const Card& card, int c, ImVec2 origin, float y) {
  const float x = origin.x + static_cast<float>(c) * (card.col_w + card.col_gap);
  const float action_x = x + card.cols[c].keys_w + card.gap;
  for (const KeyGroup g : (*card.layout)[c]) {
    ImGui::SetCursorScreenPos(ImVec2(x, y + card.px * 0.4f));
    TextColored(ui, "heading", ui.palette.text_dim, Title(g));
    y = ImGui::GetItemRectMax().y + card.spacing;
    for (const KeyHelp& h : KeyHelpTable()) {
      if (h.group != g) continue;
      y = DrawKeyRow(ui, h, x, action_x, x + card.col_w, y, card.cols[c].keys_w) + card.spacing;
    }
  }
  return y;
}

}  // namespace

void DrawHelpView(UiContext& ui) {
  ViewState& vs = ui.app.view;
  if (!vs.help) return;
  const scene::Palette& pal = ui.palette;
  const Fonts& fonts = ui.fonts;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  BeginBackdrop(pal, display);
  const Card card = FitCard(fonts, display);
  ImGui::SetCursorScreenPos(card.pos);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, Color(pal.background));
  ImGui::PushStyleColor(ImGuiCol_Border, Color(pal.text_dim));
  ImGui::PushStyleVar(ImGuiStyleVar_ChildBorderSize, std::max(1.0f, 2 * ui.scale));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(card.pad, card.pad));
  ImGui::BeginChild("##help_card", card.size, true);
  DumpPanel(ui, "help", {card.pos.x, card.pos.y, card.size.x, card.size.y});
  ImGui::PushFont(fonts.large);
  ImGui::SetWindowFontScale(card.px / fonts.large->FontSize);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  DrawTitle(ui, card, origin);
  float bottom = origin.y + card.title_h;
  for (int c = 0; c < card.count; ++c)
    bottom = std::max(bottom, DrawColumn(ui, card, c, origin, origin.y + card.title_h));
  ImGui::SetCursorScreenPos(ImVec2(origin.x, bottom));
  ImGui::Dummy(ImVec2(1, 1));  // the child's content ends below the taller column (it scrolls)
  ImGui::SetWindowFontScale(1);
  ImGui::PopFont();
  ImGui::EndChild();
  ImGui::PopStyleVar(2);
  ImGui::PopStyleColor(2);
  // A click on the backdrop (the card is a window of its own) closes the help.
  if (ImGui::IsWindowHovered() && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !vs.ignore_mouse)
    vs.help = false;
  ImGui::End();
}

}  // namespace scanviz
