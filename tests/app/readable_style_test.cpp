// Issue #37 item 12: menus, lists and tooltips are opaque in every theme (ImGui's own 94 % let the
// controls under an open menu show through it).
#include "draw/readable_style.h"

#include <gtest/gtest.h>

namespace scanviz {
namespace {

TEST(ReadableStyle, PopupsAreOpaqueInEveryTheme) {
  for (scene::Theme theme :
       {scene::Theme::kDark, scene::Theme::kLight, scene::Theme::kHighContrast}) {
    ImGuiStyle style;
    ThemeStyle(&style, theme);
    EXPECT_EQ(style.Colors[ImGuiCol_PopupBg].w, 1.0f) << "theme " << static_cast<int>(theme);
    EXPECT_EQ(style.Colors[ImGuiCol_MenuBarBg].w, 1.0f) << "theme " << static_cast<int>(theme);
  }
}

}  // namespace
}  // namespace scanviz
