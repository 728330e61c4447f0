// One frame of the app (app_window.h): the style for this frame's scale and theme, the keys
// handed to ImGui and the shortcuts, the menu bar, the panels around the figure (controls left,
// tabs right, status bottom), the shown kind's centre, and the render: our renderer's boxes, then
// ImGui on top. The live loop, the headless modes and the benchmark all draw through DrawFrame.
#include "draw/gl.h"
// gl.h before GLFW, so GLFW does not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <imgui_internal.h>  // which item has the keyboard now; closing popups on Escape; tooltips

#include <algorithm>
#include <vector>

#include "draw/readable_style.h"
#include "kinds/applications/applications_state.h"
#include "kinds/kind_view.h"
#include "kinds/multi_block/multi_block_state.h"
#include "platform/app_window.h"
#include "platform/keyboard_nav.h"
#include "platform/shortcuts.h"
#include "seam/platform.h"
#include "state/embed_code.h"
#include "state/layout.h"
#include "views/primitives.h"
#include "views/step_bar_view.h"
#include "views/views.h"

namespace scanviz {

namespace {

constexpr float kPresenterFactor = 1.6f;

// [SECTION] Keys: queued by the callbacks (main.cpp), applied once per frame (key_queue.h)

// The frame's key events go to ImGui as if they had just happened (a tap's release waits for the
// next frame), except the keys the app reserves while no text field has the keyboard.
// Escape in a text field is ours too: ImGui would throw away what was typed; the views decide
// (the Input box keeps it, the cell editor cancels), and the field lets go of the keyboard. So is
// Tab: ImGui would move the keyboard from field to field (n, seed, the input box: a Tab trap); it
// leaves the field as Escape does, and then switches the algorithm as everywhere else
// (HandleShortcuts), except in the quiz's answers, where it moves to the next answer.
// With ImGui's navigation (keyboard_nav.h) Tab moves it instead.
std::vector<KeyEvent> FeedKeys(App& app, bool text_input, bool navigating) {
  if (text_input) app.keys.DropTyping();  // typed text went to the field already
  std::vector<KeyEvent> events = app.keys.TakeFrame();
  for (const KeyEvent& e : events) {
    if (!text_input && !navigating && IsReservedKey(e.key) && e.Press()) continue;
    if (!text_input && TypingForCell(app.state->view, e)) continue;  // a cell's value's keys
    const bool tab_leaves = e.key == GLFW_KEY_TAB && !app.state->view.tab_between_fields;
    if (text_input && (e.key == GLFW_KEY_ESCAPE || tab_leaves)) {
      if (e.action == GLFW_PRESS) app.state->view.text_escape = true;
      continue;
    }
    for (const KeyEvent& k : ForImGui(e, navigating, text_input)) {
      if (k.key >= 0) ImGui_ImplGlfw_KeyCallback(app.window, k.key, k.scancode, k.action, k.mods);
      if (k.codepoint != 0) ImGui::GetIO().AddInputCharacter(k.codepoint);
    }
  }
  return events;
}

// [SECTION] Style: theme colours and sizes from the content scale

void ApplyStyle(App& app, scene::Theme theme, float scale, float touch) {
  ImGuiStyle style;
  ThemeStyle(&style, theme);
  style.FrameRounding = 3;
  style.ScaleAllSizes(scale);
  if (touch > 0) {
    // A finger's target (layout.h): every button, field and menu title at least `touch` tall,
    // grabs and scrollbars wide enough to hold.
    style.FramePadding.y = std::max(style.FramePadding.y, (touch - app.fonts.ui_px) / 2);
    style.ScrollbarSize = std::max(style.ScrollbarSize, touch * 0.4f);
    style.GrabMinSize = std::max(style.GrabMinSize, touch * 0.4f);
  }
  style.AntiAliasedFill = platform::AntiAliasedFill();
  ImGui::GetStyle() = style;
  app.style_scale = scale;
  app.style_theme = theme;
  app.style_touch = touch;
}

// The screen this frame (layout.h), from the last frame's size in CSS pixels, and a finger's
// target in points where the layout is a touch one (an embedded figure is touched too).
void UpdateForm(App& app) {
  ViewState& vs = app.state->view;
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float k = platform::ContentScale(app.window);
  vs.form = ClassifyScreen(d.x / k, d.y / k, platform::TouchScreen());
  vs.touch_target = TouchSized(vs.form) || vs.embed ? kTouchTarget * k : 0;
}

// Presenter mode on a screen larger than 1080p (in points: a 4K projector that reports no HiDPI
// scale) grows with the screen, so that the figure and its text fill the wall as they fill a 1080p
// one. In quarter steps, so that resizing a window does not rebuild the fonts every frame.
float PresenterRoom(ImVec2 display) {
  const float room = std::min(display.x / 1920.0f, display.y / 1080.0f);
  return std::clamp(std::floor(room * 4.0f) / 4.0f, 1.0f, 3.0f);
}

// This frame's scale (the monitor's content scale, the panels' text size, presenter mode); the
// fonts and the style rebuilt when it or the theme changed.
float UpdateStyle(App& app) {
  UpdateForm(app);
  const ViewState& vs = app.state->view;
  float scale = platform::ContentScale(app.window) * vs.ui_scale;
  if (vs.presenter) scale *= kPresenterFactor * PresenterRoom(ImGui::GetIO().DisplaySize);
  if (EnsureFonts(&app.fonts, scale, vs.figure_scale) || scale != app.style_scale ||
      vs.theme != app.style_theme || vs.touch_target != app.style_touch) {
    ApplyStyle(app, vs.theme, scale, vs.touch_target);
  }
  return scale;
}

// [SECTION] The right-hand panel: a row of tabs (wrapping when narrow), then the chosen one

constexpr const char* kTabTips[kSidePanelCount] = {
    "The hovered or selected cell: its window, its value, how it was made (key 1)",
    "The real kernel (or pseudo-code), this round's lines lit (key 2)",
    "This round in sentences, with its values (key 3)",
    "Work and depth: this trace's rounds, and against n (key 4)",
    "float32 rounding and int32 wrap-around in this trace (key 5)",
    "Which warps and lanes work this round, and the shared-memory banks they hit (key 6)",
    "The mistakes lab: a broken kernel beside the correct one, in a chosen thread order (key 7)"};

// A right-hand tab the shown kind does not offer: what the tab would show, and where to look.
void TabNotOffered(const std::string& text) {
  ImGui::PushTextWrapPos(0);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopTextWrapPos();
}

void DrawSidePanel(App& app, UiContext& ui) {
  ViewState& vs = ui.app.view;
  const ImVec2 window = ImGui::GetWindowPos(), window_size = ImGui::GetWindowSize();
  DumpPanel(ui, "side", {window.x, window.y, window_size.x, window_size.y}, DisplayName(vs.panel));
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  const Kind& kind = ShownKindOf(ui.app);
  // » folds the panel into a strip, giving the figure its width (] does the same).
  if (ImGui::Button("»")) vs.right.Hide();
  Tip(ui, "Hide the side panel", KeyAction::kHideSidePanel);
  for (int i = 0; i < kSidePanelCount; ++i) {
    const SidePanel p = static_cast<SidePanel>(i);
    const char* name = DisplayName(p);
    const float w = ImGui::CalcTextSize(name).x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SameLine();
    if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
    const bool on = vs.panel == p;
    // A tab the shown kind does not offer is dimmed; opened, it says where to look instead.
    const bool offered = kind.Offers(ui.app, p);
    ImGui::PushStyleColor(ImGuiCol_Button,
                          ImGui::GetStyleColorVec4(on ? ImGuiCol_TabActive : ImGuiCol_Tab));
    ImGui::PushStyleColor(
        ImGuiCol_Text, ImGui::GetStyleColorVec4(offered ? ImGuiCol_Text : ImGuiCol_TextDisabled));
    if (ImGui::Button(name)) vs.panel = p;
    ImGui::PopStyleColor(2);
    const std::string tip = offered ? std::string(kTabTips[i]) : kind.NotOffered(p);
    Tip(ui, tip.c_str());
  }
  ImGui::Separator();
  // The tab's own area: from the cursor (below the tabs, and the legend) to the window's corner.
  if (vs.panel != SidePanel::kInspector) DumpContentFromCursor(ui);
  KindFrame frame{ui, ui, app.views};
  if (!KindViewOf(ui.app.ShownKind()).DrawTab(frame, vs.panel))
    TabNotOffered(kind.NotOffered(vs.panel));
}

// [SECTION] The panels around the figure

// A collapsed side panel: a thin strip with the button that brings it back.
void DrawStrip(UiContext& ui, const char* id, ViewRect rect, const char* label, const char* tip,
               ViewState::Fold* fold) {
  BeginPanelWindow(id, rect);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  const float h = std::max(ui.fonts.ui_px * 2, ui.app.view.touch_target);  // a finger's, touched
  if (ImGui::Button(label, ImVec2(-1, h))) fold->Show();
  Place(ui, id + 2);  // "left_strip", "right_strip" (the id less its "##")
  Tip(ui, tip);
  ImGui::PopStyleVar();
  ImGui::End();
}

ViewRect ToView(const Rect& r) {
  return {r.x, r.y, r.w, r.h};
}

// The right-hand panel: the tabs, or the quiz in their place (Q), or its strip.
void DrawRightPanel(App& app, UiContext& ui, const PanelLayout& layout) {
  ViewState& vs = app.state->view;
  const Rect& r = layout.right;
  if (layout.right_strip) {
    DrawStrip(ui, "##right_strip", ToView(r), "«", "Show the side panel (])", &vs.right);
    return;
  }
  BeginPanelWindow("##side", ToView(r));
  if (vs.quiz) {
    DrawQuizView(ui);  // Q: the quiz in place of the tabs
  } else {
    DrawSidePanel(app, ui);
  }
  ImGui::End();
}

// The controls (left), the side panel (right) and the status bar's background: a shade off the
// figure's. Returns the colour the frame is cleared to first. Backgrounds are scissored clears,
// which a software rasteriser (the page's WebGL above all) fills pixel by pixel, while the first
// clear of the whole frame costs next to nothing: with the panels shown, it takes the panels'
// colour, and the figure's room (the smaller part) is the scissored clear.
scene::Rgba DrawPanels(App& app, UiContext& ui, const PanelLayout& layout) {
  ViewState& vs = app.state->view;
  const scene::Rgba figure = ui.palette.background;
  const float k = vs.theme == scene::Theme::kLight ? -0.05f : 0.05f;
  const scene::Rgba panel{figure.r + k, figure.g + k, figure.b + k, 1};
  const Rect& l = layout.left;
  const Rect& r = layout.right;
  const Rect& c = layout.center;
  const Rect& status = layout.status;
  const Rect& bar = layout.step_bar;
  const bool clear_panel = layout.panels_shown && !layout.drawers && !vs.presenter && r.w > 0;
  if (ui.text != nullptr) ui.text->SetUnder(&app.renderer, clear_panel ? panel : figure);
  if (bar.h > 0) app.renderer.AddBackground(bar.x, bar.y, bar.w, bar.h, panel);
  // An embedded figure has no panels; a phone's drawers lie over the figure, drawn after it
  // (DrawDrawers).
  if (!layout.panels_shown || layout.drawers) {
    if (layout.status_shown)
      app.renderer.AddBackground(status.x, status.y, status.w, status.h, panel);
    return figure;
  }
  const bool panels = !vs.presenter && r.w > 0;  // the figure has panels left and right
  if (panels) {
    app.renderer.AddBackground(c.x, c.y, c.w, c.h, figure);
  } else {
    if (!vs.presenter) app.renderer.AddBackground(l.x, l.y, l.w, l.h, panel);
    if (r.w > 0) app.renderer.AddBackground(r.x, r.y, r.w, r.h, panel);
    app.renderer.AddBackground(status.x, status.y, status.w, status.h, panel);
  }
  if (!vs.presenter) {
    if (layout.left_strip) {
      DrawStrip(ui, "##left_strip", ToView(l), "»", "Show the controls ([)", &vs.left);
    } else {
      DrawControlsView(ui, ToView(l));
    }
  }
  if (r.w > 0) DrawRightPanel(app, ui, layout);  // presenter mode has none, but for the quiz's
  return panels ? panel : figure;
}

// A phone's side panels, opened over the figure (layout.h): drawn after it and in front of it,
// on an opaque background; the figure beside them is dimmed, and a tap there closes them and does
// nothing else (the dimmed layer takes it from the figure).
void DrawDrawers(App& app, UiContext& ui, const PanelLayout& layout) {
  ViewState& vs = app.state->view;
  if (!layout.drawers || (layout.left.w <= 0 && layout.right.w <= 0)) return;
  const Rect& c = layout.center;
  constexpr ImGuiWindowFlags kFixed =
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings;
  const auto front = [](const char* name) {
    if (ImGuiWindow* w = ImGui::FindWindowByName(name)) ImGui::BringWindowToDisplayFront(w);
  };
  BeginPanelWindow("##scrim", ToView(c));
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(c.x, c.y), ImVec2(c.x + c.w, c.y + c.h),
                                            IM_COL32(0, 0, 0, 110));
  if (ImGui::IsWindowHovered() && ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
    vs.left.Hide();
    vs.right.Hide();
  }
  ImGui::End();
  front("##scrim");
  const ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(bg.x, bg.y, bg.z, 1));
  const auto drawer = [&](const char* under, const Rect& r, const char* window, auto draw) {
    if (r.w <= 0) return;
    ImGui::SetNextWindowPos(ImVec2(r.x, r.y));
    ImGui::SetNextWindowSize(ImVec2(r.w, r.h));
    ImGui::Begin(under, nullptr, kFixed | ImGuiWindowFlags_NoInputs);
    ImGui::End();
    front(under);
    draw();
    front(window);
  };
  drawer("##left_drawer", layout.left, "##controls",
         [&] { DrawControlsView(ui, ToView(layout.left)); });
  drawer("##right_drawer", layout.right, "##side", [&] { DrawRightPanel(app, ui, layout); });
  ImGui::PopStyleColor();
}

