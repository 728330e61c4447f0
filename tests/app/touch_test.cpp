// The web page's touch as the views take it (touch.h): a pinch zooms the figure around its centre
// exactly as the wheel does, pinch steps between frames add up, and the page's text field ends
// once, for the editor that asked for it.
#include "state/touch.h"

#include <gtest/gtest.h>

#include <cmath>

namespace scanviz {
namespace {

TEST(Touch, ZoomKeepsThePointUnderTheFingersInPlace) {
  float zoom = 1, pan_x = 30;
  const float base_x = 100, x = 400;
  const float before = (x - base_x - pan_x) / zoom;  // the figure's own x under the fingers
  ZoomAround(&zoom, &pan_x, 2.0f, x, base_x, 64);
  EXPECT_FLOAT_EQ(zoom, 2.0f);
  EXPECT_FLOAT_EQ((x - base_x - pan_x) / zoom, before);
}

TEST(Touch, ZoomStaysWithinItsLimits) {
  float zoom = 1, pan_x = 0;
  ZoomAround(&zoom, &pan_x, 1000, 50, 0, 64);
  EXPECT_FLOAT_EQ(zoom, 64);
  ZoomAround(&zoom, &pan_x, 1e-6f, 50, 0, 64);
  EXPECT_FLOAT_EQ(zoom, 0.25f);
}

TEST(Touch, PinchStepsBetweenFramesAddUp) {
  TouchGesture g;
  EXPECT_FALSE(g.Pending());
  g.Add({1.5f, 10, 20, 3, -4});
  g.Add({2.0f, 12, 22, 5, 1});
  EXPECT_TRUE(g.Pending());
  EXPECT_FLOAT_EQ(g.zoom, 3.0f);
  EXPECT_FLOAT_EQ(g.x, 12);
  EXPECT_FLOAT_EQ(g.y, 22);
  EXPECT_FLOAT_EQ(g.pan_x, 8);
  EXPECT_FLOAT_EQ(g.pan_y, -3);
  TouchGesture drag;
  drag.Add({1, 0, 0, 7, 0});  // a two-finger drag alone is pending too
  EXPECT_TRUE(drag.Pending());
}

TEST(Touch, TheFieldEndsOnceForTheEditorThatAskedForIt) {
  PageField f;
  f.ended = "cell";
  f.apply = true;
  f.result = "42";
  bool applied = false;
  std::string text;
  EXPECT_FALSE(f.TakeEnd("input", &applied, &text));  // another editor's end is not its own
  ASSERT_TRUE(f.TakeEnd("cell", &applied, &text));
  EXPECT_TRUE(applied);
  EXPECT_EQ(text, "42");
  EXPECT_FALSE(f.TakeEnd("cell", &applied, &text));  // taken
}

}  // namespace
}  // namespace scanviz
