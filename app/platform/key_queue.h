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
  // The character the press typed (GLFW's char callback), 0 if none: `?` is Shift+/ on a US
  // keyboard but Shift+ß on a German one, and only the character says which key typed it.
  unsigned codepoint = 0;
  bool Press() const { return action != 0; }  // a press or an auto-repeat
  bool operator==(const KeyEvent&) const = default;
};

class KeyQueue {
 public:
  void Push(const KeyEvent& e) { m_events.push_back(e); }
  // A character typed: GLFW reports it right after its key's press, to which it is attached;
  // without one (an input method) it comes as a character-only event (CharOnly).
  void PushChar(unsigned codepoint);
  // The events of one frame, in order: all of them, unless a key changes twice (press then
  // release), or a modifier changes after another key went down (Ctrl released just after its
  // A): that event and everything after it wait for the next frame.
  std::vector<KeyEvent> TakeFrame();
  // While a text field has the keyboard: the printable keys typed without Ctrl, Alt or Super
  // lose their presses and releases, which (one frame each) would hold up the Enter or Escape
  // typed after them; their characters stay in the queue, in order, as character-only events.
  // TakeFrame holds a character-only event back while a key has changed in the frame, so a
  // character reaches ImGui at least two frames after a Tab typed before it: "7", Tab, "5" puts
  // the 5 in the field Tab moved to (active from the frame after the Tab), never nowhere.
  void DropTyping();
  // An event that carries only a typed character: key GLFW_KEY_UNKNOWN, action GLFW_REPEAT (no
  // key changes, so it never holds up a frame).
  static KeyEvent CharOnly(unsigned codepoint);
  bool Empty() const { return m_events.empty(); }

 private:
  std::deque<KeyEvent> m_events;
};

// GLFW names keys by their place on a US keyboard, so the key labelled Z on a German keyboard
// arrives as Y (Ctrl+Z would redo). Letters are taken from the layout instead: `layout_name` is
// glfwGetKeyName's name for the key ("z"); the keypad and keys that do not type one ASCII letter
// keep their place (digits and brackets stay where a US keyboard has them).
int LayoutKey(int key, const char* layout_name);

}  // namespace scanviz