// File > Copy embed code: an <iframe> of this view's link with &embed (embed_code.h), titled with
// what it shows.
void CopyEmbedCode(App& app) {
  AppState& st = *app.state;
  const std::string link = platform::LinkOf(st.ShareLink());
  const std::string title = std::string("ScanViz: ") + DisplayName(st.ShownKind()) + ", " +
                            KindOf(st.ShownKind()).Steps(st).caption;
  platform::CopyText(app, EmbedCode(link, kEmbedWidth, kEmbedHeight, title));
  st.notice = "copied the embed code: an <iframe> of this view, for a slide or a course page";
}

// Where the layout put the figure, the panels and the step bar, for --state-file (layout.*).
void RecordLayout(ViewState& vs, const PanelLayout& layout) {
  const auto put = [&](const char* name, const Rect& r) {
    vs.widgets[name] = {r.x, r.y, r.w, r.h};
  };
  put("layout.center", layout.center);
  put("layout.left", layout.left);
  put("layout.right", layout.right);
  put("layout.step_bar", layout.step_bar);
}

// Layout: the figure gets its room first (layout.h); controls left, tabs right, status bottom.
PanelLayout LayOut(const App& app, ImVec2 display, float menu_height, float figure_need) {
  const ViewState& vs = app.state->view;
  LayoutInput li;
  li.width = display.x;
  li.height = display.y;
  li.px = app.fonts.ui_px;
  li.presenter = vs.presenter;
  li.quiz = vs.quiz;
  li.left_collapsed = vs.left.collapsed;
  li.right_collapsed = vs.right.collapsed;
  li.left_unfolded = vs.left.unfolded;
  li.right_unfolded = vs.right.unfolded;
  li.reading_tab = vs.panel != SidePanel::kInspector;
  li.top = menu_height;
  li.figure_need = figure_need;
  li.form = vs.form;
  li.embed = vs.embed;
  // The step bar under a touch layout's figure: a finger's buttons and a margin round them.
  if (vs.touch_target > 0) li.step_bar = vs.touch_target * 1.25f;
  li.touch = vs.touch_target;
  return ComputeLayout(li);
}

