// What the headless modes write: the screenshot (screenshot.cpp), the layout dump
// (layout_dump.cpp) and the live app's state file (state_json.cpp). The flags are options.h's.
#pragma once

#include <string>
#include <vector>

#include "scene/palette.h"
#include "state/app_state.h"
#include "views/views.h"

namespace scanviz {

// Reads the current framebuffer (w x h pixels) as PNG bytes (*png); empty string or the reason.
std::string EncodeScreenshot(int w, int h, std::string* png);
// The --dump-layout file: every cell's rectangle and colours, and every panel's rectangle with the
// text it drew (docs/app.md describes the format). LayoutJson is its text, WriteLayout writes it.
std::string LayoutJson(const std::vector<DumpedCell>& cells, const std::vector<DumpedPanel>& panels,
                       int w, int h, scene::Theme theme);
std::string WriteLayout(const std::string& path, const std::vector<DumpedCell>& cells,
                        const std::vector<DumpedPanel>& panels, int w, int h, scene::Theme theme);

// The --state-file document: what a test driving the live app with real key presses checks (the
// shown algorithm, each player's round, the input text and values, the view's toggles, whether a
// text field has the keyboard). One line of JSON.
std::string StateJson(AppState& app, bool text_input);

}  // namespace scanviz
