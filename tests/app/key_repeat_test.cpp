// Held keys and slow frames (platform/key_repeat.h) against Dear ImGui itself: a context without a
// window, the key events applied as its GLFW backend applies them, and ImGui asked each frame
// whether the key was pressed (repeats included), as its navigation and text fields ask.
#include <gtest/gtest.h>

#include <imgui.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <vector>

#include "platform/key_repeat.h"

namespace scanviz {
namespace {

constexpr int kKey = GLFW_KEY_DOWN;

class ImGuiFrames {
 public:
  ImGuiFrames() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(800, 600);
    io.KeyRepeatDelay = kNoImGuiRepeat;  // as the app's InitImGui
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }
  ~ImGuiFrames() { ImGui::DestroyContext(); }
  ImGuiFrames(const ImGuiFrames&) = delete;
  ImGuiFrames& operator=(const ImGuiFrames&) = delete;

  // One frame of `dt` seconds whose key events are `events` (as the app would hand them to
  // ImGui before KeyRepeat): whether ImGui saw kKey pressed in it.
  bool Frame(const std::vector<KeyEvent>& events, float dt) {
    ImGuiIO& io = ImGui::GetIO();
    io.DeltaTime = dt;
    for (const KeyEvent& e : m_repeat.Frame(events)) {
      if (e.action == GLFW_PRESS) io.KeysDown[e.key] = true;
      if (e.action == GLFW_RELEASE) io.KeysDown[e.key] = false;
    }
    ImGui::NewFrame();
    const bool pressed = ImGui::IsKeyPressed(kKey, true);
    ImGui::EndFrame();
    presses += pressed ? 1 : 0;
    return pressed;
  }
  bool Down() const { return ImGui::GetIO().KeysDown[kKey]; }
  bool Pending() const { return m_repeat.Pending(); }

  int presses = 0;

 private:
  KeyRepeat m_repeat;
};

const KeyEvent kPress{kKey, GLFW_PRESS, 0};
const KeyEvent kRelease{kKey, GLFW_RELEASE, 0};
const KeyEvent kRepeat{kKey, GLFW_REPEAT, 0};

// A tap on a loaded machine: the press in one frame, then frames half a second each (the app
// draws a few after an event) before the release comes. Seen with stress-ng beside the keyboard
// test: ImGui counted the key as held and ↓ moved the menu two items.
TEST(KeyRepeat, ATapAcrossSlowFramesIsOnePress) {
  ImGuiFrames f;
  EXPECT_TRUE(f.Frame({kPress}, 1.0f / 60));
  for (int i = 0; i < 6; ++i) EXPECT_FALSE(f.Frame({}, 0.5f)) << "slow frame " << i;
  EXPECT_FALSE(f.Frame({kRelease}, 0.5f));
  EXPECT_EQ(f.presses, 1);
  EXPECT_FALSE(f.Down());
}

// Held for real: the system's autorepeat sends repeats, each one press more, whatever the frames'
// durations; two repeats in a row (one frame apart) are both taken, one of them a frame late.
TEST(KeyRepeat, EachSystemRepeatIsOnePressMore) {
  ImGuiFrames f;
  f.Frame({kPress}, 1.0f / 60);
  f.Frame({kRepeat}, 1.0f / 60);  // up for ImGui
  EXPECT_TRUE(f.Frame({}, 1.0f / 60));
  f.Frame({kRepeat}, 1.0f / 60);
  EXPECT_TRUE(f.Frame({kRepeat}, 1.0f / 60));  // the first one's press; the second waits
  EXPECT_TRUE(f.Pending());
  f.Frame({}, 1.0f / 60);
  EXPECT_TRUE(f.Frame({}, 1.0f / 60));
  EXPECT_FALSE(f.Pending());
  f.Frame({kRelease}, 1.0f / 60);
  EXPECT_EQ(f.presses, 4);  // the press and three repeats
  EXPECT_FALSE(f.Down());
}

// Repeats piling up in one slow frame are one repeat, not a burst of moves afterwards.
TEST(KeyRepeat, RepeatsOfOneFrameAreOne) {
  ImGuiFrames f;
  f.Frame({kPress}, 1.0f / 60);
  f.Frame({kRepeat, kRepeat, kRepeat, kRepeat}, 0.5f);
  for (int i = 0; i < 4; ++i) f.Frame({}, 1.0f / 60);
  EXPECT_EQ(f.presses, 2);
  EXPECT_FALSE(f.Pending());
}

// Let go while a repeat's press waits: the key stays up, nothing is pressed after the release.
TEST(KeyRepeat, AReleaseDropsWhatWaits) {
  ImGuiFrames f;
  f.Frame({kPress}, 1.0f / 60);
  f.Frame({kRepeat}, 1.0f / 60);
  EXPECT_FALSE(f.Frame({kRelease}, 1.0f / 60));
  EXPECT_FALSE(f.Frame({}, 1.0f / 60));
  EXPECT_FALSE(f.Down());
  EXPECT_FALSE(f.Pending());
  EXPECT_EQ(f.presses, 1);
}

}  // namespace
}  // namespace scanviz