// [SECTION] One frame: new frame, the views, our renderer, ImGui on top

// A file dropped on the window since the last frame (AppState::OpenFile); why it did not open
// goes to the status line.
void OpenDropped(App& app) {
  if (app.dropped.empty()) return;
  AppState& st = *app.state;
  if (std::string err = st.OpenFile(app.dropped); !err.empty()) st.message = err;
  app.dropped.clear();
}

// The keys fed to ImGui, ImGui's new frame; Escape closes an open menu, combo or popup (the export
// options, the benchmark's variants) and does nothing else. The file dialog keeps its Escape.
// Returns the keys for the shortcuts.
std::vector<KeyEvent> BeginFrame(App& app, bool text_input, bool navigating) {
  std::vector<KeyEvent> keys = FeedKeys(app, text_input, navigating);
  ImGuiIO& io = ImGui::GetIO();  // navigation while it has the keys (keyboard_nav.h)
  io.ConfigFlags = navigating ? io.ConfigFlags | ImGuiConfigFlags_NavEnableKeyboard
                              : io.ConfigFlags & ~ImGuiConfigFlags_NavEnableKeyboard;
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  FocusForKeyboard(app.state->view, text_input);
  if (!text_input && app.state->view.file_dialog == FileDialog::kNone &&
      ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopup)) {
    auto escape = [](const KeyEvent& e) { return e.key == GLFW_KEY_ESCAPE && e.Press(); };
    if (std::erase_if(keys, escape) > 0) ImGui::ClosePopupsExceptModals();
  }
  return keys;
}

