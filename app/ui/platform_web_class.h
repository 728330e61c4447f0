// The classroom on the page (issue #34; docs/classroom.md): app/web/classroom.js publishes the
// teacher's view and applies it on the students' pages through the functions of
// platform_web_class.cpp; this is the frame's half of it.
#pragma once

#include <string>

namespace scanviz {

struct App;

namespace platform {

// After each frame: a view the teacher published (scanviz_web_follow) is applied, as opening a
// share link is, and what it did is kept for classroom.js (scanviz_web_followed).
void FollowAfterFrame(App& app);
// Whether the page's fragment is a classroom's ("#class", "#class&key=..."): not a share link.
bool ClassroomFragment(const std::string& hash);

}  // namespace platform
}  // namespace scanviz
