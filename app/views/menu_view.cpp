// The menu bar: every kind of view (kind_model.h), the labs, the files and exports, the view
// options and the help, each with its key, so that a first-time student finds the quiz and the
// timeline without F1. Presenter mode hides it (the keys still work).
#include <algorithm>
#include <utility>

#include <imgui_internal.h>  // the menu bar's navigation (F10, Alt)

#include "core/registry.h"
#include "state/kind_model.h"
#include "views/primitives.h"
#include "views/views.h"

namespace scanviz {
namespace {

// Where a menu item was drawn and what keys reach: the items in the order drawn (each menu's
// own, for a test to walk with the arrows), the item ImGui's navigation is on, and how often each
// was chosen (--state-file: "keyboard").
void Remember(UiContext& ui, const char* name, bool chosen) {
  ViewState::Keyboard& kb = ui.app.view.keyboard;
  const std::array<std::string, 2> item{ui.app.view.keyboard.drawing, name};
  if (std::find(kb.items.begin(), kb.items.end(), item) == kb.items.end()) kb.items.push_back(item);
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  if (ImGui::GetItemID() == g.NavId && !g.NavDisableHighlight) kb.nav_item = name;
  if (chosen) ++kb.chosen[name];
}

bool Item(UiContext& ui, const char* name, const char* label, const char* keys, bool on,
          const char* tip) {
  return MenuItem(ui, name, label, keys, on, tip);
}

void FileMenu(UiContext& ui, MenuResult* out) {
  ViewState& vs = ui.app.view;
  if (Item(ui, "menu.open", "Open…", "Ctrl+O", false, "A session or a trace file"))
    vs.file_dialog = FileDialog::kOpen;
  if (Item(ui, "menu.save", "Save session…", "Ctrl+Shift+S", false,
           "The input, the view and its step, to hand to students"))
    vs.file_dialog = FileDialog::kSave;
  if (Item(ui, "menu.copy_link", "Copy link", nullptr, false,
           "A link (#s=...) that opens this view: the input, the kind, its step and settings"))
    out->copy_link = true;
  if (Item(ui, "menu.paste_link", "Open link from clipboard", nullptr, false,
           "Opens a copied ScanViz link (the page's address, or a link from Copy link)"))
    out->paste_link = true;
  if (Item(ui, "menu.copy_embed", "Copy embed code", nullptr, false,
           "An <iframe> of this view (the figure and its step bar) for a slide or a course page"))
    out->copy_embed = true;
  ImGui::Separator();
  if (Item(ui, "menu.export", "Export figure", "Ctrl+S", false,
           "The figure alone as PNG (and SVG), at its step"))
    vs.export_request = ViewState::Export::kFigure;
  if (Item(ui, "menu.export_all", "Export every step", nullptr, false,
           "An animated GIF and a folder of numbered pictures, one per step"))
    vs.export_request = ViewState::Export::kAllRounds;
  ImGui::Separator();
  if (Item(ui, "menu.quit", "Quit", "Ctrl+Q", false, "Close ScanViz (the settings are kept)"))
    out->quit = true;
}

// Every kind's line in the registry's order, under the headings their entries open
// (KindEntry::section); a kind with a list draws it (the block scans, the applications).
void ShowMenu(UiContext& ui) {
  for (KindId id : kAllKinds) {
    const KindEntry entry = ui.kind_of(id).Entry();
    if (entry.section != nullptr) {
      if (id != kAllKinds.front()) ImGui::Separator();
      if (*entry.section != 0) ImGui::TextDisabled("%s", entry.section);
    }
    ui.draw_kind_part(ui, id, KindPart::kMenu);
  }
}

// A side-panel tab; the block scan's tabs bring a block scan back when another kind is shown.
void TabItem(UiContext& ui, SidePanel tab, const char* key, const char* tip) {
  AppState& app = ui.app;
  const std::string name = std::string("menu.tab.") + ToString(tab);
  if (!Item(ui, name.c_str(), DisplayName(tab), key, app.view.panel == tab, tip)) return;
  app.view.panel = tab;
  app.view.panel_from_code = true;
  if (!ShownKindOf(ui).Offers(app, tab)) app.SetKind(kHomeKind);
}

void LabsMenu(UiContext& ui) {
  ViewState& vs = ui.app.view;
  if (Item(ui, "menu.quiz", "Quiz", "Q", vs.quiz,
           "Predict the next round: the cells it writes are blank, type them, get them graded"))
    vs.quiz = !vs.quiz;
  TabItem(ui, SidePanel::kMistakes, "7",
          "A broken kernel beside the correct one, in a thread order you choose");
  TabItem(ui, SidePanel::kWarpsBanks, "6", "Which warps and lanes work, which banks they hit");
  TabItem(ui, SidePanel::kWorkDepth, "4", "Work and depth: the trade-off, against n");
  TabItem(ui, SidePanel::kNumerics, "5", "float32 rounding and int32 wrap-around");
  ImGui::Separator();
  TabItem(ui, SidePanel::kInspector, "1", "The hovered or selected cell: its window and value");
  TabItem(ui, SidePanel::kCode, "2", "The real CUDA kernel, this step's lines lit");
  TabItem(ui, SidePanel::kNarration, "3", "This step in sentences, with its values");
}

void ViewMenu(UiContext& ui, MenuResult* out) {
  ViewState& vs = ui.app.view;
  if (Item(ui, "menu.presenter", "Presenter mode", "P", vs.presenter,
           "Large text, full screen, the panels and this menu hidden (P again: back)"))
    vs.presenter = !vs.presenter;
  if (Item(ui, "menu.fullscreen", "Full screen", "F11", vs.fullscreen, "The whole screen"))
    out->toggle_fullscreen = true;
  ImGui::Separator();
  if (Item(ui, "menu.bigger", "Larger figure", "Ctrl+=", false, "Its values and cells"))
    vs.figure_scale = std::min(vs.figure_scale * 1.2f, 3.0f);
  if (Item(ui, "menu.smaller", "Smaller figure", "Ctrl+-", false, "Its values and cells"))
    vs.figure_scale = std::max(vs.figure_scale / 1.2f, 0.6f);
  if (Item(ui, "menu.fit", "Fit view", "F", false,
           "The whole figure, unzoomed (Ctrl+0: its usual size too)"))
    vs.FitView();
  if (Item(ui, "menu.fps", "Frame rate", nullptr, vs.show_fps, "Frames a second in the status bar"))
    vs.show_fps = !vs.show_fps;
  ImGui::Separator();
  if (Item(ui, "menu.only_current", "Only the current round", "O", vs.only_current,
           "The input and the current round only"))
    vs.only_current = !vs.only_current;
  if (Item(ui, "menu.cases", "Colour Hillis-Steele cases", "C", vs.color_by_case,
           "Case 1 full window, 2 partial, 3 no left neighbour"))
    vs.color_by_case = !vs.color_by_case;
  if (Item(ui, "menu.left", "Controls panel", "[", !vs.left.strip, "Show or fold it"))
    vs.left.Toggle();
  if (Item(ui, "menu.right", "Side panel", "]", !vs.right.strip, "Show or fold it"))
    vs.right.Toggle();
  const char* themes[] = {"Dark theme", "Light theme", "High-contrast theme"};
  for (int i = 0; i < 3; ++i) {
    const std::string name = "menu.theme" + std::to_string(i);
    if (Item(ui, name.c_str(), themes[i], nullptr, static_cast<int>(vs.theme) == i,
             "Colours for the room: light for a bright projector"))
      vs.theme = static_cast<scene::Theme>(i);
  }
  ImGui::Separator();
  if (Item(ui, "menu.qr", "Show QR code", "J", vs.qr,
           "This view's link as a QR code for phones (a classroom's address when teaching)"))
    vs.qr = !vs.qr;
}

// F10 or Alt (request 0: the first menu) or Alt+letter (1 + its index): the keyboard on this
// menu's title in the bar; with a letter the menu opens too (next frame). ImGui 1.86 has no Alt
// for the main menu bar: the bar's window is given the navigation, on its menu layer.
void TakeKeyboard(int index) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  ImGuiWindow* bar = ImGui::GetCurrentWindow();
  const ImGuiID id = ImGui::GetItemID();
  ImGui::FocusWindow(bar);
  const ImRect r = g.LastItemData.Rect;
  const ImVec2 at = bar->Pos;
  ImGui::SetNavID(id, ImGuiNavLayer_Menu, 0,
                  ImRect(r.Min.x - at.x, r.Min.y - at.y, r.Max.x - at.x, r.Max.y - at.y));
  g.NavDisableHighlight = false;
  g.NavDisableMouseHover = true;
  if (index > 0) ImGui::ActivateItem(id);
}

// A top-level menu, its place remembered for --state-file.
bool Menu(UiContext& ui, const char* name, const char* label) {
  ViewState::Keyboard& kb = ui.app.view.keyboard;
  const int index = static_cast<int>(kb.menus.size());
  kb.menus.emplace_back(name);
  kb.drawing.clear();  // the bar's own
  const bool open = ImGui::BeginMenu(label);
  Place(ui, name);
  Remember(ui, name, false);
  const bool asked = kb.menu_request == 0 ? index == 0 : kb.menu_request == index + 1;
  if (asked && !open) TakeKeyboard(kb.menu_request);
  if (asked) kb.menu_request = -1;
  // The bar shows the keyboard on it from the next frame: the loop stays awake for it (Alt's
  // release may be the last event before the app sleeps).
  if (asked) ui.app.view.focus_pending = true;
  ui.app.view.keyboard.drawing = name;
  return open;
}

}  // namespace