// What the views found under the mouse last frame becomes this frame's hover.
void TakeHovers(AppState& app) {
  ViewState& vs = app.view;
  vs.hovered = vs.next_hovered;
  vs.next_hovered.reset();
  GridModel& grid = MultiBlockOf(app).grid;
  grid.hovered = grid.next_hovered;
  grid.next_hovered.reset();
  ApplicationsState& applications = ApplicationsOf(app);
  applications.hovered = applications.next_hovered;
  applications.next_hovered.reset();
  vs.tooltip.clear();
  vs.focus_pending = false;
}

// A key pressed or a mouse button clicked (a tap on the page) this frame: the user acted.
bool ActedOn(const std::vector<KeyEvent>& keys) {
  const ImGuiIO& io = ImGui::GetIO();
  const bool clicked = io.MouseClicked[0] || io.MouseClicked[1] || io.MouseClicked[2];
  return clicked || std::any_of(keys.begin(), keys.end(), [](const KeyEvent& e) {
           return e.action == GLFW_PRESS && e.key >= 0;
         });
}

// The left button as this frame took it, for --state-file (ViewState::Mouse says why).
void RecordMouse(ViewState::Mouse& m) {
  const ImGuiIO& io = ImGui::GetIO();
  m.down = io.MouseDown[0];
  m.double_click_time = io.MouseDoubleClickTime;
  if (!io.MouseClicked[0]) return;
  m.double_clicks += io.MouseDoubleClicked[0] ? 1 : 0;
  m.previous_click_time = m.clicks++ > 0 ? m.click_time : -1;
  m.click_time = ImGui::GetTime();
}

