// `scanviz --teach URL` on the desktop (platform.h's classroom section; class_publisher.h): the
// publisher's thread POSTs each changed view to `scanviz-cli serve` with cpp-httplib (Debian's
// libcpp-httplib-dev), and the status bar says how it goes.
#ifdef SCANVIZ_HAVE_HTTPLIB
#include <httplib.h>
#endif

#include <memory>
#include <mutex>
#include <string>

#include "platform/app_window.h"
#include "seam/class_teach.h"
#include "state/app_state.h"
#include "state/class_publisher.h"

namespace scanviz::platform {

namespace {

std::unique_ptr<ClassPublisher> g_publisher;
TeachUrl g_url;
std::mutex g_status_mutex;
std::string g_status;  // TeachingStatus's line, set after each frame

// One POST /class/publish: its status, or 0 when the server did not answer. A client per send,
// so a server that restarted is reached afresh; short timeouts, as the thread has the next view
// to send.
int Publish(const TeachUrl& url, const std::string& fragment) {
#ifndef SCANVIZ_HAVE_HTTPLIB
  (void)url, (void)fragment;
  return 0;
#else
  httplib::Client client(url.host, url.port);
  client.set_connection_timeout(1, 0);
  client.set_read_timeout(2, 0);
  client.set_write_timeout(2, 0);
  const httplib::Headers headers = {{"X-ScanViz-Key", url.key}};
  const httplib::Result res = client.Post("/class/publish", headers, fragment, "text/plain");
  return res ? res->status : 0;
#endif
}

std::string StatusLine(const ClassPublisher::Status& s) {
  switch (s.health) {
    case ClassPublisher::Health::kOk:
      return "Teaching at " + g_url.students;
    case ClassPublisher::Health::kDown:
      return "Teaching: server not answering (retrying)";
    case ClassPublisher::Health::kRefused:
      return "Teaching: the server refused the view (HTTP " + std::to_string(s.last_http) +
             (s.last_http == 403 ? ": not this class's key)" : ")");
    case ClassPublisher::Health::kStarting:
      break;
  }
  return "Teaching: connecting to " + g_url.students;
}

}  // namespace

std::string StartTeaching(AppState& state, const std::string& url) {
  std::string error;
  const std::optional<TeachUrl> parsed = ParseTeachUrl(url, &error);
  if (!parsed) return error;
#ifndef SCANVIZ_HAVE_HTTPLIB
  return "--teach: this build has no cpp-httplib (Debian's libcpp-httplib-dev)";
#endif
  g_url = *parsed;
  state.classroom_students_url = g_url.students;  // View > Show QR code shows it
  {
    std::lock_guard<std::mutex> lock(g_status_mutex);
    g_status = StatusLine({});
  }
  const TeachUrl target = g_url;
  g_publisher = std::make_unique<ClassPublisher>(
      [target](const std::string& fragment) { return Publish(target, fragment); },
      ClassPublisher::Options{}, state.Wake());
  return {};
}

void TeachAfterFrame(AppState& state) {
  if (!g_publisher) return;
  g_publisher->Offer(state.ShareLink());
  std::lock_guard<std::mutex> lock(g_status_mutex);
  g_status = StatusLine(g_publisher->GetStatus());
}

std::string TeachingStatus() {
  std::lock_guard<std::mutex> lock(g_status_mutex);
  return g_status;
}

}  // namespace scanviz::platform
