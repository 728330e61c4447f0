#include "classroom/connection_gate.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "classroom/limits.h"

namespace scanviz::classroom {

// The task queue httplib's accept loop hands each new socket to: it runs the job (our
// process_and_close_socket, which only admits or closes) at once, on the accept thread.
class GateQueue : public httplib::TaskQueue {
 public:
  explicit GateQueue(GatedServer* server) : m_server(server) { m_server->Start(); }
  void enqueue(std::function<void()> fn) override { fn(); }
  void shutdown() override { m_server->Shutdown(); }

 private:
  GatedServer* m_server;
};

GatedServer::GatedServer() {
  new_task_queue = [this] { return new GateQueue(this); };
}

GatedServer::~GatedServer() {
  Shutdown();
}

void GatedServer::WidenBacklog() {
  if (svr_sock_ != INVALID_SOCKET) ::listen(svr_sock_, SOMAXCONN);
}

void GatedServer::Start() {
  m_stopping = false;
  if (pipe2(m_wake, O_CLOEXEC | O_NONBLOCK) != 0) m_wake[0] = m_wake[1] = -1;
  m_gate = std::thread([this] { GateLoop(); });
  for (std::size_t i = 0; i < kWorkerThreads; ++i) m_workers.emplace_back([this] { WorkerLoop(); });
}

void GatedServer::Shutdown() {
  {
    std::lock_guard lock(m_mutex);
    if (m_stopping && !m_gate.joinable()) return;
    m_stopping = true;
    for (const int sock : m_busy) ::shutdown(sock, SHUT_RDWR);  // frees a worker stuck in a read
  }
  m_ready_cv.notify_all();
  if (m_wake[1] >= 0) (void)!::write(m_wake[1], "x", 1);
  if (m_gate.joinable()) m_gate.join();
  for (auto& worker : m_workers) worker.join();
  m_workers.clear();
  for (auto& c : m_parked) Close(c);
  for (auto& c : m_ready) Close(c);
  m_parked.clear();
  m_ready.clear();
  for (int& fd : m_wake) {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
}

bool GatedServer::process_and_close_socket(socket_t sock) {
  if (m_stopping || m_open >= kMaxConnections) {
    ::close(sock);
    return false;
  }
  ++m_open;
  // An event is one small write: without this, Nagle's algorithm holds the next one back until
  // the follower's (delayed, up to 40 ms) ACK of the last.
  const int on = 1;
  setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
  auto connection = std::make_shared<Connection>();
  connection->sock = sock;
  Park(std::move(connection));
  return true;
}

void GatedServer::Park(std::shared_ptr<Connection> connection) {
  connection->deadline = Clock::now() + kIdleTimeout;
  {
    std::lock_guard lock(m_mutex);
    if (m_stopping) return Close(connection);
    m_parked.push_back(std::move(connection));
  }
  if (m_wake[1] >= 0) (void)!::write(m_wake[1], "x", 1);
}

void GatedServer::Submit(std::shared_ptr<Connection> connection) {
  {
    std::lock_guard lock(m_mutex);
    m_ready.push_back(std::move(connection));
  }
  m_ready_cv.notify_one();
}

void GatedServer::Close(const std::shared_ptr<Connection>& connection) {
  if (connection->sock < 0) return;
  ::shutdown(connection->sock, SHUT_RDWR);
  ::close(connection->sock);
  connection->sock = -1;
  --m_open;
}

// [SECTION] The gate: one poll() over every connection between requests
void GatedServer::GateLoop() {
  std::vector<pollfd> fds;
  std::vector<std::shared_ptr<Connection>> watched;
  while (!m_stopping) {
    {
      std::lock_guard lock(m_mutex);
      watched = m_parked;
    }
    fds.assign(1, pollfd{m_wake[0], POLLIN, 0});
    Clock::time_point next = Clock::now() + std::chrono::seconds(1);
    for (const auto& c : watched) {
      fds.push_back(pollfd{c->sock, POLLIN, 0});
      next = std::min(next, c->deadline);
    }
    poll(fds.data(), fds.size(), MillisUntil(next));
    if (fds[0].revents != 0) {
      char drain[256];
      while (::read(m_wake[0], drain, sizeof drain) > 0) {
      }
    }
    const Clock::time_point now = Clock::now();
    std::vector<std::shared_ptr<Connection>> ready, expired;
    for (std::size_t i = 0; i < watched.size(); ++i) {
      if (fds[i + 1].revents != 0)
        ready.push_back(watched[i]);
      else if (watched[i]->deadline <= now)
        expired.push_back(watched[i]);
    }
    if (ready.empty() && expired.empty()) continue;
    {
      std::lock_guard lock(m_mutex);
      std::erase_if(m_parked, [&](const auto& c) {
        return std::find(ready.begin(), ready.end(), c) != ready.end() ||
               std::find(expired.begin(), expired.end(), c) != expired.end();
      });
    }
    for (auto& c : expired) Close(c);
    for (auto& c : ready) Submit(c);
  }
}

// [SECTION] The workers: one request each, then the connection goes back to the gate
void GatedServer::WorkerLoop() {
  for (;;) {
    std::shared_ptr<Connection> connection;
    {
      std::unique_lock lock(m_mutex);
      m_ready_cv.wait(lock, [&] { return m_stopping || !m_ready.empty(); });
      if (m_stopping) return;
      connection = std::move(m_ready.front());
      m_ready.pop_front();
      m_busy.insert(connection->sock);
    }
    Serve(connection);
  }
}

void GatedServer::Serve(std::shared_ptr<Connection> connection) {
  const int sock = connection->sock;
  GateStream stream(*connection);
  connection->requests += 1;
  const bool last = connection->requests >= kKeepAliveRequests || m_stopping;
  bool closed_by_client = false;
  const bool ok = process_request(stream, last, closed_by_client, nullptr);
  {
    std::lock_guard lock(m_mutex);
    m_busy.erase(sock);
  }
  if (!ok || last || closed_by_client || m_stopping) return Close(connection);
  if (!connection->pending.empty()) return Submit(std::move(connection));  // pipelined
  Park(std::move(connection));
}

}  // namespace scanviz::classroom
