// The frame's key events, queued by the GLFW callbacks (main.cpp), handed to ImGui once a frame
// (key_queue.h, keyboard_nav.h, key_repeat.h) and returned for the shortcuts (shortcuts.h).
#pragma once

#include <vector>

#include "platform/app_window.h"
#include "platform/key_queue.h"

namespace scanviz {

// `text_input`: a text field has the keyboard; `navigating`: ImGui's navigation has the keys.
std::vector<KeyEvent> FeedKeys(App& app, bool text_input, bool navigating);

}  // namespace scanviz