// Where this frame's tooltip lies, for --state-file (0s while none shows, or in the frame it
// first appears, which ImGui keeps hidden while it measures it).
void RecordTooltipRect(ViewState& vs) {
  vs.tooltip_rect = {};
  for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
    if (w->Active && !w->Hidden && (w->Flags & ImGuiWindowFlags_Tooltip) != 0)
      vs.tooltip_rect = {w->Pos.x, w->Pos.y, w->Size.x, w->Size.y};
  }
}

void RenderFrame(App& app, scene::Rgba bg) {
  ImGui::Render();
  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(app.window, &fb_w, &fb_h);
  glViewport(0, 0, fb_w, fb_h);
  glClearColor(bg.r, bg.g, bg.b, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  app.renderer.Flush(fb_w, fb_h);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace

void DrawFrame(App& app, float fps) {
  AppState& st = *app.state;
  ViewState& vs = st.view;
  const float scale = UpdateStyle(app);
  OpenDropped(app);
  const bool text_input = TextFieldActive();  // as the last frame left it
  const bool navigating = KeyboardNavigating(vs);
  const std::vector<KeyEvent> keys = BeginFrame(app, text_input, navigating);
  vs.keyboard.navigating = navigating;
  TakeHovers(st);
  RecordMouse(vs.mouse);
  if (ActedOn(keys)) st.ActionTaken();  // a link's error is out of date
  const ShortcutResult shortcut = HandleShortcuts(st, keys, text_input, navigating);
  vs.tab_between_fields = false;  // read by the keys above; the active field's view sets it again
  if (shortcut.toggle_fullscreen) vs.fullscreen = !vs.fullscreen;
  if (shortcut.quit) glfwSetWindowShouldClose(app.window, GLFW_TRUE);

  const ImVec2 display = ImGui::GetIO().DisplaySize;
  UiContext ui{st, app.renderer, app.fonts, scene::MakePalette(vs.theme), scale, app.dump};
  ui.text = app.text;
  // The menu bar's background is the renderer's; DrawPanels then names the colour cleared to.
  if (app.text != nullptr) app.text->SetUnder(&app.renderer, ui.palette.background);
  ui.kind_of = KindOf;
  ui.draw_kind_part = DrawKindPart;
  // The figure at its own zoom (Ctrl + / -): its font, and sizes scaled with it.
  const Fonts figure_fonts = FigureFonts(app.fonts);
  UiContext figure{st, app.renderer, figure_fonts, ui.palette, scale * vs.figure_scale, app.dump};
  figure.text = app.text;
  figure.kind_of = KindOf;
  app.renderer.Begin(display.x, display.y);
  // The menu bar reaches every kind of view, lab and file action; presenter mode hides it.
  MenuResult menu;
  if (!vs.presenter && !vs.embed) menu = DrawMenuBar(ui);
  if (menu.toggle_fullscreen) vs.fullscreen = !vs.fullscreen;
  if (menu.quit) glfwSetWindowShouldClose(app.window, GLFW_TRUE);
  if (menu.copy_link) {
    // A link that would not open is never copied: the reason, and the session file instead.
    const std::string fragment = st.ShareLink();
    if (std::string why = LinkRefusal(fragment); !why.empty()) {
      st.notice.clear();
      st.message = std::move(why);
    } else {
      const std::string link = platform::CopyLink(app, fragment);
      st.notice = "copied a link to this view (" + std::to_string(link.size()) + " characters)";
    }
  }
  if (menu.paste_link) platform::PasteLink(app);
  if (menu.copy_embed) CopyEmbedCode(app);

  KindFrame frame{ui, figure, app.views};
  const KindView& kind = KindViewOf(st.ShownKind());
  const PanelLayout layout = LayOut(app, display, menu.height, kind.FigureNeed(frame));
  const Rect& room = layout.center;  // the page's swipe steps over it (platform_web.cpp)
  vs.widgets["figure"] = {room.x, room.y, room.w, room.h};
  vs.left.strip = layout.left_strip;  // for [ and ] and the menu, until the next layout
  vs.right.strip = layout.right_strip;
  const scene::Rgba base = DrawPanels(app, ui, layout);
  if (!app.hide_trace_view) kind.DrawCenter(frame, ToView(layout.center));  // --bench-frames
  DrawDrawers(app, ui, layout);
  if (layout.status_shown) DrawStatusView(ui, ToView(layout.status), fps);
  if (layout.step_bar.h > 0)
    DrawStepBar(ui, ToView(layout.step_bar), {vs.touch_target, layout.drawers});
  RecordLayout(vs, layout);
  platform::TakeFileRequest(app);  // the web's picker and downloads
  DrawFileDialog(ui);
  if (vs.qr) DrawQrCode(app, ui);  // View > Show QR code (J), under the help
  DrawHelpView(ui);      // last: over everything
  if (vs.text_escape) {  // no view took it: the field just lets go of the keyboard
    ImGui::SetWindowFocus(nullptr);
    vs.text_escape = false;
  }
  RecordTooltipRect(vs);
  RenderFrame(app, base);
}

}  // namespace scanviz
