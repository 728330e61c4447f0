// The classroom on the page (issue #34; docs/classroom.md): app/web/classroom.js publishes the
// teacher's view and applies it on the students' pages through the functions of
// platform_web_class.cpp; this is the frame's half of it.
#pragma once

#include <string>

namespace scanviz {

struct App;

namespace platform {

// After each frame: the app, for scanviz_web_follow, which applies the teacher's view at once
// (as opening a share link does) from the first frame on; one handed over before is applied here.
void FollowAfterFrame(App& app);
// Whether the page's fragment is a classroom's ("#class", "#class&key=..."): not a share link.
bool ClassroomFragment(const std::string& hash);

}  // namespace platform
}  // namespace scanviz
