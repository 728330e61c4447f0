#include "classroom/class_server.h"

#include <httplib.h>

#include <fstream>
#include <utility>

#include "classroom/channel.h"
#include "classroom/connection_gate.h"
#include "classroom/gate_stream.h"
#include "classroom/limits.h"
#include "classroom/site_path.h"
#include "classroom/teacher_key.h"

namespace scanviz::classroom {

namespace {

using namespace std::chrono_literals;

// One follower's stream: "retry:" first, then its queued views, a ping after kPingInterval of
// silence, and the end of the stream when the follower is dropped or the server stops. It looks
// every second whether the follower hung up (GateStream::is_writable), so that a closed tab
// frees its place and its worker at once, not at the next ping.
struct EventStream {
  std::shared_ptr<Follower> follower;
  bool started = false;
  Clock::time_point last_write = Clock::now();

  bool Write(httplib::DataSink& sink, const std::string& text) {
    last_write = Clock::now();
    return sink.write(text.data(), text.size());
  }

  bool Provide(httplib::DataSink& sink) {
    if (!started) {
      started = true;
      return Write(sink, "retry: " + std::to_string(kRetryMs) + "\n\n");
    }
    for (;;) {
      ClassView view;
      switch (follower->Next(std::chrono::seconds(1), &view)) {
        case Follower::Wake::kView:
          return Write(sink, EventText(view));
        case Follower::Wake::kClosed:
          sink.done();
          return true;
        case Follower::Wake::kTimeout:
          if (!sink.is_writable()) return false;  // the follower hung up
          if (Clock::now() - last_write >= kPingInterval) return Write(sink, ": ping\n\n");
          break;
      }
    }
  }
};

void SetText(httplib::Response& res, int status, const std::string& text) {
  res.status = status;
  res.set_content(text + "\n", "text/plain; charset=utf-8");
}

// A site file streamed from disk in pieces, so that a large .data costs no copy in memory.
void SendFile(httplib::Response& res, const std::filesystem::path& path) {
  std::error_code error;
  const auto size = static_cast<std::size_t>(std::filesystem::file_size(path, error));
  if (error) return SetText(res, 404, "not found");
  auto file = std::make_shared<std::ifstream>(path, std::ios::binary);
  if (!*file) return SetText(res, 404, "not found");
  res.set_header("Cache-Control", "no-cache");
  res.set_content_provider(size, MimeType(path),
                           [file](std::size_t offset, std::size_t length, httplib::DataSink& sink) {
                             std::string buffer(std::min<std::size_t>(length, 64 * 1024), '\0');
                             file->seekg(static_cast<std::streamoff>(offset));
                             file->read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
                             const auto got = static_cast<std::size_t>(file->gcount());
                             return got > 0 && sink.write(buffer.data(), got);
                           });
}

}  // namespace

struct ClassServer::Impl {
  ServerOptions options;
  std::filesystem::path site_root;
  Channel channel{kFollowerQueue};
  GatedServer http;  // connections wait for their requests in a gate, not in a worker

  void Events(const httplib::Request&, httplib::Response& res) {
    std::shared_ptr<Follower> follower = channel.Join(kMaxFollowers);
    if (!follower) return SetText(res, 503, "the class is full");
    res.set_header("Cache-Control", "no-store");
    auto stream = std::make_shared<EventStream>(EventStream{follower});
    res.set_chunked_content_provider(
        "text/event-stream",
        [stream](std::size_t, httplib::DataSink& sink) { return stream->Provide(sink); },
        [this, follower](bool) { channel.Leave(follower); });
  }

  void State(const httplib::Request&, httplib::Response& res) {
    res.set_header("Cache-Control", "no-store");
    res.set_content(StateJson(channel.Current()), "application/json");
  }

  void Publish(const httplib::Request& req, httplib::Response& res) {
    if (!KeyMatches(req.get_header_value("X-ScanViz-Key"), options.key))
      return SetText(res, 403, "a publish needs the teacher's key");
    if (req.body.size() > kMaxPublishBytes) return SetText(res, 413, "too large");
    if (!IsFragment(req.body)) return SetText(res, 400, "the body is not a share fragment (s=...)");
    channel.Publish(req.body);
    res.status = 204;
  }

  void Site(const httplib::Request& req, httplib::Response& res) {
    const SiteFile file = ResolveSitePath(site_root, req.target);
    if (file.status != 200)
      return SetText(res, file.status, file.status == 400 ? "bad path" : "not found");
    SendFile(res, file.path);
  }

  void Route() {
    http.Get("/class/events", [this](const auto& req, auto& res) { Events(req, res); });
    http.Get("/class/state", [this](const auto& req, auto& res) { State(req, res); });
    http.Post("/class/publish", [this](const auto& req, auto& res) { Publish(req, res); });
    http.Get("/.*", [this](const auto& req, auto& res) { Site(req, res); });
  }

  // The rest of the limits are the gate's (connection_gate.h): connections, idle and request
  // timeouts, the request's size, the workers.
  void Limit() {
    http.set_payload_max_length(kMaxPublishBytes);
    http.set_keep_alive_max_count(kKeepAliveRequests);
  }
};

ClassServer::ClassServer(ServerOptions options) : m_impl(std::make_unique<Impl>()) {
  m_impl->options = std::move(options);
  std::error_code error;
  m_impl->site_root = std::filesystem::canonical(m_impl->options.site, error);
  m_impl->Route();
  m_impl->Limit();
}

ClassServer::~ClassServer() = default;

int ClassServer::Bind(std::string* error) {
  if (m_impl->site_root.empty() || !std::filesystem::is_directory(m_impl->site_root)) {
    *error = "the site folder '" + m_impl->options.site.string() + "' is not a folder";
    return -1;
  }
  const std::string& host = m_impl->options.bind;
  const int port = m_impl->options.port;
  const int bound = port == 0 ? m_impl->http.bind_to_any_port(host)
                              : (m_impl->http.bind_to_port(host, port) ? port : -1);
  if (bound >= 0) m_impl->http.WidenBacklog();
  if (bound < 0)
    *error = "cannot listen on " + host + ":" + std::to_string(port) +
             " (in use, or not an address of this machine)";
  return bound;
}

void ClassServer::Run() {
  m_impl->http.listen_after_bind();
}

void ClassServer::Stop() {
  m_impl->channel.Close();
  m_impl->http.stop();
}

}  // namespace scanviz::classroom
