// F1 or ?: every key and mouse action over the whole window, from the one table (key_help.h): a
// dimmed backdrop and a card in two columns, in the large font (made smaller only as far as it
// must to fit the window), in the theme's colours. F1, ? and Escape close it (shortcuts.cpp), so do
// its Close button and a click outside the card.
#include <algorithm>
#include <cfloat>
#include <vector>

#include "views.h"

namespace scanviz {

namespace {

// The groups of the left column, then the right's (whose lines wrap more): about as tall.
const std::vector<KeyGroup> kColumns[2] = {
    {KeyGroup::kRounds, KeyGroup::kShow, KeyGroup::kPanels},
    {KeyGroup::kEdit, KeyGroup::kMouse, KeyGroup::kApp}};

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

}  // namespace

void DrawHelpView(UiContext& ui) {
  ViewState& vs = ui.app.view;
  if (!vs.help) return;
  const scene::Palette& pal = ui.palette;
  const Fonts& fonts = ui.fonts;
  const ImVec2 display = ImGui::GetIO().DisplaySize;

  // The backdrop: the whole window, the view dimmed under it. On top of every panel (they never
  // come to the front), so that a click outside the card reaches it and nothing under it.
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

  // The card: as wide as reads well, centred; the font as large as fits its height.
  const float margin = std::min(display.x, display.y) * 0.04f;
  const float pad = fonts.ui_px * 1.2f, col_gap = fonts.ui_px * 2.5f, gap = fonts.ui_px;
  const float spacing = ImGui::GetStyle().ItemSpacing.y;
  const float card_w = std::min(display.x - 2 * margin, fonts.large_px * 62);
  // Room for a scrollbar, which the card shows when even the smallest font does not fit.
  const float col_w = (card_w - 2 * pad - col_gap - ImGui::GetStyle().ScrollbarSize) * 0.5f;
  const float max_h = display.y - 2 * margin;
  float px = fonts.large_px;
  const float min_px = std::min(px, std::max(fonts.ui_px * 0.5f, 13.0f));
  Column cols[2];
  float title_h = 0, body_h = 0;
  for (;;) {
    cols[0] = Measure(fonts.large, px, kColumns[0], col_w, gap, spacing);
    cols[1] = Measure(fonts.large, px, kColumns[1], col_w, gap, spacing);
    title_h = px * 2.4f;
    body_h = std::max(cols[0].height, cols[1].height);
    if (title_h + body_h + 2 * pad + px <= max_h || px <= min_px) break;
    px = std::max(px * 0.95f, min_px);  // smaller, rather than scroll on a projector
  }
  const ImVec2 size(card_w, std::min(title_h + body_h + 2 * pad + px, max_h));
  const ImVec2 pos((display.x - size.x) * 0.5f, (display.y - size.y) * 0.5f);
  ImGui::SetCursorScreenPos(pos);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, Color(pal.background));
  ImGui::PushStyleColor(ImGuiCol_Border, Color(pal.text_dim));
  ImGui::PushStyleVar(ImGuiStyleVar_ChildBorderSize, std::max(1.0f, 2 * ui.scale));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad, pad));
  ImGui::BeginChild("##help_card", size, true);
  if (ui.text != nullptr) ui.text->BeginPanel("help", {pos.x, pos.y, size.x, size.y});
  ImGui::PushFont(fonts.large);
  ImGui::SetWindowFontScale(px / fonts.large->FontSize);

  // Title, and Close on the right.
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const char* title = "Keys and mouse";
  ImGui::GetWindowDrawList()->AddText(fonts.large, px * 1.3f, origin, ToImU32(pal.text), title);
  if (ui.text != nullptr) {
    const ImVec2 ts = fonts.large->CalcTextSizeA(px * 1.3f, FLT_MAX, 0, title);
    ui.text->Text("title", title, {origin.x, origin.y, ts.x, ts.y});
  }
  const char* close = "Close";
  const float close_w = ImGui::CalcTextSize(close).x + ImGui::GetStyle().FramePadding.x * 2;
  ImGui::SetCursorScreenPos(ImVec2(origin.x + 2 * col_w + col_gap - close_w, origin.y));
  if (ImGui::Button(close)) vs.help = false;
  Tip(ui, "Close this help (F1, ? or Esc)");

  // The two columns: each group's heading, then its keys and what they do.
  const ImVec4 keys_color = Color(pal.bracket), text_color = Color(pal.text);
  const float window_x = ImGui::GetWindowPos().x;
  float bottom = origin.y + title_h;
  for (int c = 0; c < 2; ++c) {
    const float x = origin.x + static_cast<float>(c) * (col_w + col_gap);
    const float action_x = x + cols[c].keys_w + gap;
    float y = origin.y + title_h;
    for (const KeyGroup g : kColumns[c]) {
      ImGui::SetCursorScreenPos(ImVec2(x, y + px * 0.4f));
      ImGui::TextColored(Color(pal.text_dim), "%s", Title(g));
      Record(ui, "heading", Title(g));
      y = ImGui::GetItemRectMax().y + spacing;
      for (const KeyHelp& h : KeyHelpTable()) {
        if (h.group != g) continue;
        ImGui::SetCursorScreenPos(ImVec2(x, y));
        ImGui::PushTextWrapPos(x + cols[c].keys_w - window_x);
        ImGui::PushStyleColor(ImGuiCol_Text, keys_color);
        ImGui::TextUnformatted(h.keys);
        ImGui::PopStyleColor();
        ImGui::PopTextWrapPos();
        Record(ui, "keys", h.keys);
        float row_bottom = ImGui::GetItemRectMax().y;
        ImGui::SetCursorScreenPos(ImVec2(action_x, y));
        ImGui::PushTextWrapPos(x + col_w - window_x);
        ImGui::PushStyleColor(ImGuiCol_Text, text_color);
        ImGui::TextUnformatted(h.action);
        ImGui::PopStyleColor();
        ImGui::PopTextWrapPos();
        Record(ui, "action", h.action);
        row_bottom = std::max(row_bottom, ImGui::GetItemRectMax().y);
        y = row_bottom + spacing;
      }
    }
    bottom = std::max(bottom, y);
  }
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
