// The classroom's hooks for the page (platform_web_class.h). classroom.js asks for the view's
// share fragment (what Copy link writes, without '#') to publish it, and hands over the teacher's
// fragment to follow; the app applies it between two frames, as a share link, without touching the
// address or the browser's history and without counting it as the reader's action.
#include "platform/platform_web_class.h"

#include <emscripten.h>

#include <string>

#include "platform/app_window.h"
#include "seam/class_teach.h"

namespace {

scanviz::App* g_class_app = nullptr;
std::string g_fragment;     // the last ShareLink handed to the page
std::string g_follow;       // the teacher's fragment to apply at the end of the frame
bool g_follow_due = false;  // g_follow is waiting (an empty one too: it says so)
std::string g_followed;     // {"n":..., "error":..., "fragment":...}: the last applied
std::string g_students;     // a teacher's page: the students' address, for View > Show QR code
int g_followed_n = 0;

// A JSON string's text: what a share fragment or a one-line reason can hold.
std::string Quoted(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out += c;
  }
  return out + "\"";
}

}  // namespace

// The view as a share link's fragment ("s=...", as Copy link writes it), or "" before main.
extern "C" EMSCRIPTEN_KEEPALIVE const char* scanviz_web_share() {
  g_fragment = g_class_app == nullptr ? std::string() : g_class_app->state->ShareLink();
  return g_fragment.c_str();
}

namespace {

// Applies the teacher's fragment as a share link opens, and keeps what it did for the page.
void Follow(scanviz::App& app) {
  g_follow_due = false;
  scanviz::AppState& st = *app.state;
  // The teacher publishes the fragment ("s=..."): a link is only ever "#s=..." or an address.
  std::string error = st.OpenLink(g_follow.starts_with('#') ? g_follow : "#" + g_follow);
  if (error.empty()) {
    st.notice = "opened the teacher's view";  // still true once paused
  } else {
    error = "the teacher's view does not open: " + error;
    st.message = error;
  }
  g_followed = "{\"n\":" + std::to_string(++g_followed_n) + ",\"error\":" + Quoted(error) +
               ",\"fragment\":" + Quoted(st.ShareLink()) + "}";
}

}  // namespace

// The teacher's view ("s=..."), applied at once, between two frames (as AfterFrame opens a
// link), so that the next frame draws it; before the first frame, at the end of that one.
extern "C" EMSCRIPTEN_KEEPALIVE void scanviz_web_follow(const char* fragment) {
  g_follow = fragment;
  g_follow_due = true;
  if (g_class_app != nullptr) Follow(*g_class_app);
}

// What the last scanviz_web_follow did: {"n": how many were applied, "error": why the last did
// not open ("" when it did), "fragment": the view's fragment after it}.
extern "C" EMSCRIPTEN_KEEPALIVE const char* scanviz_web_followed() {
  if (g_followed.empty()) g_followed = R"({"n":0,"error":"","fragment":""})";
  return g_followed.c_str();
}

// A teacher's page: the students' address ("http://HOST:P/#class"), which View > Show QR code
// then shows instead of the view's link, as on a desktop started with --teach.
extern "C" EMSCRIPTEN_KEEPALIVE void scanviz_web_students_url(const char* url) {
  g_students = url;
  if (g_class_app != nullptr) g_class_app->state->classroom_students_url = g_students;
}

namespace scanviz::platform {

std::string StartTeaching(AppState&, const std::string&) {
  return "--teach is the desktop app's: on the page, open the teacher's address itself";
}

std::string TeachingStatus() {
  return {};  // classroom.js says it in the page's bar
}

void TeachAfterFrame(AppState&) {}

bool ClassroomFragment(const std::string& hash) {
  const std::string head = "#class";
  return hash.rfind(head, 0) == 0 && (hash.size() == head.size() || hash[head.size()] == '&');
}

void FollowAfterFrame(App& app) {
  if (g_class_app == nullptr && !g_students.empty()) app.state->classroom_students_url = g_students;
  g_class_app = &app;
  if (g_follow_due) Follow(app);
}

}  // namespace scanviz::platform
