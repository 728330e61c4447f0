// The page's screen-reader side (issue #34, part 3; docs/web.md, "Screen readers"): after each
// frame the shown step's text (step_text.h) goes to app/web/a11y.js when it changed, which puts it
// in the page's live region and, while the Text view is open, its round in a real HTML table.
#pragma once

namespace scanviz {

struct App;

namespace platform {

// After each frame (platform_web.cpp's AfterFrame): the step's text, and the round's table while
// the page's Text view is open, handed to the page when either changed.
void A11yAfterFrame(App& app);

}  // namespace platform
}  // namespace scanviz
