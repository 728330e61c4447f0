// Key presses kept in order until a frame has seen them. Dear ImGui 1.86 reads the keys' state
// once per frame, so a tap shorter than a frame (a presentation clicker, a quick press: about
// 12 ms) would vanish between two frames. The GLFW key callback pushes here; each frame takes
// events up to the first one that would change a key a second time, so a press is down for at
// least one frame and its release comes in the next. No GLFW or ImGui: tested without a window.
#pragma once

#include <deque>
#include <vector>

namespace scanviz {

struct KeyEvent {
  int key = 0;     // GLFW key code
  int action = 0;  // GLFW_RELEASE 0, GLFW_PRESS 1, GLFW_REPEAT 2
  int mods = 0;    // GLFW_MOD_* bits
  int scancode = 0;
  bool Press() const { return action != 0; }  // a press or an auto-repeat
  bool operator==(const KeyEvent&) const = default;
};

class KeyQueue {
 public:
  void Push(const KeyEvent& e) { m_events.push_back(e); }
  // The events of one frame, in order: all of them, unless a key changes twice (press then
  // release), or a modifier changes after another key went down (Ctrl released just after its
  // A): that event and everything after it wait for the next frame.
  std::vector<KeyEvent> TakeFrame();
  bool Empty() const { return m_events.empty(); }

 private:
  std::deque<KeyEvent> m_events;
};

}  // namespace scanviz
