#include "platform/key_queue.h"

#include <algorithm>

namespace scanviz {

namespace {

// GLFW_KEY_LEFT_SHIFT (340) to GLFW_KEY_RIGHT_SUPER (347).
bool IsModifier(int key) {
  return key >= 340 && key <= 347;
}

}  // namespace

void KeyQueue::PushChar(unsigned codepoint) {
  if (!m_events.empty()) {
    KeyEvent& last = m_events.back();
    if (last.action != 0 && last.codepoint == 0 && !IsModifier(last.key)) {
      last.codepoint = codepoint;
      return;
    }
  }
  m_events.push_back(CharOnly(codepoint));
}

KeyEvent KeyQueue::CharOnly(unsigned codepoint) {
  return {-1, 2, 0, 0, codepoint};  // GLFW_KEY_UNKNOWN, GLFW_REPEAT: no key changes
}

int LayoutKey(int key, const char* layout_name) {
  if (key >= 320 && key <= 336) return key;  // GLFW_KEY_KP_0 .. GLFW_KEY_KP_EQUAL
  if (layout_name == nullptr || layout_name[0] == 0 || layout_name[1] != 0) return key;
  const char c = layout_name[0];
  if (c >= 'a' && c <= 'z') return 'A' + (c - 'a');  // GLFW_KEY_A is 'A'
  if (c >= 'A' && c <= 'Z') return c;
  return key;
}

void KeyQueue::DropTyping() {
  constexpr int kSpace = 32, kWorld2 = 162, kNoTyping = 0x0002 | 0x0004 | 0x0008;  // Ctrl Alt Super
  // A release goes with its press: a key pressed with Ctrl keeps its release even when Ctrl was
  // let go first (xdotool's order: Ctrl down, A down, Ctrl up, A up), or ImGui would see A held.
  std::vector<int> dropped_down;
  std::erase_if(m_events, [&](const KeyEvent& e) {
    if (e.key < kSpace || e.key > kWorld2) return false;
    const auto down = std::find(dropped_down.begin(), dropped_down.end(), e.key);
    if (e.action == 0) {  // a release
      if (down == dropped_down.end()) return false;
      dropped_down.erase(down);
      return true;
    }
    if ((e.mods & kNoTyping) != 0) return false;
    if (down == dropped_down.end()) dropped_down.push_back(e.key);
    return e.codepoint == 0;  // a typed character stays, in its place, without its key
  });
  for (KeyEvent& e : m_events) {
    if (e.key >= kSpace && e.key <= kWorld2 && e.action != 0 && (e.mods & kNoTyping) == 0 &&
        e.codepoint != 0)
      e = CharOnly(e.codepoint);
  }
}

std::vector<KeyEvent> KeyQueue::TakeFrame() {
  std::vector<KeyEvent> out;
  std::vector<int> changed;  // keys whose up/down state this frame has changed
  bool pressed = false;      // a key other than a modifier went down this frame
  bool keyed = false;        // some key went down or up this frame
  bool typed = false;        // a character-only event was taken this frame
  while (!m_events.empty()) {
    const KeyEvent& e = m_events.front();
    // A character after a key waits for the next frame: ImGui 1.86 activates the field a Tab
    // moves to in the frame after the Tab, and drops the characters of that frame.
    if (e.key == -1 && keyed) break;
    const bool transition = e.action != 2;  // a repeat keeps the key down
    // And a key after a character: Enter typed right after the last digit submits the field
    // with the digit in it, a frame later.
    if (transition && typed) break;
    if (transition) keyed = true;
    if (e.key == -1) typed = true;
    if (transition) {
      if (std::find(changed.begin(), changed.end(), e.key) != changed.end()) break;
      // Ctrl released right after its A (xdotool's order, and a quick hand's): the frame that
      // sees A down must still see Ctrl down.
      if (IsModifier(e.key) && pressed) break;
      changed.push_back(e.key);
      if (!IsModifier(e.key) && e.action == 1) pressed = true;
    }
    out.push_back(e);
    m_events.pop_front();
  }
  return out;
}

}  // namespace scanviz
