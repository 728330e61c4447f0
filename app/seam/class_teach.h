// The classroom's teacher in the app (issue #34; class_publisher.h, docs/classroom.md).
// `scanviz --teach URL` (the teacher's address `scanviz-cli serve` prints) publishes each change
// of the view from a background thread (the desktop: class_teach_native.cpp); the page teaches
// from its own address instead (app/web/classroom.js), and these say so there.
#pragma once

#include <string>

namespace scanviz {

class AppState;

namespace platform {

// Starts publishing; empty, or why not (a bad address, no cpp-httplib in this build, the page).
std::string StartTeaching(AppState& state, const std::string& url);
// After each frame while teaching: the view's fragment to the publisher. Nothing when not
// teaching.
void TeachAfterFrame(AppState& state);
// How teaching goes, for the status bar ("Teaching at http://HOST:P/#class", "Teaching: server
// not answering (retrying)"); empty when not teaching.
std::string TeachingStatus();

}  // namespace platform
}  // namespace scanviz