bool MenuItem(UiContext& ui, const char* name, const char* label, const char* keys, bool on,
              const char* tip) {
  const bool clicked = ImGui::MenuItem(label, keys, on);
  Place(ui, name);
  Remember(ui, name, clicked);
  Tip(ui, tip);
  return clicked;
}

bool BeginSubMenu(UiContext& ui, const char* name, const char* label, std::string* outer) {
  const bool open = ImGui::BeginMenu(label);
  Place(ui, name);
  Remember(ui, name, false);
  if (open) *outer = std::exchange(ui.app.view.keyboard.drawing, name);
  return open;
}

void EndSubMenu(UiContext& ui, std::string outer) {
  ui.app.view.keyboard.drawing = std::move(outer);
  ImGui::EndMenu();
}

MenuResult DrawMenuBar(UiContext& ui) {
  MenuResult out;
  // The bar's background is one of the renderer's scissored clears, as the panels' are, rather
  // than ImGui's blended quads (on the page's software WebGL those cost about half a millisecond
  // a frame): the same colour, the bar's colour over the window's over the figure's.
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec4 bar = style.Colors[ImGuiCol_MenuBarBg];
  const ImVec4 window = style.Colors[ImGuiCol_WindowBg];
  ImGui::PushStyleColor(ImGuiCol_WindowBg, IM_COL32(0, 0, 0, 0));
  ImGui::PushStyleColor(ImGuiCol_MenuBarBg, IM_COL32(0, 0, 0, 0));
  const bool open = ImGui::BeginMainMenuBar();
  ImGui::PopStyleColor(2);
  if (!open) return out;
  // A touch layout: each menu's items a finger's target tall (a menu item takes the spacing
  // around it as its own, so the spacing makes up the difference to the text's height).
  const float touch = ui.app.view.touch_target;
  // The titles in the bar take the horizontal spacing round them: wide enough for "File".
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing,
                      touch > 0 ? ImVec2(std::max(style.ItemSpacing.x, touch * 0.4f),
                                         std::max(style.ItemSpacing.y, touch - ui.fonts.ui_px))
                                : style.ItemSpacing);
  out.height = ImGui::GetWindowSize().y;
  ui.renderer.AddBackground(0, 0, ImGui::GetWindowSize().x, out.height,
                            Over(bar, Over(window, ui.palette.background)));
  ui.app.view.keyboard.menus.clear();
  if (Menu(ui, "menu.file", "File")) {
    FileMenu(ui, &out);
    ImGui::EndMenu();
  }
  if (Menu(ui, "menu.show", "Show")) {
    ShowMenu(ui);
    ImGui::EndMenu();
  }
  if (Menu(ui, "menu.labs", "Labs")) {
    LabsMenu(ui);
    ImGui::EndMenu();
  }
  if (Menu(ui, "menu.view", "View")) {
    ViewMenu(ui, &out);
    ImGui::EndMenu();
  }
  if (Menu(ui, "menu.help", "Help")) {
    if (Item(ui, "menu.keys", "Keys and mouse", "F1", ui.app.view.help, "Every key and action"))
      ui.app.view.help = true;
    ImGui::EndMenu();
  }
  // What is shown, at the right: the kind and its step, readable from the back of the room.
  AppState& app = ui.app;
  const std::string where =
      std::string(DisplayName(app.ShownKind())) + "  ·  " + ShownKindOf(ui).Steps(app).caption;
  const float w = ImGui::CalcTextSize(where.c_str()).x;
  const float right = ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetCursorPosX() + w + ui.fonts.ui_px < right) {
    ImGui::SetCursorPosX(right - w - ui.fonts.ui_px * 0.5f);
    TextDim(ui, "menu", where);
  }
  ImGui::PopStyleVar();
  ImGui::EndMainMenuBar();
  return out;
}

}  // namespace scanviz
