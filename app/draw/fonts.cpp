#include "draw/fonts.h"

#include <imgui_impl_opengl3.h>

#include <cmath>
#include <filesystem>

namespace scanviz {

namespace {

constexpr float kBasePixels = 17.0f;  // at content scale 1, zoom 1
constexpr float kLargeFactor = 1.25f;

constexpr const char* kFontCandidates[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
};

constexpr const char* kMonoCandidates[] = {
    "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
    "/usr/share/fonts/dejavu/DejaVuSansMono.ttf",
};

template <size_t N>
const char* FindFont(const char* const (&candidates)[N]) {
  for (const char* path : candidates) {
    if (std::filesystem::exists(path)) return path;
  }
  return nullptr;
}

}  // namespace

float UiFontPixels(float scale) {
  return std::round(kBasePixels * scale);
}

Fonts FigureFonts(const Fonts& fonts) {
  Fonts f = fonts;
  f.ui = f.large = fonts.figure != nullptr ? fonts.figure : fonts.large;
  f.ui_px = std::round(fonts.ui_px * fonts.figure_scale);
  f.large_px = std::round(fonts.large_px * fonts.figure_scale);
  return f;
}

bool EnsureFonts(Fonts* fonts, float scale, float figure_scale) {
  if (fonts->ui != nullptr && std::fabs(fonts->scale - scale) < 1e-3f &&
      std::fabs(fonts->figure_scale - figure_scale) < 1e-3f)
    return false;
  fonts->figure_scale = figure_scale;
  ImGuiIO& io = ImGui::GetIO();
  if (fonts->ui != nullptr) ImGui_ImplOpenGL3_DestroyFontsTexture();
  io.Fonts->Clear();
  fonts->scale = scale;
  fonts->ui_px = UiFontPixels(scale);
  fonts->large_px = std::round(fonts->ui_px * kLargeFactor);
  if (fonts->ranges.empty()) {
    ImFontGlyphRangesBuilder builder;
    builder.AddRanges(io.Fonts->GetGlyphRangesDefault());
    builder.AddText("·…✓✗→←↑↓▶■⏸−×÷≈≤≥∞²³¹«»‹›≡❚¶");
    builder.BuildRanges(&fonts->ranges);
  }
  const char* path = FindFont(kFontCandidates);
  fonts->mono = nullptr;
  if (path != nullptr) {
    fonts->ui = io.Fonts->AddFontFromFileTTF(path, fonts->ui_px, nullptr, fonts->ranges.Data);
    fonts->large = io.Fonts->AddFontFromFileTTF(path, fonts->large_px, nullptr, fonts->ranges.Data);
    const float figure_px = std::round(fonts->large_px * figure_scale);
    fonts->figure = figure_px == fonts->large_px
                        ? fonts->large
                        : io.Fonts->AddFontFromFileTTF(path, figure_px, nullptr, fonts->ranges.Data);
    if (const char* mono = FindFont(kMonoCandidates)) {
      fonts->mono = io.Fonts->AddFontFromFileTTF(mono, fonts->ui_px, nullptr, fonts->ranges.Data);
    }
  }
  if (fonts->ui == nullptr || fonts->large == nullptr) {
    fonts->message =
        "DejaVu Sans not found (install fonts-dejavu-core); using ImGui's default font";
    io.Fonts->Clear();
    fonts->mono = nullptr;
    ImFontConfig config;
    config.SizePixels = fonts->ui_px;
    fonts->ui = io.Fonts->AddFontDefault(&config);
    config.SizePixels = fonts->large_px;
    fonts->large = io.Fonts->AddFontDefault(&config);
    fonts->figure = fonts->large;
  }
  if (fonts->figure == nullptr) fonts->figure = fonts->large;
  if (fonts->mono == nullptr) fonts->mono = fonts->ui;
  io.FontDefault = fonts->ui;
  io.Fonts->Build();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  return true;
}

}  // namespace scanviz
