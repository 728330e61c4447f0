// Held keys repeat when the system says so, never because a frame was slow. Dear ImGui 1.86 makes
// its own repeats (a menu's ↓, Backspace in a field) from how long it has seen a key down, summed
// from the frames' durations: on a loaded machine one tap whose release comes a few slow frames
// after its press counts as held, and ↓ moves the keyboard two items (seen with stress-ng beside
// the keyboard tests). So the app turns ImGui's own repeat off (kNoImGuiRepeat, main.cpp) and hands
// it the system's: each GLFW_REPEAT (the X server's or the browser's autorepeat, timed where the
// key is, not by our frames) becomes a release in its frame and a press in the next, which ImGui
// takes as one more press. The shortcuts still get the repeats as they came (frame.cpp: FeedKeys).
// No GLFW or ImGui: tested without a window.
#pragma once

#include <cfloat>
#include <vector>

#include "platform/key_queue.h"

namespace scanviz {

// io.KeyRepeatDelay: ImGui's repeat only after a key has been down this long, that is never.
inline constexpr float kNoImGuiRepeat = FLT_MAX;

class KeyRepeat {
 public:
  // The events ImGui is given this frame, from those it would have been given (keyboard_nav.h's
  // ForImGui of the frame's events). A repeat becomes a release in its frame and a press in the
  // next; a repeat that comes while its key is on its way back down waits for the frame after
  // (at most one a key: a slow frame does not pile them up); a key let go drops what waits.
  std::vector<KeyEvent> Frame(const std::vector<KeyEvent>& events);
  // Something waits for a later frame (the loop must not sleep).
  bool Pending() const { return !m_next.empty() || !m_owed.empty(); }

 private:
  std::vector<KeyEvent> m_next;  // presses for the next frame
  std::vector<KeyEvent> m_owed;  // repeats for a later frame
};

}  // namespace scanviz
