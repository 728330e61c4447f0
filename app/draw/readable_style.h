// The app's ImGui colours, made readable: every text at 4.5:1 or more on what it sits on
// (docs/app.md, Contrast and colour; tests/app/ui_contrast_test.py measures it).
#pragma once

#include <imgui.h>

#include "scene/palette.h"

namespace scanviz {

// The theme's ImGui colours: Dear ImGui's dark or light style, made readable below.
void ThemeStyle(ImGuiStyle* style, scene::Theme theme);
// Changes the colours of ImGui's dark or light style (already in `style`) that fall short.
void ReadableStyle(ImGuiStyle* style, scene::Theme theme);

}  // namespace scanviz
