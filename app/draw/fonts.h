// Fonts sized from the monitor's content scale, the user's zoom and presenter mode; rebuilt (atlas
// and GL texture) whenever one of them changes. DejaVu Sans is found at run time; without it the
// app falls back to ImGui's built-in font and says so. DejaVu Sans Mono, for the code panel, is
// optional: without it the code is set in the UI font.
#pragma once

#include <imgui.h>

#include <string>

namespace scanviz {

struct Fonts {
  ImFont* ui = nullptr;     // panels
  ImFont* large = nullptr;  // cell values and row titles in the array view; narration
  ImFont* mono = nullptr;   // the code panel (DejaVu Sans Mono; the UI font when not found)
  // The figure's font at its zoom (Ctrl + / -): the array view draws its values, tags and titles
  // with it, baked at the largest size it draws so that a projector shows crisp glyphs.
  ImFont* figure = nullptr;
  float ui_px = 0;
  float large_px = 0;
  float figure_scale = 1;  // the figure's text relative to the panels'
  float scale = 0;      // what the fonts were built for
  std::string message;  // set when DejaVu Sans was not found
  ImVector<ImWchar> ranges;
};

// Font pixel size for a scale (content scale x zoom x presenter factor).
float UiFontPixels(float scale);
// Rebuilds the atlas if `scale` differs from the one it was built for. Call before NewFrame.
// Returns true when it rebuilt (the caller then rescales the style).
bool EnsureFonts(Fonts* fonts, float scale, float figure_scale = 1);

// The fonts as the figure sees them: its font in the UI and large roles, at figure_scale times
// the panels' sizes.
Fonts FigureFonts(const Fonts& fonts);

}  // namespace scanviz
