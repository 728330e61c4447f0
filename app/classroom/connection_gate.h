// How the classroom server holds its connections, in place of httplib's "one pool thread per
// connection, queue the rest": a connection waiting for its (next) request costs no thread. The
// accept thread hands each new socket to the gate (one thread, poll()); a socket that becomes
// readable goes to a worker, which serves one request through httplib's process_request and
// gives the socket back to the gate for the next (keep-alive). So 1,000 idle connections hold
// 1,000 file descriptors and no worker, a class's requests are never queued behind them, and
// they are closed after kIdleTimeout. Past kMaxConnections a new socket is closed at once. A
// request must arrive in full within kRequestTimeout and kMaxRequestHeadBytes + kMaxPublishBytes
// bytes (GateStream), so a slow or endless sender loses its worker too.
#pragma once

#include <httplib.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "classroom/gate_stream.h"

namespace scanviz::classroom {

class GatedServer : public httplib::Server {
 public:
  GatedServer();
  ~GatedServer() override;
  std::size_t OpenConnections() const { return m_open; }
  // After bind: Debian's libcpp-httplib.so listens with a backlog of 5 (its compiled-in
  // CPPHTTPLIB_LISTEN_BACKLOG), which a class connecting at once overflows (each overflowed
  // connection waits for a SYN retry, 1 s or more); listen() again takes SOMAXCONN.
  void WidenBacklog();

 private:
  bool process_and_close_socket(socket_t sock) override;  // on the accept thread: admit or close

  void Park(std::shared_ptr<Connection> connection);  // wait in the gate for the next request
  void Submit(std::shared_ptr<Connection> connection);
  void Serve(std::shared_ptr<Connection> connection);  // on a worker: one request
  void Close(const std::shared_ptr<Connection>& connection);
  void GateLoop();
  void WorkerLoop();
  void Start();
  void Shutdown();  // from the task queue's shutdown, when listen ends
  friend class GateQueue;

  std::atomic<std::size_t> m_open{0};
  std::atomic<bool> m_stopping{false};
  std::mutex m_mutex;  // m_parked, m_ready, m_busy
  std::condition_variable m_ready_cv;
  std::vector<std::shared_ptr<Connection>> m_parked;
  std::deque<std::shared_ptr<Connection>> m_ready;
  std::set<int> m_busy;      // sockets a worker is serving, shut down to free it on stop
  int m_wake[2] = {-1, -1};  // a pipe: tells the gate's poll() that m_parked changed
  std::thread m_gate;
  std::vector<std::thread> m_workers;
};

}  // namespace scanviz::classroom
