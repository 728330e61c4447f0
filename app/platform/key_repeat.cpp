#include "platform/key_repeat.h"

#include <algorithm>
#include <utility>

namespace scanviz {

namespace {

constexpr int kRelease = 0, kPress = 1, kRepeat = 2;

bool Has(const std::vector<KeyEvent>& list, int key) {
  return std::any_of(list.begin(), list.end(), [key](const KeyEvent& e) { return e.key == key; });
}

}  // namespace

std::vector<KeyEvent> KeyRepeat::Frame(const std::vector<KeyEvent>& events) {
  std::vector<KeyEvent> released;  // this frame's real releases
  for (const KeyEvent& e : events)
    if (e.action == kRelease) released.push_back(e);
  std::vector<KeyEvent> out, pressed, next, owed;
  for (const KeyEvent& e : m_next) {
    if (Has(released, e.key)) continue;  // let go in between: nothing to press again
    out.push_back(e);
    pressed.push_back(e);
  }
  // A repeat of a key that is down (as ImGui sees it): up now, down in the next frame. One that
  // is being pressed again this frame waits.
  auto repeat = [&](const KeyEvent& e) {
    if (Has(released, e.key) || Has(next, e.key) || Has(owed, e.key)) return;
    if (Has(pressed, e.key)) {
      owed.push_back(e);
      return;
    }
    KeyEvent up = e, down = e;
    up.action = kRelease;
    up.codepoint = 0;  // a typed character goes with the press
    down.action = kPress;
    out.push_back(up);
    next.push_back(down);
  };
  for (const KeyEvent& e : m_owed) repeat(e);
  for (const KeyEvent& e : events) {
    if (e.action == kRepeat && e.key >= 0)
      repeat(e);
    else
      out.push_back(e);
  }
  m_next = std::move(next);
  m_owed = std::move(owed);
  return out;
}

}  // namespace scanviz
